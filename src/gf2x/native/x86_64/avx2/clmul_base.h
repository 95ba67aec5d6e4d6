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

/* 128x128 schoolbook split by parity of the word offset: lo at word 0, hi at word 2, and the
 * two cross products summed at word 1. The odd part is shifted into place only once per
 * 256x256 product (below), which is cheaper than two byte shifts per 128x128 product. */
HQC_VEC_INLINE void clmul128_split(__m128i *lo, __m128i *hi, __m128i *odd, __m128i x, __m128i y)
{
    *lo = _mm_clmulepi64_si128(x, y, 0x00);
    *hi = _mm_clmulepi64_si128(x, y, 0x11);
    *odd = _mm_xor_si128(_mm_clmulepi64_si128(x, y, 0x01), _mm_clmulepi64_si128(x, y, 0x10));
}

#include "clmul_karatsuba.h"

#endif
