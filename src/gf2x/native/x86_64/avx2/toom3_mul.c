/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* toom3_mul.c: the avx2 backend's Toom-3 layer (toom3_skeleton.h) over its Karatsuba products
 * (karat3_mul.c, karat5_mul.c). */
#include "gf2x_avx2.h"
#include "toom3_skeleton.h"
