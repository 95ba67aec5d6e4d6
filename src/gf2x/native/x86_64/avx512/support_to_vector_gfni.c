/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* support_to_vector_gfni.c: the dense vector with ones at a secret support (spec section
 * "Sampling", the vector form of a fixed-weight support) for the avx512 backend, in constant
 * time: addresses and branches depend on the weight and n only. 2.8x (HQC-1) to 2.9x (HQC-5)
 * faster than ../support_to_vector_avx2.c on an AVX-512 Xeon (dev/tune/avx512/s2v_paired.c). */
#include "support_to_vector_gfni.h"

#include <immintrin.h>

/* How: positions go in groups of eight, the output in blocks of 64 words held as eight byte
 * planes; two GF2P8AFFINEQB steps do the work:
 *   - one compare of the group's eight "octet" numbers with the block's 8 and a masked move give,
 *     per 8 words of the block and position, the byte of its one-hot word index; one affine
 *     transposes these 8x8 bit matrices into a byte per word whose bit 7 - i says "position i
 *     is in this word" (idx);
 *   - plane p of the block gets, per word, A_p idx, where row r of the 8x8 matrix A_p has bit
 *     7 - i set when position i has bit 8p + r of its word: one affine per plane, group and
 *     block. Positions are distinct (the contract), so that sum over GF(2) is their OR.
 * Per group and block: 1 compare, 1 masked move, 9 affines and 4 three-way ORs for 8 positions
 * and 4096 bits, against about 56 vector operations for 8 positions and 2048 bits in the AVX2
 * kernel. The planes become words again per block with 24 in-lane unpacks: the word order
 * inside a block is chosen so that no lane crossing is left. GFNI and AVX-512BW only, both
 * already required by the backend (avx512_meta.h). */

#define BLOCK_WORDS 64
#define BLOCKS ((HQC_WORDS + BLOCK_WORDS - 1) / BLOCK_WORDS)
#define GROUPS ((HQC_WEIGHT_MAX + 7) / 8) /* every dialect's largest weight (params.h) */
#define SLOTS (64 * ((8 * GROUPS + 63) / 64)) /* 8 per group, rounded up for the wipe */
#define PADDING 0xffffffffu /* a padding slot's "position": its octet saturates to NO_OCTET */
#define NO_OCTET 0x7f       /* never a block's octet number */
_Static_assert(8 * BLOCKS <= NO_OCTET, "octet numbers fit a signed byte, with 0x7f to spare");

/* The unpack ladder below leaves byte t = 16 L + 2 s + d of the planes (L the 128-bit lane)
 * in register s, word 8 s + 2 L + d of the block. Byte t is byte k = t % 8 of 64-bit lane
 * j = t / 8; so word u of a block (bits u5..u0) is byte k = (u4 u3 u0) of lane j = (u2 u1 u5).
 * slot_bytes gives, for 16 slots (32-bit lanes of x, a position or PADDING), the octet number
 * 8 x block + j of its word and k, the byte of its word holding its bit and that bit's index
 * in the byte, each saturated to a signed byte (so padding's octet becomes NO_OCTET). */
/* The 16 signed-saturated bytes of 16 nonnegative 32-bit lanes (VPMOVSDB). MemorySanitizer
 * (clang 16) does not model VPMOVSDB (it reports every secret operand and marks the result
 * public), so the MSan constant-time build (-DHQC_CT_MSAN) narrows with a minimum, a byte
 * shuffle and a dword permutation, which it models: the same bytes. */
static inline __m128i saturate_bytes(__m512i v)
{
#ifdef HQC_CT_MSAN
    const __m512i pick = _mm512_broadcast_i32x4(_mm_setr_epi8(0, 4, 8, 12, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1));
    const __m512i packed = _mm512_shuffle_epi8(_mm512_min_epi32(v, _mm512_set1_epi32(127)), pick);
    return _mm512_castsi512_si128(
        _mm512_permutexvar_epi32(_mm512_setr_epi32(0, 4, 8, 12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), packed));
#else
    return _mm512_cvtsepi32_epi8(v);
#endif
}

static inline void slot_bytes(__m128i out[4], __m512i x)
{
    const __m512i w = _mm512_srli_epi32(x, 6), u = _mm512_and_si512(w, _mm512_set1_epi32(63));
    const __m512i j = _mm512_or_si512(_mm512_and_si512(u, _mm512_set1_epi32(6)), _mm512_srli_epi32(u, 5));
    const __m512i k = _mm512_or_si512(_mm512_and_si512(_mm512_srli_epi32(u, 2), _mm512_set1_epi32(6)),
                                      _mm512_and_si512(u, _mm512_set1_epi32(1)));
    out[0] = saturate_bytes(_mm512_add_epi32(_mm512_slli_epi32(_mm512_srli_epi32(w, 6), 3), j));
    out[1] = saturate_bytes(k);
    out[2] = saturate_bytes(_mm512_and_si512(_mm512_srli_epi32(x, 3), _mm512_set1_epi32(7)));
    out[3] = saturate_bytes(_mm512_and_si512(x, _mm512_set1_epi32(7)));
}

/* Eight planes (plane p: byte p of each word, in the order above) to 64 words at dst; words
 * past `words` are not written. */
static inline void planes_to_words(uint64_t *dst, const __m512i acc[8], size_t words)
{
    __m512i a[8], c[8], r[8];
    for (int k = 0; k < 4; k++) { /* a[2k + h]: planes 2k, 2k+1 of bytes 16L + 8h + 0..7 */
        a[2 * k] = _mm512_unpacklo_epi8(acc[2 * k], acc[2 * k + 1]);
        a[2 * k + 1] = _mm512_unpackhi_epi8(acc[2 * k], acc[2 * k + 1]);
    }
    for (int q = 0; q < 2; q++) /* c[4q + 2h + e]: planes 4q..4q+3 of bytes 16L + 8h + 4e + 0..3 */
        for (int h = 0; h < 2; h++) {
            c[4 * q + 2 * h] = _mm512_unpacklo_epi16(a[4 * q + h], a[4 * q + 2 + h]);
            c[4 * q + 2 * h + 1] = _mm512_unpackhi_epi16(a[4 * q + h], a[4 * q + 2 + h]);
        }
    for (int h = 0; h < 2; h++) /* r[4h + 2e + f]: whole words of bytes 16L + 8h + 4e + 2f + 0..1 */
        for (int e = 0; e < 2; e++) {
            r[4 * h + 2 * e] = _mm512_unpacklo_epi32(c[2 * h + e], c[4 + 2 * h + e]);
            r[4 * h + 2 * e + 1] = _mm512_unpackhi_epi32(c[2 * h + e], c[4 + 2 * h + e]);
        }
    for (size_t s = 0; s < 8; s++) {
        if (8 * s + 8 <= words)
            _mm512_storeu_si512((void *)(dst + 8 * s), r[s]);
        else if (8 * s < words)
            _mm512_mask_storeu_epi64(dst + 8 * s, (__mmask8)((1u << (words - 8 * s)) - 1), r[s]);
    }
}

/* Zeroes a secret stack buffer (64-byte aligned, a multiple of 64 bytes) with vector stores;
 * the empty asm keeps them. */
static inline void wipe(void *p, size_t bytes)
{
    for (size_t i = 0; i < bytes; i += 64) {
        _mm512_store_si512((void *)((uint8_t *)p + i), _mm512_setzero_si512());
        __asm__ __volatile__("" : : "r"(p) : "memory");
    }
}

static inline __m512i broadcast_bytes(const uint8_t *p)
{
    uint64_t x;
    __builtin_memcpy(&x, p, 8);
    return _mm512_set1_epi64((long long)x);
}

/* idx of group g in the block whose octet numbers are block_octets: byte k of 64-bit lane j
 * has bit 7 - i set when position i is word k of octet j. One compare and a masked move give,
 * per lane j and position i (byte i), the position's bit among the octet's 8 words, or 0; the
 * affine of the bytes 1 << k by each lane as a matrix transposes it. */
static inline __m512i group_words(const uint8_t *octet, const uint8_t *in_octet, size_t g, __m512i block_octets,
                                  __m512i transpose)
{
    const __mmask64 m = _mm512_cmpeq_epi8_mask(broadcast_bytes(octet + 8 * g), block_octets);
    const __m512i onehot = _mm512_maskz_mov_epi8(m, broadcast_bytes(in_octet + 8 * g));
    return _mm512_gf2p8affine_epi64_epi8(transpose, onehot, 0);
}

/* Plane p of the block's words from a group's idx and its A_p. Under clang the broadcast A_p
 * is kept in a register: clang 14 to 19 fold it into the affine as a {1to8} memory operand and
 * then encode a small displacement with the wrong disp8 scale (1 instead of 8), so the affine
 * reads another address (LLVM pull request 120340, fixed in LLVM 20); test_mul's support cases
 * caught it as all-zero planes. gcc keeps the broadcast in a register by itself. */
static inline __m512i plane_bytes(__m512i idx, uint64_t a_p)
{
    __m512i a = _mm512_set1_epi64((long long)a_p);
#if defined(__clang__)
    __asm__("" : "+v"(a));
#endif
    return _mm512_gf2p8affine_epi64_epi8(idx, a, 0);
}

void support_to_vector_gfni(uint64_t *v, const uint32_t *support, size_t weight)
{
    /* Per slot 8g + i of group g (byte i of 8): the octet number of its word, its bit in that
     * octet (1 << k), the byte of its word holding its bit, and that bit. Padding slots never
     * meet a block, so their other bytes do not matter. */
    _Alignas(64) uint8_t octet[SLOTS], in_octet[SLOTS], plane[SLOTS], in_plane[SLOTS];
    _Alignas(64) uint64_t matrix[GROUPS][8]; /* matrix[g][p]: A_p of group g */
    _Alignas(64) uint32_t tail[16];           /* the last, partial 16 slots */
    const size_t groups = (weight + 7) / 8, slots = 16 * ((8 * groups + 15) / 16);
    const __m128i powers = _mm_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0);
    for (size_t j = 0; j < slots; j += 16) {
        /* vector loads straight from the support (no memcpy to the stack: the object check,
         * scripts/ct-objects, then sees where these secrets go) */
        __m512i x;
        if (j + 16 <= weight) {
            x = _mm512_loadu_si512((const void *)(support + j));
        } else {
            for (size_t k = 0; k < 16; k++)
                tail[k] = j + k < weight ? support[j + k] : PADDING;
            x = _mm512_load_si512((const void *)tail);
        }
        __m128i b[4];
        slot_bytes(b, x);
        _mm_store_si128((__m128i *)(octet + j), b[0]);
        _mm_store_si128((__m128i *)(in_octet + j), _mm_shuffle_epi8(powers, b[1]));
        _mm_store_si128((__m128i *)(plane + j), b[2]);
        _mm_store_si128((__m128i *)(in_plane + j), _mm_shuffle_epi8(powers, b[3]));
    }

    /* A_p, row r (byte 7 - r), bit 7 - i = bit 8p + r of position i's one-hot word. Y (64-bit
     * lane p, byte i) = byte p of that word; the affine of the bytes 1 << (7 - k) by each lane of
     * Y transposes it, rows and columns reversed. */
    const __m512i lane_number = _mm512_set_epi64(0x0707070707070707, 0x0606060606060606, 0x0505050505050505,
                                                 0x0404040404040404, 0x0303030303030303, 0x0202020202020202,
                                                 0x0101010101010101, 0);
    const __m512i reverse_transpose = _mm512_set1_epi64(0x0102040810204080);
    const __m512i transpose = _mm512_set1_epi64((long long)0x8040201008040201ULL);
    for (size_t g = 0; g < groups; g++) {
        const __mmask64 m = _mm512_cmpeq_epi8_mask(broadcast_bytes(plane + 8 * g), lane_number);
        const __m512i y = _mm512_maskz_mov_epi8(m, broadcast_bytes(in_plane + 8 * g));
        _mm512_store_si512((void *)matrix[g], _mm512_gf2p8affine_epi64_epi8(reverse_transpose, y, 0));
    }

    for (size_t b = 0; b < BLOCKS; b++) {
        const __m512i block_octets = _mm512_add_epi8(lane_number, _mm512_set1_epi8((char)(8 * b)));
        __m512i acc[8];
        for (int p = 0; p < 8; p++)
            acc[p] = _mm512_setzero_si512();
        size_t g = 0;
        for (; g + 2 <= groups; g += 2) { /* two groups, one three-way OR per plane */
            const __m512i i0 = group_words(octet, in_octet, g, block_octets, transpose);
            const __m512i i1 = group_words(octet, in_octet, g + 1, block_octets, transpose);
            for (int p = 0; p < 8; p++)
                acc[p] = _mm512_ternarylogic_epi64(acc[p], plane_bytes(i0, matrix[g][p]),
                                                   plane_bytes(i1, matrix[g + 1][p]), 0xfe);
        }
        if (g < groups) {
            const __m512i i0 = group_words(octet, in_octet, g, block_octets, transpose);
            for (int p = 0; p < 8; p++)
                acc[p] = _mm512_or_si512(acc[p], plane_bytes(i0, matrix[g][p]));
        }
        planes_to_words(v + BLOCK_WORDS * b, acc, HQC_WORDS - BLOCK_WORDS * b);
    }
    wipe(tail, sizeof tail);
    wipe(octet, sizeof octet);
    wipe(in_octet, sizeof in_octet);
    wipe(plane, sizeof plane);
    wipe(in_plane, sizeof in_plane);
    wipe(matrix, sizeof matrix);
}
