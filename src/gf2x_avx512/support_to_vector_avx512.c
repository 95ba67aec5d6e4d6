/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* support_to_vector_avx512.c: the dense vector with ones at a secret support, in constant
 * time: every 512-bit chunk of the output is compared with every position (spec section
 * "Sampling"), eight words per compare into a mask register and one masked OR. */
#include <immintrin.h>
#include <string.h>

#include "backend.h"
#include "support_to_vector_avx512.h"

#define CHUNKS ((HQC_WORDS + 7) / 8)

void support_to_vector_avx512(uint64_t *v, const uint32_t *support, size_t weight)
{
    uint64_t word[HQC_OMEGA_R], bit[HQC_OMEGA_R];
    for (size_t j = 0; j < weight; j++) {
        word[j] = support[j] >> 6;
        bit[j] = 1ULL << (support[j] & 63);
    }
    __m512i index = _mm512_setr_epi64(0, 1, 2, 3, 4, 5, 6, 7);
    const __m512i eight = _mm512_set1_epi64(8);
    for (size_t c = 0; c < CHUNKS; c++) {
        __m512i acc = _mm512_setzero_si512();
        for (size_t j = 0; j < weight; j++) {
            __mmask8 hit = _mm512_cmpeq_epi64_mask(index, _mm512_set1_epi64((long long)word[j]));
            acc = _mm512_mask_or_epi64(acc, hit, acc, _mm512_set1_epi64((long long)bit[j]));
        }
        /* The last chunk is partial: a masked store never touches words past W. */
        size_t left = HQC_WORDS - 8 * c;
        __mmask8 keep = left >= 8 ? (__mmask8)0xff : (__mmask8)((1u << left) - 1);
        _mm512_mask_storeu_epi64(v + 8 * c, keep, acc);
        index = _mm512_add_epi64(index, eight);
    }
    memset(word, 0, sizeof word);
    memset(bit, 0, sizeof bit);
    __asm__ __volatile__("" : : "r"(word), "r"(bit) : "memory");
}
