# SPDX-License-Identifier: Apache-2.0 OR MIT
# mk/sampling.mk: issue 13 item 4, bench/sampling/. build/<B>/bin/hqcL_bench_sampling times
# keygen's fixed-weight sampler against its pre-item-4 version (bench/sampling/old_sampling.c)
# in one process. Baseline ISA, like src/hqc.

SAMPLING_PROGS := $(foreach l,$(LEVELS),$(BUILD)/bin/hqc$(l)_bench_sampling)
EXTRA_PROGS += $(SAMPLING_PROGS)
all: $(SAMPLING_PROGS)

define sampling_rule
$(BUILD)/bin/hqc$(1)_bench_sampling: bench/sampling/bench_sampling.c bench/sampling/old_sampling.c $(BENCH_HEADERS) $(LIB)
	@mkdir -p $$(dir $$@)
	$$(CC) $$(CFLAGS_BASE) $$(INCS) -Ibench $$(DEFS) -DHQC_LEVEL=$(1) bench/sampling/bench_sampling.c \
	    bench/sampling/old_sampling.c $$(LIB) -o $$@ $$(LDLIBS)
endef
$(foreach l,$(LEVELS),$(eval $(call sampling_rule,$(l))))
