# SPDX-License-Identifier: Apache-2.0 OR MIT
# mk/bindings.mk: the compile plan the language bindings (issue 32, bindings/) build the C from,
# so that the Rust crate hqc-fast-sys (build.rs, the cc crate) and the Python package
# (bindings/python/setup.py) compile exactly the files and per-file ISA flags of this Makefile:
#
#   make -s BUILD=<dir> CC=<target cc> bindings-plan   writes <dir>/bindings-plan.txt
#
# after generating the tables the sources include (<dir>/gen). One line per object, paths
# relative to the repository root: "common <source> <flags...>" (compiled once, as level 1) or
# "level <source> <flags...>" (compiled once per level, with -DHQC_LEVEL=<L> added). The
# flags are CFLAGS_BASE, the file's ISA flags, the include path and the defines.
BINDINGS_PLAN := $(BUILD)/bindings-plan.txt
.PHONY: bindings-plan
# The generated headers are made by a sub-make from the recipe, where every fragment's list is
# complete (mk/sparse.mk, read after this file, adds the syndrome tables).
bindings-plan:
	@$(MAKE) --no-print-directory BUILD=$(BUILD) CC=$(CC) $(GENERATED) $(SYNDROME_TABLES) >/dev/null
	@mkdir -p $(BUILD)
	@rm -f $(BINDINGS_PLAN)
	@$(foreach f,$(COMMON_SRCS),echo 'common $(f) $(strip $(CFLAGS_BASE) $(call stringop_for,$(f)) $(call isa_keccak,$(f)) $(INCS) $(KECCAK_DEFS) -DHQC_LEVEL=1)' >> $(BINDINGS_PLAN);)
	@$(foreach f,$(LEVEL_SRCS),echo 'level $(f) $(strip $(CFLAGS_BASE) $(call stringop_for,$(f)) $(call isa_for,$(f)) $(INCS) $(DEFS))' >> $(BINDINGS_PLAN);)
