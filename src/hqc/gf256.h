/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* gf256.h: constant-time arithmetic in GF(2^8) = GF(2)[x]/(x^8+x^4+x^3+x^2+1), the field of
 * HQC's Reed-Solomon code (spec section "Reed-Solomon codes"). No tables: every operation is
 * branch-free and touches no secret-indexed memory. */
#ifndef HQC_GF256_H
#define HQC_GF256_H

#include <stdint.h>

#define GF256_POLY 0x11Du

static inline uint8_t gf256_mul(uint8_t a, uint8_t b)
{
    uint32_t r = 0;
    for (int i = 0; i < 8; i++)
        r ^= (0u - ((uint32_t)(b >> i) & 1u)) & ((uint32_t)a << i);
    /* x^8 = x^4 + x^3 + x^2 + 1: fold the high bits down twice (15 -> 11 -> 8 bits). */
    for (int k = 0; k < 2; k++) {
        uint32_t h = r >> 8;
        r = (r & 0xff) ^ h ^ (h << 2) ^ (h << 3) ^ (h << 4);
    }
    return (uint8_t)r;
}

/* a^254 = a^-1 for a != 0, and 0 for a = 0; square-and-multiply on the public exponent. */
static inline uint8_t gf256_inv(uint8_t a)
{
    uint8_t r = a; /* after step k, r = a^(2^(k+1) - 1); a^127 squared is a^254 */
    for (int k = 1; k < 7; k++)
        r = gf256_mul(gf256_mul(r, r), a);
    return gf256_mul(r, r);
}

/* Eight field elements side by side, one per byte of a uint64_t (byte i = element i on
 * little-endian hosts). Lane-wise products cost about 8 operations each instead of ~40. */
#define GF256X8_ONES 0x0101010101010101ULL

static inline uint64_t gf256x8_broadcast(uint8_t c)
{
    return (uint64_t)c * GF256X8_ONES;
}

/* Every lane times alpha: shift each byte left and fold its top bit back as 0x1d. */
static inline uint64_t gf256x8_xtime(uint64_t a)
{
    uint64_t top = (a >> 7) & GF256X8_ONES;
    return ((a & 0x7f7f7f7f7f7f7f7fULL) << 1) ^ (top * 0x1d);
}

/* Lane-wise a * b: sum over bit k of b of a * alpha^k, selected by a 0x00/0xff lane mask. */
static inline uint64_t gf256x8_mul(uint64_t a, uint64_t b)
{
    uint64_t r = 0;
    for (int k = 0; k < 8; k++) {
        r ^= a & (((b >> k) & GF256X8_ONES) * 0xff);
        a = gf256x8_xtime(a);
    }
    return r;
}

/* XOR of the eight lanes. */
static inline uint8_t gf256x8_sum(uint64_t a)
{
    a ^= a >> 32;
    a ^= a >> 16;
    a ^= a >> 8;
    return (uint8_t)a;
}

#endif
