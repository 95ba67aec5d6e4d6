/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* keygen_discards_vbmi.h: keygen's draws, their keys and which of them are discarded, 32 in a
 * register, with AVX-512BW and VBMI (the avx512 backend's); same
 * contract as hqc_backend.keygen_discards. */
#ifndef HQC_KEYGEN_DISCARDS_VBMI_H
#define HQC_KEYGEN_DISCARDS_VBMI_H

#include <stddef.h>
#include <stdint.h>

#include "params.h"

#define keygen_discards_vbmi HQC_NS(keygen_discards_vbmi)
void keygen_discards_vbmi(uint16_t *rows, size_t nrows, const uint8_t *bytes, size_t ndraws, int big_endian,
                          uint32_t *discard);

#endif
