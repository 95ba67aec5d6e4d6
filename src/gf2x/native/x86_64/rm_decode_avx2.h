/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* rm_decode_avx2.h: AVX2 maximum-likelihood decoder of the duplicated RM(1,7) code. */
#ifndef HQC_RM_DECODE_AVX2_H
#define HQC_RM_DECODE_AVX2_H

#include <stdint.h>

#include "params.h"

#define rm_decode_avx2 HQC_NS(rm_decode_avx2)
/* msg (N1 bytes) from cdw (N1N2_WORDS words); constant time. */
void rm_decode_avx2(uint8_t *msg, const uint64_t *cdw);

#endif
