/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* karat5_mul.c: the avx2 backend's 13-product five-term formula (karat5_skeleton.h) over its two-way
 * Karatsuba (karat2_mul.c). */
#include "gf2x_avx2.h"
#include "karat5_skeleton.h"
