/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* karat2_mul.c: the neon backend's two-way Karatsuba product (the shared
 * src/gf2x/skeleton/karat2_skeleton.h) over the PMULL leaf of pmull_leaf.h. */
#include "gf2x_neon.h"
#include "pmull_leaf.h"

#define KARAT2_LEAF clmul512_split
#include "karat2_skeleton.h"
