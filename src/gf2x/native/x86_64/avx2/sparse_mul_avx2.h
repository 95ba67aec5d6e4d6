/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* sparse_mul_avx2.h: variable-time sparse-dense product mod X^N - 1 with AVX2; the
 * mul_sparse of the "avx2-sparse" backend (contract in backend.h). */
#ifndef HQC_GF2X_AVX2_SPARSE_MUL_H
#define HQC_GF2X_AVX2_SPARSE_MUL_H

#include <stddef.h>
#include <stdint.h>

#include "params.h"

#define sparse_mul_avx2 HQC_NS(sparse_mul_avx2)
void sparse_mul_avx2(uint64_t *o, const uint64_t *a, const uint32_t *pos, size_t weight);

#endif
