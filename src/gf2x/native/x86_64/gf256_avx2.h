/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* gf256_avx2.h: 32 bytes of HQC's RS field GF(2)[x]/(x^8+x^4+x^3+x^2+1) at a time, for the
 * AVX2 RS kernels without GFNI (rs_errors_avx2.c, rs_encode_avx2.c): the doubling a -> a x,
 * the step of their shift-and-add products. Branch-free and table-free. */
#ifndef HQC_GF2X_GF256_AVX2_H
#define HQC_GF2X_GF256_AVX2_H

#include <immintrin.h>

/* a x: the doubling of every byte, x^8 reduced to x^4 + x^3 + x^2 + 1 (0x1d) where the top
 * bit was set (a signed compare gives that mask without a branch). */
static inline __m256i gf256_times_x(__m256i a)
{
    const __m256i top = _mm256_cmpgt_epi8(_mm256_setzero_si256(), a);
    return _mm256_xor_si256(_mm256_add_epi8(a, a), _mm256_and_si256(top, _mm256_set1_epi8(0x1d)));
}

#endif
