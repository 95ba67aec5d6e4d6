/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* reed_solomon.h: HQC's outer code, the shortened [n1, k, 2 delta + 1] Reed-Solomon code
 * over GF(2^8). */
#ifndef HQC_REED_SOLOMON_H
#define HQC_REED_SOLOMON_H

#include <stdint.h>

#include "backend.h"
#include "params.h"

#define rs_encode HQC_NS(rs_encode)
#define rs_decode HQC_NS(rs_decode)

/* Systematic encoding: cdw = parity (2 delta bytes) || msg (k bytes). */
void rs_encode(uint8_t cdw[HQC_N1], const uint8_t msg[HQC_K]);

/* Corrects up to delta symbol errors and returns the k message bytes. Constant time; with
 * more errors the output is some k bytes, still computed in constant time. */
void rs_decode(uint8_t msg[HQC_K], const uint8_t cdw[HQC_N1], const hqc_backend *be);

#endif
