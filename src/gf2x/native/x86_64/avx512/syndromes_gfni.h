/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* syndromes_gfni.h: RS syndromes with GFNI affine transforms on zmm registers, the
 * vectorised twin of rs_syndromes_ref; same contract as hqc_backend.rs_syndromes. */
#ifndef HQC_GF2X_AVX512_SYNDROMES_H
#define HQC_GF2X_AVX512_SYNDROMES_H

#include <stdint.h>

#include "params.h"

#define rs_syndromes_gfni HQC_NS(rs_syndromes_gfni)
void rs_syndromes_gfni(uint8_t *syn, const uint8_t *cdw);

#endif
