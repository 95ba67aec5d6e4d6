/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* clmul_base.h: the leaves of the Karatsuba tree, 256x256 and 512x512-bit carry-less products
 * with PCLMULQDQ (Intel, "Carry-Less Multiplication Instruction and its Usage for Computing
 * the GCM Mode", section "Karatsuba"): the 128x128 product below under the Karatsuba steps of
 * clmul_karatsuba.h, which the neon leaf shares. Kept in xmm registers: PCLMULQDQ is 128-bit
 * only in AVX2, and moving its results into ymm lanes would cost a port-5 shuffle per product. */
#ifndef HQC_GF2X_AVX2_CLMUL_BASE_H
#define HQC_GF2X_AVX2_CLMUL_BASE_H

#include <immintrin.h>
#include <stdint.h>

#include "vec256.h"

/* The 128x128 product split by parity of the word offset: lo at word 0, hi at word 2, and the
 * middle term x0 y1 + x1 y0 at word 1. The odd part is shifted into place only once per
 * 256x256 product (clmul_karatsuba.h). Two forms, one per tree of the backend (gf2x_avx2.h):
 *   - schoolbook, four PCLMULQDQ, for Intel's cores: PCLMULQDQ and shuffles share one port
 *     there, so the Karatsuba step's half sums cost what it saves (llvm-mca-19, Haswell to Ice
 *     Lake: a leaf 2-5 % slower with it);
 *   - Karatsuba (HQC_AVX2_KARATSUBA_LEAF), three PCLMULQDQ, the middle term as (x0 + x1)(y0 +
 *     y1) + lo + hi, for AMD's: their cores issue PCLMULQDQ every other cycle (Zen 4, measured)
 *     and the half sums on other vector pipes (half_sum: one shuffle and one XOR per operand;
 *     the skeleton derives the others with XORs). 27 products instead of 36 per 512x512 leaf;
 *     the product is 12 % faster on Zen 4 (bench/README.md, "The avx2 product on AMD"). */
HQC_VEC_INLINE void clmul128_split(__m128i *lo, __m128i *hi, __m128i *odd, __m128i x, __m128i y, __m128i xs,
                                   __m128i ys)
{
    *lo = _mm_clmulepi64_si128(x, y, 0x00);
    *hi = _mm_clmulepi64_si128(x, y, 0x11);
#ifdef HQC_AVX2_KARATSUBA_LEAF
    *odd = _mm_clmulepi64_si128(xs, ys, 0x00) ^ *lo ^ *hi;
#else
    (void)xs, (void)ys;
    *odd = _mm_xor_si128(_mm_clmulepi64_si128(x, y, 0x01), _mm_clmulepi64_si128(x, y, 0x10));
#endif
}

/* x0 + x1 in the low word of the result; its high word is never read (selector 0x00). Dead
 * code under the schoolbook form. */
HQC_VEC_INLINE __m128i half_sum(__m128i x)
{
    return x ^ _mm_unpackhi_epi64(x, x);
}

#include "clmul_karatsuba.h"

#endif
