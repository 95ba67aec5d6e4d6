/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* backend_avx2.c: the avx2 backend table (AVX2 + PCLMULQDQ + BMI2): what avx2_meta.h lists.
 * Implements the contract of src/hqc/backend.h. */
#include "avx2_meta.h"

#define HQC_NATIVE_NAME "avx2"
#define HQC_NATIVE_FEATURES HQC_AVX2_FEATURES
#include "backend_table.h"

HQC_BACKEND_TABLE(backend_avx2);
