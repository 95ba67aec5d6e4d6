/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* toom3_mul.c: the neon backend's Toom-3 layer (the shared src/gf2x/skeleton/toom3_skeleton.h)
 * over its Karatsuba products (karat3_mul.c, karat5_mul.c). */
#include "gf2x_neon.h"
#include "toom3_skeleton.h"
