/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* toom3_mul_kleaf.c: toom3_mul.c again, over the Karatsuba-leaf tree (karat*_kleaf.c) and
 * under its own names (avx2k_*, gf2x_avx2.h), and the product mod X^N - 1 on it, which
 * avx2_mul runs on AMD's cores (gf2x_avx2.h). */
#define HQC_AVX2_KARATSUBA_LEAF
#include "gf2x_avx2.h"

#include "toom3_skeleton.h"

void HQC_NS(avx2_mul_karatsuba_leaf)(uint64_t *o, const uint64_t *a, const uint64_t *b)
{
    toom3_mul_mod_xn_minus_1(o, a, b);
}
