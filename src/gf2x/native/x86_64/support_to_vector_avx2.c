/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* support_to_vector_avx2.c: the dense vector with ones at a secret support (spec section
 * "Sampling", the vector form of a fixed-weight support), in constant time: the addresses and
 * branches depend on the weight and n only, never on the positions. Table lookups in
 * registers (bench/README.md, "The AVX2 support expansion, factored"):
 *   - the output is cut into blocks of 32 words, each word into its 8 bytes ("planes");
 *   - the positions go in groups of four. For a group, a 16-entry table per plane maps a subset
 *     of the four to the OR of their one-hot words' bytes in that plane;
 *   - per group, one byte per word of a block says which of the four fall at that word's
 *     offset in some block (E), and one byte per block which of the four fall in that block
 *     (M); their AND is the byte for that word of that block, since a position's offset and
 *     block are each one value;
 *   - per block and group, one AND with M's broadcast byte and one vpshufb per pair of planes
 *     and 16 words looks up the bytes of the block;
 *   - the planes of a block are transposed back into words.
 * About 18 vector operations per group and block, i.e. per 4 positions and 2048 bits, against
 * 3 per position and 256 bits when every 256-bit chunk is compared with every position. */
#include <immintrin.h>
#include <string.h>

#include "backend.h"
#include "support_to_vector_avx2.h"

#define BLOCK_WORDS 32
#define BLOCKS ((HQC_WORDS + BLOCK_WORDS - 1) / BLOCK_WORDS)
#define GROUPS ((HQC_WEIGHT_MAX + 3) / 4) /* every dialect's largest weight (params.h) */
#define SLOTS (8 * ((4 * GROUPS + 7) / 8)) /* positions, padded for 8 at a time */
/* A padding slot's "position": its block, 0x7f, is no block's number, so M never selects it
 * and its one-hot word, in the table, is never looked up. */
#define PADDING ((uint32_t)0x7f * BLOCK_WORDS * 64)
#define BLOCKS_UP (8 * ((BLOCKS + 7) / 8)) /* per group, a 32-bit value per block, 8 at a time */
_Static_assert(BLOCKS <= 32 && BLOCK_WORDS == 32, "M has a byte per block; 0x7f is no block's number");

/* The tables of a group: entry s of table q, 128-bit lane l, is the XOR over the positions i
 * in s (bit i) of byte 2q + l of their one-hot words. The table is only ever looked up with
 * the positions at one word, which are distinct and so have disjoint bits: XOR is OR there.
 * Per pair of positions (0, 1 and 2, 3), pair_bytes gathers into each lane l the bytes 2q + l
 * of the first one-hot word (bytes q), of the second (4 + q) and of their XOR (8 + q); the
 * table is then one lookup of each pair's bytes by its two bits of s, XORed. */
#define GATHER_FIRST(l) 0 + (l), 2 + (l), 4 + (l), 6 + (l), 8 + (l), 10 + (l), 12 + (l), 14 + (l)
#define GATHER_NONE4 -128, -128, -128, -128
#define PICK(t, q) ((t) == 0 ? -128 : 4 * ((t) - 1) + (q)) /* t: the pair's two bits of s */
#define PICK_S(h, q, s) PICK((h) ? (s) >> 2 : (s) & 3, q)
#define PICK_LANE(h, q)                                                                                 \
    PICK_S(h, q, 0), PICK_S(h, q, 1), PICK_S(h, q, 2), PICK_S(h, q, 3), PICK_S(h, q, 4), PICK_S(h, q, 5),     \
        PICK_S(h, q, 6), PICK_S(h, q, 7), PICK_S(h, q, 8), PICK_S(h, q, 9), PICK_S(h, q, 10), PICK_S(h, q, 11), \
        PICK_S(h, q, 12), PICK_S(h, q, 13), PICK_S(h, q, 14), PICK_S(h, q, 15)
#define PICK_VEC(h, q) {PICK_LANE(h, q), PICK_LANE(h, q)}
static const union {
    int8_t bytes[2 + 2 * 4][32];
    __m256i v[2 + 2 * 4];
} table_control = {{
    /* gather from x (the two one-hot words): bytes 2q + l of the first, then of the second */
    {GATHER_FIRST(0), GATHER_NONE4, GATHER_NONE4, GATHER_FIRST(1), GATHER_NONE4, GATHER_NONE4},
    /* gather from y (their XOR in bytes 0..7) into bytes 8..11 */
    {GATHER_NONE4, GATHER_NONE4, 0, 2, 4, 6, GATHER_NONE4, GATHER_NONE4, GATHER_NONE4, 1, 3, 5, 7, GATHER_NONE4},
    /* pick[h][q]: by bits 2h, 2h + 1 of the entry s */
    PICK_VEC(0, 0), PICK_VEC(0, 1), PICK_VEC(0, 2), PICK_VEC(0, 3),
    PICK_VEC(1, 0), PICK_VEC(1, 1), PICK_VEC(1, 2), PICK_VEC(1, 3),
}};

/* Bytes q, 4 + q, 8 + q of lane l: byte 2q + l of bits[0], of bits[1] and of their XOR. */
static inline __m256i pair_bytes(const uint64_t *bits)
{
    const __m256i x = _mm256_broadcastsi128_si256(_mm_load_si128((const __m128i *)bits));
    const __m256i y = _mm256_xor_si256(x, _mm256_bsrli_epi128(x, 8));
    return _mm256_or_si256(_mm256_shuffle_epi8(x, table_control.v[0]), _mm256_shuffle_epi8(y, table_control.v[1]));
}

/* acc[2q] holds plane 2q of words 0..15 of a block (lane 0) and plane 2q + 1 of words 16..31
 * (lane 1), acc[2q + 1] plane 2q of words 16..31 and plane 2q + 1 of words 0..15; dst receives
 * the block's 32 words. Unrolled by force: gcc 12 kept these loops, with the arrays on the stack,
 * which cost the kernel 9-13 % (dev/tune/x86/s2v_avx2_paired.c). */
static inline __attribute__((always_inline)) void planes_to_words(uint64_t *dst, const __m256i acc[8])
{
    __m256i p[8], a[8], c[8], r[8];
#pragma GCC unroll 4
    for (int q = 0; q < 4; q++) { /* p[k]: plane k of words 0..15 (lane 0) and 16..31 (lane 1) */
        p[2 * q] = _mm256_permute2x128_si256(acc[2 * q], acc[2 * q + 1], 0x20);
        p[2 * q + 1] = _mm256_permute2x128_si256(acc[2 * q + 1], acc[2 * q], 0x31);
    }
#pragma GCC unroll 4
    for (int k = 0; k < 4; k++) { /* planes 2k, 2k+1 of words 0..7 (a[2k]) and 8..15 (a[2k+1]), +16 */
        a[2 * k] = _mm256_unpacklo_epi8(p[2 * k], p[2 * k + 1]);
        a[2 * k + 1] = _mm256_unpackhi_epi8(p[2 * k], p[2 * k + 1]);
    }
#pragma GCC unroll 4
    for (int h = 0; h < 2; h++) /* c[4h + 2k + e]: planes 4k..4k+3 of words 8h + 4e .. 8h + 4e + 3, +16 */
        for (int k = 0; k < 2; k++) {
            c[4 * h + 2 * k] = _mm256_unpacklo_epi16(a[4 * k + h], a[4 * k + 2 + h]);
            c[4 * h + 2 * k + 1] = _mm256_unpackhi_epi16(a[4 * k + h], a[4 * k + 2 + h]);
        }
#pragma GCC unroll 4
    for (int h = 0; h < 2; h++) /* r[4h + 2e + f]: words 8h + 4e + 2f, + 1, and those + 16 */
        for (int e = 0; e < 2; e++) {
            r[4 * h + 2 * e] = _mm256_unpacklo_epi32(c[4 * h + e], c[4 * h + 2 + e]);
            r[4 * h + 2 * e + 1] = _mm256_unpackhi_epi32(c[4 * h + e], c[4 * h + 2 + e]);
        }
#pragma GCC unroll 4
    for (int t = 0; t < 4; t++) {
        _mm256_storeu_si256((__m256i *)(dst + 4 * t), _mm256_permute2x128_si256(r[2 * t], r[2 * t + 1], 0x20));
        _mm256_storeu_si256((__m256i *)(dst + 16 + 4 * t), _mm256_permute2x128_si256(r[2 * t], r[2 * t + 1], 0x31));
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

/* Spreads the 32 bytes of m (one per block) to 32-bit values, each byte repeated four times,
 * at out[0 .. BLOCKS_UP - 1]: a 32-bit broadcast of out[b] is then a load alone, no shuffle. */
static inline void spread_blocks(uint32_t *out, __m256i m)
{
    _Alignas(32) uint8_t bytes[32];
    const __m256i spread = _mm256_setr_epi8(0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5,
                                            6, 6, 6, 6, 7, 7, 7, 7);
    _mm256_store_si256((__m256i *)bytes, m);
    for (size_t t = 0; t < (BLOCKS + 7) / 8; t++) {
        uint64_t eight;
        memcpy(&eight, bytes + 8 * t, 8);
        const __m256i q = _mm256_set1_epi64x((long long)eight);
        _mm256_store_si256((__m256i *)(out + 8 * t), _mm256_shuffle_epi8(q, spread));
    }
    wipe(bytes, sizeof bytes);
}

/* Aligned on a cache line on purpose: its loops then sit at the same place relative to the
 * 64-byte lines and the op cache wherever the linker puts the function (the pre-issue-13 kernel
 * took 38k or 60k ticks at HQC-5 depending only on that). */
__attribute__((aligned(64))) void support_to_vector_avx2(uint64_t *v, const uint32_t *support, size_t weight)
{
    /* Per slot: its word's offset in a block and its block, each byte repeated four times (a
     * 32-bit broadcast load compares it with 32 bytes), and its one-hot word. */
    _Alignas(32) uint32_t offset[SLOTS], block[SLOTS], tail8[8];
    _Alignas(32) uint64_t bit[SLOTS];
    _Alignas(32) __m256i table[GROUPS][4], here[GROUPS][2];
    _Alignas(32) uint32_t in_block[GROUPS][BLOCKS_UP];
    _Alignas(32) uint64_t tail[BLOCK_WORDS];
    const size_t groups = (weight + 3) / 4, slots = 8 * ((4 * groups + 7) / 8);
    const __m256i low_byte = _mm256_setr_epi8(0, 0, 0, 0, 4, 4, 4, 4, 8, 8, 8, 8, 12, 12, 12, 12, 0, 0, 0, 0, 4, 4, 4,
                                              4, 8, 8, 8, 8, 12, 12, 12, 12);
    for (size_t j = 0; j < slots; j += 8) {
        /* vector loads straight from the support (no copy to the stack but the last, partial
         * one: the object check, scripts/ct-objects, then sees where these secrets go) */
        __m256i x;
        if (j + 8 <= weight) {
            x = _mm256_loadu_si256((const __m256i *)(support + j));
        } else {
            for (size_t k = 0; k < 8; k++)
                tail8[k] = j + k < weight ? support[j + k] : PADDING;
            x = _mm256_load_si256((const __m256i *)tail8);
        }
        const __m256i w = _mm256_srli_epi32(x, 6), bits = _mm256_and_si256(x, _mm256_set1_epi32(63));
        const __m256i ones = _mm256_set1_epi64x(1);
        _mm256_store_si256((__m256i *)(offset + j),
                           _mm256_shuffle_epi8(_mm256_and_si256(w, _mm256_set1_epi32(BLOCK_WORDS - 1)), low_byte));
        _mm256_store_si256((__m256i *)(block + j), _mm256_shuffle_epi8(_mm256_srli_epi32(w, 5), low_byte));
        _mm256_store_si256((__m256i *)(bit + j),
                           _mm256_sllv_epi64(ones, _mm256_cvtepu32_epi64(_mm256_castsi256_si128(bits))));
        _mm256_store_si256((__m256i *)(bit + j + 4),
                           _mm256_sllv_epi64(ones, _mm256_cvtepu32_epi64(_mm256_extracti128_si256(bits, 1))));
    }
    const __m256i lanes = _mm256_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
                                           21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31);
    const __m256i m[4] = {_mm256_set1_epi8(1), _mm256_set1_epi8(2), _mm256_set1_epi8(4), _mm256_set1_epi8(8)};
    for (size_t g = 0; g < groups; g++) {
        const __m256i p01 = pair_bytes(bit + 4 * g), p23 = pair_bytes(bit + 4 * g + 2);
        for (int q = 0; q < 4; q++)
            table[g][q] = _mm256_xor_si256(_mm256_shuffle_epi8(p01, table_control.v[2 + q]),
                                           _mm256_shuffle_epi8(p23, table_control.v[6 + q]));
        __m256i e = _mm256_setzero_si256(), in = e;
        for (int i = 0; i < 4; i++) {
            /* E: bit i of byte u says position i is at word offset u; M: bit i of byte b, in
             * block b */
            const __m256i at = _mm256_cmpeq_epi8(lanes, _mm256_set1_epi32((int)offset[4 * g + i]));
            const __m256i within = _mm256_cmpeq_epi8(lanes, _mm256_set1_epi32((int)block[4 * g + i]));
            e = _mm256_or_si256(e, _mm256_and_si256(at, m[i]));
            in = _mm256_or_si256(in, _mm256_and_si256(within, m[i]));
        }
        /* vpshufb looks up within 128-bit lanes, so the table of planes 2q | 2q + 1 gives with
         * E plane 2q of words 0..15 and plane 2q + 1 of words 16..31, and with E's halves
         * swapped the other two */
        here[g][0] = e;
        here[g][1] = _mm256_permute2x128_si256(e, e, 0x01);
        spread_blocks(in_block[g], in);
    }

    for (size_t b = 0; b < BLOCKS; b++) {
        __m256i acc[8];
        for (int k = 0; k < 8; k++)
            acc[k] = _mm256_setzero_si256();
        for (size_t g = 0; g < groups; g++) {
            const __m256i mask = _mm256_set1_epi32((int)in_block[g][b]);
            const __m256i idx = _mm256_and_si256(here[g][0], mask), swapped = _mm256_and_si256(here[g][1], mask);
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
    /* what was written: the weight, not the positions, decides how much */
    wipe(tail8, sizeof tail8);
    wipe(offset, slots * sizeof offset[0]);
    wipe(block, slots * sizeof block[0]);
    wipe(bit, slots * sizeof bit[0]);
    wipe(table, groups * sizeof table[0]);
    wipe(here, groups * sizeof here[0]);
    wipe(in_block, groups * sizeof in_block[0]);
    wipe(tail, sizeof tail);
}
