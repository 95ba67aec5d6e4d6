/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* support_to_vector_avx2.c: the dense vector with ones at a secret support (spec section
 * "Sampling", the vector form of a fixed-weight support), in constant time: the addresses and
 * branches depend on the weight and n only, never on the positions. Table lookups in
 * registers (bench/supprs/README.md):
 *   - the output is cut into blocks of 32 words, each word into its 8 bytes ("planes");
 *   - the positions go in groups of four. For a group, a 16-entry table per plane maps a subset
 *     of the four to the OR of their one-hot words' bytes in that plane;
 *   - per block and group, one byte per word says which of the four fall in that word (one
 *     compare of each position's word index with the block's 32 word indices), and one vpshufb
 *     per pair of planes and 16 words looks up the bytes of the block;
 *   - the planes of a block are transposed back into words.
 * About 28 vector operations per group and block, i.e. per 4 positions and 2048 bits, against
 * 3 per position and 256 bits when every 256-bit chunk is compared with every position. */
#include <immintrin.h>
#include <string.h>

#include "backend.h"
#include "support_to_vector_avx2.h"

#define BLOCK_WORDS 32
#define BLOCKS ((HQC_WORDS + BLOCK_WORDS - 1) / BLOCK_WORDS)
#define GROUPS ((HQC_WEIGHT_MAX + 3) / 4) /* every dialect's largest weight (params.h) */
#define SLOTS (16 * ((4 * GROUPS + 15) / 16)) /* positions padded for 16 at a time */
#if HQC_WORDS >= 32768
#error "word indices are compared as 16-bit values"
#endif

/* subset_select[i][q]: a vpshufb control that gives, in byte s of 128-bit lane l, byte 2q + l
 * of the (broadcast) one-hot word of a group's position i if bit i of s is set, else zero. ORed
 * over the four positions, that is the table of the planes 2q (lane 0) and 2q + 1 (lane 1). */
#define SEL(i, q, l, s) ((((s) >> (i)) & 1) ? 2 * (q) + (l) : -128)
#define SEL_LANE(i, q, l)                                                                            \
    SEL(i, q, l, 0), SEL(i, q, l, 1), SEL(i, q, l, 2), SEL(i, q, l, 3), SEL(i, q, l, 4), SEL(i, q, l, 5), \
        SEL(i, q, l, 6), SEL(i, q, l, 7), SEL(i, q, l, 8), SEL(i, q, l, 9), SEL(i, q, l, 10),              \
        SEL(i, q, l, 11), SEL(i, q, l, 12), SEL(i, q, l, 13), SEL(i, q, l, 14), SEL(i, q, l, 15)
#define SEL_VEC(i, q) {SEL_LANE(i, q, 0), SEL_LANE(i, q, 1)}
#define SEL_POS(i) {SEL_VEC(i, 0), SEL_VEC(i, 1), SEL_VEC(i, 2), SEL_VEC(i, 3)}
static const union {
    int8_t bytes[4][4][32];
    __m256i v[4][4];
} subset_select = {{SEL_POS(0), SEL_POS(1), SEL_POS(2), SEL_POS(3)}};

/* acc[2q] holds plane 2q of words 0..15 of a block (lane 0) and plane 2q + 1 of words 16..31
 * (lane 1), acc[2q + 1] plane 2q of words 16..31 and plane 2q + 1 of words 0..15; dst receives
 * the block's 32 words. */
static inline void planes_to_words(uint64_t *dst, const __m256i acc[8])
{
    __m256i p[8], a[8], c[8], r[8];
    for (int q = 0; q < 4; q++) { /* p[k]: plane k of words 0..15 (lane 0) and 16..31 (lane 1) */
        p[2 * q] = _mm256_permute2x128_si256(acc[2 * q], acc[2 * q + 1], 0x20);
        p[2 * q + 1] = _mm256_permute2x128_si256(acc[2 * q + 1], acc[2 * q], 0x31);
    }
    for (int k = 0; k < 4; k++) { /* planes 2k, 2k+1 of words 0..7 (a[2k]) and 8..15 (a[2k+1]), +16 */
        a[2 * k] = _mm256_unpacklo_epi8(p[2 * k], p[2 * k + 1]);
        a[2 * k + 1] = _mm256_unpackhi_epi8(p[2 * k], p[2 * k + 1]);
    }
    for (int h = 0; h < 2; h++) /* c[4h + 2k + e]: planes 4k..4k+3 of words 8h + 4e .. 8h + 4e + 3, +16 */
        for (int k = 0; k < 2; k++) {
            c[4 * h + 2 * k] = _mm256_unpacklo_epi16(a[4 * k + h], a[4 * k + 2 + h]);
            c[4 * h + 2 * k + 1] = _mm256_unpackhi_epi16(a[4 * k + h], a[4 * k + 2 + h]);
        }
    for (int h = 0; h < 2; h++) /* r[4h + 2e + f]: words 8h + 4e + 2f, + 1, and those + 16 */
        for (int e = 0; e < 2; e++) {
            r[4 * h + 2 * e] = _mm256_unpacklo_epi32(c[4 * h + e], c[4 * h + 2 + e]);
            r[4 * h + 2 * e + 1] = _mm256_unpackhi_epi32(c[4 * h + e], c[4 * h + 2 + e]);
        }
    for (int t = 0; t < 4; t++) {
        _mm256_storeu_si256((__m256i *)(dst + 4 * t), _mm256_permute2x128_si256(r[2 * t], r[2 * t + 1], 0x20));
        _mm256_storeu_si256((__m256i *)(dst + 16 + 4 * t), _mm256_permute2x128_si256(r[2 * t], r[2 * t + 1], 0x31));
    }
}

/* rel[j] = the word index of position j minus first, saturated to a signed byte (so only the
 * positions inside the block land on 0..31), repeated in the four bytes of a 32-bit value. */
static inline void block_offsets(uint32_t *rel, const uint16_t *word, size_t slots, size_t first)
{
    const __m256i base = _mm256_set1_epi16((short)first);
    for (size_t s = 0; s < slots; s += 16) {
        __m256i d = _mm256_sub_epi16(_mm256_load_si256((const __m256i *)(word + s)), base);
        __m256i b = _mm256_packs_epi16(d, d);  /* bytes d0..d7 d0..d7 | d8..d15 d8..d15 */
        b = _mm256_unpacklo_epi8(b, b);
        __m256i lo = _mm256_unpacklo_epi16(b, b), hi = _mm256_unpackhi_epi16(b, b);
        _mm256_store_si256((__m256i *)(rel + s), _mm256_permute2x128_si256(lo, hi, 0x20));
        _mm256_store_si256((__m256i *)(rel + s + 8), _mm256_permute2x128_si256(lo, hi, 0x31));
    }
}

/* Zeroes a secret stack buffer (32-byte aligned, a multiple of 32 bytes) with vector stores:
 * memset became rep stos here, whose start-up cost was 10 % of the whole kernel. The empty asm
 * keeps the stores (and keeps the loop from being turned back into memset). */
static inline void wipe(void *p, size_t bytes)
{
    for (size_t i = 0; i < bytes; i += 32) {
        _mm256_store_si256((__m256i *)((uint8_t *)p + i), _mm256_setzero_si256());
        __asm__ __volatile__("" : : "r"(p) : "memory");
    }
}

/* Aligned on a cache line on purpose: its loops then sit at the same place relative to the
 * 64-byte lines and the op cache wherever the linker puts the function (the pre-issue-13 kernel
 * took 38k or 60k ticks at HQC-5 depending only on that). */
__attribute__((aligned(64))) void support_to_vector_avx2(uint64_t *v, const uint32_t *support, size_t weight)
{
    _Alignas(32) uint16_t word[SLOTS];
    _Alignas(32) uint64_t bit[SLOTS];
    _Alignas(32) uint32_t rel[SLOTS];
    _Alignas(32) __m256i table[GROUPS][4];
    _Alignas(32) uint64_t tail[BLOCK_WORDS];
    const size_t groups = (weight + 3) / 4, slots = 16 * ((4 * groups + 15) / 16);
    for (size_t j = 0; j < slots; j++) { /* padding: no bit, a word index beyond every block */
        word[j] = j < weight ? (uint16_t)(support[j] >> 6) : 0x7fff;
        bit[j] = j < weight ? 1ULL << (support[j] & 63) : 0;
    }
    for (size_t g = 0; g < groups; g++) {
        __m256i t0 = _mm256_setzero_si256(), t1 = t0, t2 = t0, t3 = t0;
        for (int i = 0; i < 4; i++) {
            const __m256i x = _mm256_set1_epi64x((long long)bit[4 * g + i]);
            const __m256i *sel = subset_select.v[i];
            t0 = _mm256_or_si256(t0, _mm256_shuffle_epi8(x, sel[0]));
            t1 = _mm256_or_si256(t1, _mm256_shuffle_epi8(x, sel[1]));
            t2 = _mm256_or_si256(t2, _mm256_shuffle_epi8(x, sel[2]));
            t3 = _mm256_or_si256(t3, _mm256_shuffle_epi8(x, sel[3]));
        }
        table[g][0] = t0, table[g][1] = t1, table[g][2] = t2, table[g][3] = t3;
    }

    const __m256i lanes = _mm256_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
                                           21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31);
    const __m256i m0 = _mm256_set1_epi8(1), m1 = _mm256_set1_epi8(2), m2 = _mm256_set1_epi8(4),
                  m3 = _mm256_set1_epi8(8);
    for (size_t b = 0; b < BLOCKS; b++) {
        block_offsets(rel, word, slots, BLOCK_WORDS * b);
        __m256i acc[8];
        for (int k = 0; k < 8; k++)
            acc[k] = _mm256_setzero_si256();
        for (size_t g = 0; g < groups; g++) {
            const uint32_t *r = rel + 4 * g;
            __m256i idx = _mm256_and_si256(_mm256_cmpeq_epi8(lanes, _mm256_set1_epi32((int)r[0])), m0);
            idx = _mm256_or_si256(idx, _mm256_and_si256(_mm256_cmpeq_epi8(lanes, _mm256_set1_epi32((int)r[1])), m1));
            idx = _mm256_or_si256(idx, _mm256_and_si256(_mm256_cmpeq_epi8(lanes, _mm256_set1_epi32((int)r[2])), m2));
            idx = _mm256_or_si256(idx, _mm256_and_si256(_mm256_cmpeq_epi8(lanes, _mm256_set1_epi32((int)r[3])), m3));
            /* vpshufb looks up within 128-bit lanes, so the table of planes 2q | 2q + 1 gives
             * with idx plane 2q of words 0..15 and plane 2q + 1 of words 16..31, and with the
             * halves of idx swapped the other two */
            const __m256i swapped = _mm256_permute2x128_si256(idx, idx, 0x01);
            for (int q = 0; q < 4; q++) {
                acc[2 * q] = _mm256_or_si256(acc[2 * q], _mm256_shuffle_epi8(table[g][q], idx));
                acc[2 * q + 1] = _mm256_or_si256(acc[2 * q + 1], _mm256_shuffle_epi8(table[g][q], swapped));
            }
        }
        if (BLOCK_WORDS * (b + 1) <= HQC_WORDS) {
            planes_to_words(v + BLOCK_WORDS * b, acc);
        } else {
            planes_to_words(tail, acc);
            memcpy(v + BLOCK_WORDS * b, tail, (HQC_WORDS - BLOCK_WORDS * b) * sizeof *v);
        }
    }
    wipe(word, sizeof word);
    wipe(bit, sizeof bit);
    wipe(rel, sizeof rel);
    wipe(table, sizeof table);
    wipe(tail, sizeof tail);
}
