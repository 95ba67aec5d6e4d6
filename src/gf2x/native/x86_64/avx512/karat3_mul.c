/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* karat3_mul.c: product of two 3s-block operands (s = KARAT_LEAF_BLOCKS) with the six
 * products of three-way Karatsuba (Weimerskirch and Paar, "Generalizations of the Karatsuba
 * algorithm", section 4; Robert and Veron 2021, section on Toom-3 over 3-way Karatsuba),
 * each an s-block product of karat_mul.c. The pointwise products of Toom-3 at HQC-1/3. */
#include <immintrin.h>

#include "gf2x_avx512.h"
#include "karat_mul_512.h"

#define S KARAT_LEAF_BLOCKS
#define PW (S * BLOCK_WORDS) /* words of a part */
#define PB (S * B_STRIDE)    /* words of a stored B operand */

enum { P0, P1, P2, P01, P02, P12, PRODUCTS };

void karat3_mul(uint64_t *c, const uint64_t *a, const uint64_t *b)
{
    _Alignas(64) uint64_t sa[PRODUCTS][PW], sb[PRODUCTS][PB], p[PRODUCTS][2 * PW];
    /* Every operand is formed before the first product, in one pass over a and b: the leaf
     * reads them with unaligned loads, which must not meet stores still in the store buffer
     * (they could not be forwarded), and reloading the parts per product costs more loads
     * than the smaller working set saves (dev/tuning/avx512.md). */
    for (size_t i = 0, j = 0; i < PW; i += BLOCK_WORDS, j += B_STRIDE) {
        __m512i a0 = load_block(a + i), a1 = load_block(a + PW + i), a2 = load_block(a + 2 * PW + i);
        __m512i b0 = load_block(b + i), b1 = load_block(b + PW + i), b2 = load_block(b + 2 * PW + i);
        store_block(sa[P01] + i, _mm512_xor_si512(a0, a1));
        store_block(sa[P02] + i, _mm512_xor_si512(a0, a2));
        store_block(sa[P12] + i, _mm512_xor_si512(a1, a2));
        store_b_block(sb[P0] + j, b0);
        store_b_block(sb[P1] + j, b1);
        store_b_block(sb[P2] + j, b2);
        store_b_block(sb[P01] + j, _mm512_xor_si512(b0, b1));
        store_b_block(sb[P02] + j, _mm512_xor_si512(b0, b2));
        store_b_block(sb[P12] + j, _mm512_xor_si512(b1, b2));
    }
    for (int k = 0; k < PRODUCTS; k++) /* the plain parts of a are read in place */
        karat_mul_leaf(p[k], k <= P2 ? a + k * PW : sa[k], sb[k]);

    /* c = c0 + c1 Y + ... + c4 Y^4 (Y = X^(64 PW)) with c0 = P0, c1 = P01 + P0 + P1,
     * c2 = P02 + P0 + P1 + P2, c3 = P12 + P1 + P2, c4 = P2; part t of the result is the low
     * half of c_t plus the high half of c_(t-1). */
    for (size_t i = 0; i < PW; i += BLOCK_WORDS) {
        __m512i p0l = load_block(p[P0] + i), p0h = load_block(p[P0] + PW + i);
        __m512i p1l = load_block(p[P1] + i), p1h = load_block(p[P1] + PW + i);
        __m512i p2l = load_block(p[P2] + i), p2h = load_block(p[P2] + PW + i);
        __m512i low01 = _mm512_xor_si512(p0l, p1l), high12 = _mm512_xor_si512(p1h, p2h);
        store_block(c + i, p0l);
        store_block(c + PW + i, xor3(p0h, low01, load_block(p[P01] + i)));
        __m512i r2 = xor3(load_block(p[P01] + PW + i), p0h, p1h);
        store_block(c + 2 * PW + i, xor3(r2, load_block(p[P02] + i), _mm512_xor_si512(low01, p2l)));
        __m512i r3 = xor3(load_block(p[P02] + PW + i), p0h, high12);
        store_block(c + 3 * PW + i, xor3(r3, load_block(p[P12] + i), _mm512_xor_si512(p1l, p2l)));
        store_block(c + 4 * PW + i, xor3(load_block(p[P12] + PW + i), high12, p2l));
        store_block(c + 5 * PW + i, p2h);
    }
}
