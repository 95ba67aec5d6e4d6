/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* clmul64.h: constant-time carry-less 64x64 -> 128-bit product with integer multipliers.
 * Operands are split into four interleaved bit classes so that the integer carries of each
 * partial product land in the three "holes" between kept bits and are masked away (the
 * technique of BearSSL's ghash_ctmul, written anew here for 32-bit halves). */
#ifndef HQC_GF2X_REF_CLMUL64_H
#define HQC_GF2X_REF_CLMUL64_H

#include <stdint.h>

/* 32 x 32 -> 64: with at most 8 set bits per class, a column sums at most 8 products, which
 * needs 4 bits, so carries never reach the next kept bit. */
static inline uint64_t clmul32(uint32_t x, uint32_t y)
{
    const uint64_t m0 = 0x1111111111111111ULL, m1 = m0 << 1, m2 = m0 << 2, m3 = m0 << 3;
    uint64_t x0 = x & (uint32_t)m0, x1 = x & (uint32_t)m1, x2 = x & (uint32_t)m2, x3 = x & (uint32_t)m3;
    uint64_t y0 = y & (uint32_t)m0, y1 = y & (uint32_t)m1, y2 = y & (uint32_t)m2, y3 = y & (uint32_t)m3;
    uint64_t z0 = (x0 * y0) ^ (x1 * y3) ^ (x2 * y2) ^ (x3 * y1);
    uint64_t z1 = (x0 * y1) ^ (x1 * y0) ^ (x2 * y3) ^ (x3 * y2);
    uint64_t z2 = (x0 * y2) ^ (x1 * y1) ^ (x2 * y0) ^ (x3 * y3);
    uint64_t z3 = (x0 * y3) ^ (x1 * y2) ^ (x2 * y1) ^ (x3 * y0);
    return (z0 & m0) | (z1 & m1) | (z2 & m2) | (z3 & m3);
}

/* 64 x 64 -> 128 by one Karatsuba step over 32-bit halves. */
static inline void clmul64(uint64_t *lo, uint64_t *hi, uint64_t a, uint64_t b)
{
    uint32_t a0 = (uint32_t)a, a1 = (uint32_t)(a >> 32), b0 = (uint32_t)b, b1 = (uint32_t)(b >> 32);
    uint64_t l = clmul32(a0, b0), h = clmul32(a1, b1);
    uint64_t m = clmul32(a0 ^ a1, b0 ^ b1) ^ l ^ h;
    *lo = l ^ (m << 32);
    *hi = h ^ (m >> 32);
}

#endif
