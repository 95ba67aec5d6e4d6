/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* rm_decode_avx512.c: maximum-likelihood decoding of the duplicated RM(1,7) code with
 * AVX-512BW (spec section "Duplicated Reed-Muller codes"; the same function as the portable
 * src/hqc/reed_muller.c and ../rm_decode_avx2.c): the 128 per-position counts, counted through
 * mask registers, the Walsh-Hadamard butterflies as a shuffle, an add and a masked subtract,
 * first on int8 lanes and then on int16, and the first largest peak from compare masks. */
#include <immintrin.h>

#include "rm_decode_avx512.h"
#include "rm_peak.h"

/* The counts and the first RM_INT8_STAGES stages (rm_peak.h) on int8 lanes. Lane i of vector
 * v: codeword position 64 v + i, one copy's word v as the mask of the lanes that count one more. */
static inline void count_ones(__m512i b[2], const uint64_t *block)
{
    const __m512i one = _mm512_set1_epi8(1);
    b[0] = b[1] = _mm512_setzero_si512();
    for (int c = 0; c < HQC_RM_COPIES; c++)
        for (int v = 0; v < 2; v++)
            b[v] = _mm512_mask_add_epi8(b[v], (__mmask64)block[2 * c + v], b[v], one);
}

/* One butterfly: lane p becomes x[p] + x[p ^ s] where bit s of p is clear and x[p ^ s] - x[p]
 * where it is set (set: that mask; partner: x[p ^ s]). */
static inline __m512i butterfly8(__m512i x, __m512i partner, __mmask64 set)
{
    return _mm512_mask_sub_epi8(_mm512_add_epi8(partner, x), set, partner, x);
}

static inline __m512i butterfly16(__m512i x, __m512i partner, __mmask32 set)
{
    return _mm512_mask_sub_epi16(_mm512_add_epi16(partner, x), set, partner, x);
}

/* t[v], lane i: Hadamard coefficient 32 v + i of the counts. */
static inline void walsh_hadamard_avx512(__m512i t[4], __m512i b[2])
{
    /* Byte shuffles inside 128-bit lanes that swap bytes p and p ^ s, s = 1, 2, 4, 8. */
    const __m512i swap1 = _mm512_broadcast_i32x4(_mm_setr_epi8(1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14));
    const __m512i swap2 = _mm512_broadcast_i32x4(_mm_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13));
    const __m512i swap4 = _mm512_broadcast_i32x4(_mm_setr_epi8(4, 5, 6, 7, 0, 1, 2, 3, 12, 13, 14, 15, 8, 9, 10, 11));
    const __m512i swap8 = _mm512_broadcast_i32x4(_mm_setr_epi8(8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7));
    for (int v = 0; v < 2; v++) {
        __m512i x = b[v];
        x = butterfly8(x, _mm512_shuffle_epi8(x, swap1), 0xAAAAAAAAAAAAAAAAull);
        x = butterfly8(x, _mm512_shuffle_epi8(x, swap2), 0xCCCCCCCCCCCCCCCCull);
        x = butterfly8(x, _mm512_shuffle_epi8(x, swap4), 0xF0F0F0F0F0F0F0F0ull);
        x = butterfly8(x, _mm512_shuffle_epi8(x, swap8), 0xFF00FF00FF00FF00ull);
        if (RM_INT8_STAGES == 5) /* stride 16 */
            x = butterfly8(x, _mm512_shuffle_i64x2(x, x, 0xb1), 0xFFFF0000FFFF0000ull);
        t[2 * v] = _mm512_cvtepi8_epi16(_mm512_castsi512_si256(x)); /* sign-extended */
        t[2 * v + 1] = _mm512_cvtepi8_epi16(_mm512_extracti64x4_epi64(x, 1));
    }
    if (RM_INT8_STAGES == 4) /* stride 16: the 256-bit halves of each int16 vector */
        for (int v = 0; v < 4; v++)
            t[v] = butterfly16(t[v], _mm512_shuffle_i64x2(t[v], t[v], 0x4e), 0xFFFF0000u);
    for (int s = 1; s < 4; s <<= 1) /* strides 32 and 64 lanes: between vectors */
        for (int v = 0; v < 4; v++)
            if (!(v & s)) {
                const __m512i a = t[v], c = t[v + s];
                t[v] = _mm512_add_epi16(a, c);
                t[v + s] = _mm512_sub_epi16(a, c);
            }
}

static inline uint8_t decode_symbol_avx512(const uint64_t *block)
{
    __m512i b[2], t[4], absv[4];
    count_ones(b, block);
    walsh_hadamard_avx512(t, b);
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
