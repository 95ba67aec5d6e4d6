/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* gf2x_vpclmul.h: internal interface of the vpclmul backend's product: the per-level shape of
 * the Toom-3 over Karatsuba skeleton it shares with the avx2 backend
 * (src/gf2x/skeleton/mul_skeleton.h), over the 256-bit VPCLMULQDQ leaf of vclmul_leaf.h. The
 * avx2 shape (src/gf2x/skeleton/toom3_shape.h) was re-measured for this leaf and kept
 * (dev/tuning/vpclmul.md). */
#ifndef HQC_GF2X_VPCLMUL_H
#define HQC_GF2X_VPCLMUL_H

#include "params.h"
#include "toom3_shape.h"

/* For dev/tuning/vpclmul.md: another word shift at level L with the same parts, -DHQC_VPCLMUL_SHIFT_L=S
 * (the skeleton checks that the evaluations still fit). */
#if HQC_LEVEL == 3 && defined(HQC_VPCLMUL_SHIFT_3)
#undef TOOM3_SHIFT_WORDS
#define TOOM3_SHIFT_WORDS HQC_VPCLMUL_SHIFT_3
#elif HQC_LEVEL == 5 && defined(HQC_VPCLMUL_SHIFT_5)
#undef TOOM3_SHIFT_WORDS
#define TOOM3_SHIFT_WORDS HQC_VPCLMUL_SHIFT_5
#endif

#define SKELETON_NAME(s) HQC_NS(vpclmul_##s)
/* The x86 lane type and reduction (src/gf2x/native/x86_64), shared with the avx2 backend. */
#include "reduce_avx2.h"
#define SKELETON_LANE "vec256.h"
#define SKELETON_REDUCE reduce_mod_xn_minus_1_avx2
/* Two independent 16-word products at once, one per 128-bit lane (vclmul_pair_leaf.h): the
 * skeleton's Karatsuba recursion then runs on pairs of products (karat2_mul_pair). */
#define KARAT2_PAIR_LEAF vclmul1024_pair

#include "mul_skeleton.h"

#endif
