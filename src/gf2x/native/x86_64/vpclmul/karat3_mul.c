/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* karat3_mul.c: the vpclmul backend's three-way Karatsuba (the shared
 * src/gf2x/skeleton/karat3_skeleton.h) over its two-way Karatsuba (karat2_mul.c). */
#include "gf2x_vpclmul.h"
#include "karat3_skeleton.h"
