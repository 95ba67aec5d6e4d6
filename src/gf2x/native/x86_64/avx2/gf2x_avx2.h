/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* gf2x_avx2.h: internal interface of the AVX2 + PCLMULQDQ multiplication backend: the
 * Toom-3 over Karatsuba skeleton it shares with the vpclmul backend (mul_skeleton.h) in the
 * per-level shape of toom3_shape.h, named per level and backend because the folder is
 * compiled once per HQC level. */
#ifndef HQC_GF2X_AVX2_H
#define HQC_GF2X_AVX2_H

#include "params.h"
#include "toom3_shape.h"

/* Two trees, over the two leaves of clmul_base.h: avx2_* over the schoolbook one, avx2k_* (the
 * files that define HQC_AVX2_KARATSUBA_LEAF first) over the Karatsuba one. */
#ifdef HQC_AVX2_KARATSUBA_LEAF
#define SKELETON_NAME(s) HQC_NS(avx2k_##s)
#else
#define SKELETON_NAME(s) HQC_NS(avx2_##s)
#endif
/* The x86 lane type and reduction (src/gf2x/native/x86_64), shared with the vpclmul backend. */
#include "reduce_avx2.h"
#define SKELETON_LANE "vec256.h"
#define SKELETON_REDUCE reduce_mod_xn_minus_1_avx2

#include "mul_skeleton.h"

/* The dense product mod X^N - 1, the same function of its operands over either leaf
 * (clmul_base.h): avx2_mul (backend_avx2.c) runs the Karatsuba-leaf tree (*_kleaf.c) on AMD's
 * cores, the schoolbook-leaf tree (karat2_mul.c ... toom3_mul.c) elsewhere. Both are named for
 * test_mul, which checks each on every CPU. */
void HQC_NS(avx2_mul)(uint64_t *o, const uint64_t *a, const uint64_t *b);
void HQC_NS(avx2_mul_schoolbook_leaf)(uint64_t *o, const uint64_t *a, const uint64_t *b);
void HQC_NS(avx2_mul_karatsuba_leaf)(uint64_t *o, const uint64_t *a, const uint64_t *b);

#endif
