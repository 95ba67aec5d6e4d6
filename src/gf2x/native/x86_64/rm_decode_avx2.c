/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* rm_decode_avx2.c: maximum-likelihood decoding of the duplicated RM(1,7) code with AVX2
 * (spec section "Duplicated Reed-Muller codes"; the same function as src/hqc/reed_muller.c):
 * the 128 per-position counts, the Walsh-Hadamard butterflies as lane shuffles plus a sign flip,
 * first on int8 lanes (four vectors) and then on int16 (eight), and the first largest peak as
 * the smallest key (rm_peak.h), never with a secret index. */
#include <immintrin.h>

#include "rm_decode_avx2.h"
#include "rm_peak.h"

/* The counts and the first RM_INT8_STAGES stages (rm_peak.h) on int8 lanes. Lane i of vector
 * v: codeword position 32 v + i. Each copy's 16 bytes are loaded once into both 128-bit halves;
 * for vector v a byte shuffle spreads its bytes 4 v .. 4 v + 3 over the lanes (byte 4 v + i / 8
 * to lane i), tested by AND with 1 << (i % 8) then compare; -1 per set bit is subtracted from
 * the counts. */
static void count_ones(__m256i b[4], const uint64_t *block)
{
    const __m256i spread = _mm256_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2,
                                            3, 3, 3, 3, 3, 3, 3, 3);
    const __m256i bit = _mm256_set1_epi64x(0x8040201008040201);
    for (int v = 0; v < 4; v++)
        b[v] = _mm256_setzero_si256();
    for (int c = 0; c < HQC_RM_COPIES; c++) {
        const __m256i copy = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(block + 2 * c)));
        for (int v = 0; v < 4; v++) {
            const __m256i pick = _mm256_add_epi8(spread, _mm256_set1_epi8((char)(4 * v)));
            __m256i x = _mm256_and_si256(_mm256_shuffle_epi8(copy, pick), bit);
            b[v] = _mm256_sub_epi8(b[v], _mm256_cmpeq_epi8(x, bit));
        }
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

/* The peak key of each lane of t (rm_peak.h): (|t| [/ 2] << 8 | t < 0) ^ (RM_KEY_FLIP | lane << 1),
 * lane_bits = RM_KEY_FLIP | lane << 1 for these 16 lanes. */
static inline __m256i peak_keys(__m256i t, __m256i lane_bits)
{
    __m256i a = _mm256_abs_epi16(t);
    if (RM_KEY_HALVE)
        a = _mm256_srli_epi16(a, 1);
    return _mm256_xor_si256(_mm256_or_si256(_mm256_slli_epi16(a, 8), _mm256_srli_epi16(t, 15)), lane_bits);
}

static uint8_t decode_symbol_avx2(const uint64_t *block)
{
    __m256i b[4], t[8];
    count_ones(b, block);
    walsh_hadamard_avx2(t, b);
    /* Same normalisation as the portable decoder: subtract 64 * copies at position 0. */
    t[0] = _mm256_sub_epi16(t[0], _mm256_setr_epi16(64 * HQC_RM_COPIES, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0));

    __m256i key = _mm256_setzero_si256();
    for (int v = 0; v < 8; v++) {
        const __m256i lane_bits = _mm256_add_epi16(
            _mm256_setr_epi16(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30),
            _mm256_set1_epi16((short)(RM_KEY_FLIP | 32 * v)));
        const __m256i k = peak_keys(t[v], lane_bits);
        key = v == 0 ? k : _mm256_min_epu16(key, k);
    }
    const __m128i k128 = _mm_min_epu16(_mm256_castsi256_si128(key), _mm256_extracti128_si256(key, 1));
    return rm_peak_from_key((uint32_t)_mm_cvtsi128_si32(_mm_minpos_epu16(k128)));
}

void rm_decode_avx2(uint8_t *msg, const uint64_t *cdw)
{
    for (int i = 0; i < HQC_N1; i++)
        msg[i] = decode_symbol_avx2(cdw + 2 * HQC_RM_COPIES * i);
}
