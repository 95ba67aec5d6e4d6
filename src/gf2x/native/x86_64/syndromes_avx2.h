/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* syndromes_avx2.h: RS syndromes with AVX2 nibble tables (vpshufb), the vectorised twin of
 * rs_syndromes_ref; same contract as hqc_backend.rs_syndromes. */
#ifndef HQC_GF2X_AVX2_SYNDROMES_H
#define HQC_GF2X_AVX2_SYNDROMES_H

#include <stdint.h>

#include "params.h"

#define rs_syndromes_avx2 HQC_NS(rs_syndromes_avx2)
void rs_syndromes_avx2(uint8_t *syn, const uint8_t *cdw);

#endif
