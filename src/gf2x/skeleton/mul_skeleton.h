/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* mul_skeleton.h: the interface of the Toom-3 over Karatsuba product that the avx2, vpclmul
 * and neon backends share (Bodrato's Toom-3 in toom3_skeleton.h, two-, three- and five-way
 * Karatsuba in karat*_skeleton.h). A backend header defines the per-level shape (TOOM3_*
 * below), SKELETON_NAME(s), the per-level, per-backend name of function s, its lane type
 * (SKELETON_LANE, skeleton_lane.h) and its reduction (SKELETON_REDUCE, with its header
 * included), then includes this file; the backends differ only in these and in their leaves
 * (karat2_skeleton.h): a 512x512-bit one-product leaf each, and for vpclmul a two-product
 * 1024-bit leaf (KARAT2_PAIR_LEAF). Nothing here names an ISA. */
#ifndef HQC_GF2X_MUL_SKELETON_H
#define HQC_GF2X_MUL_SKELETON_H

#include <stddef.h>
#include <stdint.h>

#include "params.h"

/* SKELETON_REDUCE(o, prod): o = prod mod X^N - 1 for the full product toom3_mul leaves. */
#if !defined(SKELETON_REDUCE) || !defined(SKELETON_LANE)
#error "define SKELETON_REDUCE and SKELETON_LANE before including mul_skeleton.h"
#endif

#if !defined(TOOM3_SHIFT_WORDS) || !defined(TOOM3_PART_WORDS) || !defined(TOOM3_MUL_WORDS) || \
    !defined(TOOM3_INNER_MUL) || !defined(SKELETON_NAME)
#error "define the Toom-3 shape and SKELETON_NAME before including mul_skeleton.h"
#endif

/* Toom-3 splits each operand into three parts of TOOM3_PART_WORDS words and evaluates at
 * 0, 1, x, x + 1 and infinity with x = X^(64 * TOOM3_SHIFT_WORDS). The values at x and x + 1
 * are TOOM3_PART_WORDS + 2 * TOOM3_SHIFT_WORDS words long, so the five pointwise products are
 * TOOM3_MUL_WORDS x TOOM3_MUL_WORDS, done by TOOM3_INNER_MUL(r, a, b). */
#define TOOM3_PROD_WORDS (6 * TOOM3_PART_WORDS)
#define TOOM3_PROD_ALLOC (TOOM3_PROD_WORDS + 4) /* toom3_mul writes whole vectors */

_Static_assert(3 * TOOM3_PART_WORDS >= HQC_WORDS, "Toom-3 parts must cover the operand");
_Static_assert(TOOM3_PART_WORDS + 2 * TOOM3_SHIFT_WORDS <= TOOM3_MUL_WORDS,
               "the values at x and x + 1 must fit the pointwise product");
_Static_assert(TOOM3_MUL_WORDS % 4 == 0, "pointwise operands are whole 256-bit vectors");
/* The reduction reads the product up to word HQC_N / 64 + HQC_WORDS. */
_Static_assert(HQC_N / 64 + HQC_WORDS + 1 <= TOOM3_PROD_WORDS, "product too short to reduce");

#define karat2_mul SKELETON_NAME(karat2_mul)
#ifdef KARAT2_PAIR_LEAF
#define karat2_mul_pair SKELETON_NAME(karat2_mul_pair)
#endif
#define karat3_mul SKELETON_NAME(karat3_mul)
#define karat5_mul SKELETON_NAME(karat5_mul)
#define toom3_mul SKELETON_NAME(toom3_mul)

/* r[0, 2n) = a[0, n) * b[0, n). n = 8 * 2^j (j <= 4); r must not overlap a or b. */
void karat2_mul(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n);

/* r0 = a0 * b0 and r1 = a1 * b1, two independent products of a size karat2_mul accepts: in
 * one recursion over a two-product leaf where the backend header names one
 * (KARAT2_PAIR_LEAF, karat2_skeleton.h), else two calls of karat2_mul. r0 and r1 must not
 * overlap each other or the operands. */
#ifdef KARAT2_PAIR_LEAF
void karat2_mul_pair(uint64_t *r0, uint64_t *r1, const uint64_t *a0, const uint64_t *b0, const uint64_t *a1,
                     const uint64_t *b1, size_t n);
#else
static inline void karat2_mul_pair(uint64_t *r0, uint64_t *r1, const uint64_t *a0, const uint64_t *b0,
                                   const uint64_t *a1, const uint64_t *b1, size_t n)
{
    karat2_mul(r0, a0, b0, n);
    karat2_mul(r1, a1, b1, n);
}
#endif

/* The same for n = 3 * m, m a size karat2_mul accepts. */
void karat3_mul(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n);

/* The same for n = 5 * m, m a size karat2_mul accepts. */
void karat5_mul(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n);

/* prod[0, TOOM3_PROD_WORDS) = a * b for a, b of HQC_WORDS words (any 8-byte alignment);
 * prod has room for TOOM3_PROD_ALLOC words. Reads a and b completely before writing prod. */
void toom3_mul(uint64_t *prod, const uint64_t *a, const uint64_t *b);

/* o = a * b mod X^N - 1, the mul of the backend contract (src/hqc/backend.h). toom3_mul reads
 * a and b completely before anything is written to o, which is what lets o alias a or b. */
static inline void toom3_mul_mod_xn_minus_1(uint64_t *o, const uint64_t *a, const uint64_t *b)
{
    _Alignas(32) uint64_t prod[TOOM3_PROD_ALLOC];
    toom3_mul(prod, a, b);
    SKELETON_REDUCE(o, prod);
}

#endif
