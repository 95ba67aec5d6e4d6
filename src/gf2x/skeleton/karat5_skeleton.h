/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* karat5_skeleton.h: n-word x n-word product over GF(2) for n = 5m with 13 m-word products
 * instead of the 15 of plain five-way Karatsuba (Montgomery, "Five, six, and seven-term
 * Karatsuba-like formulae", IEEE Trans. Computers 54(3), 2005, shows 13 suffice). The formula
 * below was found for this project by a search over subset products (dev/tuning/avx2.md).
 * Shared by the avx2 and vpclmul backends (mul_skeleton.h). */
#include "skeleton_lane.h"

#define KARAT5_MAX_PART 64 /* the largest m used by any level (HQC-5: 320 = 5 * 64) */

/* The eight mixed products, P_S = (sum of a_i, i in S)(sum of b_i, i in S). */
enum { P01, P02, P24, P34, P123, P0124, P0234, P01234, MIXED };

/* s[S] = sum of the parts of x in S, for the eight sets above. */
static void subset_sums(uint64_t s[MIXED][KARAT5_MAX_PART], const uint64_t *x, size_t m)
{
    for (size_t i = 0; i < m; i += 4) {
        vec256 x0 = ld(x + i), x1 = ld(x + m + i), x2 = ld(x + 2 * m + i);
        vec256 x3 = ld(x + 3 * m + i), x4 = ld(x + 4 * m + i);
        vec256 s01 = x0 ^ x1, s02 = x0 ^ x2, s24 = x2 ^ x4, s34 = x3 ^ x4;
        vec256 s0124 = s01 ^ s24;
        st(s[P01] + i, s01);
        st(s[P02] + i, s02);
        st(s[P24] + i, s24);
        st(s[P34] + i, s34);
        st(s[P123] + i, x1 ^ x2 ^ x3);
        st(s[P0124] + i, s0124);
        st(s[P0234] + i, s02 ^ s34);
        st(s[P01234] + i, s0124 ^ x3);
    }
}

void karat5_mul(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n)
{
    const size_t m = n / 5;
    _Alignas(32) uint64_t sa[MIXED][KARAT5_MAX_PART], sb[MIXED][KARAT5_MAX_PART];
    _Alignas(32) uint64_t pm[MIXED][2 * KARAT5_MAX_PART];
    if (m > KARAT5_MAX_PART || n % 5 != 0) /* sizes are per level, never data */
        __builtin_trap();

    subset_sums(sa, a, m);
    subset_sums(sb, b, m);
    /* P_i = a_i b_i into blocks 2i, 2i + 1 of r, and the mixed products, in pairs */
    for (size_t i = 0; i < 4; i += 2)
        karat2_mul_pair(r + 2 * i * m, r + 2 * (i + 1) * m, a + i * m, b + i * m, a + (i + 1) * m,
                        b + (i + 1) * m, m);
    karat2_mul_pair(r + 8 * m, pm[0], a + 4 * m, b + 4 * m, sa[0], sb[0], m);
    for (size_t k = 1; k + 1 < MIXED; k += 2)
        karat2_mul_pair(pm[k], pm[k + 1], sa[k], sb[k], sa[k + 1], sb[k + 1], m);
    karat2_mul(pm[MIXED - 1], sa[MIXED - 1], sb[MIXED - 1], m);

    /* With C = c0 + c1 Y + ... + c8 Y^8 (Y = X^(64m)):
     *   c0 = P0                 c8 = P4
     *   c1 = P0+P1+P01          c7 = P3+P4+P34
     *   c2 = P0+P1+P2+P02       c6 = P2+P3+P4+P24
     *   c3 = c7 + P1 + Z + P0124     c5 = c1 + P3 + Z + P0234    (Z = P2 + P123 + P01234)
     *   c4 = P02 + P24 + P0124 + P0234 + P01234
     * and block t of the result is c_t lo + c_(t-1) hi. Each step below is one lo/hi pair. */
    for (size_t t = 0; t < m; t += 4) {
        vec256 p[5][2], q[MIXED][2], c[9][2];
        for (size_t i = 0; i < 5; i++)
            p[i][0] = ld(r + 2 * i * m + t), p[i][1] = ld(r + (2 * i + 1) * m + t);
        for (size_t k = 0; k < MIXED; k++)
            q[k][0] = ld(pm[k] + t), q[k][1] = ld(pm[k] + m + t);
        for (size_t h = 0; h < 2; h++) {
            vec256 x01 = p[0][h] ^ p[1][h], x34 = p[3][h] ^ p[4][h];
            vec256 z = p[2][h] ^ q[P123][h] ^ q[P01234][h];
            c[0][h] = p[0][h];
            c[1][h] = x01 ^ q[P01][h];
            c[2][h] = x01 ^ p[2][h] ^ q[P02][h];
            c[7][h] = x34 ^ q[P34][h];
            c[6][h] = x34 ^ p[2][h] ^ q[P24][h];
            c[3][h] = c[7][h] ^ p[1][h] ^ z ^ q[P0124][h];
            c[5][h] = c[1][h] ^ p[3][h] ^ z ^ q[P0234][h];
            c[4][h] = q[P02][h] ^ q[P24][h] ^ q[P0124][h] ^ q[P0234][h] ^ q[P01234][h];
            c[8][h] = p[4][h];
        }
        st(r + t, c[0][0]);
        for (size_t k = 1; k < 9; k++)
            st(r + k * m + t, c[k][0] ^ c[k - 1][1]);
        st(r + 9 * m + t, c[8][1]);
    }
}
