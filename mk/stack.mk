# SPDX-License-Identifier: Apache-2.0 OR MIT
# stack.mk: hqcL_test_stack (tests/c/test_stack.c), the stack high-water of every KEM
# operation and backend on a 128 KiB thread stack; tests/test_stack.py checks it.
STACK_PROGS := $(foreach l,$(LEVELS),$(BUILD)/bin/hqc$(l)_test_stack)
EXTRA_PROGS += $(STACK_PROGS)
all: $(STACK_PROGS)

define stack_prog_rule
$(BUILD)/bin/hqc$(1)_test_stack: tests/c/test_stack.c tests/c/testutil.h $(LIB)
	@mkdir -p $$(dir $$@)
	$$(CC) $$(CFLAGS_BASE) -pthread $$(INCS) $$(DEFS) -DHQC_LEVEL=$(1) $$< $$(LIB) -o $$@ $$(LDLIBS)
endef
$(foreach l,$(LEVELS),$(eval $(call stack_prog_rule,$(l))))
