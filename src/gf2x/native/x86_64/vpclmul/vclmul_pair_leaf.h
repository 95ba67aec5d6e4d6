/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* vclmul_pair_leaf.h: two independent 1024x1024-bit carry-less products at once with 256-bit
 * VPCLMULQDQ (VEX, no AVX-512), one product per 128-bit lane, so that nothing but the loads
 * and stores crosses lanes. Karatsuba on every level (1024 -> 512 -> 256 -> 128 -> 64 bits,
 * Karatsuba-Ofman 1962): 81 products per 1024-bit product, 40.5 instructions each. The leaf
 * hook of the batched two-way Karatsuba skeleton (src/gf2x/skeleton/karat2_skeleton.h). */
#ifndef HQC_GF2X_VPCLMUL_PAIR_LEAF_H
#define HQC_GF2X_VPCLMUL_PAIR_LEAF_H

#include <immintrin.h>
#include <stdint.h>

#define HQC_VPCLMUL_PAIR_INLINE static inline __attribute__((always_inline))

/* "Paired" vectors: lane 0 belongs to the first product, lane 1 to the second. */

/* Karatsuba on 64-bit halves inside each lane: a 128x128 product needs x_lo y_lo, x_hi y_hi
 * and m = (x_lo + x_hi)(y_lo + y_hi); the middle term is m + x_lo y_lo + x_hi y_hi. The half
 * sums x_lo + x_hi of two coefficients u, v travel packed in one vector, (h_u, h_v) in each
 * lane, and VPCLMULQDQ's selector picks the word: 0x00 for u, 0x11 for v. */
HQC_VPCLMUL_PAIR_INLINE __m256i packed_half_sums(__m256i u, __m256i v)
{
    return _mm256_unpacklo_epi64(u, v) ^ _mm256_unpackhi_epi64(u, v);
}

/* A 256x256 lane product in split form: e[k] (k < 4) the 128-bit slot k of its even part,
 * o[k] (k < 3) the 128 bits at 128 k + 64 (the middle terms), so that the product is
 * sum e[k] X^(128k) + o[k] X^(128k + 64). */
typedef struct {
    __m256i e[4], o[3];
} lane_split256;

/* (x0 + x1 Y)(y0 + y1 Y), Y = X^128, by one Karatsuba step over the in-lane 128x128 products
 * P0 = x0 y0, P1 = x1 y1, Pm = (x0+x1)(y0+y1). hx: packed half sums of x0 and x1 (selectors
 * sel0 and sel1), hxm: that of x0 + x1 (selector selm); hy alike. With t = P0hi + P1lo the
 * even slots are P0lo, t + P0lo + Pmlo, t + P1hi + Pmhi, P1hi (Karatsuba's recombination,
 * five XORs for the four slots). */
#define PAIR_MUL256(g, x0, x1, y0, y1, hx, hy, sel0, sel1, hxm, hym, selm)                        \
    do {                                                                                           \
        __m256i x01_ = (x0) ^ (x1), y01_ = (y0) ^ (y1);                                            \
        __m256i l0_ = _mm256_clmulepi64_epi128((x0), (y0), 0x00);                                 \
        __m256i h0_ = _mm256_clmulepi64_epi128((x0), (y0), 0x11);                                 \
        __m256i d0_ = _mm256_clmulepi64_epi128((hx), (hy), (sel0)) ^ l0_ ^ h0_;                   \
        __m256i l1_ = _mm256_clmulepi64_epi128((x1), (y1), 0x00);                                 \
        __m256i h1_ = _mm256_clmulepi64_epi128((x1), (y1), 0x11);                                 \
        __m256i d1_ = _mm256_clmulepi64_epi128((hx), (hy), (sel1)) ^ l1_ ^ h1_;                   \
        __m256i lm_ = _mm256_clmulepi64_epi128(x01_, y01_, 0x00);                                 \
        __m256i hm_ = _mm256_clmulepi64_epi128(x01_, y01_, 0x11);                                 \
        __m256i dm_ = _mm256_clmulepi64_epi128((hxm), (hym), (selm)) ^ lm_ ^ hm_;                 \
        __m256i t_ = h0_ ^ l1_;                                                                    \
        (g).e[0] = l0_, (g).e[1] = t_ ^ l0_ ^ lm_, (g).e[2] = t_ ^ h1_ ^ hm_, (g).e[3] = h1_;      \
        (g).o[0] = d0_, (g).o[1] = d0_ ^ d1_ ^ dm_, (g).o[2] = d1_;                                \
    } while (0)

/*
 * Lane-wise 512x512 products: x = x0 + x1 Y + x2 Y^2 + x3 Y^3 with Y = X^128 and x[i] the
 * paired 128-bit coefficients (y alike). One Karatsuba step over PAIR_MUL256 gives the low
 * product L (x0, x1), the high one H (x2, x3) and the middle one M (x0+x2, x1+x3); the
 * product is L + Y^2 (L + H + M) + Y^4 H, on the even and the odd slots separately. Written
 * to out[0..8): out[t] the 128-bit slot t of each lane's product, even slot t plus the odd
 * slots t and t - 1 aligned by 64 bits (one in-lane byte alignment).
 * The order (M, whose slots only reach the middle, then L, then H, each output slot written
 * once complete) keeps few vectors live: gcc schedules in source order, and the memory
 * traffic of its spills, not the multiplications, bounded the first version of this leaf.
 */
HQC_VPCLMUL_PAIR_INLINE void pair_mul512(__m256i out[8], const __m256i x[4], const __m256i y[4])
{
    /* packed half sums: (h0, h1), (h2, h3), (h0+h2, h1+h3), (h0+h1, h2+h3), h0+h1+h2+h3 */
    __m256i gx01 = packed_half_sums(x[0], x[1]), gx23 = packed_half_sums(x[2], x[3]);
    __m256i gy01 = packed_half_sums(y[0], y[1]), gy23 = packed_half_sums(y[2], y[3]);
    __m256i gxm = gx01 ^ gx23, gym = gy01 ^ gy23;
    __m256i gxp = packed_half_sums(gx01, gx23), gyp = packed_half_sums(gy01, gy23);
    __m256i gxpm = gxp ^ _mm256_shuffle_epi32(gxp, 0x4e), gypm = gyp ^ _mm256_shuffle_epi32(gyp, 0x4e);
    lane_split256 m, g;

    PAIR_MUL256(m, x[0] ^ x[2], x[1] ^ x[3], y[0] ^ y[2], y[1] ^ y[3], gxm, gym, 0x00, 0x11, gxpm, gypm, 0x00);
    PAIR_MUL256(g, x[0], x[1], y[0], y[1], gx01, gy01, 0x00, 0x11, gxp, gyp, 0x00);
    out[0] = g.e[0] ^ _mm256_bslli_epi128(g.o[0], 8);
    out[1] = g.e[1] ^ _mm256_alignr_epi8(g.o[1], g.o[0], 8);
    __m256i e2 = g.e[2] ^ g.e[0] ^ m.e[0], e3 = g.e[3] ^ g.e[1] ^ m.e[1];
    __m256i e4 = g.e[2] ^ m.e[2], e5 = g.e[3] ^ m.e[3];
    __m256i o1 = g.o[1], o2 = g.o[2] ^ g.o[0] ^ m.o[0], o3 = g.o[1] ^ m.o[1], o4 = g.o[2] ^ m.o[2];

    PAIR_MUL256(g, x[2], x[3], y[2], y[3], gx23, gy23, 0x00, 0x11, gxp, gyp, 0x11);
    e2 ^= g.e[0], e3 ^= g.e[1], e4 ^= g.e[0] ^ g.e[2], e5 ^= g.e[1] ^ g.e[3];
    o2 ^= g.o[0], o3 ^= g.o[1], o4 ^= g.o[0] ^ g.o[2];
    out[2] = e2 ^ _mm256_alignr_epi8(o2, o1, 8);
    out[3] = e3 ^ _mm256_alignr_epi8(o3, o2, 8);
    out[4] = e4 ^ _mm256_alignr_epi8(o4, o3, 8);
    out[5] = e5 ^ _mm256_alignr_epi8(g.o[1], o4, 8);
    out[6] = g.e[2] ^ _mm256_alignr_epi8(g.o[2], g.o[1], 8);
    out[7] = g.e[3] ^ _mm256_bsrli_epi128(g.o[2], 8);
}

/* (first | second) 128-bit lanes: lane 0 of f and lane 0 of s, or their lanes 1. */
#define PAIR_LANES0(f, s) _mm256_permute2x128_si256((f), (s), 0x20)
#define PAIR_LANES1(f, s) _mm256_permute2x128_si256((f), (s), 0x31)

/* The 16 words at p and at q as eight paired 128-bit coefficients. */
HQC_VPCLMUL_PAIR_INLINE void pair_load16(__m256i v[8], const uint64_t *p, const uint64_t *q)
{
    for (int i = 0; i < 8; i++)
        v[i] = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(p + 2 * i))),
                                       _mm_loadu_si128((const __m128i *)(q + 2 * i)), 1);
}

/*
 * r0[0..32) = a0[0..16) * b0[0..16) and r1[0..32) = a1[0..16) * b1[0..16): one Karatsuba step
 * over pair_mul512, R = L + Z (L + H + M) + Z^2 H with Z = X^512, in paired vectors until the
 * stores. With T = L_hi + H_lo the two middle quarters are T + L_lo + M_lo and T + H_hi + M_hi.
 * r0, r1 must not overlap the operands.
 */
HQC_VPCLMUL_PAIR_INLINE void vclmul1024_pair(uint64_t *r0, uint64_t *r1, const uint64_t *a0, const uint64_t *b0,
                                             const uint64_t *a1, const uint64_t *b1)
{
    __m256i x[8], y[8], xs[4], ys[4];
    pair_load16(x, a0, a1);
    pair_load16(y, b0, b1);
    for (int i = 0; i < 4; i++)
        xs[i] = x[i] ^ x[i + 4], ys[i] = y[i] ^ y[i + 4];
    __m256i l[8], h[8], m[8], s[16];
    pair_mul512(l, x, y);
    pair_mul512(h, x + 4, y + 4);
    pair_mul512(m, xs, ys);
    for (int j = 0; j < 4; j++) {
        __m256i t = l[j + 4] ^ h[j];
        s[j] = l[j];
        s[j + 4] = t ^ l[j] ^ m[j];
        s[j + 8] = t ^ h[j + 4] ^ m[j + 4];
        s[j + 12] = h[j + 4];
    }
    for (int j = 0; j < 16; j += 2) {
        _mm256_storeu_si256((__m256i *)(r0 + 2 * j), PAIR_LANES0(s[j], s[j + 1]));
        _mm256_storeu_si256((__m256i *)(r1 + 2 * j), PAIR_LANES1(s[j], s[j + 1]));
    }
}

#endif
