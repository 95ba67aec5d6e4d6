/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* fixed_weight_vbmi.h: encryption's fixed-weight positions from their draws with AVX-512BW and
 * VBMI (the avx512 backend's); same contract as hqc_backend.fixed_weight. */
#ifndef HQC_FIXED_WEIGHT_VBMI_H
#define HQC_FIXED_WEIGHT_VBMI_H

#include <stddef.h>
#include <stdint.h>

#include "params.h"

#define fixed_weight_vbmi HQC_NS(fixed_weight_vbmi)
void fixed_weight_vbmi(uint32_t *support, const uint8_t *bytes, size_t weight);

#endif
