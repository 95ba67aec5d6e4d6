/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* clmul_karatsuba.h: the 256x256 and 512x512-bit carry-less products of the avx2 and neon
 * leaves, two Karatsuba steps (Karatsuba-Ofman 1962) over the includer's 128x128 product
 * clmul128_split(lo, hi, odd, x, y, xs, ys) (split by parity of the word offset: x0 y0 at word
 * 0, x1 y1 at word 2, x0 y1 + x1 y0 at word 1; xs, ys hold x0 + x1 and y0 + y1 in their low
 * word for an includer that takes a third Karatsuba step, and are dead code for a schoolbook
 * one), in the lane type of skeleton_lane.h: PCLMULQDQ in clmul_base.h, PMULL/PMULL2 in
 * src/gf2x/native/aarch64/neon/pmull_leaf.h. */
#ifndef HQC_GF2X_CLMUL_KARATSUBA_H
#define HQC_GF2X_CLMUL_KARATSUBA_H

#include <stdint.h>

/* (a0 + X^128 a1)(b0 + X^128 b1) by one Karatsuba step over the 128x128 products, left split
 * by parity: e[j] is the 128-bit lane at word 2j, o[j] the one at word 2j + 1. sa0 .. sb1: the
 * half sums of a0 .. b1 (see above); a half sum is linear, so those of a0 + a1 and b0 + b1 are
 * sa0 + sa1 and sb0 + sb1. */
HQC_VEC_INLINE void clmul256_split(vec128 e[4], vec128 o[3], vec128 a0, vec128 a1, vec128 b0, vec128 b1, vec128 sa0,
                                   vec128 sa1, vec128 sb0, vec128 sb1)
{
    vec128 l0, h0, o0, l1, h1, o1, lm, hm, om;
    clmul128_split(&l0, &h0, &o0, a0, b0, sa0, sb0);
    clmul128_split(&l1, &h1, &o1, a1, b1, sa1, sb1);
    clmul128_split(&lm, &hm, &om, a0 ^ a1, b0 ^ b1, sa0 ^ sa1, sb0 ^ sb1);
    vec128 t = h0 ^ l1;
    e[0] = l0;
    e[1] = t ^ l0 ^ lm;
    e[2] = t ^ h1 ^ hm;
    e[3] = h1;
    o[0] = o0;
    o[1] = o0 ^ o1 ^ om;
    o[2] = o1;
}

/* a[0..8) * b[0..8) = E + X^64 O: Karatsuba over clmul256_split, in registers: 36 64x64
 * products under a schoolbook 128x128 product, 27 under a Karatsuba one. Writes the even part E
 * to e[0..16) and the odd part to o[0..14). The caller adds O one word up with an unaligned
 * 256-bit load, which replaces the 16 shuffles and XORs that shifting it here in 128-bit
 * registers would take. half_sum(x), the includer's, is x's half sum; the others follow by
 * XOR. */
HQC_VEC_INLINE void clmul512_split(uint64_t *e, uint64_t *o, const uint64_t *a, const uint64_t *b)
{
    vec128 a0 = ld128(a), a1 = ld128(a + 2);
    vec128 a2 = ld128(a + 4), a3 = ld128(a + 6);
    vec128 b0 = ld128(b), b1 = ld128(b + 2);
    vec128 b2 = ld128(b + 4), b3 = ld128(b + 6);
    vec128 sa0 = half_sum(a0), sa1 = half_sum(a1), sa2 = half_sum(a2), sa3 = half_sum(a3);
    vec128 sb0 = half_sum(b0), sb1 = half_sum(b1), sb2 = half_sum(b2), sb3 = half_sum(b3);
    vec128 ep[4], op[3], eq[4], oq[3], em[4], om[3];
    clmul256_split(ep, op, a0, a1, b0, b1, sa0, sa1, sb0, sb1);
    clmul256_split(eq, oq, a2, a3, b2, b3, sa2, sa3, sb2, sb3);
    clmul256_split(em, om, a0 ^ a2, a1 ^ a3, b0 ^ b2, b1 ^ b3, sa0 ^ sa2, sa1 ^ sa3, sb0 ^ sb2, sb1 ^ sb3);
    /* The Karatsuba recombination acts on E and O separately; X^256 is two lanes of each. */
    vec128 t0 = ep[2] ^ eq[0], t1 = ep[3] ^ eq[1];
    st128(e, ep[0]);
    st128(e + 2, ep[1]);
    st128(e + 4, t0 ^ ep[0] ^ em[0]);
    st128(e + 6, t1 ^ ep[1] ^ em[1]);
    st128(e + 8, t0 ^ eq[2] ^ em[2]);
    st128(e + 10, t1 ^ eq[3] ^ em[3]);
    st128(e + 12, eq[2]);
    st128(e + 14, eq[3]);
    vec128 s0 = op[0] ^ oq[0] ^ om[0], s1 = op[1] ^ oq[1] ^ om[1], s2 = op[2] ^ oq[2] ^ om[2];
    st128(o, op[0]);
    st128(o + 2, op[1]);
    st128(o + 4, op[2] ^ s0);
    st128(o + 6, s1);
    st128(o + 8, s2 ^ oq[0]);
    st128(o + 10, oq[1]);
    st128(o + 12, oq[2]);
}

#endif
