/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* keygen_discards_avx2.h: keygen's draws, their keys and which of them are discarded, 16 in a
 * register, with AVX2 only (the avx2, vpclmul and avx2-sparse backends'); same contract as
 * hqc_backend.keygen_discards. */
#ifndef HQC_KEYGEN_DISCARDS_AVX2_H
#define HQC_KEYGEN_DISCARDS_AVX2_H

#include <stddef.h>
#include <stdint.h>

#include "params.h"

#define keygen_discards_avx2 HQC_NS(keygen_discards_avx2)
void keygen_discards_avx2(uint16_t *rows, size_t nrows, const uint8_t *bytes, size_t ndraws, int big_endian,
                          uint32_t *discard);

#endif
