/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* reduce_neon.c: o = prod mod X^N - 1 with NEON: the loop of reduce_lanes.h over the aarch64
 * lane type (two Q registers a step: USHR, SHL, EOR), for the neon product. */
#include "reduce_neon.h"
#include "vec_neon.h"
#include "reduce_lanes.h"

void reduce_mod_xn_minus_1_neon(uint64_t *o, const uint64_t *prod)
{
    reduce_lanes(o, prod);
}
