/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* keccak_f1600_x4_avx2.c: four Keccak-f[1600] permutations at once (FIPS 202 section 3.3),
 * one state per 64-bit element of 256-bit vectors, from the same generated rounds as the
 * single-state permutation. Lane i of state j is s[4 i + j]. Built with -mavx2. */
#include <immintrin.h>

#include "keccak_x86.h"
#include "keccak_tables.h"

/* Rotations by 8 and 56 bits move whole bytes: one shuffle instead of two shifts and an OR. */
static inline __m256i rol_x4(__m256i x, int n)
{
    if (n == 8)
        return _mm256_shuffle_epi8(x, _mm256_setr_epi8(7, 0, 1, 2, 3, 4, 5, 6, 15, 8, 9, 10, 11, 12, 13, 14,
                                                       7, 0, 1, 2, 3, 4, 5, 6, 15, 8, 9, 10, 11, 12, 13, 14));
    if (n == 56)
        return _mm256_shuffle_epi8(x, _mm256_setr_epi8(1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8,
                                                       1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8));
    return _mm256_or_si256(_mm256_slli_epi64(x, n), _mm256_srli_epi64(x, 64 - n));
}

#define KECCAK_XOR(x, y) _mm256_xor_si256((x), (y))
#define KECCAK_ANDN(x, y) _mm256_andnot_si256((x), (y))
#define KECCAK_ROL(x, n) rol_x4((x), (n))
#define KECCAK_LOAD(i) _mm256_loadu_si256((const __m256i *)(s + 4 * (i)))
#define KECCAK_STORE(i, v) _mm256_storeu_si256((__m256i *)(s + 4 * (i)), (v))
#define KECCAK_RC(r) _mm256_set1_epi64x((long long)keccak_round_constants[r])

void hqc_keccak_f1600_x4_avx2(uint64_t s[100])
{
    KECCAK_F1600_BODY(__m256i)
}
