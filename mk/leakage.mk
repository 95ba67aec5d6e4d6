# SPDX-License-Identifier: Apache-2.0 OR MIT
# leakage.mk: hqcL_leakage (tests/ct/leakage.c), the dudect-style timing-leakage test on the
# ordinary build's machine code. tests/test_leakage.py runs a short pass (HQC-1) in make test;
# `make ct-leakage` (part of `make ct`) runs the longer pass over every level.
LEAKAGE_PROGS := $(foreach l,$(LEVELS),$(BUILD)/bin/hqc$(l)_leakage)
EXTRA_PROGS += $(LEAKAGE_PROGS)
all: $(LEAKAGE_PROGS)
LEAKAGE_SAMPLES     ?= 100000
LEAKAGE_KEM_SAMPLES ?= 10000

define leakage_prog_rule
$(BUILD)/bin/hqc$(1)_leakage: tests/ct/leakage.c tests/c/testutil.h bench/tsc.h $(LIB)
	@mkdir -p $$(dir $$@)
	$$(CC) $$(CFLAGS_BASE) $$(INCS) -Itests/c -Ibench $$(DEFS) -DHQC_LEVEL=$(1) $$< $$(LIB) -o $$@ $$(LDLIBS) -lm
endef
$(foreach l,$(LEVELS),$(eval $(call leakage_prog_rule,$(l))))

# The long pass: every level, the machine-wide timing lock held and one core pinned when the
# tools exist (a shared machine's other jobs add noise, never a class difference, since the
# classes are interleaved at random).
LEAKAGE_WRAP := $(if $(shell command -v flock),flock /tmp/hqc-timing.lock) $(if $(shell command -v taskset),taskset -c 1)
.PHONY: ct-leakage
ct-leakage: $(LEAKAGE_PROGS)
	$(PYTHON) scripts/ct-leakage --wrap "$(LEAKAGE_WRAP)" --build $(BUILD) \
	    --samples $(LEAKAGE_SAMPLES) --kem-samples $(LEAKAGE_KEM_SAMPLES)
ct: ct-leakage
