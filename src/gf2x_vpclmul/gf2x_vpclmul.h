/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* gf2x_vpclmul.h: internal interface of the vpclmul backend's product: the per-level shape of
 * the Toom-3 over Karatsuba skeleton it shares with the avx2 backend
 * (src/gf2x_avx2/mul_skeleton.h), over the 256-bit VPCLMULQDQ leaf of vclmul_leaf.h. The
 * split per level was chosen by measurement (TUNING.md). Sizes in 64-bit words. */
#ifndef HQC_GF2X_VPCLMUL_H
#define HQC_GF2X_VPCLMUL_H

#include "params.h"

#if HQC_LEVEL == 1
#define TOOM3_SHIFT_WORDS 1
#define TOOM3_PART_WORDS 94
#define TOOM3_MUL_WORDS 96
#define TOOM3_INNER_MUL(r, a, b) karat3_mul(r, a, b, TOOM3_MUL_WORDS)
#elif HQC_LEVEL == 3
#define TOOM3_SHIFT_WORDS 2
#define TOOM3_PART_WORDS 188
#define TOOM3_MUL_WORDS 192
#define TOOM3_INNER_MUL(r, a, b) karat3_mul(r, a, b, TOOM3_MUL_WORDS)
#elif HQC_LEVEL == 5
#define TOOM3_SHIFT_WORDS 4
#define TOOM3_PART_WORDS 304
#define TOOM3_MUL_WORDS 320
#define TOOM3_INNER_MUL(r, a, b) karat5_mul(r, a, b, TOOM3_MUL_WORDS)
#endif

/* For TUNING.md: another word shift at level L with the same parts, -DHQC_VPCLMUL_SHIFT_L=S
 * (the skeleton checks that the evaluations still fit). */
#if HQC_LEVEL == 3 && defined(HQC_VPCLMUL_SHIFT_3)
#undef TOOM3_SHIFT_WORDS
#define TOOM3_SHIFT_WORDS HQC_VPCLMUL_SHIFT_3
#elif HQC_LEVEL == 5 && defined(HQC_VPCLMUL_SHIFT_5)
#undef TOOM3_SHIFT_WORDS
#define TOOM3_SHIFT_WORDS HQC_VPCLMUL_SHIFT_5
#endif

#define SKELETON_NAME(s) HQC_NS(vpclmul_##s)

#include "mul_skeleton.h"

#endif
