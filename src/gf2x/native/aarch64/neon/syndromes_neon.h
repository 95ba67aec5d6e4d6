/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* syndromes_neon.h: RS syndromes with NEON TBL nibble tables (syndromes_neon.c), the contract
 * of rs_syndromes in src/hqc/backend.h. */
#ifndef HQC_GF2X_SYNDROMES_NEON_H
#define HQC_GF2X_SYNDROMES_NEON_H

#include <stdint.h>

#include "params.h"

#define rs_syndromes_neon HQC_NS(rs_syndromes_neon)
void rs_syndromes_neon(uint8_t *syn, const uint8_t *cdw);

#endif
