/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* old_support_to_vector_avx2.c: the AVX2 support expansion as it was before issue 13 (one
 * accumulator, two broadcasts per chunk and position), frozen here under another name so that
 * bench_supprs can time it against the current kernel in one process. Not part of the library;
 * compiled for AVX2 by a target attribute, not by a folder flag. */
#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "params.h"

#define CHUNKS ((HQC_WORDS + 3) / 4)

__attribute__((target("avx2"))) void old_support_to_vector_avx2(uint64_t *v, const uint32_t *support, size_t weight)
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
