# SPDX-License-Identifier: Apache-2.0 OR MIT
# mk/supprs.mk: issue 13 items 1 and 3, bench/supprs/. build/<B>/bin/hqcL_bench_supprs times the
# support expansion and the RS decoder against their pre-issue-13 versions in one process, the
# expansion kernels each at four code placements (bench/supprs/stv_copy.c). AVX2 builds only;
# the kernel copies get the avx2 folder's ISA flags, the program itself none.

ifneq ($(filter avx2,$(BACKENDS)),)
SUPPRS_PROGS := $(foreach l,$(LEVELS),$(BUILD)/bin/hqc$(l)_bench_supprs)
EXTRA_PROGS += $(SUPPRS_PROGS)
all: $(SUPPRS_PROGS)

SUPPRS_PADS := 0 16 32 48
SUPPRS_SRCS := bench/supprs/stv_copy.c bench/supprs/old_support_to_vector_avx2.c src/gf2x_avx2/support_to_vector_avx2.c
# $(1) level, $(2) old or new, $(3) padding in bytes
define supprs_copy_rule
$(BUILD)/obj/hqc$(1)/bench/supprs/stv_$(2)_$(3).o: $(SUPPRS_SRCS) $(LIB)
	@mkdir -p $$(dir $$@)
	$$(CC) $$(CFLAGS_BASE) -fno-toplevel-reorder $$(ISA_avx2) $$(INCS) -Isrc/gf2x_avx2 -Ibench/supprs -DHQC_LEVEL=$(1) \
	    -DSTV_OLD=$(if $(filter old,$(2)),1,0) -DSTV_NAME=stv_$(2)_$(3) -DSTV_PAD=$(3) -c $$< -o $$@
endef
$(foreach l,$(LEVELS),$(foreach v,old new,$(foreach p,$(SUPPRS_PADS),$(eval $(call supprs_copy_rule,$(l),$(v),$(p))))))

define supprs_rule
$(BUILD)/bin/hqc$(1)_bench_supprs: bench/supprs/bench_supprs.c bench/supprs/old_reed_solomon.c $(BENCH_HEADERS) $(LIB) \
    $(foreach v,old new,$(foreach p,$(SUPPRS_PADS),$(BUILD)/obj/hqc$(1)/bench/supprs/stv_$(v)_$(p).o))
	@mkdir -p $$(dir $$@)
	$$(CC) $$(CFLAGS_BASE) $$(INCS) -Ibench -Itests/c $$(DEFS) -DHQC_LEVEL=$(1) bench/supprs/bench_supprs.c \
	    bench/supprs/old_reed_solomon.c $$(filter %.o,$$^) $$(LIB) -o $$@ $$(LDLIBS)
endef
$(foreach l,$(LEVELS),$(eval $(call supprs_rule,$(l))))
endif
