# SPDX-License-Identifier: Apache-2.0 OR MIT
# mk/ct-aarch64.mk: the valgrind constant-time check (docs/VERIFICATION.md) of the aarch64
# build, on an x86-64 host: the ct programs cross-built statically, then run by Debian's arm64
# valgrind (the .deb extracted by scripts/install-deps into VALGRIND_ARM64, not installed)
# whose memcheck tool itself runs under qemu-aarch64. valgrind hides the HWCAP bits it cannot
# decode (SHA3: it lacks RAX1 and XAR), so the programs take the portable Keccak there.
#
#   make ct-vg-aarch64 [CT_LEVELS="1 3 5"]   ref and neon, calibration (ct_leaky) first

VALGRIND_ARM64 ?= /opt/hqc-valgrind-arm64
CT_ARM_CC      ?= aarch64-linux-gnu-gcc
CT_ARM_BUILD   ?= $(CT_DIR)/vg-aarch64-O2
CT_ARM_TOOL    := $(VALGRIND_ARM64)/usr/libexec/valgrind/memcheck-arm64-linux
CT_ARM_VARS    := CC=$(CT_ARM_CC) OPT=-O2 SAN= HQC_SHA3=keccak \
                  EXTRA_CFLAGS="-DHQC_CT_CHECK -gdwarf-4 -static -isystem $(VALGRIND_ARM64)/usr/include"
# The tool refuses to start without VALGRIND_LAUNCHER, which valgrind's launcher would set
# before exec'ing it (an exec qemu-user cannot follow without binfmt_misc).
CT_ARM_VALGRIND := qemu-aarch64 -cpu max -E VALGRIND_LAUNCHER=$(VALGRIND_ARM64)/usr/bin/valgrind.bin \
                   -E VALGRIND_LIB=$(VALGRIND_ARM64)/usr/libexec/valgrind $(CT_ARM_TOOL) \
                   --suppressions=$(CURDIR)/tests/ct/valgrind-arm64-qemu.supp

.PHONY: ct-vg-aarch64
ct-vg-aarch64:
	@test -x $(CT_ARM_TOOL) || { echo "ct-vg-aarch64: $(CT_ARM_TOOL) is missing (scripts/install-deps extracts valgrind:arm64)" >&2; exit 1; }
	$(call fresh_build,$(CT_ARM_BUILD),$(CT_ARM_VARS))
	$(MAKE) --no-print-directory BUILD=$(CT_ARM_BUILD) $(CT_ARM_VARS) ct-progs
	HQC_CT_VALGRIND="$(CT_ARM_VALGRIND)" HQC_EXEC_WRAPPER="qemu-aarch64 -cpu max" \
	    $(PYTHON) scripts/ct-check --tool valgrind --build $(CT_ARM_BUILD) $(CT_LEVEL_ARGS)
