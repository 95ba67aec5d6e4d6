/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* vclmul_leaf.h: the leaf of the vpclmul backend's Karatsuba tree, a 512x512-bit carry-less
 * product with 256-bit VPCLMULQDQ (VEX, no AVX-512), which multiplies the two 128-bit lanes of
 * a ymm register independently: two 64x64 products per instruction. Karatsuba on every level
 * (512 -> 256 -> 128 -> 64 bits, Karatsuba-Ofman 1962), 27 products in 15 instructions, against
 * 36 PCLMULQDQ for the avx2 leaf (src/gf2x/native/x86_64/avx2/clmul_base.h). Same output contract as that
 * leaf: even part to e[0..16), odd part (to be added one word up) to o[0..14). */
#ifndef HQC_GF2X_VPCLMUL_LEAF_H
#define HQC_GF2X_VPCLMUL_LEAF_H

#include <immintrin.h>
#include <stdint.h>

#define HQC_VPCLMUL_INLINE static inline __attribute__((always_inline))

/* A 128x128 product in split form: lo at bit 0, mid at bit 64, hi at bit 128 (each 128 bits),
 * in every lane of the registers. */
typedef struct {
    __m256i lo, mid, hi;
} lane_products;

/* Lane l of the result is x_l * y_l (x_l, y_l the 128-bit lanes) by one Karatsuba step on
 * 64-bit halves: three VPCLMULQDQ for two 128x128 products. The half sums only need to sit in
 * the low word of each lane; the high word is ignored by selector 0x00. */
HQC_VPCLMUL_INLINE lane_products mul128_lanes(__m256i x, __m256i y)
{
    lane_products p;
    __m256i xs = x ^ _mm256_unpackhi_epi64(x, x), ys = y ^ _mm256_unpackhi_epi64(y, y);
    p.lo = _mm256_clmulepi64_epi128(x, y, 0x00);
    p.hi = _mm256_clmulepi64_epi128(x, y, 0x11);
    p.mid = _mm256_clmulepi64_epi128(xs, ys, 0x00) ^ p.lo ^ p.hi;
    return p;
}

/* The same for one 128x128 product, with PCLMULQDQ: the ninth product of the leaf has no
 * partner lane. */
HQC_VPCLMUL_INLINE void mul128_single(__m128i *lo, __m128i *mid, __m128i *hi, __m128i x, __m128i y)
{
    __m128i xs = x ^ _mm_unpackhi_epi64(x, x), ys = y ^ _mm_unpackhi_epi64(y, y);
    *lo = _mm_clmulepi64_si128(x, y, 0x00);
    *hi = _mm_clmulepi64_si128(x, y, 0x11);
    *mid = _mm_clmulepi64_si128(xs, ys, 0x00) ^ *lo ^ *hi;
}

HQC_VPCLMUL_INLINE lane_products xor_products(lane_products a, lane_products b)
{
    a.lo ^= b.lo, a.mid ^= b.mid, a.hi ^= b.hi;
    return a;
}

#define LANES_LO_HI(a, b) _mm256_permute2x128_si256((a), (b), 0x21) /* (a lane 1, b lane 0) */
#define LANE0_UP(a) _mm256_permute2x128_si256((a), (a), 0x08)       /* (0, a lane 0) */
#define LANE1_DOWN(a) _mm256_permute2x128_si256((a), (a), 0x81)     /* (a lane 1, 0) */
#define SWAP_LANES(a) _mm256_permute4x64_epi64((a), 0x4e)
#define HIGH_LANE(a, b) _mm256_blend_epi32((a), (b), 0xf0)          /* (a lane 0, b lane 1) */

/*
 * a[0..8) * b[0..8) with a = a0 + a1 Y + a2 Y^2 + a3 Y^3, Y = X^128 (b alike). Two-way
 * Karatsuba over 256 bits, then over 128 bits, gives nine 128x128 products, taken in lane
 * pairs: P = (a0 b0 | a1 b1), Q = (a2 b2 | a3 b3), M = ((a0+a2)(b0+b2) | (a1+a3)(b1+b3)),
 * N = ((a0+a1)(b0+b1) | (a2+a3)(b2+b3)) and alone mm = (a0+a1+a2+a3)(b0+b1+b2+b3). Expanding
 * both Karatsuba levels, the product is the sum of these nine, each at the 128-bit slots
 *   a0b0: 0 1 2 3   a1b1: 1 2 3 4   a2b2: 2 3 4 5   a3b3: 3 4 5 6
 *   (a0+a2)(b0+b2): 2 3   (a1+a3)(b1+b3): 3 4   (a0+a1)(b0+b1): 1 3   (a2+a3)(b2+b3): 3 5   mm: 3
 * so lane 1 of P, Q and M always sits one slot above lane 0: a lane pair placed at slot s
 * feeds the 256-bit words of the result directly when s is even and through one lane
 * permutation when s is odd. A product at slot s adds lo to even slot s, hi to even slot
 * s + 1 and mid to odd slot s (bit 128 s + 64). y[j], z[j]: even and odd slots 2j, 2j + 1.
 */
HQC_VPCLMUL_INLINE void vclmul512_split(uint64_t *e, uint64_t *o, const uint64_t *a, const uint64_t *b)
{
    __m256i a01 = _mm256_loadu_si256((const __m256i *)a), a23 = _mm256_loadu_si256((const __m256i *)(a + 4));
    __m256i b01 = _mm256_loadu_si256((const __m256i *)b), b23 = _mm256_loadu_si256((const __m256i *)(b + 4));
    /* (a0 + a1 | a2 + a3) and the sum of all four */
    __m256i ha = _mm256_permute2x128_si256(a01, a23, 0x20) ^ _mm256_permute2x128_si256(a01, a23, 0x31);
    __m256i hb = _mm256_permute2x128_si256(b01, b23, 0x20) ^ _mm256_permute2x128_si256(b01, b23, 0x31);
    __m128i ma = _mm256_castsi256_si128(ha) ^ _mm256_extracti128_si256(ha, 1);
    __m128i mb = _mm256_castsi256_si128(hb) ^ _mm256_extracti128_si256(hb, 1);

    lane_products p = mul128_lanes(a01, b01), q = mul128_lanes(a23, b23);
    lane_products m = mul128_lanes(a01 ^ a23, b01 ^ b23), n = mul128_lanes(ha, hb);
    __m128i rlo, rmid, rhi;
    mul128_single(&rlo, &rmid, &rhi, ma, mb);

    /* P at slots 0..3, Q at 2..5, M at 2..3: T_s, the sum placed at slot s, is P, P, PMQ,
     * PMQ, Q, Q; u_s = T_s.lo + T_(s-1).hi is what lands on even slots s, s + 1. */
    lane_products pmq = xor_products(xor_products(p, m), q);
    __m256i u1 = p.lo ^ p.hi, u2 = pmq.lo ^ p.hi, u3 = pmq.lo ^ pmq.hi, u4 = q.lo ^ pmq.hi;
    __m256i u5 = q.lo ^ q.hi;
    /* N: (a0+a1)(b0+b1) at slots 1 and 3, (a2+a3)(b2+b3) at 3 and 5. */
    __m256i nl_sw = SWAP_LANES(n.lo), nh_sw = SWAP_LANES(n.hi), nm_sw = SWAP_LANES(n.mid);
    __m256i zero = _mm256_setzero_si256();

    __m256i y0 = p.lo ^ LANE0_UP(u1) ^ HIGH_LANE(zero, nl_sw);
    __m256i y1 = u2 ^ LANES_LO_HI(u1, u3) ^ HIGH_LANE(n.hi, n.lo ^ nl_sw) ^
                 _mm256_inserti128_si256(zero, rlo, 1);
    __m256i y2 = u4 ^ LANES_LO_HI(u3, u5) ^ HIGH_LANE(n.hi ^ nh_sw, n.lo) ^ _mm256_zextsi128_si256(rhi);
    __m256i y3 = q.hi ^ LANE1_DOWN(u5) ^ HIGH_LANE(nh_sw, zero);
    __m256i z0 = p.mid ^ LANE0_UP(p.mid) ^ HIGH_LANE(zero, nm_sw);
    __m256i z1 = pmq.mid ^ LANES_LO_HI(p.mid, pmq.mid) ^ HIGH_LANE(zero, n.mid ^ nm_sw) ^
                 _mm256_inserti128_si256(zero, rmid, 1);
    __m256i z2 = q.mid ^ LANES_LO_HI(pmq.mid, q.mid) ^ HIGH_LANE(zero, n.mid);
    __m128i z3 = _mm256_extracti128_si256(q.mid, 1);

    _mm256_storeu_si256((__m256i *)e, y0);
    _mm256_storeu_si256((__m256i *)(e + 4), y1);
    _mm256_storeu_si256((__m256i *)(e + 8), y2);
    _mm256_storeu_si256((__m256i *)(e + 12), y3);
    _mm256_storeu_si256((__m256i *)o, z0);
    _mm256_storeu_si256((__m256i *)(o + 4), z1);
    _mm256_storeu_si256((__m256i *)(o + 8), z2);
    _mm_storeu_si128((__m128i *)(o + 12), z3);
}

#endif
