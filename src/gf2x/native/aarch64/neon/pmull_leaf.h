/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* pmull_leaf.h: the leaf of the neon backend's Karatsuba tree, a 512x512-bit carry-less
 * product from PMULL/PMULL2 (Arm ARM, "PMULL, PMULL2: polynomial multiply long", 64x64 -> 128
 * bits, constant time on every core that has it): the 128x128 schoolbook product below under
 * the two Karatsuba steps that the avx2 leaf uses too (src/gf2x/skeleton/clmul_karatsuba.h), 36
 * PMULL per leaf. Output contract of karat2_skeleton.h's KARAT2_LEAF. */
#ifndef HQC_GF2X_PMULL_LEAF_H
#define HQC_GF2X_PMULL_LEAF_H

#include <arm_neon.h>

#include "vec_neon.h"

HQC_VEC_INLINE vec128 pmull_lo(vec128 x, vec128 y)
{
    return vreinterpretq_u64_p128(vmull_p64(vgetq_lane_p64(vreinterpretq_p64_u64(x), 0),
                                            vgetq_lane_p64(vreinterpretq_p64_u64(y), 0)));
}

HQC_VEC_INLINE vec128 pmull_hi(vec128 x, vec128 y)
{
    return vreinterpretq_u64_p128(vmull_high_p64(vreinterpretq_p64_u64(x), vreinterpretq_p64_u64(y)));
}

/* x y for 128-bit x = x0 + X^64 x1, y alike, split by parity of the word offset: lo = x0 y0
 * (word 0), hi = x1 y1 (word 2), odd = x0 y1 + x1 y0 (word 1), the cross products from y with
 * its halves swapped (EXT). Schoolbook: the half sums x_sum, y_sum of the Karatsuba form
 * (clmul_karatsuba.h) are unused, and so is half_sum below; the compiler drops both. */
HQC_VEC_INLINE void clmul128_split(vec128 *lo, vec128 *hi, vec128 *odd, vec128 x, vec128 y, vec128 x_sum,
                                   vec128 y_sum)
{
    (void)x_sum, (void)y_sum;
    vec128 ys = vextq_u64(y, y, 1);
    *lo = pmull_lo(x, y);
    *hi = pmull_hi(x, y);
    *odd = pmull_lo(x, ys) ^ pmull_hi(x, ys);
}

HQC_VEC_INLINE vec128 half_sum(vec128 x)
{
    return x;
}

#include "clmul_karatsuba.h"

#endif
