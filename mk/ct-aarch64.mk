# SPDX-License-Identifier: Apache-2.0 OR MIT
# mk/ct-aarch64.mk: the valgrind constant-time check (docs/VERIFICATION.md) of the aarch64
# build, on an x86-64 host: the ct programs cross-built statically, then run by Debian's arm64
# valgrind (the .deb extracted by scripts/install-deps into VALGRIND_ARM64, not installed)
# whose memcheck tool itself runs under qemu-aarch64. valgrind hides the HWCAP bits it cannot
# decode (SHA3: it lacks RAX1 and XAR), so the programs take the portable Keccak there.
#
#   make ct-vg-aarch64 [CT_LEVELS="1 3 5"] [CT_ARM_OPT=-O0]   ref and neon, calibration
#                                  (ct_leaky) first; -O2 unless CT_ARM_OPT says otherwise

VALGRIND_ARM64 ?= /opt/hqc-valgrind-arm64
CT_ARM_CC      ?= aarch64-linux-gnu-gcc
CT_ARM_OPT     ?= -O2
CT_ARM_BUILD   ?= $(CT_DIR)/vg-aarch64$(CT_ARM_OPT)
CT_ARM_TOOL    := $(VALGRIND_ARM64)/usr/libexec/valgrind/memcheck-arm64-linux
CT_ARM_VARS    := CC=$(CT_ARM_CC) OPT=$(CT_ARM_OPT) SAN= HQC_SHA3=keccak \
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

# Tuned rows (issue 31: -mcpu=neoverse-n1, neoverse-v2, apple-m1, gcc and clang), CC:OPT:TUNE
# with the CC names of mk/ct-objects.mk (a64-gcc-12, a64-clang-19). gcc 12 refuses -mcpu next
# to the neon folder's -march=armv8-a+crypto and knows neither neoverse-v2 nor apple-m1: its
# row tunes with -mtune=neoverse-n1 (ctobj_flag). clang takes -mcpu, but valgrind 3.19 stops
# with SIGILL on what that emits (tried 2026-11-27, clang 19 -O2): -mcpu=neoverse-n1 and
# apple-m1 turn the atomic load of keccak.c's kernel choice into ldapr (FEAT_LRCPC), and
# neoverse-v2 also auto-vectorises the portable files with SVE (rdvl in ct_leaky's main). Those
# tunings are left to make ct-objects; the rows here are gcc's.
CT_ARM_TUNED ?= a64-gcc-12:-O2:mcpu-neoverse-n1 a64-gcc-12:-O3:mcpu-neoverse-n1
ct_arm_dir  = $(CT_DIR)/vg-$(1)-$(subst -,,$(2))-$(3)
ct_arm_vars = CC="$(call ctobj_cc,$(1))" OPT=$(2) SAN= HQC_SHA3=keccak \
              EXTRA_CFLAGS="-DHQC_CT_CHECK -gdwarf-4 -static -isystem $(VALGRIND_ARM64)/usr/include $(call ctobj_flag,$(1),$(3))"
define ct_arm_goal
.PHONY: ct-vg-$(1)-$(subst -,,$(2))-$(3)
ct-vg-$(1)-$(subst -,,$(2))-$(3):
	@test -x $(CT_ARM_TOOL) || { echo "$$@: $(CT_ARM_TOOL) is missing (scripts/install-deps extracts valgrind:arm64)" >&2; exit 1; }
	$$(call fresh_build,$$(call ct_arm_dir,$(1),$(2),$(3)),$$(call ct_arm_vars,$(1),$(2),$(3)))
	$$(MAKE) --no-print-directory BUILD=$$(call ct_arm_dir,$(1),$(2),$(3)) $$(call ct_arm_vars,$(1),$(2),$(3)) ct-progs
	HQC_CT_VALGRIND="$(CT_ARM_VALGRIND)" HQC_EXEC_WRAPPER="qemu-aarch64 -cpu max" \
	    $$(PYTHON) scripts/ct-check --tool valgrind --build $$(call ct_arm_dir,$(1),$(2),$(3)) $$(CT_LEVEL_ARGS)
endef
$(foreach t,$(CT_ARM_TUNED),$(eval $(call ct_arm_goal,$(word 1,$(subst :, ,$(t))),$(word 2,$(subst :, ,$(t))),$(word 3,$(subst :, ,$(t))))))
.PHONY: ct-vg-aarch64-tuned
ct-vg-aarch64-tuned:
	$(MAKE) --no-print-directory -k $(foreach t,$(CT_ARM_TUNED),ct-vg-$(word 1,$(subst :, ,$(t)))-$(subst -,,$(word 2,$(subst :, ,$(t))))-$(word 3,$(subst :, ,$(t)))); \
	rc=$$?; $(PYTHON) scripts/ct-check --summary $(foreach t,$(CT_ARM_TUNED),$(call ct_arm_dir,$(word 1,$(subst :, ,$(t))),$(word 2,$(subst :, ,$(t))),$(word 3,$(subst :, ,$(t))))) \
	    > $(CT_DIR)/matrix-aarch64.txt; rc2=$$?; cat $(CT_DIR)/matrix-aarch64.txt; [ $$rc = 0 ] && [ $$rc2 = 0 ]
