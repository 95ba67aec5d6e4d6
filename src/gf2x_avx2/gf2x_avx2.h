/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* gf2x_avx2.h: internal interface of the AVX2 + PCLMULQDQ multiplication backend: the
 * per-level shape of the product (Toom-3 on top, Karatsuba below, see TUNING.md for why these
 * sizes) over the skeleton the vpclmul backend shares (mul_skeleton.h). All sizes are in 64-bit
 * words; every non-static symbol is renamed per level because the folder is compiled once per
 * HQC level. */
#ifndef HQC_GF2X_AVX2_H
#define HQC_GF2X_AVX2_H

#include "params.h"

/* x is the widest of X^64, X^128, X^256 the sizes allow, since dividing by x + 1 is a chain
 * over x-sized digits; the pointwise products are 3-way Karatsuba (HQC-1, HQC-3) or a
 * 13-product five-term formula (HQC-5) over 2-way Karatsuba. */
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

#define SKELETON_NAME(s) HQC_NS(avx2_##s)

#include "mul_skeleton.h"
#include "reduce_avx2.h"

#endif
