/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* reduce_avx2.c: o = prod mod X^N - 1 with AVX2 vectors: the loop of reduce_lanes.h over the
 * x86 lane type, shared by the avx2 and vpclmul products. */
#include "reduce_avx2.h"
#include "vec256.h"
#include "reduce_lanes.h"

void reduce_mod_xn_minus_1_avx2(uint64_t *o, const uint64_t *prod)
{
    reduce_lanes(o, prod);
}
