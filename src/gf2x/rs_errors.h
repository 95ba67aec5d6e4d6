/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* rs_errors.h: the portable RS error values (Berlekamp-Massey, Chien, Forney), the twin every
 * vectorised error kernel is tested against; the contract is hqc_backend.rs_errors. */
#ifndef HQC_GF2X_REF_RS_ERRORS_H
#define HQC_GF2X_REF_RS_ERRORS_H

#include <stdint.h>

#include "params.h"

#define rs_errors_portable HQC_NS(rs_errors_portable)
void rs_errors_portable(uint8_t *err, const uint8_t *syn);

#endif
