/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* keygen_discards_vbmi.c: keygen's fixed-weight sampler (the spec's SampleFixedWeightVect$)
 * for the avx512 backend, its quadratic part: the draws' keys (draw mod n, or 0xFFFF from the
 * rejection threshold up), 32 in a register, and which of them repeat an earlier row of the
 * sampler's table, with AVX-512BW and VBMI. The portable twin is
 * sample_window's block_discards (src/hqc/sampling.c), 8 draws at a time at SSE2 width. */
#include "keygen_discards_vbmi.h"

#include <immintrin.h>

#include "keygen_discards_shared.h"

/* The keys of draws 16 h .. 16 h + 15 (h = 0, 1) as 32-bit lanes: the 3-byte draws at bytes,
 * gathered into the low three bytes of each lane by one byte permute (VBMI), of which the
 * lanes at or past ndraws read nothing. */
static inline __m512i keys16(const uint8_t *bytes, size_t ndraws, unsigned h, int big_endian)
{
    const size_t left = ndraws > 16 * h ? 3 * (ndraws - 16 * h) : 0;
    const __mmask64 live = left >= 64 ? ~(__mmask64)0 : (((__mmask64)1 << left) - 1);
    const __m512i raw = _mm512_maskz_loadu_epi8(live, bytes + 48 * h);
    /* Byte 4 i + t of the lane takes byte 3 i + t (little-endian) or 3 i + 2 - t (big-endian);
     * the fourth byte of every lane is zeroed by the mask. */
    const __m512i le = _mm512_set_epi8(0, 47, 46, 45, 0, 44, 43, 42, 0, 41, 40, 39, 0, 38, 37, 36, 0, 35, 34, 33, 0, 32,
                                       31, 30, 0, 29, 28, 27, 0, 26, 25, 24, 0, 23, 22, 21, 0, 20, 19, 18, 0, 17, 16, 15,
                                       0, 14, 13, 12, 0, 11, 10, 9, 0, 8, 7, 6, 0, 5, 4, 3, 0, 2, 1, 0);
    const __m512i be = _mm512_set_epi8(0, 45, 46, 47, 0, 42, 43, 44, 0, 39, 40, 41, 0, 36, 37, 38, 0, 33, 34, 35, 0, 30,
                                       31, 32, 0, 27, 28, 29, 0, 24, 25, 26, 0, 21, 22, 23, 0, 18, 19, 20, 0, 15, 16, 17,
                                       0, 12, 13, 14, 0, 9, 10, 11, 0, 6, 7, 8, 0, 3, 4, 5, 0, 0, 1, 2);
    const __m512i d = _mm512_maskz_permutexvar_epi8(0x7777777777777777ULL, big_endian ? be : le, raw);
    /* q = floor(d mu / 2^SHIFT): 64-bit products of the even lanes, then of the odd ones. */
    const __m512i mu = _mm512_set1_epi64((long long)KEYGEN_KEY_MU);
    const __m512i q_even = _mm512_srli_epi64(_mm512_mul_epu32(d, mu), KEYGEN_KEY_SHIFT);
    const __m512i q_odd = _mm512_srli_epi64(_mm512_mul_epu32(_mm512_srli_epi64(d, 32), mu), KEYGEN_KEY_SHIFT - 32);
    const __m512i q = _mm512_mask_blend_epi32(0xAAAA, q_even, q_odd);
    const __m512i rest = _mm512_sub_epi32(d, _mm512_mullo_epi32(q, _mm512_set1_epi32(HQC_N)));
    const __mmask16 below = _mm512_cmplt_epu32_mask(d, _mm512_set1_epi32((int)HQC_REJECT_THRESHOLD));
    return _mm512_mask_mov_epi32(_mm512_set1_epi32(0xFFFF), below, rest);
}

/* Whether each of the 32 keys equals one of rows[0, nrows), one row at a time: a broadcast
 * row against all the keys. Two rows a step: key compares lane 2 i with the pair's first row
 * and lane 2 i + 1 with its second, swapped (the keys with the two of every 32-bit lane
 * swapped) lane 2 i + 1's key with the first row and lane 2 i's with the second, so two
 * compares test 32 keys against two rows and the broadcast is a plain 32-bit load. */
static inline uint32_t against_rows(const uint16_t *rows, size_t nrows, __m512i key, __m512i swapped)
{
    __mmask32 acc[2] = {0, 0}, acc_swapped[2] = {0, 0}; /* two chains of ORs, not one */
    size_t r = 0;
    for (; r + 4 <= nrows; r += 4) {
        const __m512i p0 = _mm512_set1_epi32((int)keygen_pair_at(rows + r));
        const __m512i p1 = _mm512_set1_epi32((int)keygen_pair_at(rows + r + 2));
        acc[0] |= _mm512_cmpeq_epi16_mask(key, p0);
        acc_swapped[0] |= _mm512_cmpeq_epi16_mask(swapped, p0);
        acc[1] |= _mm512_cmpeq_epi16_mask(key, p1);
        acc_swapped[1] |= _mm512_cmpeq_epi16_mask(swapped, p1);
    }
    if (r + 2 <= nrows) {
        const __m512i p = _mm512_set1_epi32((int)keygen_pair_at(rows + r));
        acc[0] |= _mm512_cmpeq_epi16_mask(key, p);
        acc_swapped[0] |= _mm512_cmpeq_epi16_mask(swapped, p);
        r += 2;
    }
    if (r < nrows)
        acc[1] |= _mm512_cmpeq_epi16_mask(key, _mm512_set1_epi16((short)rows[r]));
    return (uint32_t)(acc[0] | acc[1]) | keygen_swap_pairs((uint32_t)(acc_swapped[0] | acc_swapped[1]));
}

/* The same for the first ndraws keys (at rows + nrows), one key at a time: a broadcast key
 * against the rows 32 at a time, for a few draws against many rows (a vector's last ones). */
static inline uint32_t rows_against(const uint16_t *rows, size_t nrows, size_t ndraws)
{
    const size_t regs = (nrows + 31) / 32;
    const __mmask32 last = nrows % 32 ? (__mmask32)((1u << (nrows % 32)) - 1) : ~(__mmask32)0;
    uint32_t found = 0;
    for (size_t j = 0; j < ndraws; j++) {
        const __m512i k = _mm512_set1_epi16((short)rows[nrows + j]);
        __mmask32 any = _mm512_mask_cmpeq_epi16_mask(last, k, _mm512_loadu_si512(rows + 32 * (regs - 1)));
        for (size_t g = 0; g + 1 < regs; g++)
            any |= _mm512_cmpeq_epi16_mask(k, _mm512_loadu_si512(rows + 32 * g));
        /* 1 if any is not zero, by arithmetic: a comparison could become a branch. */
        found |= (uint32_t)(((uint64_t)(uint32_t)any + 0xFFFFFFFFu) >> 32) << j;
    }
    return found;
}

/* One block of up to 32 draws (keygen_discards_vbmi): its discard mask. */
static inline uint32_t one_block(uint16_t *rows, size_t nrows, const uint8_t *bytes, size_t ndraws, int big_endian)
{
    const __mmask32 live = ndraws >= 32 ? ~(__mmask32)0 : (__mmask32)((1u << ndraws) - 1);
    const __m256i lo = _mm512_cvtepi32_epi16(keys16(bytes, ndraws, 0, big_endian));
    const __m256i hi = ndraws > 16 ? _mm512_cvtepi32_epi16(keys16(bytes, ndraws, 1, big_endian)) : _mm256_setzero_si256();
    const __m512i key = _mm512_inserti64x4(_mm512_castsi256_si512(lo), hi, 1);
    const __m512i swapped = _mm512_rol_epi32(key, 16);
    /* The keys go to rows in one whole store (rows has room for 32: backend.h), from which the
     * loads below are forwarded; a masked store's are not (they waited for it to reach the
     * cache, a third of the sampler's time). */
    _mm512_storeu_si512(rows + nrows, key);
    uint32_t same = (uint32_t)_mm512_cmpeq_epi16_mask(key, _mm512_set1_epi16(-1));
    /* The earlier rows: per row (one compare a row) or, for a few draws, per draw (one compare
     * per draw and 32 rows, and a broadcast). nrows and ndraws are public. */
    if (nrows != 0 && ndraws * ((nrows + 31) / 32 + 1) < nrows)
        same |= rows_against(rows, nrows, ndraws);
    else
        same |= against_rows(rows, nrows, key, swapped);
    /* The draws' own triangle: pair p (draws 2 p and 2 p + 1, a row each) marks, in key's
     * compare, lanes from 2 p + 2 on, and in swapped's, bit 2 i (lane 2 i + 1 against draw
     * 2 p) for i >= p and bit 2 i + 1 (lane 2 i against draw 2 p + 1) for i > p. */
    uint32_t own = 0, own_swapped = 0;
    for (size_t p = 0; 2 * p + 1 < ndraws; p++) {
        const __m512i k = _mm512_set1_epi32((int)keygen_pair_at(rows + nrows + 2 * p));
        const uint32_t from = (uint32_t)(~(uint64_t)0 << (2 * p + 2));
        own |= _mm512_cmpeq_epi16_mask(key, k) & from;
        own_swapped |= _mm512_cmpeq_epi16_mask(swapped, k) & (from | (uint32_t)1 << (2 * p));
    }
    return (same | own | keygen_swap_pairs(own_swapped)) & live;
}

/* Block by block, in one call: a block's comparisons need the earlier blocks' keys, not their
 * decisions, so the core can overlap one block's keys with the comparisons of the one before. */
void keygen_discards_vbmi(uint16_t *rows, size_t nrows, const uint8_t *bytes, size_t ndraws, int big_endian,
                          uint32_t *discard)
{
    for (size_t b = 0; 32 * b < ndraws; b++)
        discard[b] = one_block(rows, nrows + 32 * b, bytes + 96 * b, ndraws - 32 * b < 32 ? ndraws - 32 * b : 32,
                               big_endian);
}
