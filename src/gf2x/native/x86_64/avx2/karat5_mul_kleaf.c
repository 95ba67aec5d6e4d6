/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* karat5_mul_kleaf.c: karat5_mul.c again, over the Karatsuba 128x128 leaf of clmul_base.h and
 * under its own names (avx2k_*, gf2x_avx2.h): part of the tree that avx2_mul runs on AMD's
 * cores (gf2x_avx2.h). */
#define HQC_AVX2_KARATSUBA_LEAF
#include "gf2x_avx2.h"
#include "karat5_skeleton.h"
