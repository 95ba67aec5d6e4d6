/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* support_to_vector_avx2.c: the dense vector with ones at a secret support, in constant time:
 * every 256-bit chunk of the output is compared with every position (spec section
 * "Sampling", the vector form of a fixed-weight support), four words per AVX2 compare. */
#include <immintrin.h>
#include <string.h>

#include "backend.h"
#include "support_to_vector_avx2.h"

#define CHUNKS ((HQC_WORDS + 3) / 4)

void support_to_vector_avx2(uint64_t *v, const uint32_t *support, size_t weight)
{
    /* Word index and bit of each position, as 64-bit lanes to broadcast. */
    uint64_t word[HQC_OMEGA_R], bit[HQC_OMEGA_R];
    for (size_t j = 0; j < weight; j++) {
        word[j] = support[j] >> 6;
        bit[j] = 1ULL << (support[j] & 63);
    }
    _Alignas(32) uint64_t out[4 * CHUNKS];
    __m256i index = _mm256_setr_epi64x(0, 1, 2, 3);
    const __m256i four = _mm256_set1_epi64x(4);
    for (size_t c = 0; c < CHUNKS; c++) {
        __m256i acc = _mm256_setzero_si256();
        for (size_t j = 0; j < weight; j++) {
            __m256i hit = _mm256_cmpeq_epi64(index, _mm256_set1_epi64x((long long)word[j]));
            acc = _mm256_or_si256(acc, _mm256_and_si256(hit, _mm256_set1_epi64x((long long)bit[j])));
        }
        _mm256_store_si256((__m256i *)(out + 4 * c), acc);
        index = _mm256_add_epi64(index, four);
    }
    memcpy(v, out, HQC_WORDS * sizeof *v);
    memset(out, 0, sizeof out);
    memset(word, 0, sizeof word);
    memset(bit, 0, sizeof bit);
    __asm__ __volatile__("" : : "r"(out), "r"(word), "r"(bit) : "memory");
}
