/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* gf256.h: constant-time arithmetic in GF(2^8) = GF(2)[x]/(x^8+x^4+x^3+x^2+1), the field of
 * HQC's Reed-Solomon code (spec section "Reed-Solomon codes"). No tables: every operation is
 * branch-free and touches no secret-indexed memory. */
#ifndef HQC_GF256_H
#define HQC_GF256_H

#include <stdint.h>

#define GF256_POLY 0x11Du

/*@ assigns \nothing; */
static inline uint8_t gf256_mul(uint8_t a, uint8_t b)
{
    uint32_t r = 0;
    /*@ loop invariant 0 <= i <= 8;
        loop assigns i, r;
        loop variant 8 - i; */
    for (int i = 0; i < 8; i++)
        r ^= (0u - ((uint32_t)(b >> i) & 1u)) & ((uint32_t)a << i);
    /* x^8 = x^4 + x^3 + x^2 + 1: fold the high bits down twice (15 -> 11 -> 8 bits). */
    /*@ loop invariant 0 <= k <= 2;
        loop assigns k, r;
        loop variant 2 - k; */
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

/* Sixty-four field elements bit-sliced: p[k] holds bit k of every element, element i in bit i
 * of each word. A lane-wise product is then 64 ANDs and about 80 XORs for all 64 lanes, against
 * about 90 operations per eight lanes in the byte-lane form above. */
/* t (15 planes, degree <= 14) mod x^8 + x^4 + x^3 + x^2 + 1 into r: x^k = x^(k-8) (x^4 + x^3 +
 * x^2 + 1), from the top down so that x^12..x^9 folded into x^8..x^11 are folded again. */
/*@ requires \valid(r + (0 .. 7)) && \valid(t + (0 .. 14)) && \separated(r + (0 .. 7), t + (0 .. 14));
    assigns r[0 .. 7], t[0 .. 14]; */
static inline void gf256x64_reduce(uint64_t r[8], uint64_t t[15])
{
    /*@ loop invariant 7 <= k <= 14;
        loop assigns k, t[0 .. 14];
        loop variant k; */
    for (int k = 14; k >= 8; k--) {
        t[k - 4] ^= t[k];
        t[k - 5] ^= t[k];
        t[k - 6] ^= t[k];
        t[k - 8] ^= t[k];
    }
    /*@ loop invariant 0 <= k <= 8;
        loop assigns k, r[0 .. 7];
        loop variant 8 - k; */
    for (int k = 0; k < 8; k++)
        r[k] = t[k];
}

/* Lane-wise a * b as the sum over the bits j of b of a x^j: a x^j is one more multiplication
 * by x (a plane rotation and three XORs), so a, the sum and one plane of b are all that is
 * live: 17 words instead of the 31 of a schoolbook product, fewer spills on x86-64. */
/*@ requires \valid(r + (0 .. 7)) && \valid_read(a + (0 .. 7)) && \valid_read(b + (0 .. 7));
    assigns r[0 .. 7]; */
static inline void gf256x64_mul(uint64_t r[8], const uint64_t a[8], const uint64_t b[8])
{
    uint64_t x[8], acc[8] = {0}, bj[8];
    /*@ loop invariant 0 <= k <= 8;
        loop assigns k, x[0 .. 7], bj[0 .. 7];
        loop variant 8 - k; */
    for (int k = 0; k < 8; k++) {
        x[k] = a[k];
        bj[k] = b[k];
    }
    /*@ loop invariant 0 <= j <= 8;
        loop assigns j, x[0 .. 7], acc[0 .. 7];
        loop variant 8 - j; */
    for (int j = 0; j < 8; j++) {
        /*@ loop invariant 0 <= k <= 8;
            loop assigns k, acc[0 .. 7];
            loop variant 8 - k; */
        for (int k = 0; k < 8; k++)
            acc[k] ^= x[k] & bj[j];
        uint64_t top = x[7]; /* x^8 = x^4 + x^3 + x^2 + 1 */
        /*@ loop invariant 0 <= k <= 7;
            loop assigns k, x[1 .. 7];
            loop variant k; */
        for (int k = 7; k > 0; k--)
            x[k] = x[k - 1];
        x[0] = top;
        x[2] ^= top;
        x[3] ^= top;
        x[4] ^= top;
    }
    /*@ loop invariant 0 <= k <= 8;
        loop assigns k, r[0 .. 7];
        loop variant 8 - k; */
    for (int k = 0; k < 8; k++)
        r[k] = acc[k];
}

/* Squaring is linear in characteristic 2: (sum a_i x^i)^2 = sum a_i x^(2i). */
/*@ requires \valid(r + (0 .. 7)) && \valid_read(a + (0 .. 7));
    assigns r[0 .. 7]; */
static inline void gf256x64_sqr(uint64_t r[8], const uint64_t a[8])
{
    uint64_t t[15] = {0};
    /*@ loop invariant 0 <= i <= 8;
        loop assigns i, t[0 .. 14];
        loop variant 8 - i; */
    for (int i = 0; i < 8; i++)
        t[2 * i] = a[i];
    gf256x64_reduce(r, t);
}

/* Every lane set to the element c: plane k is all ones where bit k of c is set. */
/*@ requires \valid(r + (0 .. 7));
    assigns r[0 .. 7]; */
static inline void gf256x64_broadcast(uint64_t r[8], uint8_t c)
{
    /*@ loop invariant 0 <= k <= 8;
        loop assigns k, r[0 .. 7];
        loop variant 8 - k; */
    for (int k = 0; k < 8; k++)
        r[k] = 0ULL - (uint64_t)((c >> k) & 1);
}

/* Lane-wise a^254 = a^-1 (0 for 0), as in gf256_inv. */
/*@ requires \valid(r + (0 .. 7)) && \valid_read(a + (0 .. 7));
    assigns r[0 .. 7]; */
static inline void gf256x64_inv(uint64_t r[8], const uint64_t a[8])
{
    uint64_t t[8];
    /*@ loop invariant 0 <= k <= 8;
        loop assigns k, t[0 .. 7];
        loop variant 8 - k; */
    for (int k = 0; k < 8; k++)
        t[k] = a[k];
    /*@ loop invariant 1 <= k <= 7;
        loop assigns k, t[0 .. 7];
        loop variant 7 - k; */
    for (int k = 1; k < 7; k++) { /* t = a^(2^(k+1) - 1) */
        gf256x64_sqr(t, t);
        gf256x64_mul(t, t, a);
    }
    gf256x64_sqr(t, t); /* a^127 squared */
    /*@ loop invariant 0 <= k <= 8;
        loop assigns k, r[0 .. 7];
        loop variant 8 - k; */
    for (int k = 0; k < 8; k++)
        r[k] = t[k];
}

/* An 8x8 bit matrix in a uint64_t, row i in byte i: bit j of row i goes to bit i of row j
 * (Warren, "Hacker's Delight", 2nd ed., section 7-3). */
/*@ assigns \nothing; */
static inline uint64_t gf256_transpose8x8(uint64_t x)
{
    uint64_t t;
    t = (x ^ (x >> 7)) & 0x00AA00AA00AA00AAULL;
    x ^= t ^ (t << 7);
    t = (x ^ (x >> 14)) & 0x0000CCCC0000CCCCULL;
    x ^= t ^ (t << 14);
    t = (x ^ (x >> 28)) & 0x00000000F0F0F0F0ULL;
    x ^= t ^ (t << 28);
    return x;
}

/* Elements 0..n-1 (n <= 64) of bytes into lanes 0..n-1 of r; the other lanes are zero. */
/*@ requires 0 <= n <= 64 && \valid(r + (0 .. 7)) && \valid_read(bytes + (0 .. n - 1));
    assigns r[0 .. 7]; */
static inline void gf256x64_load(uint64_t r[8], const uint8_t *bytes, int n)
{
    /*@ loop invariant 0 <= k <= 8;
        loop assigns k, r[0 .. 7];
        loop variant 8 - k; */
    for (int k = 0; k < 8; k++)
        r[k] = 0;
    /*@ loop invariant 0 <= g <= 64 && g % 8 == 0;
        loop assigns g, r[0 .. 7];
        loop variant 64 - g; */
    for (int g = 0; g < 8 * 8; g += 8) {
        uint64_t x = 0;
        /*@ loop invariant 0 <= i <= 8;
            loop assigns i, x;
            loop variant 8 - i; */
        for (int i = 0; i < 8 && g + i < n; i++)
            x |= (uint64_t)bytes[g + i] << (8 * i);
        x = gf256_transpose8x8(x);
        /*@ loop invariant 0 <= k <= 8;
            loop assigns k, r[0 .. 7];
            loop variant 8 - k; */
        for (int k = 0; k < 8; k++)
            r[k] |= ((x >> (8 * k)) & 0xff) << g;
    }
}

/* Lanes 0..n-1 of a into bytes[0..n-1] (n <= 64). */
/*@ requires 0 <= n <= 64 && \valid(bytes + (0 .. n - 1)) && \valid_read(a + (0 .. 7));
    requires \separated(bytes + (0 .. n - 1), a + (0 .. 7));
    assigns bytes[0 .. n - 1]; */
static inline void gf256x64_store(uint8_t *bytes, const uint64_t a[8], int n)
{
    /*@ loop invariant 0 <= g <= n + 7 && g % 8 == 0;
        loop assigns g, bytes[0 .. n - 1];
        loop variant n - g; */
    for (int g = 0; g < n; g += 8) {
        uint64_t x = 0;
        /*@ loop invariant 0 <= k <= 8;
            loop assigns k, x;
            loop variant 8 - k; */
        for (int k = 0; k < 8; k++)
            x |= ((a[k] >> g) & 0xff) << (8 * k);
        x = gf256_transpose8x8(x);
        /*@ loop invariant 0 <= i <= 8;
            loop assigns i, bytes[0 .. n - 1];
            loop variant 8 - i; */
        for (int i = 0; i < 8 && g + i < n; i++)
            bytes[g + i] = (uint8_t)(x >> (8 * i));
    }
}

#endif
