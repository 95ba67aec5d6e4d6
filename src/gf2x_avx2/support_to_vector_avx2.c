/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* support_to_vector_avx2.c: the dense vector with ones at a secret support, in constant time
 * (spec section "Sampling", the vector form of a fixed-weight support): every 256-bit chunk of
 * the output is compared with every position, four words per AVX2 compare, eight chunks held
 * in registers per pass over the positions so that each position is broadcast once per pass. */
#include <immintrin.h>
#include <string.h>

#include "backend.h"
#include "support_to_vector_avx2.h"

#define CHUNKS ((HQC_WORDS + 3) / 4)
#define BLOCK 8 /* chunks per pass: 8 accumulators + 2 broadcasts fit the 16 ymm registers */
#define PASSES ((CHUNKS + BLOCK - 1) / BLOCK)

/* One pass: acc[k] collects the bits of words 4k..4k+3 of the pass. rel holds each position's
 * word index minus the pass's first word, so the compare constants are the same every pass. */
#define ACCUMULATE(k) acc##k = _mm256_or_si256(acc##k, _mm256_and_si256(_mm256_cmpeq_epi64(rel, index##k), b))

/* Aligned on a cache line on purpose: the hot loop then has the same place relative to the
 * 64-byte lines and the op cache wherever the linker puts the function (the previous kernel
 * took 38k or 60k ticks at HQC-5 depending only on that). */
__attribute__((aligned(64))) void support_to_vector_avx2(uint64_t *v, const uint32_t *support, size_t weight)
{
    uint64_t word[HQC_OMEGA_R], bit[HQC_OMEGA_R];
    for (size_t j = 0; j < weight; j++) {
        word[j] = support[j] >> 6;
        bit[j] = 1ULL << (support[j] & 63);
    }
    _Alignas(32) uint64_t out[4 * BLOCK * PASSES];
    const __m256i index0 = _mm256_setr_epi64x(0, 1, 2, 3), index1 = _mm256_setr_epi64x(4, 5, 6, 7);
    const __m256i index2 = _mm256_setr_epi64x(8, 9, 10, 11), index3 = _mm256_setr_epi64x(12, 13, 14, 15);
    const __m256i index4 = _mm256_setr_epi64x(16, 17, 18, 19), index5 = _mm256_setr_epi64x(20, 21, 22, 23);
    const __m256i index6 = _mm256_setr_epi64x(24, 25, 26, 27), index7 = _mm256_setr_epi64x(28, 29, 30, 31);
    for (size_t pass = 0; pass < PASSES; pass++) {
        const __m256i first = _mm256_set1_epi64x((long long)(4 * BLOCK * pass));
        __m256i acc0 = _mm256_setzero_si256(), acc1 = acc0, acc2 = acc0, acc3 = acc0;
        __m256i acc4 = acc0, acc5 = acc0, acc6 = acc0, acc7 = acc0;
        for (size_t j = 0; j < weight; j++) {
            const __m256i rel = _mm256_sub_epi64(_mm256_set1_epi64x((long long)word[j]), first);
            const __m256i b = _mm256_set1_epi64x((long long)bit[j]);
            ACCUMULATE(0);
            ACCUMULATE(1);
            ACCUMULATE(2);
            ACCUMULATE(3);
            ACCUMULATE(4);
            ACCUMULATE(5);
            ACCUMULATE(6);
            ACCUMULATE(7);
        }
        __m256i *o = (__m256i *)(out + 4 * BLOCK * pass);
        _mm256_store_si256(o + 0, acc0);
        _mm256_store_si256(o + 1, acc1);
        _mm256_store_si256(o + 2, acc2);
        _mm256_store_si256(o + 3, acc3);
        _mm256_store_si256(o + 4, acc4);
        _mm256_store_si256(o + 5, acc5);
        _mm256_store_si256(o + 6, acc6);
        _mm256_store_si256(o + 7, acc7);
    }
    memcpy(v, out, HQC_WORDS * sizeof *v);
    memset(out, 0, sizeof out);
    memset(word, 0, sizeof word);
    memset(bit, 0, sizeof bit);
    __asm__ __volatile__("" : : "r"(out), "r"(word), "r"(bit) : "memory");
}
