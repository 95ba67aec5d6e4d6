/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* support_to_vector_avx2.c: the dense vector with ones at a secret support (spec section
 * "Sampling", the vector form of a fixed-weight support), in constant time: the addresses and
 * branches depend on the weight and n only, never on the positions. Two algorithms, chosen
 * per level by measurement (bench/supprs, Zen 3; bench/supprs/README.md):
 *   - HQC-3 and HQC-5, oblivious routing, about (w log w + (n/256) log(n/256)) vector steps:
 *     1. sort the positions (Batcher's bitonic network, 16 keys per register);
 *     2. give the t-th smallest position a one-hot 256-bit chunk pattern and move it left to
 *        the rank u of its chunk among the distinct chunks, ORing the patterns of one chunk
 *        together (an order-preserving compaction network, shifts by 1, 2, 4, ... slots);
 *     3. move merged chunk u right to its chunk index c (the inverse network, longest shift
 *        first);
 *   - HQC-1 (w = 75 positions, 70 chunks, where the networks cost as much as comparing):
 *     every 256-bit chunk compared with every position, w n / 256 steps, eight chunks held in
 *     registers per pass over the positions. */
#include <immintrin.h>
#include <string.h>

#include "backend.h"
#include "support_to_vector_avx2.h"

#define CHUNKS ((HQC_WORDS + 3) / 4) /* 256-bit output chunks */

/* Both are aligned on a cache line on purpose: their loops then sit at the same place relative
 * to the 64-byte lines and the op cache wherever the linker puts the function (the previous
 * kernel took 38k or 60k ticks at HQC-5 depending only on that). */
#if HQC_LEVEL == 1

#define BLOCK 8 /* chunks per pass: 8 accumulators + 2 broadcasts fit the 16 ymm registers */
#define PASSES ((CHUNKS + BLOCK - 1) / BLOCK)

/* One pass: acc[k] collects the bits of words 4k..4k+3 of the pass. rel holds each position's
 * word index minus the pass's first word, so the compare constants are the same every pass. */
#define ACCUMULATE(k) acc##k = _mm256_or_si256(acc##k, _mm256_and_si256(_mm256_cmpeq_epi64(rel, index##k), b))

__attribute__((aligned(64))) void support_to_vector_avx2(uint64_t *v, const uint32_t *support, size_t weight)
{
    uint64_t word[HQC_OMEGA_R], bit[HQC_OMEGA_R];
    for (size_t j = 0; j < weight; j++) {
        word[j] = support[j] >> 6;
        bit[j] = 1ULL << (support[j] & 63);
    }
    _Alignas(32) uint64_t out[4 * BLOCK * PASSES];
    const __m256i index0 = _mm256_setr_epi64x(0, 1, 2, 3), index1 = _mm256_setr_epi64x(4, 5, 6, 7);
    const __m256i index2 = _mm256_setr_epi64x(8, 9, 10, 11), index3 = _mm256_setr_epi64x(12, 13, 14, 15);
    const __m256i index4 = _mm256_setr_epi64x(16, 17, 18, 19), index5 = _mm256_setr_epi64x(20, 21, 22, 23);
    const __m256i index6 = _mm256_setr_epi64x(24, 25, 26, 27), index7 = _mm256_setr_epi64x(28, 29, 30, 31);
    for (size_t pass = 0; pass < PASSES; pass++) {
        const __m256i first = _mm256_set1_epi64x((long long)(4 * BLOCK * pass));
        __m256i acc0 = _mm256_setzero_si256(), acc1 = acc0, acc2 = acc0, acc3 = acc0;
        __m256i acc4 = acc0, acc5 = acc0, acc6 = acc0, acc7 = acc0;
        for (size_t j = 0; j < weight; j++) {
            const __m256i rel = _mm256_sub_epi64(_mm256_set1_epi64x((long long)word[j]), first);
            const __m256i b = _mm256_set1_epi64x((long long)bit[j]);
            ACCUMULATE(0);
            ACCUMULATE(1);
            ACCUMULATE(2);
            ACCUMULATE(3);
            ACCUMULATE(4);
            ACCUMULATE(5);
            ACCUMULATE(6);
            ACCUMULATE(7);
        }
        __m256i *o = (__m256i *)(out + 4 * BLOCK * pass);
        _mm256_store_si256(o + 0, acc0);
        _mm256_store_si256(o + 1, acc1);
        _mm256_store_si256(o + 2, acc2);
        _mm256_store_si256(o + 3, acc3);
        _mm256_store_si256(o + 4, acc4);
        _mm256_store_si256(o + 5, acc5);
        _mm256_store_si256(o + 6, acc6);
        _mm256_store_si256(o + 7, acc7);
    }
    memcpy(v, out, HQC_WORDS * sizeof *v);
    memset(out, 0, sizeof out);
    memset(word, 0, sizeof word);
    memset(bit, 0, sizeof bit);
    __asm__ __volatile__("" : : "r"(out), "r"(word), "r"(bit) : "memory");
}

#else

#define SORT_KEYS (HQC_OMEGA_R <= 128 ? 128 : 256) /* a power of two >= omega_r */
#define SORT_REGS (SORT_KEYS / 16)
#define SLOTS (CHUNKS > HQC_OMEGA_R ? CHUNKS : HQC_OMEGA_R)
/* bits of the expansion distance c - u < CHUNKS */
#define EXPAND_BITS (CHUNKS > 128 ? 8 : CHUNKS > 64 ? 7 : 6)
#if CHUNKS > 256 || HQC_N > 65535 || HQC_OMEGA_R > 256
#error "the 16-bit keys and 8 expansion steps assume n < 2^16"
#endif

/* The meta word of an item, broadcast to the four lanes: the compaction distance t - u
 * bit-reversed in bits 63..48 (its bit 0 is the sign bit, tested first), the expansion
 * distance c - u in bits 0..7, moved up to the sign bit once the compaction is done. */

/* x with each 16-bit lane swapped with the lane j places away (j = 1, 2, 4, 8). */
static inline __m256i lane_partner(__m256i x, size_t j)
{
    if (j == 1)
        return _mm256_shuffle_epi8(x, _mm256_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13, 2, 3, 0,
                                                       1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13));
    if (j == 2)
        return _mm256_shuffle_epi32(x, 0xb1);
    if (j == 4)
        return _mm256_shuffle_epi32(x, 0x4e);
    return _mm256_permute4x64_epi64(x, 0x4e);
}

/* sorted[t] = the t-th smallest position, t < weight: Batcher's bitonic sorting network on
 * SORT_KEYS 16-bit keys (unused keys 0xffff, above every position), 16 per register. Element
 * i of the network is lane i % 16 of register i / 16; comparators 16 or more lanes apart pair
 * whole registers, nearer ones pair a register with its own lanes swapped. */
static void sort_positions(uint16_t sorted[SORT_KEYS], const uint32_t *support, size_t weight)
{
    _Alignas(32) uint16_t key[SORT_KEYS];
    for (size_t i = 0; i < SORT_KEYS; i++)
        key[i] = i < weight ? (uint16_t)support[i] : 0xffff;
    __m256i r[SORT_REGS];
    for (size_t a = 0; a < SORT_REGS; a++)
        r[a] = _mm256_load_si256((const __m256i *)(key + 16 * a));
    const __m256i lane = _mm256_setr_epi16(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    for (size_t k = 2; k <= SORT_KEYS; k <<= 1)
        for (size_t j = k >> 1; j > 0; j >>= 1) {
            if (j >= 16) { /* k >= 32: a block's direction is the same for all its lanes */
                for (size_t a = 0; a < SORT_REGS; a++) {
                    size_t b = a ^ (j / 16);
                    if (b < a)
                        continue;
                    __m256i lo = _mm256_min_epu16(r[a], r[b]), hi = _mm256_max_epu16(r[a], r[b]);
                    int ascending = ((16 * a) & k) == 0;
                    r[a] = ascending ? lo : hi;
                    r[b] = ascending ? hi : lo;
                }
            } else {
                const __m256i jv = _mm256_set1_epi16((short)j), kv = _mm256_set1_epi16((short)k);
                for (size_t a = 0; a < SORT_REGS; a++) {
                    __m256i other = lane_partner(r[a], j);
                    __m256i lo = _mm256_min_epu16(r[a], other), hi = _mm256_max_epu16(r[a], other);
                    /* element g keeps the larger key iff it is the upper one of its pair, in an
                     * ascending block, or the lower one, in a descending block */
                    __m256i g = _mm256_add_epi16(lane, _mm256_set1_epi16((short)(16 * a)));
                    __m256i upper = _mm256_cmpeq_epi16(_mm256_and_si256(g, jv), jv);
                    __m256i descending = _mm256_cmpeq_epi16(_mm256_and_si256(g, kv), kv);
                    r[a] = _mm256_blendv_epi8(lo, hi, _mm256_xor_si256(upper, descending));
                }
            }
        }
    for (size_t a = 0; a < SORT_REGS; a++)
        _mm256_store_si256((__m256i *)(sorted + 16 * a), r[a]);
    memset(key, 0, sizeof key);
    memset(r, 0, sizeof r);
    __asm__ __volatile__("" : : "r"(key), "r"(r) : "memory");
}

/* One slot of a network step. The bit that says whether an item moves in this step is the
 * sign bit of its meta word, which every step then shifts left by one for the next. The item
 * at cur stays unless it moves; the item at other comes in if it moves. Items arriving on the
 * same slot belong to the same chunk and carry the same remaining distance, so OR merges them. */
static inline void route(__m256i *bits, __m256i *meta, const __m256i *other_bits, const __m256i *other_meta)
{
    const __m256i zero = _mm256_setzero_si256();
    __m256i leave = _mm256_cmpgt_epi64(zero, *meta), come = _mm256_cmpgt_epi64(zero, *other_meta);
    *bits = _mm256_or_si256(_mm256_andnot_si256(leave, *bits), _mm256_and_si256(come, *other_bits));
    *meta = _mm256_slli_epi64(_mm256_or_si256(_mm256_andnot_si256(leave, *meta), _mm256_and_si256(come, *other_meta)), 1);
}

static inline void stay(__m256i *bits, __m256i *meta)
{
    __m256i leave = _mm256_cmpgt_epi64(_mm256_setzero_si256(), *meta);
    *bits = _mm256_andnot_si256(leave, *bits);
    *meta = _mm256_slli_epi64(_mm256_andnot_si256(leave, *meta), 1);
}

/* Bit i of x at bit 15 - i. */
static uint64_t reverse16(uint64_t x)
{
    x = ((x & 0x5555) << 1) | ((x >> 1) & 0x5555);
    x = ((x & 0x3333) << 2) | ((x >> 2) & 0x3333);
    x = ((x & 0x0f0f) << 4) | ((x >> 4) & 0x0f0f);
    return ((x & 0x00ff) << 8) | ((x >> 8) & 0x00ff);
}

__attribute__((aligned(64))) void support_to_vector_avx2(uint64_t *v, const uint32_t *support, size_t weight)
{
    _Alignas(32) uint16_t sorted[SORT_KEYS];
    _Alignas(32) __m256i bits[SLOTS], meta[SLOTS];
    sort_positions(sorted, support, weight);

    /* Items in sorted order: chunk pattern and distances. u counts the chunk changes so far. */
    const __m256i lane_base = _mm256_setr_epi64x(0, 64, 128, 192), one = _mm256_set1_epi64x(1);
    uint32_t u = 0, last = 0;
    for (size_t t = 0; t < SLOTS; t++) {
        if (t < weight) {
            uint32_t c = sorted[t] >> 8;
            /* u += (c != last), except for t = 0 (last = 0 then, and c - last is ignored) */
            uint32_t diff = c ^ last;
            u += (uint32_t)(t != 0) & ((diff | (0u - diff)) >> 31);
            last = c;
            __m256i shift = _mm256_sub_epi64(_mm256_set1_epi64x(sorted[t] & 255), lane_base);
            bits[t] = _mm256_sllv_epi64(one, shift); /* counts >= 64 (negative ones too) give 0 */
            meta[t] = _mm256_set1_epi64x((long long)((reverse16(t - u) << 48) | (c - u)));
        } else {
            bits[t] = _mm256_setzero_si256();
            meta[t] = _mm256_setzero_si256();
        }
    }

    /* Compaction, shortest distance first: slot s takes slot s + d when its item moves. A
     * slot is rewritten after it was read as a source (ascending order). */
    int steps = 0;
    for (size_t d = 1; d < weight; d <<= 1, steps++) {
        size_t s = 0;
        for (; s + d < weight; s++)
            route(&bits[s], &meta[s], &bits[s + d], &meta[s + d]);
        for (; s < weight; s++)
            stay(&bits[s], &meta[s]);
    }

    /* The top bit of c - u, now at bit steps + EXPAND_BITS - 1, to the sign bit. */
    const __m256i up = _mm256_set1_epi64x(64 - steps - EXPAND_BITS);
    for (size_t s = 0; s < CHUNKS; s++)
        meta[s] = _mm256_sllv_epi64(meta[s], up);

    /* Expansion, longest distance first: slot s takes slot s - d, descending. */
    for (int b = EXPAND_BITS - 1; b >= 0; b--) {
        const size_t d = (size_t)1 << b;
        size_t s = CHUNKS;
        for (; s-- > d;)
            route(&bits[s], &meta[s], &bits[s - d], &meta[s - d]);
        for (s = d < CHUNKS ? d : CHUNKS; s-- > 0;)
            stay(&bits[s], &meta[s]);
    }

    _Alignas(32) uint64_t out[4 * CHUNKS];
    for (size_t c = 0; c < CHUNKS; c++)
        _mm256_store_si256((__m256i *)(out + 4 * c), bits[c]);
    memcpy(v, out, HQC_WORDS * sizeof *v);
    memset(out, 0, sizeof out);
    memset(bits, 0, sizeof bits);
    memset(meta, 0, sizeof meta);
    memset(sorted, 0, sizeof sorted);
    __asm__ __volatile__("" : : "r"(out), "r"(bits), "r"(meta), "r"(sorted) : "memory");
}

#endif
