/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* support_to_vector_avx512.c: the dense vector with ones at a secret support, in constant
 * time (spec section "Sampling"). The algorithms of src/gf2x_avx2/support_to_vector_avx2.c,
 * chosen per level the same way:
 *   - HQC-3 and HQC-5: the AVX2 oblivious-routing kernel itself (sort, compaction with merge,
 *     expansion), which runs unchanged on AVX-512 CPUs and is the code measured and checked
 *     on Zen 3;
 *   - HQC-1: every 512-bit chunk compared with every position, eight words per compare into a
 *     mask register and one masked OR, eight chunks held in registers per pass (the AVX2
 *     kernel's register blocking at twice the width). Not run on AVX-512 hardware by the
 *     session that wrote it (bench/supprs/README.md). */
#include <immintrin.h>
#include <string.h>

#include "backend.h"
#include "support_to_vector_avx512.h"

#if HQC_LEVEL == 1

#define CHUNKS ((HQC_WORDS + 7) / 8) /* 512-bit output chunks */
#define BLOCK 8                      /* chunks per pass, held in zmm registers */
#define PASSES ((CHUNKS + BLOCK - 1) / BLOCK)

#define ACCUMULATE(k) \
    acc##k = _mm512_mask_or_epi64(acc##k, _mm512_cmpeq_epi64_mask(rel, index##k), acc##k, b)

/* Aligned on a cache line so that the hot loop's place relative to the 64-byte lines does not
 * depend on where the linker puts the function (see the AVX2 kernel). */
__attribute__((aligned(64))) void support_to_vector_avx512(uint64_t *v, const uint32_t *support, size_t weight)
{
    uint64_t word[HQC_OMEGA_R], bit[HQC_OMEGA_R];
    for (size_t j = 0; j < weight; j++) {
        word[j] = support[j] >> 6;
        bit[j] = 1ULL << (support[j] & 63);
    }
    _Alignas(64) uint64_t out[8 * BLOCK * PASSES];
    const __m512i index0 = _mm512_setr_epi64(0, 1, 2, 3, 4, 5, 6, 7);
    const __m512i eight = _mm512_set1_epi64(8);
    const __m512i index1 = _mm512_add_epi64(index0, eight), index2 = _mm512_add_epi64(index1, eight);
    const __m512i index3 = _mm512_add_epi64(index2, eight), index4 = _mm512_add_epi64(index3, eight);
    const __m512i index5 = _mm512_add_epi64(index4, eight), index6 = _mm512_add_epi64(index5, eight);
    const __m512i index7 = _mm512_add_epi64(index6, eight);
    for (size_t pass = 0; pass < PASSES; pass++) {
        const __m512i first = _mm512_set1_epi64((long long)(8 * BLOCK * pass));
        __m512i acc0 = _mm512_setzero_si512(), acc1 = acc0, acc2 = acc0, acc3 = acc0;
        __m512i acc4 = acc0, acc5 = acc0, acc6 = acc0, acc7 = acc0;
        for (size_t j = 0; j < weight; j++) {
            const __m512i rel = _mm512_sub_epi64(_mm512_set1_epi64((long long)word[j]), first);
            const __m512i b = _mm512_set1_epi64((long long)bit[j]);
            ACCUMULATE(0);
            ACCUMULATE(1);
            ACCUMULATE(2);
            ACCUMULATE(3);
            ACCUMULATE(4);
            ACCUMULATE(5);
            ACCUMULATE(6);
            ACCUMULATE(7);
        }
        __m512i *o = (__m512i *)(out + 8 * BLOCK * pass);
        _mm512_store_si512(o + 0, acc0);
        _mm512_store_si512(o + 1, acc1);
        _mm512_store_si512(o + 2, acc2);
        _mm512_store_si512(o + 3, acc3);
        _mm512_store_si512(o + 4, acc4);
        _mm512_store_si512(o + 5, acc5);
        _mm512_store_si512(o + 6, acc6);
        _mm512_store_si512(o + 7, acc7);
    }
    memcpy(v, out, HQC_WORDS * sizeof *v);
    memset(out, 0, sizeof out);
    memset(word, 0, sizeof word);
    memset(bit, 0, sizeof bit);
    __asm__ __volatile__("" : : "r"(out), "r"(word), "r"(bit) : "memory");
}

#else

#include "support_to_vector_avx2.h"

void support_to_vector_avx512(uint64_t *v, const uint32_t *support, size_t weight)
{
    support_to_vector_avx2(v, support, weight);
}

#endif
