/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* rm_decode_avx512.c: maximum-likelihood decoding of the duplicated RM(1,7) code with
 * AVX-512BW (spec section "Duplicated Reed-Muller codes"; the same function as the portable
 * src/hqc/reed_muller.c and ../rm_decode_avx2.c): the 128 per-position counts in four vectors
 * of 32 int16 lanes, counted through mask registers, the Walsh-Hadamard butterflies as a
 * shuffle, an add and a masked subtract, and the first largest peak from compare masks. */
#include <immintrin.h>

#include "rm_decode_avx512.h"
#include "rm_peak.h"

/* Lane i of vector v: codeword position 32 v + i. Each copy's 32 bits for vector v become a
 * mask, and the lanes whose bit is set count one more. */
static inline void count_ones(__m512i t[4], const uint64_t *block)
{
    const __m512i one = _mm512_set1_epi16(1);
    for (int v = 0; v < 4; v++)
        t[v] = _mm512_setzero_si512();
    for (int c = 0; c < HQC_RM_COPIES; c++)
        for (int v = 0; v < 4; v++) {
            const __mmask32 bits = (__mmask32)(block[2 * c + v / 2] >> (32 * (v % 2)));
            t[v] = _mm512_mask_add_epi16(t[v], bits, t[v], one);
        }
}

/* One butterfly of stride s inside each vector: lane p becomes x[p] + x[p ^ s] where bit s
 * of p is clear and x[p ^ s] - x[p] where it is set (set: that mask). */
static inline __m512i butterfly(__m512i x, __m512i partner, __mmask32 set)
{
    return _mm512_mask_sub_epi16(_mm512_add_epi16(partner, x), set, partner, x);
}

static inline void walsh_hadamard_avx512(__m512i t[4])
{
    /* Byte shuffles inside 128-bit lanes that swap 16-bit lanes p and p ^ s, s = 1, 2, 4. */
    const __m512i swap1 = _mm512_broadcast_i32x4(_mm_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13));
    const __m512i swap2 = _mm512_broadcast_i32x4(_mm_setr_epi8(4, 5, 6, 7, 0, 1, 2, 3, 12, 13, 14, 15, 8, 9, 10, 11));
    const __m512i swap4 = _mm512_broadcast_i32x4(_mm_setr_epi8(8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7));
    for (int v = 0; v < 4; v++) {
        __m512i x = t[v];
        x = butterfly(x, _mm512_shuffle_epi8(x, swap1), 0xAAAAAAAAu);
        x = butterfly(x, _mm512_shuffle_epi8(x, swap2), 0xCCCCCCCCu);
        x = butterfly(x, _mm512_shuffle_epi8(x, swap4), 0xF0F0F0F0u);
        x = butterfly(x, _mm512_shuffle_i64x2(x, x, 0xb1), 0xFF00FF00u);
        x = butterfly(x, _mm512_shuffle_i64x2(x, x, 0x4e), 0xFFFF0000u);
        t[v] = x;
    }
    for (int s = 1; s < 4; s <<= 1) /* strides 32 and 64 lanes: between vectors */
        for (int v = 0; v < 4; v++)
            if (!(v & s)) {
                const __m512i a = t[v], b = t[v + s];
                t[v] = _mm512_add_epi16(a, b);
                t[v + s] = _mm512_sub_epi16(a, b);
            }
}

static inline uint8_t decode_symbol_avx512(const uint64_t *block)
{
    __m512i t[4], absv[4];
    count_ones(t, block);
    walsh_hadamard_avx512(t);
    /* Same normalisation as the portable decoder: subtract 64 * copies at position 0. */
    t[0] = _mm512_mask_sub_epi16(t[0], 1, t[0], _mm512_set1_epi16(64 * HQC_RM_COPIES));

    __m512i best = _mm512_setzero_si512();
    for (int v = 0; v < 4; v++) {
        absv[v] = _mm512_abs_epi16(t[v]);
        best = _mm512_max_epi16(best, absv[v]);
    }
    best = _mm512_max_epi16(best, _mm512_shuffle_i64x2(best, best, 0x4e));
    best = _mm512_max_epi16(best, _mm512_shuffle_i64x2(best, best, 0xb1));
    best = _mm512_max_epi16(best, _mm512_shuffle_epi8(best, _mm512_broadcast_i32x4(_mm_setr_epi8(
                                      8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7))));
    best = _mm512_max_epi16(best, _mm512_shuffle_epi8(best, _mm512_broadcast_i32x4(_mm_setr_epi8(
                                      4, 5, 6, 7, 0, 1, 2, 3, 12, 13, 14, 15, 8, 9, 10, 11))));
    best = _mm512_max_epi16(best, _mm512_shuffle_epi8(best, _mm512_broadcast_i32x4(_mm_setr_epi8(
                                      2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13))));
    uint64_t eqm[2], posm[2];
    for (int h = 0; h < 2; h++) {
        eqm[h] = (uint64_t)_mm512_cmpeq_epi16_mask(absv[2 * h], best) |
                 (uint64_t)_mm512_cmpeq_epi16_mask(absv[2 * h + 1], best) << 32;
        /* t > 0, as not t <= 0 */
        posm[h] = ~((uint64_t)_mm512_cmple_epi16_mask(t[2 * h], _mm512_setzero_si512()) |
                    (uint64_t)_mm512_cmple_epi16_mask(t[2 * h + 1], _mm512_setzero_si512()) << 32);
    }
    return rm_first_peak(eqm, posm);
}

void rm_decode_avx512(uint8_t *msg, const uint64_t *cdw)
{
    for (int i = 0; i < HQC_N1; i++)
        msg[i] = decode_symbol_avx512(cdw + 2 * HQC_RM_COPIES * i);
}
