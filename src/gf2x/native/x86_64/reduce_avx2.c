/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* reduce_avx2.c: o = prod mod X^N - 1. Since X^N = 1, bit N + i of the product folds onto
 * bit i (HQC specification, section "Notation": arithmetic in GF(2)[X]/(X^n - 1)); the high
 * part is read N % 64 bits into a word, so each output word is assembled from two words. */
#include <immintrin.h>

#include "reduce_avx2.h"

#define FOLD_WORD (HQC_N / 64)
#define FOLD_BITS (HQC_N % 64)

_Static_assert(FOLD_BITS != 0, "every level has n % 64 != 0; a multiple of 64 needs no shifts");

void reduce_mod_xn_minus_1_avx2(uint64_t *o, const uint64_t *prod)
{
    const uint64_t *high = prod + FOLD_WORD;
    size_t i = 0;
    for (; i + 4 <= HQC_WORDS; i += 4) {
        __m256i lo = _mm256_loadu_si256((const __m256i *)(high + i));
        __m256i up = _mm256_loadu_si256((const __m256i *)(high + i + 1));
        __m256i folded = _mm256_srli_epi64(lo, FOLD_BITS) ^ _mm256_slli_epi64(up, 64 - FOLD_BITS);
        _mm256_storeu_si256((__m256i *)(o + i),
                            _mm256_loadu_si256((const __m256i *)(prod + i)) ^ folded);
    }
    /* The last HQC_WORDS % 4 words one at a time: o has no room for a whole vector there. */
    for (; i < HQC_WORDS; i++)
        o[i] = prod[i] ^ (high[i] >> FOLD_BITS) ^ (high[i + 1] << (64 - FOLD_BITS));
    o[HQC_WORDS - 1] &= HQC_TOP_MASK;
}
