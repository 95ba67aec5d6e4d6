/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* syndromes.h: portable RS syndromes, the twin every vectorised syndrome kernel is tested
 * against. */
#ifndef HQC_GF2X_REF_SYNDROMES_H
#define HQC_GF2X_REF_SYNDROMES_H

#include <stdint.h>

#include "params.h"

#define rs_syndromes_ref HQC_NS(rs_syndromes_ref)
void rs_syndromes_ref(uint8_t *syn, const uint8_t *cdw);

#endif
