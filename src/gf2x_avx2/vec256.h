/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* vec256.h: the 256-bit load/store helpers of the Toom-3/Karatsuba skeleton that the avx2 and
 * vpclmul products share (mul_skeleton.h): unaligned whole-vector loads and stores on 64-bit
 * words, and copy/clear loops the optimiser cannot turn into rep movs/stos. Compiled inside
 * each including folder with that folder's ISA flags. */
#ifndef HQC_GF2X_VEC256_H
#define HQC_GF2X_VEC256_H

#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "ct.h"

#define HQC_VEC_INLINE static inline __attribute__((always_inline))

HQC_VEC_INLINE __m256i ld(const uint64_t *p)
{
    return _mm256_loadu_si256((const __m256i *)p);
}

HQC_VEC_INLINE void st(uint64_t *p, __m256i v)
{
    _mm256_storeu_si256((__m256i *)p, v);
}

/* A load the optimiser cannot see through. Loops that only copy or clear memory are
 * otherwise turned into memcpy/memset, which gcc expands as rep movs/stos here: at these
 * sizes their start-up cost is several times that of the copy itself. */
HQC_VEC_INLINE __m256i ld_opaque(const uint64_t *p)
{
    __m256i v = ld(p);
    HQC_OPAQUE_VEC(v);
    return v;
}

HQC_VEC_INLINE void zero_words(uint64_t *p, size_t n)
{
    __m256i z = _mm256_setzero_si256();
    HQC_OPAQUE_VEC(z); /* see ld_opaque */
    size_t i = 0;
    for (; i < (n & ~(size_t)3); i += 4)
        st(p + i, z);
    for (; i < n; i++)
        p[i] = 0;
}

#endif
