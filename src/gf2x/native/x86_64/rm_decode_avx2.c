/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* rm_decode_avx2.c: maximum-likelihood decoding of the duplicated RM(1,7) code with AVX2
 * (spec section "Duplicated Reed-Muller codes"; the same function as src/hqc/reed_muller.c):
 * the 128 per-position counts, the Walsh-Hadamard butterflies as lane shuffles plus a sign flip,
 * first on int8 lanes (four vectors) and then on int16 (eight), and the first largest peak
 * found with masks, never with a secret index. */
#include <immintrin.h>
#include <string.h>

#include "rm_decode_avx2.h"
#include "rm_peak.h"

/* The counts and the first RM_INT8_STAGES stages (rm_peak.h) on int8 lanes. Lane i of vector
 * v: codeword position 32 v + i. Each copy's 32 bits for vector v are spread over the lanes
 * (byte i / 8 to lane i), tested by AND with 1 << (i % 8) then compare; -1 per set bit is
 * subtracted from the counts. */
static void count_ones(__m256i b[4], const uint64_t *block)
{
    const __m256i spread = _mm256_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2,
                                            3, 3, 3, 3, 3, 3, 3, 3);
    const __m256i bit = _mm256_set1_epi64x(0x8040201008040201);
    for (int v = 0; v < 4; v++)
        b[v] = _mm256_setzero_si256();
    for (int c = 0; c < HQC_RM_COPIES; c++)
        for (int v = 0; v < 4; v++) {
            uint32_t chunk = (uint32_t)(block[2 * c + v / 2] >> (32 * (v % 2)));
            __m256i x = _mm256_and_si256(_mm256_shuffle_epi8(_mm256_set1_epi32((int)chunk), spread), bit);
            b[v] = _mm256_sub_epi8(b[v], _mm256_cmpeq_epi8(x, bit));
        }
}

/* One butterfly stage of stride s inside each vector: lane p becomes partner + x if bit s of p
 * is clear, partner - x otherwise (partner = lane p ^ s). */
static __m256i butterfly8(__m256i x, __m256i partner, __m256i sign)
{
    return _mm256_add_epi8(partner, _mm256_sign_epi8(x, sign));
}

/* t[v], lane i: Hadamard coefficient 16 v + i of the counts. */
static void walsh_hadamard_avx2(__m256i t[8], __m256i b[4])
{
    const __m256i s1 = _mm256_set1_epi16((short)0xff01);            /* bytes 1, -1 */
    const __m256i s2 = _mm256_set1_epi32((int)0xffff0101);          /* 1, 1, -1, -1 */
    const __m256i s4 = _mm256_set1_epi64x((long long)0xffffffff01010101ull);
    const __m256i s8 = _mm256_setr_epi64x(0x0101010101010101, -1, 0x0101010101010101, -1);
    const __m256i s16 = _mm256_setr_epi64x(0x0101010101010101, 0x0101010101010101, -1, -1);
    const __m256i swap1 = _mm256_setr_epi8(1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14, 1, 0, 3, 2, 5, 4, 7,
                                           6, 9, 8, 11, 10, 13, 12, 15, 14);
    for (int v = 0; v < 4; v++) {
        __m256i x = b[v];
        x = butterfly8(x, _mm256_shuffle_epi8(x, swap1), s1);
        x = butterfly8(x, _mm256_shufflehi_epi16(_mm256_shufflelo_epi16(x, 0xb1), 0xb1), s2);
        x = butterfly8(x, _mm256_shuffle_epi32(x, 0xb1), s4);
        x = butterfly8(x, _mm256_shuffle_epi32(x, 0x4e), s8);
        if (RM_INT8_STAGES == 5) /* stride 16 */
            x = butterfly8(x, _mm256_permute4x64_epi64(x, 0x4e), s16);
        t[2 * v] = _mm256_cvtepi8_epi16(_mm256_castsi256_si128(x)); /* sign-extended */
        t[2 * v + 1] = _mm256_cvtepi8_epi16(_mm256_extracti128_si256(x, 1));
    }
    /* The remaining strides (16 lanes at HQC-3 and HQC-5, then 32 and 64) between vectors. */
    for (int s = RM_INT8_STAGES == 5 ? 2 : 1; s < 8; s <<= 1)
        for (int v = 0; v < 8; v++)
            if (!(v & s)) {
                __m256i a = t[v], c = t[v + s];
                t[v] = _mm256_add_epi16(a, c);
                t[v + s] = _mm256_sub_epi16(a, c);
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
    __m256i b[4], t[8], absv[8], eq[8], pos[8];
    count_ones(b, block);
    walsh_hadamard_avx2(t, b);
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
