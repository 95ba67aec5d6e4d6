# SPDX-License-Identifier: Apache-2.0 OR MIT
# floor.mk: make floor (issue 34, bench/README.md "The floor"): per level, operation and backend
# this CPU runs, the measured median next to what cannot be avoided, the longest chain of
# dependent Keccak permutations and the products, from counted calls (bench/floor_counts.c,
# linked with a library built with -DHQC_TRACE in FLOOR_TRACE_BUILD) and measured kernels
# (bench/floor_times.c, this build), combined by scripts/floor.
FLOOR_TIME_PROGS := $(foreach l,$(LEVELS),$(BUILD)/bin/hqc$(l)_floor_times)
EXTRA_PROGS += $(FLOOR_TIME_PROGS)
all: $(FLOOR_TIME_PROGS)

define floor_times_rule
$(BUILD)/bin/hqc$(1)_floor_times: bench/floor_times.c bench/paired.h bench/probe.h bench/sample_stats.h bench/tsc.h $(LIB)
	@mkdir -p $$(dir $$@)
	$$(CC) $$(CFLAGS_BASE) $$(INCS) $$(DEFS) -Ibench -DHQC_LEVEL=$(1) $$< $$(LIB) -o $$@ $$(LDLIBS)
endef
$(foreach l,$(LEVELS),$(eval $(call floor_times_rule,$(l))))

# The counting program exists only in a traced build (it defines trace.h's hooks), so it is not
# part of `all`; the traced build is this one's configuration plus -DHQC_TRACE.
define floor_counts_rule
$(BUILD)/bin/hqc$(1)_floor_counts: bench/floor_counts.c src/hqc/trace.h $(LIB)
	@mkdir -p $$(dir $$@)
	$$(CC) $$(CFLAGS_BASE) $$(INCS) $$(DEFS) -DHQC_LEVEL=$(1) $$< $$(LIB) -o $$@ $$(LDLIBS)
endef
$(foreach l,$(LEVELS),$(eval $(call floor_counts_rule,$(l))))

FLOOR_TRACE_BUILD ?= build/floor-trace
FLOOR_TRACE_VARS   = BACKEND=$(BACKEND) CC="$(CC)" OPT="$(OPT)" SAN= HQC_SHA3=keccak EXTRA_CFLAGS="$(EXTRA_CFLAGS) -DHQC_TRACE"
FLOOR_RUNS ?= 301

.PHONY: floor floor-counts
floor-counts:
	$(call fresh_build,$(FLOOR_TRACE_BUILD),$(FLOOR_TRACE_VARS))
	$(MAKE) --no-print-directory BUILD=$(FLOOR_TRACE_BUILD) $(FLOOR_TRACE_VARS) \
	    $(foreach l,$(LEVELS),$(FLOOR_TRACE_BUILD)/bin/hqc$(l)_floor_counts)
floor: floor-counts $(FLOOR_TIME_PROGS)
	$(PYTHON) scripts/floor --counts $(FLOOR_TRACE_BUILD) --times $(BUILD) --levels "$(LEVELS)" --runs $(FLOOR_RUNS)
