/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* reduce_neon.h: o = prod mod X^N - 1 with NEON (reduce_neon.c), for the neon product. */
#ifndef HQC_GF2X_REDUCE_NEON_H
#define HQC_GF2X_REDUCE_NEON_H

#include <stdint.h>

#include "params.h"

#define reduce_mod_xn_minus_1_neon HQC_NS(neon_reduce_mod_xn_minus_1)

/* o[0, HQC_WORDS) = prod mod X^N - 1, bits >= N cleared; prod holds the product up to word
 * HQC_N / 64 + HQC_WORDS. Writes exactly HQC_WORDS words. */
void reduce_mod_xn_minus_1_neon(uint64_t *o, const uint64_t *prod);

#endif
