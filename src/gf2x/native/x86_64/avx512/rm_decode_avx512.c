/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* rm_decode_avx512.c: maximum-likelihood decoding of the duplicated RM(1,7) code with
 * AVX-512BW (spec section "Duplicated Reed-Muller codes"; the same function as the portable
 * src/hqc/reed_muller.c and ../rm_decode_avx2.c): the 128 per-position counts, counted through
 * mask registers, the Walsh-Hadamard butterflies as a shuffle, an add and a masked subtract,
 * first on int8 lanes and then on int16, and the first largest peak as the smallest key. */
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

/* The peak key of each lane of t (rm_peak.h): (|t| [/ 2] << 8 | t < 0) ^ (RM_KEY_FLIP | lane << 1)
 * with lane_bits = RM_KEY_FLIP | lane << 1 for these 32 lanes. The OR and XOR are written as such
 * (compilers merge them into one VPTERNLOG): MemorySanitizer does not model the ternary-logic
 * intrinsic and would report its secret operands (tests/test_ct.py's MSan row). */
static inline __m512i peak_keys(__m512i t, __m512i lane_bits)
{
    __m512i a = _mm512_abs_epi16(t);
    if (RM_KEY_HALVE)
        a = _mm512_srli_epi16(a, 1);
    return _mm512_xor_si512(_mm512_or_si512(_mm512_slli_epi16(a, 8), _mm512_srli_epi16(t, 15)), lane_bits);
}

/* Inlined into the loop below, so the shuffle, mask and lane constants are set up once. */
static inline __attribute__((always_inline)) uint8_t decode_symbol_avx512(const uint64_t *block)
{
    __m512i b[2], t[4];
    count_ones(b, block);
    walsh_hadamard_avx512(t, b);
    /* Same normalisation as the portable decoder: subtract 64 * copies at position 0. */
    t[0] = _mm512_mask_sub_epi16(t[0], 1, t[0], _mm512_set1_epi16(64 * HQC_RM_COPIES));

    __m512i key = _mm512_setzero_si512();
    for (int v = 0; v < 4; v++) {
        const __m512i lane_bits = _mm512_add_epi16(
            _mm512_set_epi16(62, 60, 58, 56, 54, 52, 50, 48, 46, 44, 42, 40, 38, 36, 34, 32, 30, 28, 26, 24, 22, 20, 18,
                             16, 14, 12, 10, 8, 6, 4, 2, 0),
            _mm512_set1_epi16((short)(RM_KEY_FLIP | 64 * v)));
        const __m512i k = peak_keys(t[v], lane_bits);
        key = v == 0 ? k : _mm512_min_epu16(key, k);
    }
    const __m256i k256 = _mm256_min_epu16(_mm512_castsi512_si256(key), _mm512_extracti64x4_epi64(key, 1));
    const __m128i k128 = _mm_min_epu16(_mm256_castsi256_si128(k256), _mm256_extracti128_si256(k256, 1));
    return rm_peak_from_key((uint32_t)_mm_cvtsi128_si32(_mm_minpos_epu16(k128)));
}

void rm_decode_avx512(uint8_t *msg, const uint64_t *cdw)
{
    for (int i = 0; i < HQC_N1; i++)
        msg[i] = decode_symbol_avx512(cdw + 2 * HQC_RM_COPIES * i);
}
