# SPDX-License-Identifier: Apache-2.0 OR MIT
# mk/bench.mk: the cycle benchmark (issue 4). Builds build/<B>/bin/hqcL_bench per level from
# bench/bench.c and defines `make bench [UPSTREAM=DIR]`, which runs bench/run-bench over every
# level and supported backend, paired, and writes build/bench/results.json and cycles.png.

BENCH_PROGS := $(foreach l,$(LEVELS),$(BUILD)/bin/hqc$(l)_bench)
EXTRA_PROGS += $(BENCH_PROGS)
# The main Makefile expanded all's prerequisites before including this fragment, so the
# programs are attached to `all` here as well.
all: $(BENCH_PROGS)

# The build flags travel into the binary so that results.json can record them; bench_cstr
# quotes a make value as a C string literal inside a single-quoted shell word.
bench_cstr = '"$(subst ','\'',$(subst ",\",$(subst \,\\,$(strip $(1)))))"'
BENCH_DEFS = -DHQC_BENCH_CC=$(call bench_cstr,$(CC)) \
             -DHQC_BENCH_CFLAGS=$(call bench_cstr,$(CFLAGS_BASE) $(DEFS)) \
             -DHQC_BENCH_ISA_AVX2=$(call bench_cstr,$(ISA_avx2)) \
             -DHQC_BENCH_ISA_VPCLMUL=$(call bench_cstr,$(ISA_vpclmul)) \
             -DHQC_BENCH_ISA_AVX512=$(call bench_cstr,$(ISA_avx512))
BENCH_HEADERS := bench/tsc.h bench/sample_stats.h bench/paired.h bench/probe.h bench/official_kem.h

define bench_rule
$(BUILD)/bin/hqc$(1)_bench: bench/bench.c $(BENCH_HEADERS) $(LIB)
	@mkdir -p $$(dir $$@)
	$$(CC) $$(CFLAGS_BASE) $$(INCS) -Ibench $$(DEFS) -DHQC_LEVEL=$(1) $$(BENCH_DEFS) bench/bench.c $$(LIB) \
	    -o $$@ $$(LDLIBS)
endef
$(foreach l,$(LEVELS),$(eval $(call bench_rule,$(l))))

# The Keccak layer against OpenSSL (the oracle library, linked here only): bench_keccak.
EXTRA_PROGS += $(BUILD)/bin/bench_keccak
all: $(BUILD)/bin/bench_keccak
$(BUILD)/bin/bench_keccak: bench/bench_keccak.c $(BENCH_HEADERS) $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_BASE) $(INCS) -Ibench -DHQC_LEVEL=1 $< $(LIB) -o $@ $(LDLIBS) $(ORACLE_LDLIBS)

# UPSTREAM=DIR (the official tree) adds its avx256 KEM to the same paired loops.
.PHONY: bench
bench: all
	$(PYTHON) bench/run-bench --build $(BUILD) $(if $(UPSTREAM),--upstream $(UPSTREAM))
