# SPDX-License-Identifier: Apache-2.0 OR MIT
# mk/bench-dialects.mk: build/<B>/bin/hqcL_bench_dialects (every build): keygen, encaps and
# decaps of a dialect (v5.0.0, or the one named: bc-1.87) against 161cd4f, paired in one
# process (bench/bench_dialects.c).
# Baseline ISA, like src/hqc.

DIALECT_BENCH_PROGS := $(foreach l,$(LEVELS),$(BUILD)/bin/hqc$(l)_bench_dialects)
EXTRA_PROGS += $(DIALECT_BENCH_PROGS)
# all's prerequisites were expanded before this fragment was read, so attach them here too.
all: $(DIALECT_BENCH_PROGS)

define bench_dialects_rule
$(BUILD)/bin/hqc$(1)_bench_dialects: bench/bench_dialects.c $(BENCH_HEADERS) bench/old_new_report.h $(LIB)
	@mkdir -p $$(dir $$@)
	$$(CC) $$(CFLAGS_BASE) $$(INCS) -Ibench -Itests/c $$(DEFS) -DHQC_LEVEL=$(1) $$< $$(LIB) -o $$@ $$(LDLIBS)
endef
$(foreach l,$(LEVELS),$(eval $(call bench_dialects_rule,$(l))))
