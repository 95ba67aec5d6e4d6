/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* karat2_mul.c: the avx2 backend's two-way Karatsuba product (karat2_skeleton.h) over the
 * PCLMULQDQ leaf of clmul_base.h. */
#include "clmul_base.h"
#include "gf2x_avx2.h"

#define KARAT2_LEAF clmul512_split
#include "karat2_skeleton.h"
