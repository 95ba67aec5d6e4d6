/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* karat3_mul.c: the avx2 backend's three-way Karatsuba (karat3_skeleton.h) over its two-way
 * Karatsuba (karat2_mul.c). */
#include "gf2x_avx2.h"
#include "karat3_skeleton.h"
