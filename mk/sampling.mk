# SPDX-License-Identifier: Apache-2.0 OR MIT
# mk/sampling.mk: issue 13 item 4, bench/sampling/. Baseline ISA, like src/hqc.
#   build/<B>/bin/hqcL_bench_sampling (every build): keygen's fixed-weight sampler against its
#       pre-item-4 version (bench/sampling/old_sampling.c) in one process.
#   make bench-kem-sampling: build/<B>/bin/hqcL_bench_kem_sampling, keygen and decaps against
#       the same kem.c and pke.c objects linked with the old sampler (through a 161cd4f dialect
#       table of its own, old_sampling.c -DOLD_KEM_TABLE). Those are joined into one
#       relocatable object (ld -r) whose global symbols are renamed old_* (objcopy), so both
#       KEMs share the rest of the library; binutils only, hence not part of `all`.
#   build/<B>/bin/hqcL_bench_dialects (every build): keygen, encaps and decaps of dialect
#       v5.0.0 against 161cd4f, paired in one process (bench_dialects.c).

SAMPLING_PROGS := $(foreach l,$(LEVELS),$(BUILD)/bin/hqc$(l)_bench_sampling $(BUILD)/bin/hqc$(l)_bench_dialects)
EXTRA_PROGS += $(SAMPLING_PROGS)
all: $(SAMPLING_PROGS)

LD      ?= ld
OBJCOPY ?= objcopy
NM      ?= nm

SAMPLING_HEADERS = $(BENCH_HEADERS) bench/sampling/old_new_report.h

define sampling_rule
$(BUILD)/bin/hqc$(1)_bench_sampling: bench/sampling/bench_sampling.c bench/sampling/old_sampling.c $(SAMPLING_HEADERS) $(LIB)
	@mkdir -p $$(dir $$@)
	$$(CC) $$(CFLAGS_BASE) $$(INCS) -Ibench -Itests/c $$(DEFS) -DHQC_LEVEL=$(1) bench/sampling/bench_sampling.c \
	    bench/sampling/old_sampling.c $$(LIB) -o $$@ $$(LDLIBS)

$(BUILD)/bin/hqc$(1)_bench_dialects: bench/sampling/bench_dialects.c $(SAMPLING_HEADERS) $(LIB)
	@mkdir -p $$(dir $$@)
	$$(CC) $$(CFLAGS_BASE) $$(INCS) -Ibench -Itests/c $$(DEFS) -DHQC_LEVEL=$(1) $$< $$(LIB) -o $$@ $$(LDLIBS)

$(BUILD)/obj/hqc$(1)/bench/sampling/old_kem.o: bench/sampling/old_sampling.c $(LIB)
	@mkdir -p $$(dir $$@)
	$$(CC) $$(CFLAGS_BASE) $$(INCS) $$(DEFS) -DHQC_LEVEL=$(1) -DOLD_KEM_TABLE \
	    -c $$< -o $$@.sampler.o
	$$(LD) -r -o $$@.joined.o $(BUILD)/obj/hqc$(1)/src/hqc/kem.o $(BUILD)/obj/hqc$(1)/src/hqc/pke.o $$@.sampler.o
	$$(OBJCOPY) $$$$($$(NM) -g --defined-only $$@.joined.o | awk '{printf " --redefine-sym %s=old_%s", $$$$3, $$$$3}') \
	    $$@.joined.o $$@.tmp
	rm -f $$@.sampler.o $$@.joined.o
	mv $$@.tmp $$@

$(BUILD)/bin/hqc$(1)_bench_kem_sampling: bench/sampling/bench_kem_sampling.c $(BUILD)/obj/hqc$(1)/bench/sampling/old_kem.o \
    $(SAMPLING_HEADERS) $(LIB)
	@mkdir -p $$(dir $$@)
	$$(CC) $$(CFLAGS_BASE) $$(INCS) -Ibench -Itests/c $$(DEFS) -DHQC_LEVEL=$(1) bench/sampling/bench_kem_sampling.c \
	    $(BUILD)/obj/hqc$(1)/bench/sampling/old_kem.o $$(LIB) -o $$@ $$(LDLIBS)
endef
$(foreach l,$(LEVELS),$(eval $(call sampling_rule,$(l))))

.PHONY: bench-kem-sampling
bench-kem-sampling: $(foreach l,$(LEVELS),$(BUILD)/bin/hqc$(l)_bench_kem_sampling)
