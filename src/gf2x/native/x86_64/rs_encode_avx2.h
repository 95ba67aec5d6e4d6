/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* rs_encode_avx2.h: systematic RS encoding with AVX2 (no GFNI), the vectorised twin of
 * rs_encode (src/hqc/reed_solomon.c); same contract as hqc_backend.encode_rs. */
#ifndef HQC_GF2X_AVX2_RS_ENCODE_H
#define HQC_GF2X_AVX2_RS_ENCODE_H

#include <stdint.h>

#include "params.h"

#define rs_encode_avx2 HQC_NS(rs_encode_avx2)
/* cdw (N1 bytes: the 2 delta parity symbols, then msg) from msg (K bytes); constant time. */
void rs_encode_avx2(uint8_t *cdw, const uint8_t *msg);

#endif
