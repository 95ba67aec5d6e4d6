/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* karat2_skeleton.h: n-word x n-word product over GF(2) for n = 8 * 2^j by recursive two-way
 * Karatsuba (Karatsuba-Ofman 1962) with 256-bit XORs, shared by the avx2 and vpclmul backends.
 * The including file defines KARAT2_LEAF(e, o, a, b), its 512x512-bit leaf with the contract
 * of clmul512_split (clmul_base.h): the even part of a[0..8) * b[0..8) to e[0..16), the odd
 * part to o[0..14), to be added one word up. A backend whose header defines KARAT2_PAIR_LEAF(r0,
 * r1, a0, b0, a1, b1), two independent 16x16-word products (mul_skeleton.h), gets
 * karat2_mul_pair recursing on pairs down to it. Each size is its own function so that every loop
 * has a constant trip count and the scratch is a fixed-size stack array. */
#ifndef KARAT2_LEAF
#error "define KARAT2_LEAF before including karat2_skeleton.h"
#endif

#include "skeleton_lane.h"

/* One product, r = a * b, and two independent ones, r0 = a0 * b0 and r1 = a1 * b1: the
 * second lets a backend whose leaf computes two products at once (KARAT2_PAIR_LEAF) run every
 * level of the recursion on both. */
typedef void (*mul_fn)(uint64_t *r, const uint64_t *a, const uint64_t *b);
typedef void (*mul_pair_fn)(uint64_t *r0, uint64_t *r1, const uint64_t *a0, const uint64_t *b0,
                            const uint64_t *a1, const uint64_t *b1);

/* The half sums of one product of n = 2h words into the low half of its result: s[0..h) =
 * a0 + a1, s[h..2h) = b0 + b1. */
HQC_VEC_INLINE void karat2_half_sums(uint64_t *s, const uint64_t *a, const uint64_t *b, size_t h)
{
    for (size_t i = 0; i < h; i += 4) {
        st(s + i, ld(a + i) ^ ld(a + h + i));
        st(s + h + i, ld(b + i) ^ ld(b + h + i));
    }
}

/* The middle of one product: with t = (a0 b0)_hi + (a1 b1)_lo, the two middle quarters are
 * t + (a0 b0)_lo + pm_lo and t + (a1 b1)_hi + pm_hi: five XORs per four words instead of six. */
HQC_VEC_INLINE void karat2_middle(uint64_t *r, const uint64_t *pm, size_t h)
{
    for (size_t i = 0; i < h; i += 4) {
        vec256 t = ld(r + h + i) ^ ld(r + 2 * h + i);
        st(r + h + i, t ^ ld(r + i) ^ ld(pm + i));
        st(r + 2 * h + i, t ^ ld(r + 3 * h + i) ^ ld(pm + h + i));
    }
}

/* One Karatsuba step on n words for each of the batch (1 or 2) products r[k] = a[k] * b[k]:
 * r = a0 b0 + X^(64h) (a0 b0 + a1 b1 + (a0+a1)(b0+b1)) + X^(128h) a1 b1 with h = n / 2, the
 * half products by half_one (batch 1) or half_pair (batch 2). The half sums wait in the low
 * half of r, which a0 b0 only overwrites after their product is taken, so tmp holds just
 * that product: 2h words per product of the batch. Written once for both batch sizes and
 * always inlined with a constant batch. The products are addressed one by one with constant
 * indices, never by a loop over k: gcc 12 tuned for AVX-512 CPUs (-march=native,
 * sapphirerapids) kept such a loop rolled, with the pointers in a stack array indexed by k,
 * and the object check (scripts/ct-objects) cannot tell those loaded pointers from secrets. */
HQC_VEC_INLINE void karat2_step(size_t batch, uint64_t *const *r, const uint64_t *const *a, const uint64_t *const *b,
                                size_t n, uint64_t *tmp, mul_fn half_one, mul_pair_fn half_pair)
{
    const size_t h = n / 2;
    karat2_half_sums(r[0], a[0], b[0], h);
    if (batch == 1) {
        half_one(tmp, r[0], r[0] + h);
        half_one(r[0], a[0], b[0]);
        half_one(r[0] + 2 * h, a[0] + h, b[0] + h);
        karat2_middle(r[0], tmp, h);
        return;
    }
    karat2_half_sums(r[1], a[1], b[1], h);
    half_pair(tmp, tmp + 2 * h, r[0], r[0] + h, r[1], r[1] + h);
    half_pair(r[0], r[1], a[0], b[0], a[1], b[1]);
    half_pair(r[0] + 2 * h, r[1] + 2 * h, a[0] + h, b[0] + h, a[1] + h, b[1] + h);
    karat2_middle(r[0], tmp, h);
    karat2_middle(r[1], tmp + 2 * h, h);
}

/* A level of the recursion on one product of n words, over half. */
#define KARAT2_LEVEL(name, n, half)                                                                 \
    static void name(uint64_t *r, const uint64_t *a, const uint64_t *b)                             \
    {                                                                                               \
        _Alignas(32) uint64_t tmp[(n)];                                                             \
        karat2_step(1, &r, &a, &b, n, tmp, half, NULL);                                             \
    }

/* The same on two independent products. */
#define KARAT2_LEVEL_PAIR(name, n, half)                                                            \
    static void name(uint64_t *r0, uint64_t *r1, const uint64_t *a0, const uint64_t *b0,            \
                     const uint64_t *a1, const uint64_t *b1)                                        \
    {                                                                                               \
        _Alignas(32) uint64_t tmp[2 * (n)];                                                         \
        uint64_t *r[2] = {r0, r1};                                                                  \
        const uint64_t *a[2] = {a0, a1}, *b[2] = {b0, b1};                                          \
        karat2_step(2, r, a, b, n, tmp, NULL, half);                                                \
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
        vec256 p0lo = ld(r + i) ^ ld(o0.w + i), p0hi = ld(r + 8 + i) ^ ld(o0.w + 8 + i);
        vec256 p1lo = ld(r + 16 + i) ^ ld(o1.w + i), p1hi = ld(r + 24 + i) ^ ld(o1.w + 8 + i);
        vec256 pmlo = ld(pm + i) ^ ld(om.w + i), pmhi = ld(pm + 8 + i) ^ ld(om.w + 8 + i);
        vec256 t = p0hi ^ p1lo;
        st(r + i, p0lo);
        st(r + 8 + i, t ^ p0lo ^ pmlo);
        st(r + 16 + i, t ^ p1hi ^ pmhi);
        st(r + 24 + i, p1hi);
    }
}

KARAT2_LEVEL(mul32, 32, mul16)
KARAT2_LEVEL(mul64, 64, mul32)
KARAT2_LEVEL(mul128, 128, mul64)

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

#ifdef KARAT2_PAIR_LEAF
/* The 16-word pair leaf, and the levels above it on pairs. */
static void mul16_pair(uint64_t *r0, uint64_t *r1, const uint64_t *a0, const uint64_t *b0, const uint64_t *a1,
                       const uint64_t *b1)
{
    KARAT2_PAIR_LEAF(r0, r1, a0, b0, a1, b1);
}

KARAT2_LEVEL_PAIR(mul32_pair, 32, mul16_pair)
KARAT2_LEVEL_PAIR(mul64_pair, 64, mul32_pair)

void karat2_mul_pair(uint64_t *r0, uint64_t *r1, const uint64_t *a0, const uint64_t *b0, const uint64_t *a1,
                     const uint64_t *b1, size_t n)
{
    switch (n) { /* n is a property of the level, not of the data */
    case 16: mul16_pair(r0, r1, a0, b0, a1, b1); break;
    case 32: mul32_pair(r0, r1, a0, b0, a1, b1); break;
    case 64: mul64_pair(r0, r1, a0, b0, a1, b1); break;
    default:
        karat2_mul(r0, a0, b0, n);
        karat2_mul(r1, a1, b1, n);
    }
}
#endif
