/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* code.h: HQC's public code, the concatenation of RS (outer) and duplicated RM (inner). */
#ifndef HQC_CODE_H
#define HQC_CODE_H

#include <stdint.h>

#include "backend.h"
#include "dialect.h"
#include "params.h"

#define code_encode HQC_NS(code_encode)
#define code_decode HQC_NS(code_decode)
#define code_encode_with HQC_NS(code_encode_with)

/* In the code of dialect d (its field and RM bit order, dialect.h). Decoding may overwrite
 * cdw (a dialect with reversed RM bits puts them back in the spec's order in place). */
void code_encode(const hqc_dialect *d, uint64_t cdw[HQC_N1N2_WORDS], const uint8_t msg[HQC_K]);
void code_decode(const hqc_dialect *d, uint8_t msg[HQC_K], uint64_t cdw[HQC_N1N2_WORDS], const hqc_backend *be);
#ifdef HQC_BACKEND_NATIVE_OPS
/* Builds with a native backend (backend.h): code_encode through be's encoders where it has
 * them; code_encode itself keeps the portable ones. */
void code_encode_with(const hqc_dialect *d, uint64_t cdw[HQC_N1N2_WORDS], const uint8_t msg[HQC_K],
                      const hqc_backend *be);
#endif

#endif
