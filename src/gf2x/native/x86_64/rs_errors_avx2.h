/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* rs_errors_avx2.h: the RS decoder's error locator and error values with AVX2 (no GFNI), the
 * vectorised twin of rs_errors_portable; same contract as hqc_backend.rs_errors. */
#ifndef HQC_GF2X_AVX2_RS_ERRORS_H
#define HQC_GF2X_AVX2_RS_ERRORS_H

#include <stdint.h>

#include "params.h"

#define rs_errors_avx2 HQC_NS(rs_errors_avx2)
void rs_errors_avx2(uint8_t *err, const uint8_t *syn);

#endif
