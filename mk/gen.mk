# SPDX-License-Identifier: Apache-2.0 OR MIT
# mk/gen.mk: every generator of a committed generated file (issue 35). They stay committed
# because their readers do not run our generators: liboqs's copy_from_upstream reads
# integration/liboqs/ (META, COMMONS, gen/ tables) and src/hqc/namespace.h from the repository
# as it is, and users patch upstream trees with patches/<release>/ as it is.
#   make gen         rewrite them: src/hqc/namespace.h (scripts/gen-namespace, from
#                    build/auto/libhqc.a), patches/<release>/ (scripts/make-patches),
#                    integration/liboqs/ (scripts/make-liboqs-import)
#   make gen-check   each generator's --check; fails if any file is stale (all are checked)
# The liboqs series is generated but not committed: make liboqs-series, make dist.
# tests/test_generated.py checks that gen-check covers every committed generated file.
GEN_LIB := build/auto/libhqc.a
.PHONY: gen gen-check
GEN_GUARD = @test "$(LIB)" = $(GEN_LIB) || { echo "make $@: gen-namespace reads $(GEN_LIB): \
	run it with BACKEND=auto (the default), natively" >&2; exit 1; }

gen: $(LIB)
	$(GEN_GUARD)
	$(PYTHON) scripts/gen-namespace $(GEN_LIB) src/hqc/namespace.h
	$(PYTHON) scripts/make-patches
	$(PYTHON) scripts/make-liboqs-import

gen-check: $(LIB)
	$(GEN_GUARD)
	@status=0; \
	for cmd in "scripts/gen-namespace --check $(GEN_LIB) src/hqc/namespace.h" \
	           "scripts/make-patches --check" \
	           "scripts/make-liboqs-import --check"; do \
	    echo "$(PYTHON) $$cmd"; $(PYTHON) $$cmd || status=1; \
	done; exit $$status
