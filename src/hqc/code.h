/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* code.h: HQC's public code, the concatenation of RS (outer) and duplicated RM (inner). */
#ifndef HQC_CODE_H
#define HQC_CODE_H

#include <stdint.h>

#include "backend.h"
#include "params.h"

#define code_encode HQC_NS(code_encode)
#define code_decode HQC_NS(code_decode)

void code_encode(uint64_t cdw[HQC_N1N2_WORDS], const uint8_t msg[HQC_K]);
void code_decode(uint8_t msg[HQC_K], const uint64_t cdw[HQC_N1N2_WORDS], const hqc_backend *be);

#endif
