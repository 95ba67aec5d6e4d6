/* reduce_avx512.c: reduction of a product modulo X^N - 1 with AVX-512: bits at N and above
 * fold onto bit 0, eight words per step, the tail written with a masked store so nothing past
 * the W output words is touched. */
#include <immintrin.h>

#include "gf2x_avx512.h"

void reduce_mod_xn_minus_1_avx512(uint64_t *o, const uint64_t *p)
{
    const unsigned shift = HQC_N % 64, off = HQC_N / 64;
    const __m128i sr = _mm_cvtsi32_si128((int)shift), sl = _mm_cvtsi32_si128(64 - (int)shift);
    for (size_t i = 0; i < HQC_WORDS; i += 8) {
        __m512i low = _mm512_loadu_si512((const void *)(p + i));
        __m512i h0 = _mm512_loadu_si512((const void *)(p + off + i));
        __m512i h1 = _mm512_loadu_si512((const void *)(p + off + i + 1));
        __m512i v = low ^ _mm512_srl_epi64(h0, sr) ^ _mm512_sll_epi64(h1, sl);
        size_t left = HQC_WORDS - i;
        if (left <= 8) { /* the last block; i and W are public */
            __m512i top = _mm512_set1_epi64((long long)HQC_TOP_MASK);
            __mmask8 last = (__mmask8)(1u << (left - 1));
            v = _mm512_mask_and_epi64(v, last, v, top);
            _mm512_mask_storeu_epi64(o + i, (__mmask8)((1u << left) - 1), v);
        } else {
            _mm512_storeu_si512((void *)(o + i), v);
        }
    }
}
