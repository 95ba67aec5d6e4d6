/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* karat3_skeleton.h: n-word x n-word product over GF(2) for n = 3m by three-way Karatsuba, six
 * m-word products (Weimerskirch and Paar, "Generalizations of the Karatsuba algorithm for
 * efficient implementations", section 4, the 3-term case), each by karat2_mul. Shared by the
 * avx2 and vpclmul backends (mul_skeleton.h). */
#include "skeleton_lane.h"

#define KARAT3_MAX_PART 64 /* the largest m used by any level (HQC-3: 192 = 3 * 64) */

void karat3_mul(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n)
{
    const size_t m = n / 3;
    _Alignas(32) uint64_t sa[3][KARAT3_MAX_PART], sb[3][KARAT3_MAX_PART];
    _Alignas(32) uint64_t p01[2 * KARAT3_MAX_PART], p02[2 * KARAT3_MAX_PART], p12[2 * KARAT3_MAX_PART];
    if (m > KARAT3_MAX_PART || n % 3 != 0) /* sizes are per level, never data */
        __builtin_trap();

    for (size_t i = 0; i < m; i += 4) {
        vec256 a0 = ld(a + i), a1 = ld(a + m + i), a2 = ld(a + 2 * m + i);
        vec256 b0 = ld(b + i), b1 = ld(b + m + i), b2 = ld(b + 2 * m + i);
        st(sa[0] + i, a0 ^ a1), st(sa[1] + i, a0 ^ a2), st(sa[2] + i, a1 ^ a2);
        st(sb[0] + i, b0 ^ b1), st(sb[1] + i, b0 ^ b2), st(sb[2] + i, b1 ^ b2);
    }
    /* The diagonal products go straight to their blocks of r: P0 at 0, P1 at 2m, P2 at 4m. */
    karat2_mul_pair(r, r + 2 * m, a, b, a + m, b + m, m);
    karat2_mul_pair(r + 4 * m, p01, a + 2 * m, b + 2 * m, sa[0], sb[0], m);
    karat2_mul_pair(p02, p12, sa[1], sb[1], sa[2], sb[2], m);

    /* C1 = P01 + P0 + P1, C2 = P02 + P0 + P1 + P2, C3 = P12 + P1 + P2. In m-word blocks
     * r_k, with u = P0hi + P1lo, v = P1hi + P2lo, w = u + v:
     *   r1 = u + P0lo + P01lo          r2 = w + P0lo + P01hi + P02lo
     *   r4 = v + P2hi + P12hi          r3 = w + P2hi + P02hi + P12lo              */
    for (size_t i = 0; i < m; i += 4) {
        vec256 r0 = ld(r + i), r1 = ld(r + m + i), r2 = ld(r + 2 * m + i);
        vec256 r3 = ld(r + 3 * m + i), r4 = ld(r + 4 * m + i), r5 = ld(r + 5 * m + i);
        vec256 u = r1 ^ r2, v = r3 ^ r4, w = u ^ v;
        st(r + m + i, u ^ r0 ^ ld(p01 + i));
        st(r + 2 * m + i, w ^ r0 ^ ld(p01 + m + i) ^ ld(p02 + i));
        st(r + 3 * m + i, w ^ r5 ^ ld(p02 + m + i) ^ ld(p12 + i));
        st(r + 4 * m + i, v ^ r5 ^ ld(p12 + m + i));
    }
}
