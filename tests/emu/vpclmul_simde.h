/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* vpclmul_simde.h: forced (-include) into every file of src/gf2x/native/x86_64/vpclmul/ in the
 * emulated vpclmul build only (mk/emu-vpclmul.mk): the 256-bit carry-less multiply
 * _mm256_clmulepi64_epi128 (VPCLMULQDQ on ymm) becomes SIMDe's, which computes each 128-bit
 * lane with the 128-bit PCLMULQDQ every AVX2 CPU has; and the backend table stops asking for
 * VPCLMULQDQ, so the dispatcher offers vpclmul on any AVX2+PCLMUL+BMI2 CPU. Never shipped. */
#ifndef HQC_TESTS_EMU_VPCLMUL_SIMDE_H
#define HQC_TESTS_EMU_VPCLMUL_SIMDE_H

#if defined(__VPCLMULQDQ__) || defined(__AVX512F__)
#error "the emulated vpclmul build must not be compiled with -mvpclmulqdq or -mavx512*"
#endif

/* The compiler's header first, so the sources' own #include <immintrin.h> changes nothing;
 * SIMDe then aliases only what this target lacks (here VPCLMULQDQ: AVX2 and PCLMUL are native). */
#include <immintrin.h>

#define SIMDE_ENABLE_NATIVE_ALIASES
#include <simde/x86/clmul.h>

#include "cpu.h"

/* backend_vpclmul.c's requirements without the emulated feature. */
#undef HQC_CPU_VPCLMULQDQ
#define HQC_CPU_VPCLMULQDQ 0u

#endif
