# SPDX-License-Identifier: Apache-2.0 OR MIT
# stack.mk: hqcL_test_stack (tests/c/test_stack.c), the stack high-water of every KEM
# operation and backend on a 128 KiB thread stack; tests/test_stack.py checks it.
STACK_PROGS := $(foreach l,$(LEVELS),$(BUILD)/bin/hqc$(l)_test_stack)
EXTRA_PROGS += $(STACK_PROGS)
all: $(STACK_PROGS)

define stack_prog_rule
$(BUILD)/bin/hqc$(1)_test_stack: tests/c/test_stack.c tests/c/painted_stack.h tests/c/testutil.h $(LIB)
	@mkdir -p $$(dir $$@)
	$$(CC) $$(CFLAGS_BASE) -pthread $$(INCS) $$(DEFS) -DHQC_LEVEL=$(1) $$< $$(LIB) -o $$@ $$(LDLIBS)
endef
$(foreach l,$(LEVELS),$(eval $(call stack_prog_rule,$(l))))

# Static bound (scripts/stack-bound): the library built by gcc as shipped (-O3, every backend,
# AVX-512 included, whatever this CPU runs) with -fcallgraph-info=su, which writes each object's
# call graph and frame sizes beside it; the script bounds each public operation from them.
STACK_BUILD ?= build/stack
STACK_CC    ?= gcc
STACK_VARS  := BACKEND=auto CC=$(STACK_CC) OPT=-O3 SAN= HQC_SHA3=keccak EXTRA_CFLAGS=-fcallgraph-info=su
.PHONY: stack-bound-build stack-bound
stack-bound-build:
	$(call fresh_build,$(STACK_BUILD),$(STACK_VARS))
	$(MAKE) --no-print-directory BUILD=$(STACK_BUILD) $(STACK_VARS) $(STACK_BUILD)/libhqc.a
stack-bound: stack-bound-build
	$(PYTHON) scripts/stack-bound --build $(STACK_BUILD)
