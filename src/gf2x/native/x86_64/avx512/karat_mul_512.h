/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* karat_mul_512.h: the 512 x 512 -> 1024-bit product with VPCLMULQDQ, the kernel under every
 * product of this backend (Robert and Veron 2021, section on the 512-bit kernels). Two of
 * them: a lane-aligned schoolbook (16 VPCLMULQDQ, 2 shuffles; the default, see dev/tuning/avx512.md)
 * and the paper's karat_mult_1_512_SB structure (12 VPCLMULQDQ, 10 shuffles here). Static
 * inline: the Karatsuba leaf keeps the operands of three kernels in registers. */
#ifndef HQC_GF2X_AVX512_KARAT_MUL_512_H
#define HQC_GF2X_AVX512_KARAT_MUL_512_H

#include <immintrin.h>
#include <stdint.h>

#include "gf2x_avx512.h"

/*
 * Lane-aligned schoolbook. A 512-bit operand is four 128-bit slots; slot i times slot j lands
 * at slot i + j of the product. VPCLMULQDQ multiplies lane l by lane l, so instead of moving
 * products to their slots afterwards (the permutes of the paper's kernel), the operands are laid out so
 * that lane l only ever computes products that belong to slot l or l + 4:
 *   spread[k]: slot k of A broadcast to all four lanes (a broadcast load, no shuffle port);
 *   rot[k]:    B rotated up by k lanes, lane l = slot (l - k) mod 4, an unaligned load from a
 *              "doubled" copy (B, B) of the block.
 * The low x low halves of spread[k] * rot[k] then sit at slot l (lanes l >= k) or l + 4
 * (lanes l < k, the wrap), high x high of spread[k] * rot[k+1] likewise, so both accumulate
 * with lane masks only. The two cross products land half a slot up; they are summed apart and
 * shifted once by 64 bits at the end, the kernel's only two shuffles. Port 5, which executes
 * both VPCLMULQDQ and every 512-bit shuffle, thus sees 18 instead of 28 instructions.
 */
static inline void load_spread_512(__m512i spread[4], const uint64_t *a)
{
    for (int k = 0; k < 4; k++)
        spread[k] = _mm512_broadcast_i64x2(_mm_loadu_si128((const __m128i *)(a + 2 * k)));
}

/* b2 points to a block stored twice in a row (16 words, 64-byte aligned). */
static inline void load_rotations_512(__m512i rot[4], const uint64_t *b2)
{
    for (int k = 0; k < 4; k++)
        rot[k] = _mm512_loadu_si512(b2 + 8 - 2 * k);
}

static inline void mul_512_aligned(__m512i *lo, __m512i *hi, const __m512i spread[4], const __m512i rot[4])
{
    /* e[k]: low x low, f[k]: high x high (paired with rot[k+1] so it also lands on lane l). */
    __m512i e0 = _mm512_clmulepi64_epi128(rot[0], spread[0], 0x00);
    __m512i e1 = _mm512_clmulepi64_epi128(rot[1], spread[1], 0x00);
    __m512i e2 = _mm512_clmulepi64_epi128(rot[2], spread[2], 0x00);
    __m512i e3 = _mm512_clmulepi64_epi128(rot[3], spread[3], 0x00);
    __m512i f0 = _mm512_clmulepi64_epi128(rot[1], spread[0], 0x11);
    __m512i f1 = _mm512_clmulepi64_epi128(rot[2], spread[1], 0x11);
    __m512i f2 = _mm512_clmulepi64_epi128(rot[3], spread[2], 0x11);
    __m512i f3 = _mm512_clmulepi64_epi128(rot[0], spread[3], 0x11);
    /* Pairs sharing a rotation also share the wrap mask (lanes below the rotation wrap). The
     * full sum is lo ^ hi, so only hi needs masked accumulation. f3 wraps on every lane. */
    __m512i sum = xor3(e0, f3, e1);
    sum = xor3(sum, f0, e2);
    sum = xor3(sum, f1, e3);
    sum = _mm512_xor_si512(sum, f2);
    __m512i h = mask_xor2(f3, 0x03, e1, f0);
    h = mask_xor2(h, 0x0f, e2, f1);
    h = mask_xor2(h, 0x3f, e3, f2);

    /* Cross products, 64 bits above slot l (or l + 4). */
    __m512i c0 = _mm512_clmulepi64_epi128(rot[0], spread[0], 0x01);
    __m512i d0 = _mm512_clmulepi64_epi128(rot[0], spread[0], 0x10);
    __m512i c1 = _mm512_clmulepi64_epi128(rot[1], spread[1], 0x01);
    __m512i d1 = _mm512_clmulepi64_epi128(rot[1], spread[1], 0x10);
    __m512i c2 = _mm512_clmulepi64_epi128(rot[2], spread[2], 0x01);
    __m512i d2 = _mm512_clmulepi64_epi128(rot[2], spread[2], 0x10);
    __m512i c3 = _mm512_clmulepi64_epi128(rot[3], spread[3], 0x01);
    __m512i d3 = _mm512_clmulepi64_epi128(rot[3], spread[3], 0x10);
    __m512i msum = xor3(c0, d0, c1);
    msum = xor3(msum, d1, c2);
    msum = xor3(msum, d2, c3);
    msum = _mm512_xor_si512(msum, d3);
    __m512i mh = _mm512_maskz_xor_epi64(0x03, c1, d1);
    mh = mask_xor2(mh, 0x0f, c2, d2);
    mh = mask_xor2(mh, 0x3f, c3, d3);
    __m512i ml = _mm512_xor_si512(msum, mh);

    /* (ml, mh) << 64 across the 1024 bits; the word shifted out of mh is zero because the
     * product has degree at most 1022. */
    *lo = xor3(sum, h, _mm512_maskz_alignr_epi64(0xfe, ml, ml, 7));
    *hi = _mm512_xor_si512(h, _mm512_alignr_epi64(mh, ml, 7));
}

/*
 * The paper's structure, in our own formulation: one Karatsuba step on 256-bit halves, each
 * 256 x 256 product a 4-instruction schoolbook over lanes holding (x_lo|x_hi) x (y_lo|y_hi)
 * pairs, then permutes to move every 128-bit partial product to its slot. Operands are plain
 * 512-bit blocks, so the Karatsuba levels above it need no doubled copies.
 */
static inline __m512i mul_256_schoolbook(__m512i x, __m512i y)
{
    /* x lanes (x01, x01, x23, x23), y lanes (y01, y23, y01, y23): lane products land at
     * slots 0, 1, 1, 2 of the 512-bit result. */
    const __m512i swap_in_lane = _mm512_setr_epi64(1, 0, 3, 2, 5, 4, 7, 6);
    const __m512i up_one = _mm512_setr_epi64(0, 1, 0, 1, 2, 3, 4, 5);   /* lanes 0,1 -> 1,2 */
    const __m512i down_one = _mm512_setr_epi64(4, 5, 4, 5, 6, 7, 6, 7); /* lanes 2,3 -> 1,2 */
    __m512i ll = _mm512_clmulepi64_epi128(x, y, 0x00);
    __m512i hh = _mm512_clmulepi64_epi128(x, y, 0x11);
    __m512i mid = _mm512_xor_si512(_mm512_clmulepi64_epi128(x, y, 0x01), _mm512_clmulepi64_epi128(x, y, 0x10));
    /* Split each lane's middle term into its two halves: the low word joins ll's high word,
     * the high word joins hh's low word; now every lane holds one whole 256-bit product. */
    mid = _mm512_permutexvar_epi64(swap_in_lane, mid);
    __m512i l = _mm512_mask_xor_epi64(ll, 0xaa, ll, mid);
    __m512i h = _mm512_mask_xor_epi64(hh, 0x55, hh, mid);
    /* Lane products (l, h) at slots (s, s+1) with s = 0, 1, 1, 2. */
    __m512i aligned = _mm512_mask_blend_epi64(0xf0, l, h); /* l lanes 0,1 and h lanes 2,3 */
    __m512i moved = _mm512_maskz_xor_epi64(0x3c, _mm512_permutexvar_epi64(up_one, h),
                                           _mm512_permutexvar_epi64(down_one, l));
    return _mm512_xor_si512(aligned, moved);
}

static inline void mul_512_karatsuba(__m512i *lo, __m512i *hi, const uint64_t *a, const uint64_t *b)
{
    /* Operand layouts by broadcast loads and one blend instead of the paper's four permutes. */
    __m512i a_lo = _mm512_mask_blend_epi64(0xf0, _mm512_broadcast_i64x2(_mm_loadu_si128((const __m128i *)a)),
                                           _mm512_broadcast_i64x2(_mm_loadu_si128((const __m128i *)(a + 2))));
    __m512i a_hi = _mm512_mask_blend_epi64(0xf0, _mm512_broadcast_i64x2(_mm_loadu_si128((const __m128i *)(a + 4))),
                                           _mm512_broadcast_i64x2(_mm_loadu_si128((const __m128i *)(a + 6))));
    __m512i b_lo = _mm512_broadcast_i64x4(_mm256_loadu_si256((const __m256i *)b));
    __m512i b_hi = _mm512_broadcast_i64x4(_mm256_loadu_si256((const __m256i *)(b + 4)));
    __m512i pl = mul_256_schoolbook(a_lo, b_lo);
    __m512i ph = mul_256_schoolbook(a_hi, b_hi);
    __m512i pm = mul_256_schoolbook(_mm512_xor_si512(a_lo, a_hi), _mm512_xor_si512(b_lo, b_hi));
    __m512i mid = xor3(pm, pl, ph);
    mid = _mm512_shuffle_i64x2(mid, mid, 0x4e); /* swap 256-bit halves */
    *lo = _mm512_mask_xor_epi64(pl, 0xf0, pl, mid);
    *hi = _mm512_mask_xor_epi64(ph, 0x0f, ph, mid);
}

#endif
