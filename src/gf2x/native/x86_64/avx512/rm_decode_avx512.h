/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* rm_decode_avx512.h: AVX-512BW maximum-likelihood decoder of the duplicated RM(1,7) code (the
 * avx512 backend's); same contract as hqc_backend.rm_decode. */
#ifndef HQC_RM_DECODE_AVX512_H
#define HQC_RM_DECODE_AVX512_H

#include <stdint.h>

#include "params.h"

#define rm_decode_avx512 HQC_NS(rm_decode_avx512)
/* msg (N1 bytes) from cdw (N1N2_WORDS words); constant time. */
void rm_decode_avx512(uint8_t *msg, const uint64_t *cdw);

#endif
