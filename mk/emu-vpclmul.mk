# SPDX-License-Identifier: Apache-2.0 OR MIT
# emu-vpclmul.mk: the emulated vpclmul build (docs/VERIFICATION.md, "Emulated vpclmul"). The
# ordinary build with BACKEND=vpclmul, run by a sub-make into build/vpclmulemu, except that the
# files of src/gf2x/native/x86_64/vpclmul are compiled without -mvpclmulqdq and with
# tests/emu/vpclmul_simde.h forced in: SIMDe's _mm256_clmulepi64_epi128, two 128-bit PCLMULQDQ
# per call, so vpclmul runs on any AVX2 CPU, including the many without VPCLMULQDQ (and qemu 7.2,
# which lacks it). It checks what the backend computes (KATs, products against libgf2x, RS and
# RM decoding), not the VPCLMULQDQ machine code, its timing or constant time.
#
#   make vpclmul-emu         build it, then vpclmul's KATs at every level and the twin tests
#   make vpclmul-emu-build   build it only (tests/test_vpclmul_emulated.py runs the checks)

VPCLMUL_EMU_BUILD ?= build/vpclmulemu
SIMDE_INC ?= /usr/include
VPCLMUL_EMU_ISA   = -mavx2 -mpclmul -mbmi2 $(if $(filter-out /usr/include,$(SIMDE_INC)),-isystem $(SIMDE_INC)) \
                    -include tests/emu/vpclmul_simde.h
VPCLMUL_EMU_VARS  = BACKEND=vpclmul CC=gcc OPT=-O2 HQC_SHA3=keccak ISA_vpclmul="$(VPCLMUL_EMU_ISA)"
VPCLMUL_EMU_PROGS = $(VPCLMUL_EMU_BUILD)/bin/hqc_info \
                    $(foreach l,$(LEVELS),$(foreach p,kat test_mul test_code,$(VPCLMUL_EMU_BUILD)/bin/hqc$(l)_$(p)))

.PHONY: vpclmul-emu vpclmul-emu-build
vpclmul-emu-build:
	@test -f $(SIMDE_INC)/simde/x86/clmul.h || { echo "vpclmul-emu: SIMDe is missing ($(SIMDE_INC)/simde; Debian: libsimde-dev)" >&2; exit 1; }
	$(call fresh_build,$(VPCLMUL_EMU_BUILD),$(VPCLMUL_EMU_VARS))
	$(MAKE) --no-print-directory BUILD=$(VPCLMUL_EMU_BUILD) $(VPCLMUL_EMU_VARS) $(VPCLMUL_EMU_PROGS)
vpclmul-emu: vpclmul-emu-build
	$(PYTHON) scripts/make-kat --build $(VPCLMUL_EMU_BUILD) --backends vpclmul --out $(VPCLMUL_EMU_BUILD)/kat
	for l in $(LEVELS); do $(VPCLMUL_EMU_BUILD)/bin/hqc$${l}_test_mul $(EMU_PAIRS) 1 0 || exit 1; done
	for l in $(LEVELS); do $(VPCLMUL_EMU_BUILD)/bin/hqc$${l}_test_code 200 || exit 1; done
