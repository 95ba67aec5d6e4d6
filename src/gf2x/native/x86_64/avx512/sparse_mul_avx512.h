/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* sparse_mul_avx512.h: variable-time sparse-dense product mod X^N - 1 with AVX-512; the
 * mul_sparse of the "avx512-sparse" backend (contract in backend.h). */
#ifndef HQC_GF2X_AVX512_SPARSE_MUL_H
#define HQC_GF2X_AVX512_SPARSE_MUL_H

#include <stddef.h>
#include <stdint.h>

#include "params.h"

#define sparse_mul_avx512 HQC_NS(sparse_mul_avx512)
void sparse_mul_avx512(uint64_t *o, const uint64_t *a, const uint32_t *pos, size_t weight);

#endif
