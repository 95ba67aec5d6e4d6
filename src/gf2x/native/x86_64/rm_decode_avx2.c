/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* rm_decode_avx2.c: maximum-likelihood decoding of the duplicated RM(1,7) code with AVX2
 * (spec section "Duplicated Reed-Muller codes"; the same function as src/hqc/reed_muller.c):
 * the 128 per-position counts live in eight vectors of sixteen int16 lanes, the Walsh-Hadamard
 * butterflies are lane shuffles plus a sign flip, and the first largest peak is found with
 * masks, never with a secret index. */
#include <immintrin.h>
#include <string.h>

#include "rm_decode_avx2.h"
#include "rm_peak.h"

/* Lanes i of vector v: codeword positions 16 v + i. Bit i of a 16-bit chunk is tested by
 * AND with (1 << i) then compare; -1 per set bit is subtracted from the counts. */
static void count_ones(__m256i t[8], const uint64_t *block)
{
    const __m256i bit = _mm256_setr_epi16(1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192,
                                          16384, (short)0x8000);
    for (int v = 0; v < 8; v++)
        t[v] = _mm256_setzero_si256();
    for (int c = 0; c < HQC_RM_COPIES; c++)
        for (int v = 0; v < 8; v++) {
            uint16_t chunk = (uint16_t)(block[2 * c + v / 4] >> (16 * (v % 4)));
            __m256i x = _mm256_and_si256(_mm256_set1_epi16((short)chunk), bit);
            t[v] = _mm256_sub_epi16(t[v], _mm256_cmpeq_epi16(x, bit));
        }
}

/* One butterfly stage of stride s < 16 inside each vector: lane p becomes partner + x if bit
 * s of p is clear, partner - x otherwise (partner = lane p ^ s). */
static __m256i butterfly_in_vector(__m256i x, __m256i partner, __m256i sign)
{
    return _mm256_add_epi16(partner, _mm256_sign_epi16(x, sign));
}

static void walsh_hadamard_avx2(__m256i t[8])
{
    const __m256i s1 = _mm256_setr_epi16(1, -1, 1, -1, 1, -1, 1, -1, 1, -1, 1, -1, 1, -1, 1, -1);
    const __m256i s2 = _mm256_setr_epi16(1, 1, -1, -1, 1, 1, -1, -1, 1, 1, -1, -1, 1, 1, -1, -1);
    const __m256i s4 = _mm256_setr_epi16(1, 1, 1, 1, -1, -1, -1, -1, 1, 1, 1, 1, -1, -1, -1, -1);
    const __m256i s8 = _mm256_setr_epi16(1, 1, 1, 1, 1, 1, 1, 1, -1, -1, -1, -1, -1, -1, -1, -1);
    for (int v = 0; v < 8; v++) {
        __m256i x = t[v];
        x = butterfly_in_vector(x, _mm256_shufflehi_epi16(_mm256_shufflelo_epi16(x, 0xb1), 0xb1), s1);
        x = butterfly_in_vector(x, _mm256_shuffle_epi32(x, 0xb1), s2);
        x = butterfly_in_vector(x, _mm256_shuffle_epi32(x, 0x4e), s4);
        x = butterfly_in_vector(x, _mm256_permute4x64_epi64(x, 0x4e), s8);
        t[v] = x;
    }
    for (int s = 1; s < 8; s <<= 1) /* strides 16, 32, 64 lanes: between vectors */
        for (int v = 0; v < 8; v++)
            if (!(v & s)) {
                __m256i a = t[v], b = t[v + s];
                t[v] = _mm256_add_epi16(a, b);
                t[v + s] = _mm256_sub_epi16(a, b);
            }
}

/* One bit per lane, lanes in order, from eight int16 compare results. */
static void lane_mask(uint64_t out[2], const __m256i m[8])
{
    for (int h = 0; h < 2; h++) {
        __m256i lo = _mm256_permute4x64_epi64(_mm256_packs_epi16(m[4 * h], m[4 * h + 1]), 0xd8);
        __m256i hi = _mm256_permute4x64_epi64(_mm256_packs_epi16(m[4 * h + 2], m[4 * h + 3]), 0xd8);
        out[h] = (uint32_t)_mm256_movemask_epi8(lo) | ((uint64_t)(uint32_t)_mm256_movemask_epi8(hi) << 32);
    }
}

static uint8_t decode_symbol_avx2(const uint64_t *block)
{
    __m256i t[8], absv[8], eq[8], pos[8];
    count_ones(t, block);
    walsh_hadamard_avx2(t);
    /* Same normalisation as the portable decoder: subtract 64 * copies at position 0. */
    t[0] = _mm256_sub_epi16(t[0], _mm256_setr_epi16(64 * HQC_RM_COPIES, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0));

    __m256i best = _mm256_setzero_si256();
    for (int v = 0; v < 8; v++) {
        absv[v] = _mm256_abs_epi16(t[v]);
        best = _mm256_max_epi16(best, absv[v]);
    }
    best = _mm256_max_epi16(best, _mm256_permute4x64_epi64(best, 0x4e));
    best = _mm256_max_epi16(best, _mm256_shuffle_epi32(best, 0x4e));
    best = _mm256_max_epi16(best, _mm256_shuffle_epi32(best, 0xb1));
    best = _mm256_max_epi16(best, _mm256_shufflelo_epi16(_mm256_shufflehi_epi16(best, 0xb1), 0xb1));
    for (int v = 0; v < 8; v++) {
        eq[v] = _mm256_cmpeq_epi16(absv[v], best);
        pos[v] = _mm256_cmpgt_epi16(t[v], _mm256_setzero_si256());
    }
    uint64_t eqm[2], posm[2];
    lane_mask(eqm, eq);
    lane_mask(posm, pos);

    return rm_first_peak(eqm, posm);
}

void rm_decode_avx2(uint8_t *msg, const uint64_t *cdw)
{
    for (int i = 0; i < HQC_N1; i++)
        msg[i] = decode_symbol_avx2(cdw + 2 * HQC_RM_COPIES * i);
}
