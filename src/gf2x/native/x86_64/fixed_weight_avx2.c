/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* fixed_weight_avx2.c: encryption's fixed-weight positions from their draws (the spec's
 * SampleFixedWeightVect for r2, e and r1: Sendrier, eprint 2021/1631, Algorithm 5) for the avx2
 * and vpclmul backends. The same positions as the portable twin, sample_encrypt_from_draws
 * (src/hqc/sampling.c), in constant time, with AVX2 only. */
#include "fixed_weight_avx2.h"

#include <immintrin.h>

#include "zeroize.h"

/* The method is avx512/fixed_weight_vbmi.c's, whose header says why it computes the twin's
 * positions: a triangle of 16-bit compares gives dup(i) (pos[i] equals a later pos[l]), and
 * ceil(log2 weight) rounds of pointer jumping along i -> pos[i] (when below weight, else i) OR
 * it along each path into taken(i); final[i] = taken(i) ? i : pos[i]. Without VBMI's byte
 * permutes, a round gathers a byte of each table per lane with VPSHUFB: the table in chunks of
 * 16 entries, each looked up by the index's low nibble and kept where its high nibble names
 * the chunk (one compare, shared by the two tables). Nothing here branches on or addresses by
 * a position. */

#define W HQC_WEIGHT_MAX
#define REGS8 ((W + 31) / 32) /* byte registers of pointers and flags */
#define LANES (32 * REGS8)
#define REGS16 (LANES / 16)
#define CHUNKS ((W + 15) / 16) /* 16-entry pieces of the tables: every pointer is below W */
#if W <= 64
#define ROUNDS 6
#elif W <= 128
#define ROUNDS 7
#else
#define ROUNDS 8
#endif
_Static_assert(W <= (1 << ROUNDS), "pointer jumping covers every path");
_Static_assert(W < 256, "pointers fit bytes");
_Static_assert(HQC_N < 65536, "positions fit 16-bit lanes");

/* The indices k .. k + 15 as 16-bit lanes. */
static inline __m256i iota16(unsigned k)
{
    return _mm256_add_epi16(_mm256_setr_epi16(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
                            _mm256_set1_epi16((short)k));
}

/* The indices k .. k + 7 as 32-bit lanes. */
static inline __m256i iota32(unsigned k)
{
    return _mm256_add_epi32(_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7), _mm256_set1_epi32((int)k));
}

/* All ones in the lanes of iota32(k) below weight: the positions that exist, for the masked
 * reads of the draws and the masked stores of the result. */
static inline __m256i live32(size_t weight, unsigned k)
{
    return _mm256_cmpgt_epi32(_mm256_set1_epi32((int)weight), iota32(k));
}

/* pos[8 h .. 8 h + 7] as 32-bit lanes: i + floor(r_i (n - i) / 2^32) with r_i the little-endian
 * 32-bit word at bytes + 4 i; lanes at or past weight read nothing (VPMASKMOVD) and come out
 * as i. */
static inline __m256i draw8(const uint8_t *bytes, size_t weight, unsigned h)
{
    const __m256i i = iota32(8 * h);
    const __m256i live = live32(weight, 8 * h);
    const __m256i r = _mm256_maskload_epi32((const int *)(const void *)(bytes + 32 * h), live);
    const __m256i m = _mm256_sub_epi32(_mm256_set1_epi32(HQC_N), i);
    /* 32 x 32 -> 64-bit products of the even lanes, then of the odd ones: keep the high halves. */
    const __m256i even = _mm256_srli_epi64(_mm256_mul_epu32(r, m), 32);
    const __m256i odd = _mm256_mul_epu32(_mm256_srli_epi64(r, 32), _mm256_srli_epi64(m, 32));
    return _mm256_add_epi32(_mm256_blend_epi32(even, odd, 0xAA), i);
}

/* pos[16 g .. 16 g + 15] as 16-bit lanes. */
static inline __m256i draw16(const uint8_t *bytes, size_t weight, unsigned g)
{
    /* values below 2^16: the unsigned pack keeps them; it interleaves 64-bit quarters */
    const __m256i packed = _mm256_packus_epi32(draw8(bytes, weight, 2 * g), draw8(bytes, weight, 2 * g + 1));
    return _mm256_permute4x64_epi64(packed, 0xD8);
}

/* Two registers of 16-bit values below 256 as one of bytes, in order. */
static inline __m256i bytes_of(__m256i lo, __m256i hi)
{
    return _mm256_permute4x64_epi64(_mm256_packus_epi16(lo, hi), 0xD8);
}

/* Byte idx[k] of the tables val and ptr (LANES bytes each) for every lane k, into *v and *p;
 * 0 where idx[k] >= 16 CHUNKS. */
static inline void gather2(__m256i *v, __m256i *p, const uint8_t *val, const uint8_t *ptr, __m256i idx)
{
    const __m256i nibble = _mm256_set1_epi8(0x0f);
    const __m256i lo = _mm256_and_si256(idx, nibble), hi = _mm256_and_si256(_mm256_srli_epi16(idx, 4), nibble);
    __m256i gv = _mm256_setzero_si256(), gp = _mm256_setzero_si256();
    for (int c = 0; c < CHUNKS; c++) {
        const __m256i here = _mm256_cmpeq_epi8(hi, _mm256_set1_epi8((char)c));
        const __m256i tv = _mm256_broadcastsi128_si256(_mm_load_si128((const __m128i *)(val + 16 * c)));
        const __m256i tp = _mm256_broadcastsi128_si256(_mm_load_si128((const __m128i *)(ptr + 16 * c)));
        gv = _mm256_or_si256(gv, _mm256_and_si256(here, _mm256_shuffle_epi8(tv, lo)));
        gp = _mm256_or_si256(gp, _mm256_and_si256(here, _mm256_shuffle_epi8(tp, lo)));
    }
    *v = gv;
    *p = gp;
}

void fixed_weight_avx2(uint32_t *support, const uint8_t *bytes, size_t weight)
{
    /* Secret: the positions, and the tables of each round. */
    struct {
        _Alignas(32) uint16_t pos[LANES];
        _Alignas(32) uint8_t val[LANES], ptr[LANES];
    } t;
    __m256i pos[REGS16], dup[REGS16];
    for (unsigned r = 0; r < REGS16; r++) {
        pos[r] = draw16(bytes, weight, r);
        _mm256_store_si256((__m256i *)(t.pos + 16 * r), pos[r]);
        dup[r] = _mm256_setzero_si256();
    }
    /* dup, from the later side: position l marks every lane k < l that holds the same value.
     * Register by register, so that its marks build up in one register: indexed by a loop
     * variable, an array of them lived on the stack, a chain of store-to-load forwards (the
     * kernel took 1.37 times as long). Broadcasting a position once per register costs less
     * than storing its broadcast once and reading it back (with its wipe): 632-638 against
     * 840-862 ticks at HQC-1 (Xeon 6/167). */
    for (size_t r = 0; r < REGS16 && 16 * r < weight; r++) {
        __m256i d = _mm256_setzero_si256();
        const size_t own_end = weight < 16 * r + 16 ? weight : 16 * r + 16;
        for (size_t l = 16 * r + 1; l < own_end; l++) { /* its own register: the lanes below l */
            const __m256i below = _mm256_cmpgt_epi16(_mm256_set1_epi16((short)(l % 16)), iota16(0));
            const __m256i same = _mm256_cmpeq_epi16(_mm256_set1_epi16((short)t.pos[l]), pos[r]);
            d = _mm256_or_si256(d, _mm256_and_si256(below, same));
        }
        for (size_t l = own_end; l < weight; l++) /* the registers above: every lane */
            d = _mm256_or_si256(d, _mm256_cmpeq_epi16(_mm256_set1_epi16((short)t.pos[l]), pos[r]));
        dup[r] = d;
    }
    /* Flags (0xFF: taken so far) and pointers as bytes: pos[i] if it is below weight, else i. */
    const __m256i last = _mm256_set1_epi16((short)(weight - 1));
    __m256i val[REGS8], ptr[REGS8];
    for (unsigned j = 0; j < REGS8; j++) {
        __m256i p[2];
        for (unsigned h = 0; h < 2; h++) {
            const unsigned r = 2 * j + h;
            const __m256i inside = _mm256_cmpeq_epi16(_mm256_min_epu16(pos[r], last), pos[r]);
            p[h] = _mm256_blendv_epi8(iota16(16 * r), pos[r], inside);
        }
        ptr[j] = bytes_of(p[0], p[1]);
        val[j] = _mm256_permute4x64_epi64(_mm256_packs_epi16(dup[2 * j], dup[2 * j + 1]), 0xD8);
    }
    /* After round t, val[i] is the OR of dup over the first 2^t nodes of i's path. */
    for (unsigned round = 0; round < ROUNDS; round++) {
        for (unsigned j = 0; j < REGS8; j++) {
            _mm256_store_si256((__m256i *)(t.val + 32 * j), val[j]);
            _mm256_store_si256((__m256i *)(t.ptr + 32 * j), ptr[j]);
        }
        for (unsigned j = 0; j < REGS8; j++) {
            __m256i gv, gp;
            gather2(&gv, &gp, t.val, t.ptr, ptr[j]);
            val[j] = _mm256_or_si256(val[j], gv);
            ptr[j] = gp;
        }
    }
    /* final[i] = taken ? i : pos[i], widened to 32 bits; stores stop at weight. */
    for (unsigned r = 0; r < REGS16; r++) {
        const __m128i flags = r % 2 ? _mm256_extracti128_si256(val[r / 2], 1) : _mm256_castsi256_si128(val[r / 2]);
        const __m256i f = _mm256_blendv_epi8(pos[r], iota16(16 * r), _mm256_cvtepi8_epi16(flags));
        for (unsigned h = 0; h < 2; h++) {
            const unsigned at = 16 * r + 8 * h;
            const __m256i live = live32(weight, at);
            const __m128i part = h ? _mm256_extracti128_si256(f, 1) : _mm256_castsi256_si128(f);
            _mm256_maskstore_epi32((int *)(void *)(support + at), live, _mm256_cvtepu16_epi32(part));
        }
    }
    zeroize(&t, sizeof t);
}
