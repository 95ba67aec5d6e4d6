/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* syndromes_avx2.c: RS syndromes S_i = c(p_i), p_i = alpha^(i+1), i < 2 delta (spec section
 * "Decoding the Reed-Solomon code", step 1), two syndromes per ymm register, one per 128-bit
 * lane. With j = 16 m + r, S_i = sum_r p^r sum_m c[16m+r] (p^16)^m: the 16 bytes of a lane run
 * Horner's rule in p^16 side by side, then a 4-level tree folds byte r in with weight p^r. */
#include "syndromes_avx2.h"

#include <immintrin.h>
#include <string.h>

#include "syndromes_tables.h"
#include "zeroize.h"

#define CHUNKS ((HQC_N1 + 15) / 16)

_Static_assert(2 * HQC_DELTA <= SYNDROMES_TABLE_COUNT, "generated tables cover 2 delta syndromes");

/* v * c in every byte, c the constant whose low/high nibble products are in tables[0]/[1].
 * vpshufb looks the secret nibbles up in a register, so no address depends on them. */
static inline __m256i mul_by_constant(__m256i v, const uint8_t tables[2][32])
{
    const __m256i nibble = _mm256_set1_epi8(0x0f);
    __m256i lo = _mm256_and_si256(v, nibble);
    __m256i hi = _mm256_and_si256(_mm256_srli_epi16(v, 4), nibble);
    __m256i t_lo = _mm256_load_si256((const __m256i *)tables[0]);
    __m256i t_hi = _mm256_load_si256((const __m256i *)tables[1]);
    return _mm256_xor_si256(_mm256_shuffle_epi8(t_lo, lo), _mm256_shuffle_epi8(t_hi, hi));
}

void rs_syndromes_avx2(uint8_t *syn, const uint8_t *cdw)
{
    uint8_t padded[16 * CHUNKS] = {0};
    __m256i chunk[CHUNKS];
    memcpy(padded, cdw, HQC_N1);
    for (int m = 0; m < CHUNKS; m++)
        chunk[m] = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(padded + 16 * m)));

    for (int q = 0; q < HQC_DELTA; q++) {
        const uint8_t(*tables)[2][32] = syndromes_nibble_tables[q]; /* [t]: powers p^(2^t) */
        __m256i acc = chunk[CHUNKS - 1];
        for (int m = CHUNKS - 2; m >= 0; m--)
            acc = _mm256_xor_si256(mul_by_constant(acc, tables[4]), chunk[m]);
        /* Level t pairs byte r with byte r + 2^t, the latter weighted by p^(2^t). */
        acc = _mm256_xor_si256(acc, _mm256_bsrli_epi128(mul_by_constant(acc, tables[0]), 1));
        acc = _mm256_xor_si256(acc, _mm256_bsrli_epi128(mul_by_constant(acc, tables[1]), 2));
        acc = _mm256_xor_si256(acc, _mm256_bsrli_epi128(mul_by_constant(acc, tables[2]), 4));
        acc = _mm256_xor_si256(acc, _mm256_bsrli_epi128(mul_by_constant(acc, tables[3]), 8));
        syn[2 * q] = (uint8_t)_mm256_extract_epi8(acc, 0);
        syn[2 * q + 1] = (uint8_t)_mm256_extract_epi8(acc, 16);
    }
    zeroize(padded, sizeof padded);
    zeroize(chunk, sizeof chunk);
}
