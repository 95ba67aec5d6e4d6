/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* clmul_base.h: the leaves of the Karatsuba tree, 256x256 and 512x512-bit carry-less products
 * with PCLMULQDQ (Intel, "Carry-Less Multiplication Instruction and its Usage for Computing
 * the GCM Mode", section "Karatsuba"). Kept in xmm registers: PCLMULQDQ is 128-bit only in
 * AVX2, and moving its results into ymm lanes would cost a port-5 shuffle per product. */
#ifndef HQC_GF2X_AVX2_CLMUL_BASE_H
#define HQC_GF2X_AVX2_CLMUL_BASE_H

#include <immintrin.h>
#include <stdint.h>

#define HQC_AVX2_INLINE static inline __attribute__((always_inline))

/* 128x128 schoolbook split by parity of the word offset: lo at word 0, hi at word 2, and the
 * two cross products summed at word 1. The odd part is shifted into place only once per
 * 256x256 product (below), which is cheaper than two byte shifts per 128x128 product. */
HQC_AVX2_INLINE void clmul128_split(__m128i *lo, __m128i *hi, __m128i *odd, __m128i x, __m128i y)
{
    *lo = _mm_clmulepi64_si128(x, y, 0x00);
    *hi = _mm_clmulepi64_si128(x, y, 0x11);
    *odd = _mm_xor_si128(_mm_clmulepi64_si128(x, y, 0x01), _mm_clmulepi64_si128(x, y, 0x10));
}

/* (a0 + X^128 a1)(b0 + X^128 b1) by one Karatsuba step over 128x128 schoolbook products, 12
 * PCLMULQDQ, left split by parity: e[j] is the 128-bit lane at word 2j, o[j] the one at word
 * 2j + 1. Schoolbook at the bottom rather than a third Karatsuba level: the 64-bit half sums
 * would cost as many shuffles and XORs as the multiplications they save. */
HQC_AVX2_INLINE void clmul256_split(__m128i e[4], __m128i o[3], __m128i a0, __m128i a1, __m128i b0,
                                    __m128i b1)
{
    __m128i l0, h0, o0, l1, h1, o1, lm, hm, om;
    clmul128_split(&l0, &h0, &o0, a0, b0);
    clmul128_split(&l1, &h1, &o1, a1, b1);
    clmul128_split(&lm, &hm, &om, a0 ^ a1, b0 ^ b1);
    __m128i t = h0 ^ l1;
    e[0] = l0;
    e[1] = t ^ l0 ^ lm;
    e[2] = t ^ h1 ^ hm;
    e[3] = h1;
    o[0] = o0;
    o[1] = o0 ^ o1 ^ om;
    o[2] = o1;
}

/* a[0..8) * b[0..8) = E + X^64 O: Karatsuba over clmul256_split, 36 PCLMULQDQ, in registers.
 * Writes the even part E to e[0..16) and the odd part to o[0..14). The caller adds O one word
 * up with an unaligned 256-bit load, which replaces the 16 shuffles and XORs that shifting it
 * here in 128-bit registers would take. */
HQC_AVX2_INLINE void clmul512_split(uint64_t *e, uint64_t *o, const uint64_t *a, const uint64_t *b)
{
    __m128i a0 = _mm_loadu_si128((const __m128i *)a), a1 = _mm_loadu_si128((const __m128i *)(a + 2));
    __m128i a2 = _mm_loadu_si128((const __m128i *)(a + 4)), a3 = _mm_loadu_si128((const __m128i *)(a + 6));
    __m128i b0 = _mm_loadu_si128((const __m128i *)b), b1 = _mm_loadu_si128((const __m128i *)(b + 2));
    __m128i b2 = _mm_loadu_si128((const __m128i *)(b + 4)), b3 = _mm_loadu_si128((const __m128i *)(b + 6));
    __m128i ep[4], op[3], eq[4], oq[3], em[4], om[3];
    clmul256_split(ep, op, a0, a1, b0, b1);
    clmul256_split(eq, oq, a2, a3, b2, b3);
    clmul256_split(em, om, a0 ^ a2, a1 ^ a3, b0 ^ b2, b1 ^ b3);
    /* The Karatsuba recombination acts on E and O separately; X^256 is two lanes of each. */
    __m128i t0 = ep[2] ^ eq[0], t1 = ep[3] ^ eq[1];
    __m128i *ev = (__m128i *)e, *od = (__m128i *)o;
    _mm_storeu_si128(ev + 0, ep[0]);
    _mm_storeu_si128(ev + 1, ep[1]);
    _mm_storeu_si128(ev + 2, t0 ^ ep[0] ^ em[0]);
    _mm_storeu_si128(ev + 3, t1 ^ ep[1] ^ em[1]);
    _mm_storeu_si128(ev + 4, t0 ^ eq[2] ^ em[2]);
    _mm_storeu_si128(ev + 5, t1 ^ eq[3] ^ em[3]);
    _mm_storeu_si128(ev + 6, eq[2]);
    _mm_storeu_si128(ev + 7, eq[3]);
    __m128i s0 = op[0] ^ oq[0] ^ om[0], s1 = op[1] ^ oq[1] ^ om[1], s2 = op[2] ^ oq[2] ^ om[2];
    _mm_storeu_si128(od + 0, op[0]);
    _mm_storeu_si128(od + 1, op[1]);
    _mm_storeu_si128(od + 2, op[2] ^ s0);
    _mm_storeu_si128(od + 3, s1);
    _mm_storeu_si128(od + 4, s2 ^ oq[0]);
    _mm_storeu_si128(od + 5, oq[1]);
    _mm_storeu_si128(od + 6, oq[2]);
}

#endif
