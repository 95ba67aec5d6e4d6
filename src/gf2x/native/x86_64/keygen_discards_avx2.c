/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* keygen_discards_avx2.c: keygen's fixed-weight sampler (the spec's SampleFixedWeightVect$)
 * for the avx2, vpclmul and avx2-sparse backends, its quadratic part: the draws' keys (draw mod
 * n, or 0xFFFF from the rejection threshold up), 16 in a register, and which of them repeat an
 * earlier row of the sampler's table, with AVX2 only. avx512/keygen_discards_vbmi.c is the same
 * method with mask registers; the portable twin is sample_window's block_discards
 * (src/hqc/sampling.c), 8 draws at a time at SSE2 width. */
#include "keygen_discards_avx2.h"

#include <immintrin.h>
#include <string.h>

#include "keygen_discards_shared.h"

/* The keys of 8 draws as 32-bit lanes, from draws 0..3 in bytes 0..11 of lo and draws 4..7 in
 * bytes 4..15 of hi: a byte shuffle into the low three bytes of each lane (little- or
 * big-endian), then draw_key's multiply-and-shift quotient (VPMULUDQ on the even and the odd
 * lanes). */
static inline __m256i keys8(__m128i lo, __m128i hi, int big_endian)
{
    const __m256i raw = _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1);
    const __m256i le = _mm256_setr_epi8(0, 1, 2, -1, 3, 4, 5, -1, 6, 7, 8, -1, 9, 10, 11, -1, 4, 5, 6, -1, 7, 8, 9, -1, 10,
                                        11, 12, -1, 13, 14, 15, -1);
    const __m256i be = _mm256_setr_epi8(2, 1, 0, -1, 5, 4, 3, -1, 8, 7, 6, -1, 11, 10, 9, -1, 6, 5, 4, -1, 9, 8, 7, -1, 12,
                                        11, 10, -1, 15, 14, 13, -1);
    const __m256i d = _mm256_shuffle_epi8(raw, big_endian ? be : le);
    const __m256i mu = _mm256_set1_epi64x((long long)KEYGEN_KEY_MU);
    const __m256i q_even = _mm256_srli_epi64(_mm256_mul_epu32(d, mu), KEYGEN_KEY_SHIFT);
    const __m256i q_odd = _mm256_srli_epi64(_mm256_mul_epu32(_mm256_srli_epi64(d, 32), mu), KEYGEN_KEY_SHIFT - 32);
    const __m256i q = _mm256_blend_epi32(q_even, q_odd, 0xAA);
    const __m256i rest = _mm256_sub_epi32(d, _mm256_mullo_epi32(q, _mm256_set1_epi32(HQC_N)));
    /* rest < n < 0xFFFF, so OR-ing 0xFFFF into the lanes at or past the threshold makes them
     * 0xFFFF (draws are below 2^24, so the signed compare orders them) */
    const __m256i rejected = _mm256_cmpgt_epi32(d, _mm256_set1_epi32((int)HQC_REJECT_THRESHOLD - 1));
    return _mm256_or_si256(rest, _mm256_and_si256(rejected, _mm256_set1_epi32(0xFFFF)));
}

/* The len <= 8 bytes at p as a little-endian word, zero above them, read by loads that stay in
 * [p, p + len): the bytes from 4 on come from the 4 that end at p + len, shifted down. len is
 * public. No copy through the stack: its slots would then hold the draws. */
static inline uint64_t load_upto8(const uint8_t *p, size_t len)
{
    uint64_t w = 0;
    uint32_t a, b;
    if (len == 8) {
        memcpy(&w, p, 8);
    } else if (len >= 4) {
        memcpy(&a, p, 4);
        memcpy(&b, p + len - 4, 4);
        w = a | ((uint64_t)b >> (8 * (8 - len))) << 32;
    } else {
        for (size_t i = 0; i < len; i++)
            w |= (uint64_t)p[i] << (8 * i);
    }
    return w;
}

/* The len <= 16 bytes at p, zero above them, without reading past p + len. */
static inline __m128i load_upto16(const uint8_t *p, size_t len)
{
    if (len == 16)
        return _mm_loadu_si128((const __m128i *)p);
    const uint64_t lo = load_upto8(p, len < 8 ? len : 8), hi = len > 8 ? load_upto8(p + 8, len - 8) : 0;
    return _mm_set_epi64x((long long)hi, (long long)lo);
}

/* The keys of a block's up to 32 draws as 16-bit lanes, draws 0..15 in key[0] and 16..31 in
 * key[1]; lanes at or past ndraws hold keys of zero bytes. Per 8 draws, bytes 0..15 and 8..23
 * (so that no byte past the eighth draw is read); a last group of fewer than 8 reads only its
 * own bytes. */
static inline void block_keys(__m256i key[2], const uint8_t *bytes, size_t ndraws, int big_endian)
{
    __m256i k32[4];
#pragma GCC unroll 4
    for (size_t g = 0; g < 4; g++) {
        const uint8_t *p = bytes + 24 * g;
        if (8 * g + 8 <= ndraws) { /* public */
            k32[g] = keys8(_mm_loadu_si128((const __m128i *)p), _mm_loadu_si128((const __m128i *)(p + 8)), big_endian);
        } else if (8 * g < ndraws) {
            const size_t len = 3 * (ndraws - 8 * g);
            /* hi's draws (4..7, bytes 12..23) exist only past 12 bytes */
            k32[g] = keys8(load_upto16(p, len < 16 ? len : 16),
                           len > 12 ? load_upto16(p + 8, len - 8) : _mm_setzero_si128(), big_endian);
        } else {
            k32[g] = _mm256_setzero_si256();
        }
    }
    /* PACKUSDW interleaves the 128-bit lanes of its operands; the permute puts them in order */
    key[0] = _mm256_permute4x64_epi64(_mm256_packus_epi32(k32[0], k32[1]), 0xD8);
    key[1] = _mm256_permute4x64_epi64(_mm256_packus_epi32(k32[2], k32[3]), 0xD8);
}

/* Bit l of the result: 16-bit lane l of lo (l < 16) or of hi (l - 16) is all ones. */
static inline uint32_t lanes_to_bits(__m256i lo, __m256i hi)
{
    return (uint32_t)_mm256_movemask_epi8(_mm256_permute4x64_epi64(_mm256_packs_epi16(lo, hi), 0xD8));
}

/* Whether each key equals one of rows[0, nrows), two rows a step: a broadcast 32-bit pair of
 * rows against the keys (lane 2 i with the first row, 2 i + 1 with the second) and against the
 * keys with the two of every 32-bit lane swapped (sw: lane 2 i + 1's key with the first row,
 * 2 i's with the second). halves: 1 when the block has at most 16 draws. */
static inline uint32_t against_rows(const uint16_t *rows, size_t nrows, const __m256i key[2], const __m256i sw[2],
                                    size_t halves)
{
    __m256i acc[2] = {_mm256_setzero_si256(), _mm256_setzero_si256()}, acc_sw[2] = {acc[0], acc[0]};
    size_t r = 0;
    for (; r + 2 <= nrows; r += 2) {
        const __m256i p = _mm256_set1_epi32((int)keygen_pair_at(rows + r));
        for (size_t h = 0; h < halves; h++) {
            acc[h] = _mm256_or_si256(acc[h], _mm256_cmpeq_epi16(key[h], p));
            acc_sw[h] = _mm256_or_si256(acc_sw[h], _mm256_cmpeq_epi16(sw[h], p));
        }
    }
    if (r < nrows) {
        const __m256i p = _mm256_set1_epi16((short)rows[r]);
        for (size_t h = 0; h < halves; h++)
            acc[h] = _mm256_or_si256(acc[h], _mm256_cmpeq_epi16(key[h], p));
    }
    return lanes_to_bits(acc[0], acc[1]) | keygen_swap_pairs(lanes_to_bits(acc_sw[0], acc_sw[1]));
}

/* The same for the first ndraws keys (at rows + nrows), one key at a time: a broadcast key
 * against the rows 16 at a time, for a few draws against many rows (a vector's last ones). The
 * last load may reach past nrows into the block's own keys, stored before: masked off. */
static inline uint32_t rows_against(const uint16_t *rows, size_t nrows, size_t ndraws)
{
    const size_t regs = (nrows + 15) / 16, tail = nrows - 16 * (regs - 1);
    const __m256i last = _mm256_cmpgt_epi16(_mm256_set1_epi16((short)tail),
                                            _mm256_setr_epi16(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
    uint32_t found = 0;
    for (size_t j = 0; j < ndraws; j++) {
        const __m256i k = _mm256_set1_epi16((short)rows[nrows + j]);
        __m256i any =
            _mm256_and_si256(last, _mm256_cmpeq_epi16(k, _mm256_loadu_si256((const __m256i *)(rows + 16 * (regs - 1)))));
        for (size_t g = 0; g + 1 < regs; g++)
            any = _mm256_or_si256(any, _mm256_cmpeq_epi16(k, _mm256_loadu_si256((const __m256i *)(rows + 16 * g))));
        /* 1 if any is not zero, by arithmetic: a comparison could become a branch. */
        found |= (uint32_t)(((uint64_t)(uint32_t)_mm256_movemask_epi8(any) + 0xFFFFFFFFu) >> 32) << j;
    }
    return found;
}

/* Lane masks of a half's own triangle, by public offsets: the 16 lanes from ramp + 16 - s are
 * all ones from lane s on; from comb + 16 - 2 p, all ones at lane 2 p and from lane 2 p + 2 on. */
#define ZEROS16 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
#define ONES8 0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF
static const uint16_t ramp[32] = {ZEROS16, ONES8, ONES8};
static const uint16_t comb[32] = {ZEROS16, 0xFFFF, 0, 0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF, ONES8};

static inline __m256i lanes_at(const uint16_t *table, size_t from)
{
    return _mm256_loadu_si256((const __m256i *)(table + from));
}

/* The repeats among the 16 keys of one half (at row, also in key and sw): pair p (draws 2 p and
 * 2 p + 1 of the half, a row each) marks, in key's compare, lanes from 2 p + 2 on, and in sw's,
 * lane 2 i (key 2 i + 1 against draw 2 p) for i >= p and lane 2 i + 1 (key 2 i against draw
 * 2 p + 1) for i > p. With other, the keys of the half after it (and oth_sw), which every pair
 * precedes: compared unmasked, into *acc_other and *acc_other_sw. */
static inline __attribute__((always_inline)) void half_triangle(const uint16_t *row, size_t npairs, __m256i key,
                                                                __m256i sw, __m256i *acc, __m256i *acc_sw,
                                                                int with_other, __m256i other, __m256i oth_sw,
                                                                __m256i *acc_other, __m256i *acc_other_sw)
{
    for (size_t p = 0; p < npairs; p++) {
        const __m256i k = _mm256_set1_epi32((int)keygen_pair_at(row + 2 * p));
        *acc = _mm256_or_si256(*acc, _mm256_and_si256(lanes_at(ramp, 16 - (2 * p + 2)), _mm256_cmpeq_epi16(key, k)));
        *acc_sw = _mm256_or_si256(*acc_sw, _mm256_and_si256(lanes_at(comb, 16 - 2 * p), _mm256_cmpeq_epi16(sw, k)));
        if (with_other) {
            *acc_other = _mm256_or_si256(*acc_other, _mm256_cmpeq_epi16(other, k));
            *acc_other_sw = _mm256_or_si256(*acc_other_sw, _mm256_cmpeq_epi16(oth_sw, k));
        }
    }
}

/* One block of up to 32 draws (keygen_discards_avx2): its discard mask. */
static inline uint32_t one_block(uint16_t *rows, size_t nrows, const uint8_t *bytes, size_t ndraws, int big_endian)
{
    const uint32_t live = ndraws >= 32 ? ~(uint32_t)0 : (uint32_t)((1u << ndraws) - 1);
    const size_t halves = ndraws > 16 ? 2 : 1;
    const __m256i swap = _mm256_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13, 2, 3, 0, 1, 6, 7, 4, 5,
                                          10, 11, 8, 9, 14, 15, 12, 13);
    __m256i key[2], sw[2];
    block_keys(key, bytes, ndraws, big_endian);
    sw[0] = _mm256_shuffle_epi8(key[0], swap);
    sw[1] = _mm256_shuffle_epi8(key[1], swap);
    /* The keys go to rows in two whole stores (rows has room for 32: backend.h). */
    _mm256_storeu_si256((__m256i *)(rows + nrows), key[0]);
    _mm256_storeu_si256((__m256i *)(rows + nrows + 16), key[1]);
    const __m256i none = _mm256_set1_epi16(-1);
    uint32_t same = lanes_to_bits(_mm256_cmpeq_epi16(key[0], none), _mm256_cmpeq_epi16(key[1], none));
    /* The earlier rows: per pair of rows (two compares a half) or, for a few draws, per draw
     * (one compare per 16 rows, and a broadcast), whichever makes fewer compares. nrows and
     * ndraws are public. */
    if (nrows != 0 && ndraws * ((nrows + 15) / 16 + 1) < nrows * halves)
        same |= rows_against(rows, nrows, ndraws);
    else if (nrows != 0)
        same |= against_rows(rows, nrows, key, sw, halves);
    /* The draws' own triangle: each half's own, and the first half's draws against the second
     * half's keys, all of which they precede. */
    __m256i own[2] = {_mm256_setzero_si256(), _mm256_setzero_si256()}, own_sw[2] = {own[0], own[0]};
    if (halves == 2) {
        half_triangle(rows + nrows, 8, key[0], sw[0], &own[0], &own_sw[0], 1, key[1], sw[1], &own[1], &own_sw[1]);
        half_triangle(rows + nrows + 16, (ndraws - 16) / 2, key[1], sw[1], &own[1], &own_sw[1], 0, key[1], sw[1],
                      &own[1], &own_sw[1]);
    } else {
        half_triangle(rows + nrows, ndraws / 2, key[0], sw[0], &own[0], &own_sw[0], 0, key[1], sw[1], &own[1],
                      &own_sw[1]);
    }
    same |= lanes_to_bits(own[0], own[1]) | keygen_swap_pairs(lanes_to_bits(own_sw[0], own_sw[1]));
    return same & live;
}

/* Block by block, in one call: a block's comparisons need the earlier blocks' keys, not their
 * decisions, so the core can overlap one block's keys with the comparisons of the one before. */
void keygen_discards_avx2(uint16_t *rows, size_t nrows, const uint8_t *bytes, size_t ndraws, int big_endian,
                          uint32_t *discard)
{
    for (size_t b = 0; 32 * b < ndraws; b++)
        discard[b] = one_block(rows, nrows + 32 * b, bytes + 96 * b, ndraws - 32 * b < 32 ? ndraws - 32 * b : 32,
                               big_endian);
}
