/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* gf2x_avx2.h: internal interface of the AVX2 + PCLMULQDQ multiplication backend: the
 * per-level shape of the product (Toom-3 on top, Karatsuba below, see TUNING.md for why these
 * sizes) and the routines the files of this folder share. All sizes are in 64-bit words; every
 * non-static symbol is renamed per level because the folder is compiled once per HQC level. */
#ifndef HQC_GF2X_AVX2_H
#define HQC_GF2X_AVX2_H

#include <stddef.h>
#include <stdint.h>

#include "params.h"

/* Toom-3 splits each operand into three parts of TOOM3_PART_WORDS words and evaluates at
 * 0, 1, x, x + 1 and infinity with x = X^(64 * TOOM3_SHIFT_WORDS). The values at x and x + 1
 * are TOOM3_PART_WORDS + 2 * TOOM3_SHIFT_WORDS words long, so the five pointwise products are
 * TOOM3_MUL_WORDS x TOOM3_MUL_WORDS, done by TOOM3_INNER_MUL: 3-way Karatsuba (HQC-1, HQC-3)
 * or a 13-product five-term formula (HQC-5) over 2-way Karatsuba. x is the widest of X^64,
 * X^128, X^256 the sizes allow, since dividing by x + 1 is a chain over x-sized digits. */
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

#define TOOM3_PROD_WORDS (6 * TOOM3_PART_WORDS)
#define TOOM3_PROD_ALLOC (TOOM3_PROD_WORDS + 4) /* toom3_mul writes whole vectors */

_Static_assert(3 * TOOM3_PART_WORDS >= HQC_WORDS, "Toom-3 parts must cover the operand");
_Static_assert(TOOM3_PART_WORDS + 2 * TOOM3_SHIFT_WORDS <= TOOM3_MUL_WORDS,
               "the values at x and x + 1 must fit the pointwise product");
_Static_assert(TOOM3_MUL_WORDS % 4 == 0, "pointwise operands are whole 256-bit vectors");
/* The reduction reads the product up to word HQC_N / 64 + HQC_WORDS. */
_Static_assert(HQC_N / 64 + HQC_WORDS + 1 <= TOOM3_PROD_WORDS, "product too short to reduce");

#define karat2_mul HQC_NS(avx2_karat2_mul)
#define karat3_mul HQC_NS(avx2_karat3_mul)
#define karat5_mul HQC_NS(avx2_karat5_mul)
#define toom3_mul HQC_NS(avx2_toom3_mul)
#define reduce_mod_xn_minus_1_avx2 HQC_NS(avx2_reduce_mod_xn_minus_1)

/* r[0, 2n) = a[0, n) * b[0, n). n = 8 * 2^j (j <= 4); r must not overlap a or b. */
void karat2_mul(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n);

/* The same for n = 3 * m, m a size karat2_mul accepts. */
void karat3_mul(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n);

/* The same for n = 5 * m, m a size karat2_mul accepts. */
void karat5_mul(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n);

/* prod[0, TOOM3_PROD_WORDS) = a * b for a, b of HQC_WORDS words (any 8-byte alignment);
 * prod has room for TOOM3_PROD_ALLOC words. */
void toom3_mul(uint64_t *prod, const uint64_t *a, const uint64_t *b);

/* o[0, HQC_WORDS) = prod mod X^N - 1, bits >= N cleared. Writes exactly HQC_WORDS words. */
void reduce_mod_xn_minus_1_avx2(uint64_t *o, const uint64_t *prod);

#endif
