/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* gf2x_neon.h: internal interface of the neon backend's product: the Toom-3 over Karatsuba
 * skeleton shared with the avx2 and vpclmul backends (src/gf2x/skeleton/mul_skeleton.h) in the
 * per-level shape of src/gf2x/skeleton/toom3_shape.h, over the PMULL leaf (pmull_leaf.h), in the
 * NEON lane type (vec_neon.h) and with the NEON reduction (reduce_neon.c). */
#ifndef HQC_GF2X_NEON_H
#define HQC_GF2X_NEON_H

#include "params.h"
#include "reduce_neon.h"
#include "toom3_shape.h"

#define SKELETON_NAME(s) HQC_NS(neon_##s)
#define SKELETON_LANE "vec_neon.h"
#define SKELETON_REDUCE reduce_mod_xn_minus_1_neon

#include "mul_skeleton.h"

#endif
