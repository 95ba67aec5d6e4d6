/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* rm_decode_neon.h: NEON maximum-likelihood decoder of the duplicated RM(1,7) code. */
#ifndef HQC_RM_DECODE_NEON_H
#define HQC_RM_DECODE_NEON_H

#include <stdint.h>

#include "params.h"

#define rm_decode_neon HQC_NS(rm_decode_neon)
/* msg (N1 bytes) from cdw (N1N2_WORDS words); constant time. */
void rm_decode_neon(uint8_t *msg, const uint64_t *cdw);

#endif
