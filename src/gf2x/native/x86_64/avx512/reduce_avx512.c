/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* reduce_avx512.c: o = p mod X^N - 1 with AVX-512 for the product p as Toom-3 leaves it, five
 * overlapping pieces p = c0 + c1 y + ... + c4 y^4 (y = X^(64K)). X^N = 1, so the bits of p at
 * N and above fold onto bit 0. The recomposition (Bodrato's last step) is folded into the
 * reduction: each 512-bit window of p is summed from the pieces when it is needed, so p is
 * never stored. The tail block is written with a masked store: nothing past o + W. */
#include <immintrin.h>

#include "gf2x_avx512.h"

#define K TOOM3_PART_WORDS
#define PW TOOM3_PIECE_WORDS

/* Words [t, t + 8) of p: the pieces that overlap them (public indices), read over their
 * zero padding where they start or end inside the window. */
static inline __m512i window(const uint64_t *const c[5], size_t t)
{
    __m512i acc = _mm512_setzero_si512();
    for (size_t k = 0; k < 5; k++)
        if (t + BLOCK_WORDS > k * K && t < k * K + PW) {
            const uint64_t *w = c[k] + ((ptrdiff_t)t - (ptrdiff_t)(k * K));
            acc = _mm512_xor_si512(acc, _mm512_loadu_si512((const void *)w));
        }
    return acc;
}

void reduce_mod_xn_minus_1_avx512(uint64_t *o, const uint64_t *const c[5])
{
    const size_t off = HQC_N / 64;
    const unsigned shift = HQC_N % 64;
    for (size_t j = 0; j < HQC_WORDS; j += BLOCK_WORDS) {
        /* bits N + 64 j .. of p, i.e. words off + j .. shifted down by `shift` bits */
        __m512i high = _mm512_or_si512(_mm512_srli_epi64(window(c, off + j), shift),
                                       _mm512_slli_epi64(window(c, off + j + 1), 64 - shift));
        __m512i v = _mm512_xor_si512(window(c, j), high);
        if (HQC_WORDS - j >= BLOCK_WORDS) {
            _mm512_storeu_si512((void *)(o + j), v);
        } else { /* the last, partial block; j and W are public */
            const size_t left = HQC_WORDS - j;
            const __m512i top = _mm512_set1_epi64((long long)HQC_TOP_MASK);
            v = _mm512_mask_and_epi64(v, (__mmask8)(1u << (left - 1)), v, top);
            _mm512_mask_storeu_epi64(o + j, (__mmask8)((1u << left) - 1), v);
        }
    }
}
