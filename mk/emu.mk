# SPDX-License-Identifier: Apache-2.0 OR MIT
# emu.mk: the emulated AVX-512 build (docs/VERIFICATION.md, "Emulated AVX-512"). The ordinary
# build with BACKEND=avx512, run by a sub-make into build/avx512emu, except that the files of
# src/gf2x/native/x86_64/avx512 (and the AVX-512 Keccak kernels) are compiled without -mavx512* (VBMI too)/-mvpclmulqdq/-mgfni and with
# tests/emu/avx512_simde.h forced in: SIMDe's portable C for the 512-bit intrinsics and tables
# that ask only for AVX2, so avx512 and avx512-sparse run, slowly, on any AVX2 CPU. It checks
# what the intrinsics compute (KATs, products against libgf2x, the support expansion and
# syndrome twins), not the AVX-512 machine code, its timing or constant time.
#
#   make avx512-emu         build it, then the KATs of avx512 and avx512-sparse at every level
#                           and the twin tests (EMU_PAIRS random products per level)
#   make avx512-emu-build   build it only (tests/test_avx512_emulated.py runs the checks)
#   make avx512-emu-guard   the program that shows the alignment guard stops a misaligned access

EMU_BUILD ?= build/avx512emu
EMU_PAIRS ?= 300
SIMDE_INC ?= /usr/include
# The avx512 folder keeps the real AVX2/PCLMUL/BMI2 flags its tables still require (SIMDe
# then builds 512-bit operations from 256-bit ones); -Wno-psabi: __m512i passed by value
# without AVX-512 has another ABI, harmless inside one build.
# EMU_SAN: sanitizer flags for the whole build (e.g. ASan: SIMDe's masked loads touch only the
# selected words, so out-of-bounds reads of the AVX-512 code show up as they would not natively).
EMU_SAN  ?=
# Always on: a misaligned typed __m512i access (which AVX-512 hardware may fault on, and SIMDe's
# C does not) stops the program; the aligned load/store intrinsics assert their address in
# tests/emu/avx512_simde.h.
EMU_ALIGN := -fsanitize=alignment -fno-sanitize-recover=all
EMU_ISA  := -mavx2 -mpclmul -mbmi2 $(if $(filter-out /usr/include,$(SIMDE_INC)),-isystem $(SIMDE_INC)) \
            -include tests/emu/avx512_simde.h -Wno-psabi
# The AVX-512 Keccak kernels (one state; four states with VL) are emulated the same way, so
# every program of this build (the KATs of every backend included) permutes through them.
EMU_VARS := BACKEND=avx512 CC=gcc OPT=-O2 SAN="$(EMU_ALIGN) $(EMU_SAN)" HQC_SHA3=keccak ISA_avx512="$(EMU_ISA)" \
            ISA_keccak_f1600_x4_avx512vl="$(EMU_ISA)" ISA_keccak_f1600_avx512="$(EMU_ISA)" \
            ISA_keccak_f1600_xmm="$(EMU_ISA)"
EMU_PROGS = $(EMU_BUILD)/bin/hqc_info $(EMU_BUILD)/bin/test_keccak \
            $(foreach l,$(LEVELS),$(foreach p,kat test_mul test_code test_sparse test_sampling,$(EMU_BUILD)/bin/hqc$(l)_$(p)))

.PHONY: avx512-emu avx512-emu-build
avx512-emu-build:
	@test -f $(SIMDE_INC)/simde/x86/avx512.h || { echo "avx512-emu: SIMDe is missing ($(SIMDE_INC)/simde; Debian: libsimde-dev)" >&2; exit 1; }
	$(call fresh_build,$(EMU_BUILD),$(EMU_VARS))
	$(MAKE) --no-print-directory BUILD=$(EMU_BUILD) $(EMU_VARS) $(EMU_PROGS)
avx512-emu: avx512-emu-build
	$(PYTHON) scripts/make-kat --build $(EMU_BUILD) --backends "avx512 avx512-sparse" --out $(EMU_BUILD)/kat
	for l in $(LEVELS); do $(EMU_BUILD)/bin/hqc$${l}_test_mul $(EMU_PAIRS) 1 0 || exit 1; done
	for l in $(LEVELS); do $(EMU_BUILD)/bin/hqc$${l}_test_sampling 300 || exit 1; done
	$(EMU_BUILD)/bin/test_keccak

# The guard itself, shown live (tests/test_avx512_emulated.py): one program compiled with the
# same forced header and sanitizer, whose misaligned 512-bit accesses must stop it. It needs no
# emulated library, so it runs on AVX-512 CPUs too.
EMU_GUARD := build/emu-guard/misaligned
.PHONY: avx512-emu-guard
avx512-emu-guard: $(EMU_GUARD)
$(EMU_GUARD): tests/emu/misaligned.c tests/emu/avx512_simde.h mk/emu.mk
	@mkdir -p $(dir $@)
	gcc -std=c11 -O2 -g -Wall -Wextra -Werror $(EMU_ISA) $(EMU_ALIGN) -Isrc/hqc $< -o $@
