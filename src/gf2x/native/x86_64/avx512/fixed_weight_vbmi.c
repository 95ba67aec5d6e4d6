/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* fixed_weight_vbmi.c: encryption's fixed-weight positions from their draws (the spec's
 * SampleFixedWeightVect for r2, e and r1: Sendrier, eprint 2021/1631, Algorithm 5) for the
 * avx512 backend. The same positions as the portable twin, sample_encrypt_from_draws
 * (src/hqc/sampling.c), in constant time, with AVX-512BW and VBMI. */
#include "fixed_weight_vbmi.h"

#include <immintrin.h>

#include "zeroize.h"

/* Why this computes the twin's positions. The twin draws pos[i] = i + floor(r_i (n - i) / 2^32)
 * (so i <= pos[i] < n), then walks i down from weight - 2 and sets final[i] = i when pos[i]
 * equals some final[l], l > i ("i is taken"), else pos[i]. A final value is pos[l] or, when l is
 * taken, l; and a taken l's pos[l] is itself some later final value. So the later final values
 * are {pos[l] : l > i} together with {l > i : l taken}, and
 *     taken(i) = dup(i) or (pos[i] < weight and taken(pos[i])),
 *     dup(i)   = pos[i] == pos[l] for some l > i
 * (pos[i] == i points at i itself, which is not taken before it is decided: no effect). dup is
 * a triangle of independent 16-bit compares, 32 a step; what is left is an OR along the forward
 * pointers i -> pos[i] (or i -> i), which ceil(log2 weight) rounds of pointer jumping finish
 * with byte permutes (VBMI). The twin's walk is a chain of dependent row compares at the
 * portable layer's SSE2 width instead. Nothing here branches on or addresses by a position. */

#define LANES16 (32 * ((HQC_WEIGHT_MAX + 63) / 64 * 2)) /* 16-bit lanes: whole byte registers */
#define REGS8 (LANES16 / 64)                           /* byte registers of pointers, flags */
#define REGS16 (LANES16 / 32)
#if HQC_WEIGHT_MAX <= 64
#define ROUNDS 6
#elif HQC_WEIGHT_MAX <= 128
#define ROUNDS 7
#else
#define ROUNDS 8
#endif
_Static_assert(HQC_WEIGHT_MAX <= (1 << ROUNDS), "pointer jumping covers every path");
_Static_assert(REGS8 >= 2 && REGS8 <= 3, "pointers are gathered from two or three registers");
_Static_assert(HQC_N < 65536, "positions fit 16-bit lanes");

/* Lane k of x[] for every byte lane k of idx (k < 64 REGS8): one VPERMI2B over the first 128
 * lanes, and with a third register a VPERMB over it, chosen by bit 7 of the index. */
static inline __m512i gather8(const __m512i x[REGS8], __m512i idx)
{
    const __m512i low = _mm512_permutex2var_epi8(x[0], idx, x[1]);
#if REGS8 == 3
    return _mm512_mask_blend_epi8(_mm512_movepi8_mask(idx), low, _mm512_permutexvar_epi8(idx, x[2]));
#else
    return low;
#endif
}

/* The indices k .. k + 31 as 16-bit lanes. */
static inline __m512i iota16(unsigned k)
{
    const __m512i base = _mm512_set_epi16(31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14,
                                          13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
    return _mm512_add_epi16(base, _mm512_set1_epi16((short)k));
}

/* pos[16 g .. 16 g + 15]: i + floor(r_i (n - i) / 2^32) with r_i the little-endian 32-bit word
 * at bytes + 4 i; lanes at or past weight read nothing and come out as i. */
static inline __m256i draw16(const uint8_t *bytes, size_t weight, unsigned g)
{
    const size_t left = weight > 16 * g ? weight - 16 * g : 0;
    const __mmask16 live = left >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << left) - 1);
    const __m512i r = _mm512_maskz_loadu_epi32(live, bytes + 64 * g);
    const __m512i i = _mm512_add_epi32(_mm512_set_epi32(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0),
                                       _mm512_set1_epi32((int)(16 * g)));
    const __m512i m = _mm512_sub_epi32(_mm512_set1_epi32(HQC_N), i);
    /* 32 x 32 -> 64-bit products of the even lanes, then of the odd ones: keep the high halves. */
    const __m512i even = _mm512_srli_epi64(_mm512_mul_epu32(r, m), 32);
    const __m512i odd = _mm512_mul_epu32(_mm512_srli_epi64(r, 32), _mm512_srli_epi64(m, 32));
    return _mm512_cvtepi32_epi16(_mm512_add_epi32(_mm512_mask_blend_epi32(0xAAAA, even, odd), i));
}

void fixed_weight_vbmi(uint32_t *support, const uint8_t *bytes, size_t weight)
{
    _Alignas(64) uint16_t pos16[LANES16];
    __m512i pos[REGS16], val[REGS8], ptr[REGS8];
    __mmask32 dup[REGS16] = {0};

    for (unsigned r = 0; r < REGS16; r++) {
        pos[r] = _mm512_inserti64x4(_mm512_castsi256_si512(draw16(bytes, weight, 2 * r)),
                                    draw16(bytes, weight, 2 * r + 1), 1);
        _mm512_store_si512(pos16 + 32 * r, pos[r]);
    }
    /* dup, from the later side: position l marks every lane k < l that holds the same value.
     * One broadcast per l, compared with its own register (only the lanes below l) and every
     * register below it: the broadcasts share the shuffle port with the compares, so each l is
     * broadcast once, not once per register (REGS16 - 1 fewer per l at most). OWN_ROWS is
     * unrolled for each own register, so that the marks stay in registers. */
#define OWN_ROWS(own)                                                                                    \
    do {                                                                                                 \
        const size_t top = weight < 32 * (own) + 32 ? weight : 32 * (own) + 32;                          \
        for (size_t l = 32 * (own) + ((own) == 0); l < top; l++) {                                       \
            const __m512i b = _mm512_set1_epi16((short)pos16[l]);                                        \
            for (unsigned r = 0; r != (unsigned)(own); r++)                                              \
                dup[r] |= _mm512_cmpeq_epi16_mask(b, pos[r]);                                            \
            dup[own] |= _mm512_mask_cmpeq_epi16_mask((__mmask32)((1u << (l % 32)) - 1), b, pos[own]);   \
        }                                                                                                \
    } while (0)
    OWN_ROWS(0);
    OWN_ROWS(1);
    OWN_ROWS(2);
    OWN_ROWS(3);
#if REGS16 > 4
    OWN_ROWS(4);
    OWN_ROWS(5);
#endif
#undef OWN_ROWS
    /* Flags (0xFF: taken so far) and pointers as bytes: pos[i] if it is below weight, else i. */
    const __m512i limit = _mm512_set1_epi16((short)weight);
    for (unsigned j = 0; j < REGS8; j++) {
        __m256i half[2];
        for (unsigned h = 0; h < 2; h++) {
            const unsigned r = 2 * j + h;
            const __mmask32 inside = _mm512_cmplt_epu16_mask(pos[r], limit);
            half[h] = _mm512_cvtepi16_epi8(_mm512_mask_blend_epi16(inside, iota16(32 * r), pos[r]));
        }
        ptr[j] = _mm512_inserti64x4(_mm512_castsi256_si512(half[0]), half[1], 1);
        val[j] = _mm512_movm_epi8((__mmask64)dup[2 * j] | (__mmask64)dup[2 * j + 1] << 32);
    }
    /* After round t, val[i] is the OR of dup over the first 2^t nodes of i's path. */
    for (unsigned t = 0; t < ROUNDS; t++) {
        __m512i next_val[REGS8], next_ptr[REGS8];
        for (unsigned j = 0; j < REGS8; j++) {
            next_val[j] = _mm512_or_si512(val[j], gather8(val, ptr[j]));
            next_ptr[j] = gather8(ptr, ptr[j]);
        }
        for (unsigned j = 0; j < REGS8; j++)
            val[j] = next_val[j], ptr[j] = next_ptr[j];
    }
    /* final[i] = taken ? i : pos[i], widened to 32 bits; stores stop at weight. */
    for (unsigned r = 0; r < REGS16; r++) {
        const __mmask64 taken = _mm512_movepi8_mask(val[r / 2]);
        const __mmask32 here = (__mmask32)(r % 2 ? taken >> 32 : taken);
        const __m512i f = _mm512_mask_blend_epi16(here, pos[r], iota16(32 * r));
        for (unsigned h = 0; h < 2; h++) {
            const size_t at = 32 * r + 16 * h, left = weight > at ? weight - at : 0;
            const __mmask16 live = left >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << left) - 1);
            const __m256i part = h ? _mm512_extracti64x4_epi64(f, 1) : _mm512_castsi512_si256(f);
            _mm512_mask_storeu_epi32(support + at, live, _mm512_cvtepu16_epi32(part));
        }
    }
    zeroize(pos16, sizeof pos16);
}
