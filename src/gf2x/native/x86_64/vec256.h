/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* vec256.h: the x86 lane type of the Toom-3/Karatsuba skeleton that the avx2, vpclmul and
 * neon products share (mul_skeleton.h, skeleton_lane.h lists what a lane header provides):
 * 256-bit AVX2 vectors of four 64-bit words, their unaligned loads and stores, 128-bit halves
 * for two-word digits, and copy/clear loops the optimiser cannot turn into rep movs/stos.
 * Compiled inside each including folder with that folder's ISA flags. */
#ifndef HQC_GF2X_VEC256_H
#define HQC_GF2X_VEC256_H

#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "ct.h"

#define HQC_VEC_INLINE static inline __attribute__((always_inline))

typedef __m256i vec256; /* four words; ^ and & act on the whole vector */
typedef __m128i vec128; /* two words */

HQC_VEC_INLINE vec256 vzero(void)
{
    return _mm256_setzero_si256();
}

HQC_VEC_INLINE vec128 vzero128(void)
{
    return _mm_setzero_si128();
}

HQC_VEC_INLINE vec128 ld128(const uint64_t *p)
{
    return _mm_loadu_si128((const __m128i *)p);
}

HQC_VEC_INLINE void st128(uint64_t *p, vec128 v)
{
    _mm_storeu_si128((__m128i *)p, v);
}

/* Each word shifted right or left by n < 64 bits (zeros shifted in). */
HQC_VEC_INLINE vec256 vshr_words(vec256 v, int n)
{
    return _mm256_srli_epi64(v, n);
}

HQC_VEC_INLINE vec256 vshl_words(vec256 v, int n)
{
    return _mm256_slli_epi64(v, n);
}

HQC_VEC_INLINE vec256 ld(const uint64_t *p)
{
    return _mm256_loadu_si256((const __m256i *)p);
}

HQC_VEC_INLINE void st(uint64_t *p, vec256 v)
{
    _mm256_storeu_si256((__m256i *)p, v);
}

/* A load the optimiser cannot see through. Loops that only copy or clear memory are
 * otherwise turned into memcpy/memset, which gcc expands as rep movs/stos here: at these
 * sizes their start-up cost is several times that of the copy itself. */
HQC_VEC_INLINE vec256 ld_opaque(const uint64_t *p)
{
    vec256 v = ld(p);
    HQC_OPAQUE_VEC(v);
    return v;
}

HQC_VEC_INLINE void zero_words(uint64_t *p, size_t n)
{
    vec256 z = vzero();
    HQC_OPAQUE_VEC(z); /* see ld_opaque */
    size_t i = 0;
    for (; i < (n & ~(size_t)3); i += 4)
        st(p + i, z);
    for (; i < n; i++)
        p[i] = 0;
}

/* v with word t cleared unless 0 <= i + t < len: a mask from the word positions, which are
 * never data. */
HQC_VEC_INLINE vec256 keep_words(vec256 v, ptrdiff_t i, ptrdiff_t len)
{
    __m256i idx = _mm256_add_epi64(_mm256_set1_epi64x(i), _mm256_setr_epi64x(0, 1, 2, 3));
    __m256i below = _mm256_cmpgt_epi64(_mm256_setzero_si256(), idx);
    __m256i inside = _mm256_cmpgt_epi64(_mm256_set1_epi64x(len), idx);
    return _mm256_and_si256(v, _mm256_andnot_si256(below, inside));
}

#endif
