/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* reed_muller.h: the duplicated Reed-Muller code RM(1,7) x (n2/128) of HQC's inner code. */
#ifndef HQC_REED_MULLER_H
#define HQC_REED_MULLER_H

#include <stdint.h>

#include "params.h"

#define rm_encode HQC_NS(rm_encode)
#define rm_decode_portable HQC_NS(rm_decode_portable)

/* cdw (N1N2_WORDS words) = each of the n1 symbols of msg encoded into 128 bits, repeated. */
void rm_encode(uint64_t cdw[HQC_N1N2_WORDS], const uint8_t msg[HQC_N1]);

/* msg = maximum-likelihood decoding of each n2-bit block. Constant time. */
void rm_decode_portable(uint8_t msg[HQC_N1], const uint64_t cdw[HQC_N1N2_WORDS]);

#endif
