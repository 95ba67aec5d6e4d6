/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* rm_encode_avx2.h: encoding of the duplicated RM(1,7) code with AVX2 byte shuffles, the
 * vectorised twin of rm_encode (src/hqc/reed_muller.c); same contract as hqc_backend.encode_rm. */
#ifndef HQC_GF2X_AVX2_RM_ENCODE_H
#define HQC_GF2X_AVX2_RM_ENCODE_H

#include <stdint.h>

#include "params.h"

#define rm_encode_avx2 HQC_NS(rm_encode_avx2)
/* cdw (N1N2_WORDS words) from msg (N1 bytes); constant time. */
void rm_encode_avx2(uint64_t *cdw, const uint8_t *msg);

#endif
