/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* karat5_mul.c: product of two 5s-block operands (s = KARAT_LEAF_BLOCKS), the pointwise
 * product of Toom-3 at HQC-5 (Robert and Veron 2021, section on Toom-3 over 5-way
 * Karatsuba). Default: 13 s-block products by a five-term formula over subset sums
 * (Montgomery, "Five, six, and seven-term Karatsuba-like formulae", IEEE TC 54(3), 2005,
 * shows 13 suffice; the sets are those of dev/tuning/avx2.md). Plain 5-way Karatsuba (15
 * products) measured slower: dev/tuning/avx512.md, and the code in git history (ce02be9). */
#include <immintrin.h>

#include "gf2x_avx512.h"
#include "karat_mul_512.h"

#define S KARAT_LEAF_BLOCKS
#define PW (S * BLOCK_WORDS) /* words of a part */
#define PB (S * B_STRIDE)    /* words of a stored B operand */
#define PLAIN 5              /* products 0 to 4 are those of the plain parts a_k b_k */

/* Where product k lives. The plain products (2 PW words each) tile c exactly, P_k at 2k PW,
 * so only the sums' products need scratch (the stack budget of docs/VERIFICATION.md): the
 * recomposition writes words t PW + i of c only after it has read words i and PW + i of
 * every product, and no other block reads them. */
static inline uint64_t *product_at(uint64_t *c, uint64_t (*sums)[2 * PW], int k)
{
    return k < PLAIN ? c + 2 * k * PW : sums[k - PLAIN];
}


/* P_T = (sum_{i in T} a_i)(sum_{i in T} b_i) for the 13 sets T below. */
enum { P0, P1, P2, P3, P4, P01, P02, P24, P34, P123, P0124, P0234, P01234, PRODUCTS };
_Static_assert(P01 == PLAIN, "the plain products come first");

/* The 13 subset sums of the five parts of x, block i of each; the plain parts first. */
static inline void subset_sums(__m512i s[PRODUCTS], const uint64_t *x, size_t i)
{
    for (int k = 0; k < 5; k++)
        s[k] = load_block(x + k * PW + i);
    s[P01] = _mm512_xor_si512(s[P0], s[P1]);
    s[P02] = _mm512_xor_si512(s[P0], s[P2]);
    s[P24] = _mm512_xor_si512(s[P2], s[P4]);
    s[P34] = _mm512_xor_si512(s[P3], s[P4]);
    s[P123] = xor3(s[P1], s[P2], s[P3]);
    s[P0124] = _mm512_xor_si512(s[P01], s[P24]);
    s[P0234] = _mm512_xor_si512(s[P02], s[P34]);
    s[P01234] = _mm512_xor_si512(s[P0124], s[P3]);
}

void karat5_mul(uint64_t *c, const uint64_t *a, const uint64_t *b)
{
    /* The sums of a, every B operand, and the sums' products. */
    _Alignas(64) uint64_t sa[PRODUCTS - PLAIN][PW], sb[PRODUCTS][PB], p[PRODUCTS - PLAIN][2 * PW];
    /* All operands first, in one pass (see karat3_mul.c). */
    for (size_t i = 0, j = 0; i < PW; i += BLOCK_WORDS, j += B_STRIDE) {
        __m512i x[PRODUCTS], y[PRODUCTS];
        subset_sums(x, a, i);
        subset_sums(y, b, i);
        for (int k = 0; k < PRODUCTS; k++) {
            if (k >= PLAIN)
                store_block(sa[k - PLAIN] + i, x[k]);
            store_b_block(sb[k] + j, y[k]);
        }
    }
    for (int k = 0; k < PRODUCTS; k++) /* the plain parts of a are read in place */
        karat_mul_leaf(product_at(c, p, k), k < PLAIN ? a + k * PW : sa[k - PLAIN], sb[k]);

    /* c = c0 + c1 Y + ... + c8 Y^8 (Y = X^(64 PW)):
     *   c0 = P0                      c8 = P4
     *   c1 = P0 + P1 + P01           c7 = P3 + P4 + P34
     *   c2 = P0 + P1 + P2 + P02      c6 = P2 + P3 + P4 + P24
     *   c3 = c7 + P1 + Z + P0124     c5 = c1 + P3 + Z + P0234,   Z = P2 + P123 + P01234
     *   c4 = P02 + P24 + P0124 + P0234 + P01234
     * Part t of the result is the low half of c_t plus the high half of c_(t-1). */
    for (size_t i = 0; i < PW; i += BLOCK_WORDS) {
        __m512i cc[9][2];
        for (int h = 0; h < 2; h++) {
            __m512i q[PRODUCTS];
            for (int k = 0; k < PRODUCTS; k++)
                q[k] = load_block(product_at(c, p, k) + h * PW + i);
            __m512i z = xor3(q[P2], q[P123], q[P01234]);
            cc[0][h] = q[P0];
            cc[8][h] = q[P4];
            cc[1][h] = xor3(q[P0], q[P1], q[P01]);
            cc[7][h] = xor3(q[P3], q[P4], q[P34]);
            cc[2][h] = xor3(cc[1][h], q[P01], _mm512_xor_si512(q[P2], q[P02]));
            cc[6][h] = xor3(cc[7][h], q[P34], _mm512_xor_si512(q[P2], q[P24]));
            cc[3][h] = xor3(cc[7][h], q[P1], _mm512_xor_si512(z, q[P0124]));
            cc[5][h] = xor3(cc[1][h], q[P3], _mm512_xor_si512(z, q[P0234]));
            cc[4][h] = xor3(xor3(q[P02], q[P24], q[P0124]), q[P0234], q[P01234]);
        }
        store_block(c + i, cc[0][0]);
        for (int t = 1; t < 9; t++)
            store_block(c + t * PW + i, _mm512_xor_si512(cc[t][0], cc[t - 1][1]));
        store_block(c + 9 * PW + i, cc[8][1]);
    }
}

