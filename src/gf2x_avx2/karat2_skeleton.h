/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* karat2_skeleton.h: n-word x n-word product over GF(2) for n = 8 * 2^j by recursive two-way
 * Karatsuba (Karatsuba-Ofman 1962) with 256-bit XORs, shared by the avx2 and vpclmul backends.
 * The including file defines KARAT2_LEAF(e, o, a, b), its 512x512-bit leaf with the contract
 * of clmul512_split (clmul_base.h): the even part of a[0..8) * b[0..8) to e[0..16), the odd
 * part to o[0..14), to be added one word up. Each size is its own function so that every loop
 * has a constant trip count and the scratch is a fixed-size stack array. */
#ifndef KARAT2_LEAF
#error "define KARAT2_LEAF before including karat2_skeleton.h"
#endif

#include "vec256.h"

typedef void (*mul_fn)(uint64_t *r, const uint64_t *a, const uint64_t *b);

/* One Karatsuba step on n words: r = a0 b0 + X^(64h) (a0 b0 + a1 b1 + (a0+a1)(b0+b1))
 * + X^(128h) a1 b1 with h = n / 2. tmp holds 4h words: the two half sums, then their product. */
HQC_VEC_INLINE void karat2_step(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n,
                                uint64_t *tmp, mul_fn half_mul)
{
    const size_t h = n / 2;
    uint64_t *sa = tmp, *sb = tmp + h, *pm = tmp + 2 * h;
    for (size_t i = 0; i < h; i += 4) {
        st(sa + i, ld(a + i) ^ ld(a + h + i));
        st(sb + i, ld(b + i) ^ ld(b + h + i));
    }
    half_mul(pm, sa, sb);
    half_mul(r, a, b);
    half_mul(r + 2 * h, a + h, b + h);
    /* With t = (a0 b0)_hi + (a1 b1)_lo, the two middle quarters are t + (a0 b0)_lo + pm_lo
     * and t + (a1 b1)_hi + pm_hi: five XORs per four words instead of six. */
    for (size_t i = 0; i < h; i += 4) {
        __m256i t = ld(r + h + i) ^ ld(r + 2 * h + i);
        st(r + h + i, t ^ ld(r + i) ^ ld(pm + i));
        st(r + 2 * h + i, t ^ ld(r + 3 * h + i) ^ ld(pm + h + i));
    }
}

/* Odd part of an 8x8-word product as the leaf leaves it, with a zero word on either side:
 * word w of the product is e[w] + odd[w], read with one unaligned load. */
typedef struct {
    uint64_t w[16];
} odd_part;

static void mul8(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    odd_part o;
    o.w[0] = o.w[15] = 0;
    KARAT2_LEAF(r, o.w + 1, a, b);
    for (size_t i = 0; i < 16; i += 4)
        st(r + i, ld(r + i) ^ ld(o.w + i));
}

/* karat2_step for n = 16 with the odd parts of the three 8x8 products added in the same
 * pass as the Karatsuba recombination. */
static void mul16(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    _Alignas(32) uint64_t sa[8], sb[8], pm[16];
    odd_part o0, o1, om;
    o0.w[0] = o0.w[15] = o1.w[0] = o1.w[15] = om.w[0] = om.w[15] = 0;
    for (size_t i = 0; i < 8; i += 4) {
        st(sa + i, ld(a + i) ^ ld(a + 8 + i));
        st(sb + i, ld(b + i) ^ ld(b + 8 + i));
    }
    KARAT2_LEAF(r, o0.w + 1, a, b);
    KARAT2_LEAF(r + 16, o1.w + 1, a + 8, b + 8);
    KARAT2_LEAF(pm, om.w + 1, sa, sb);
    for (size_t i = 0; i < 8; i += 4) {
        __m256i p0lo = ld(r + i) ^ ld(o0.w + i), p0hi = ld(r + 8 + i) ^ ld(o0.w + 8 + i);
        __m256i p1lo = ld(r + 16 + i) ^ ld(o1.w + i), p1hi = ld(r + 24 + i) ^ ld(o1.w + 8 + i);
        __m256i pmlo = ld(pm + i) ^ ld(om.w + i), pmhi = ld(pm + 8 + i) ^ ld(om.w + 8 + i);
        __m256i t = p0hi ^ p1lo;
        st(r + i, p0lo);
        st(r + 8 + i, t ^ p0lo ^ pmlo);
        st(r + 16 + i, t ^ p1hi ^ pmhi);
        st(r + 24 + i, p1hi);
    }
}

static void mul32(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    _Alignas(32) uint64_t tmp[2 * 32];
    karat2_step(r, a, b, 32, tmp, mul16);
}

static void mul64(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    _Alignas(32) uint64_t tmp[2 * 64];
    karat2_step(r, a, b, 64, tmp, mul32);
}

static void mul128(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    _Alignas(32) uint64_t tmp[2 * 128];
    karat2_step(r, a, b, 128, tmp, mul64);
}

void karat2_mul(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n)
{
    switch (n) { /* n is a property of the level, not of the data */
    case 8: mul8(r, a, b); break;
    case 16: mul16(r, a, b); break;
    case 32: mul32(r, a, b); break;
    case 64: mul64(r, a, b); break;
    case 128: mul128(r, a, b); break;
    default: __builtin_trap();
    }
}
