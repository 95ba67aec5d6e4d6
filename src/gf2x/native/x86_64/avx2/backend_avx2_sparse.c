/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* backend_avx2_sparse.c: the "avx2-sparse" table: the avx2 table (avx2_meta.h) plus the
 * VARIABLE-TIME AVX2 sparse-dense product (sparse_mul_avx2.c). A table with a sparse product
 * has constant_time = 0 (backend_table.h), so the dispatcher only uses it when asked for by
 * name (backend.h). */
#include "avx2_meta.h"
#include "sparse_mul_avx2.h"

#define HQC_NATIVE_NAME "avx2-sparse"
#define HQC_NATIVE_FEATURES HQC_AVX2_FEATURES
#define HQC_NATIVE_MUL_SPARSE sparse_mul_avx2
#include "backend_table.h"

HQC_BACKEND_TABLE(backend_avx2_sparse);
