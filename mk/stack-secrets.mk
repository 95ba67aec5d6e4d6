# SPDX-License-Identifier: Apache-2.0 OR MIT
# stack-secrets.mk: hqcL_test_stack_secrets (tests/c/test_stack_secrets.c), the search of the
# stack each KEM operation used for the secrets it handled (issue 31, item 3);
# tests/test_stack_secrets.py runs it.
STACK_SECRET_PROGS := $(foreach l,$(LEVELS),$(BUILD)/bin/hqc$(l)_test_stack_secrets)
EXTRA_PROGS += $(STACK_SECRET_PROGS)
all: $(STACK_SECRET_PROGS)

define stack_secrets_rule
$(BUILD)/bin/hqc$(1)_test_stack_secrets: tests/c/test_stack_secrets.c tests/c/testutil.h $(LIB)
	@mkdir -p $$(dir $$@)
	$$(CC) $$(CFLAGS_BASE) -pthread $$(INCS) $$(DEFS) -DHQC_LEVEL=$(1) $$< $$(LIB) -o $$@ $$(LDLIBS)
endef
$(foreach l,$(LEVELS),$(eval $(call stack_secrets_rule,$(l))))
