/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* fixed_weight_avx2.h: encryption's fixed-weight positions from their draws with AVX2 (the avx2
 * and vpclmul backends'); same contract as hqc_backend.fixed_weight. */
#ifndef HQC_FIXED_WEIGHT_AVX2_H
#define HQC_FIXED_WEIGHT_AVX2_H

#include <stddef.h>
#include <stdint.h>

#include "params.h"

#define fixed_weight_avx2 HQC_NS(fixed_weight_avx2)
void fixed_weight_avx2(uint32_t *support, const uint8_t *bytes, size_t weight);

#endif
