/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* gf2x_avx512.h: internal interface of the AVX-512 + VPCLMULQDQ product: the per-level shape
 * of the multiplication (Toom-3 over 3- or 5-way Karatsuba over 512-bit kernels, after
 * Robert and Veron 2021, section on HQC; the measured alternatives are in dev/tuning/avx512.md) and the
 * routines the files of this folder share. Sizes are in 64-bit words or 512-bit blocks. */
#ifndef HQC_GF2X_AVX512_H
#define HQC_GF2X_AVX512_H

#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "params.h"

#define BLOCK_WORDS 8 /* one zmm register, the unit of every loop here */

/* xor3 = a ^ b ^ c; mask_xor2 = h ^ a ^ b in the lanes of m, h elsewhere: one vpternlogq
 * each. MemorySanitizer does not model vpternlogq (it would report every secret operand and
 * mark the result public, ending the tracking), so the MSan constant-time build
 * (-DHQC_CT_MSAN, docs/VERIFICATION.md) gets the same straight-line data flow as plain XORs,
 * which it models; gcc does not fuse the masked form back, hence two definitions. */
#if defined(HQC_CT_MSAN)
static inline __m512i xor3(__m512i a, __m512i b, __m512i c)
{
    return _mm512_xor_si512(_mm512_xor_si512(a, b), c);
}

static inline __m512i mask_xor2(__m512i h, __mmask8 m, __m512i a, __m512i b)
{
    return _mm512_mask_xor_epi64(h, m, h, _mm512_xor_si512(a, b));
}
#else
static inline __m512i xor3(__m512i a, __m512i b, __m512i c)
{
    return _mm512_ternarylogic_epi64(a, b, c, 0x96);
}

static inline __m512i mask_xor2(__m512i h, __mmask8 m, __m512i a, __m512i b)
{
    return _mm512_mask_ternarylogic_epi64(h, m, a, b, 0x96);
}
#endif

/*
 * Kernel choice (dev/tuning/avx512.md, "Kernel"): 16 = the lane-aligned schoolbook (default), 12 = the
 * paper's one-level Karatsuba. The aligned kernel reads B as rotations of a block, so every
 * Karatsuba operand B of the block-level recursion is stored "doubled": block i of B at words
 * [16 i, 16 i + 16) as two copies. B_STRIDE is the words per stored B block.
 */
#ifndef HQC_AVX512_KERNEL
#define HQC_AVX512_KERNEL 16
#endif
#if HQC_AVX512_KERNEL == 16
#define B_STRIDE 16
#elif HQC_AVX512_KERNEL == 12
#define B_STRIDE 8
#else
#error "HQC_AVX512_KERNEL must be 16 or 12"
#endif

/* Whole-block loads and stores on 64-byte aligned words; store_b_block writes a B operand
 * block in the layout the leaf reads (twice in a row for the aligned kernel). */
static inline __m512i load_block(const uint64_t *p)
{
    return _mm512_load_si512((const void *)p);
}

static inline void store_block(uint64_t *p, __m512i v)
{
    _mm512_store_si512((void *)p, v);
}

static inline void store_b_block(uint64_t *p, __m512i v)
{
    store_block(p, v);
#if B_STRIDE == 16
    store_block(p + BLOCK_WORDS, v);
#endif
}

/*
 * Toom-3 split (toom3_mul.c): parts of TOOM3_PART_WORDS = K words, x = X^(64 S) with
 * S = TOOM3_SHIFT_WORDS, pointwise products of TOOM3_MUL_BLOCKS = M blocks, which must hold
 * the evaluation at x: K + 2S <= 8M. TOOM3_INNER is the M-block product.
 *   HQC-1: W = 277 = 3 * 93 - 2; 93 + 2 <= 96 words = 12 blocks = 3 * 4: 5 * 6 * 9 = 270
 *          kernels. w = 64 is forced: w = 128 would need 97 words.
 *   HQC-3: W = 561 = 3 * 187; 187 + 2 * 2 <= 192 words = 24 blocks = 3 * 8 with w = 128
 *          (0.5 % ahead of w = 64: a shorter prefix XOR): 5 * 6 * 27 = 810 kernels.
 *   HQC-5: W = 901 words fill 113 blocks; 114 blocks = 58368 bits make three 38-block
 *          (19456-bit) parts, and w = 512 makes every shift a whole block: U(x) grows by two
 *          blocks, so the pointwise operands have 40 blocks = 20480 bits = 5 * 8 blocks:
 *          5 * 13 * 27 = 1755 kernels with the 13-product five-way formula.
 */
#if HQC_LEVEL == 1
#define TOOM3_PART_WORDS 93
#define TOOM3_SHIFT_WORDS 1
#define TOOM3_MUL_BLOCKS 12
#define TOOM3_INNER karat3_mul
#define KARAT_LEAF_BLOCKS 4
#elif HQC_LEVEL == 3
#define TOOM3_PART_WORDS 187
#define TOOM3_SHIFT_WORDS 2
#define TOOM3_MUL_BLOCKS 24
#define TOOM3_INNER karat3_mul
#define KARAT_LEAF_BLOCKS 8
#else
#define TOOM3_PART_WORDS 304
#define TOOM3_SHIFT_WORDS 8
#define TOOM3_MUL_BLOCKS 40
#define TOOM3_INNER karat5_mul
#define KARAT_LEAF_BLOCKS 8
#endif

/* For dev/tuning/avx512.md: another word shift at level L with the same parts, -DHQC_AVX512_SHIFT_L=S
 * (checked just below). */
#if HQC_LEVEL == 1 && defined(HQC_AVX512_SHIFT_1)
#undef TOOM3_SHIFT_WORDS
#define TOOM3_SHIFT_WORDS HQC_AVX512_SHIFT_1
#elif HQC_LEVEL == 3 && defined(HQC_AVX512_SHIFT_3)
#undef TOOM3_SHIFT_WORDS
#define TOOM3_SHIFT_WORDS HQC_AVX512_SHIFT_3
#elif HQC_LEVEL == 5 && defined(HQC_AVX512_SHIFT_5)
#undef TOOM3_SHIFT_WORDS
#define TOOM3_SHIFT_WORDS HQC_AVX512_SHIFT_5
#endif

_Static_assert(3 * TOOM3_PART_WORDS >= HQC_WORDS, "three parts cover the operand");
_Static_assert(TOOM3_PART_WORDS + 2 * TOOM3_SHIFT_WORDS <= BLOCK_WORDS * TOOM3_MUL_BLOCKS,
               "the evaluation at x fits the pointwise product size");
_Static_assert(BLOCK_WORDS % TOOM3_SHIFT_WORDS == 0, "x is a whole number of words dividing a block");

/* Words of a pointwise product: the Toom-3 pieces c_k of the full product. */
#define TOOM3_PIECE_WORDS (2 * BLOCK_WORDS * TOOM3_MUL_BLOCKS)

#define karat_mul_leaf HQC_NS(avx512_karat_mul_leaf)
#define karat3_mul HQC_NS(avx512_karat3_mul)
#define karat5_mul HQC_NS(avx512_karat5_mul)
#define toom3_mul HQC_NS(avx512_toom3_mul)
#define reduce_mod_xn_minus_1_avx512 HQC_NS(reduce_mod_xn_minus_1_avx512)

/* c (2 KARAT_LEAF_BLOCKS blocks) = a * b: a plain, b stored with B_STRIDE words per block.
 * All three 64-byte aligned. */
void karat_mul_leaf(uint64_t *c, const uint64_t *a, const uint64_t *b);

/* c (2n blocks) = a * b for n = 3 (resp. 5) * KARAT_LEAF_BLOCKS blocks, a and b plain and
 * 64-byte aligned, c 64-byte aligned and not overlapping them. */
void karat3_mul(uint64_t *c, const uint64_t *a, const uint64_t *b);
void karat5_mul(uint64_t *c, const uint64_t *a, const uint64_t *b);

/* o = a * b mod X^N - 1 for the W-word a, b, o of the contract (any 8-byte alignment; only
 * [a, a + W) and [b, b + W) are read, all of them before o is written). */
void toom3_mul(uint64_t *o, const uint64_t *a, const uint64_t *b);

/* o (W words) = (c[0] + c[1] y + ... + c[4] y^4) mod X^N - 1 with y = X^(64 TOOM3_PART_WORDS):
 * c[k] holds TOOM3_PIECE_WORDS words and at least 8 readable zero words on either side. */
void reduce_mod_xn_minus_1_avx512(uint64_t *o, const uint64_t *const c[5]);

#endif
