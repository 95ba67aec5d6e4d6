# SPDX-License-Identifier: Apache-2.0 OR MIT
# mk/sparse.mk: issue 3 (vectorised RS syndromes, variable-time sparse-dense products).
# Generates the RS constants header used by src/gf2x/native/x86_64/syndromes_avx2.c and
# src/gf2x/native/x86_64/avx512/ (syndromes_gfni.c, rs_errors_gfni.c, rs_encode_gfni.c), and builds build/<B>/bin/hqcL_test_sparse per level from
# tests/c/test_sparse.c (it also sees the kernels' own headers to test them directly).

SYNDROME_TABLES := $(GEN)/syndromes_tables.h
$(SYNDROME_TABLES): scripts/gen-syndromes-tables
	@mkdir -p $(dir $@)
	$(PYTHON) $< $@
$(SYNDROME_TABLES): $(GF256_PY) scripts/gen-rs-tables
$(ALL_LEVEL_OBJS): | $(SYNDROME_TABLES)

SPARSE_TEST_PROGS := $(foreach l,$(LEVELS),$(BUILD)/bin/hqc$(l)_test_sparse)
EXTRA_PROGS += $(SPARSE_TEST_PROGS)
# all's prerequisites were expanded before this fragment was read, so attach them here too.
all: $(SPARSE_TEST_PROGS)

SPARSE_TEST_INCS := $(foreach b,$(filter avx2 avx512,$(BACKENDS)),-I$(NATIVE)/$(b) -I$(NATIVE))

define sparse_test_rule
$(BUILD)/bin/hqc$(1)_test_sparse: tests/c/test_sparse.c tests/c/testutil.h $(LIB)
	@mkdir -p $$(dir $$@)
	$$(CC) $$(CFLAGS_BASE) $$(INCS) $$(SPARSE_TEST_INCS) $$(DEFS) -DHQC_LEVEL=$(1) $$< $$(LIB) -o $$@ $$(LDLIBS)
endef
$(foreach l,$(LEVELS),$(eval $(call sparse_test_rule,$(l))))
