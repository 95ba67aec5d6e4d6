/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* karat5_mul.c: the neon backend's 13-product five-way Karatsuba (the shared
 * src/gf2x/skeleton/karat5_skeleton.h) over its two-way Karatsuba (karat2_mul.c). */
#include "gf2x_neon.h"
#include "karat5_skeleton.h"
