/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* karat2_mul_kleaf.c: karat2_mul.c again, over the Karatsuba 128x128 leaf of clmul_base.h and
 * under its own names (avx2k_*, gf2x_avx2.h): part of the tree that avx2_mul runs on AMD's
 * cores (gf2x_avx2.h). */
#define HQC_AVX2_KARATSUBA_LEAF
#include "clmul_base.h"
#include "gf2x_avx2.h"

#define KARAT2_LEAF clmul512_split
#include "karat2_skeleton.h"
