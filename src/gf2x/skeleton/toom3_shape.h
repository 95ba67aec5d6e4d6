/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* toom3_shape.h: the per-level shape of the Toom-3 over Karatsuba product that the avx2 and
 * vpclmul backends share (mul_skeleton.h), measured for the avx2 leaf (dev/tuning/avx2.md) and
 * re-measured for the vpclmul leaf (dev/tuning/vpclmul.md). x is the widest of X^64,
 * X^128, X^256 the sizes allow, since dividing by x + 1 is a chain over x-sized digits; the
 * pointwise products are 3-way Karatsuba (HQC-1, HQC-3) or a 13-product five-term formula
 * (HQC-5) over 2-way Karatsuba. Sizes in 64-bit words. */
#ifndef HQC_GF2X_TOOM3_SHAPE_H
#define HQC_GF2X_TOOM3_SHAPE_H

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

#endif
