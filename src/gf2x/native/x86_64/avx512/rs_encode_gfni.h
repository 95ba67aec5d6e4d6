/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* rs_encode_gfni.h: systematic RS encoding with GF2P8MULB on zmm registers, the vectorised
 * twin of rs_encode (src/hqc/reed_solomon.c); same contract as hqc_backend.encode_rs. */
#ifndef HQC_GF2X_AVX512_RS_ENCODE_H
#define HQC_GF2X_AVX512_RS_ENCODE_H

#include <stdint.h>

#include "params.h"

#define rs_encode_gfni HQC_NS(rs_encode_gfni)
/* cdw (N1 bytes: the 2 delta parity symbols, then msg) from msg (K bytes); constant time. */
void rs_encode_gfni(uint8_t *cdw, const uint8_t *msg);

#endif
