/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* karat2_mul.c: the vpclmul backend's two-way Karatsuba product (the shared
 * src/gf2x/skeleton/karat2_skeleton.h) over the 256-bit VPCLMULQDQ leaves: vclmul_leaf.h for one
 * product, vclmul_pair_leaf.h for two at once (KARAT2_PAIR_LEAF, gf2x_vpclmul.h). */
#include "gf2x_vpclmul.h"
#include "vclmul_leaf.h"
#include "vclmul_pair_leaf.h"

#define KARAT2_LEAF vclmul512_split
#include "karat2_skeleton.h"
