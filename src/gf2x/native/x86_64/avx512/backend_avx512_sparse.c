/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* backend_avx512_sparse.c: the "avx512-sparse" table: the avx512 table (avx512_meta.h) plus
 * the VARIABLE-TIME AVX-512 sparse-dense product (sparse_mul_avx512.c). constant_time = 0
 * (backend_table.h), so the dispatcher only uses it when asked for by name (backend.h). */
#include "avx512_meta.h"
#include "sparse_mul_avx512.h"

#define HQC_NATIVE_NAME "avx512-sparse"
#define HQC_NATIVE_FEATURES HQC_AVX512_FEATURES
#define HQC_NATIVE_MUL_SPARSE sparse_mul_avx512
#include "backend_table.h"

HQC_BACKEND_TABLE(backend_avx512_sparse);
