/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* reduce_avx2.h: o = prod mod X^N - 1 in AVX2 (reduce_avx2.c), shared by the avx2 and vpclmul
 * products: both leave the full product of two HQC_WORDS-word operands in prod. */
#ifndef HQC_GF2X_REDUCE_AVX2_H
#define HQC_GF2X_REDUCE_AVX2_H

#include <stdint.h>

#include "params.h"

#define reduce_mod_xn_minus_1_avx2 HQC_NS(avx2_reduce_mod_xn_minus_1)

/* o[0, HQC_WORDS) = prod mod X^N - 1, bits >= N cleared; prod holds the product up to word
 * HQC_N / 64 + HQC_WORDS. Writes exactly HQC_WORDS words. */
void reduce_mod_xn_minus_1_avx2(uint64_t *o, const uint64_t *prod);

#endif
