# SPDX-License-Identifier: Apache-2.0 OR MIT
# stack-secrets.mk: hqcL_test_stack_secrets (tests/c/test_stack_secrets.c), the search of the
# stack each KEM operation used for the secrets it handled (issue 31, item 3);
# tests/test_stack_secrets.py runs it.
STACK_SECRET_PROGS := $(foreach l,$(LEVELS),$(BUILD)/bin/hqc$(l)_test_stack_secrets)
EXTRA_PROGS += $(STACK_SECRET_PROGS)
all: $(STACK_SECRET_PROGS)

define stack_secrets_rule
$(BUILD)/bin/hqc$(1)_test_stack_secrets: tests/c/test_stack_secrets.c tests/c/painted_stack.h tests/c/testutil.h $(LIB)
	@mkdir -p $$(dir $$@)
	$$(CC) $$(CFLAGS_BASE) -pthread $$(INCS) $$(DEFS) -DHQC_LEVEL=$(1) $$< $$(LIB) -o $$@ $$(LDLIBS)
endef
$(foreach l,$(LEVELS),$(eval $(call stack_secrets_rule,$(l))))

# make scrub-cost: the scrub's cost as paired ratios (bench/scrub_cost.c), per level: kem.c
# compiled again without the scrub, its own symbols renamed unwiped_* (objcopy), linked beside
# the library.
SCRUB_COST_PROGS := $(foreach l,$(LEVELS),$(BUILD)/bin/hqc$(l)_scrub_cost)
define scrub_cost_rule
$(BUILD)/obj/hqc$(1)/kem_unwiped.o: src/hqc/kem.c
	@mkdir -p $$(dir $$@)
	$$(CC) $$(CFLAGS_BASE) $$(INCS) $$(DEFS) -DHQC_LEVEL=$(1) -DHQC_NO_STACK_SCRUB -c $$< -o $$@.tmp
	nm -g --defined-only --format=just-symbols $$@.tmp | sed 's/.*/& unwiped_&/' > $$@.syms
	objcopy --redefine-syms=$$@.syms $$@.tmp $$@ && rm -f $$@.tmp $$@.syms
$(BUILD)/bin/hqc$(1)_scrub_cost: bench/scrub_cost.c bench/paired.h bench/probe.h bench/sample_stats.h bench/tsc.h $(BUILD)/obj/hqc$(1)/kem_unwiped.o $(LIB)
	@mkdir -p $$(dir $$@)
	$$(CC) $$(CFLAGS_BASE) $$(INCS) $$(DEFS) -Ibench -DHQC_LEVEL=$(1) $$< $(BUILD)/obj/hqc$(1)/kem_unwiped.o $$(LIB) -o $$@ $$(LDLIBS)
endef
$(foreach l,$(LEVELS),$(eval $(call scrub_cost_rule,$(l))))
.PHONY: scrub-cost
scrub-cost: $(SCRUB_COST_PROGS)
	@for l in $(LEVELS); do $(BUILD)/bin/hqc$${l}_scrub_cost $(SCRUB_COST_ITERATIONS) || exit 1; done
SCRUB_COST_ITERATIONS ?= 201
