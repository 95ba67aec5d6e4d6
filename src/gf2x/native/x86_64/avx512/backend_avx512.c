/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* backend_avx512.c: the AVX-512 + VPCLMULQDQ + GFNI backend table: what avx512_meta.h lists.
 * Implements the contract of src/hqc/backend.h. */
#include "avx512_meta.h"

#define HQC_NATIVE_NAME "avx512"
#define HQC_NATIVE_FEATURES HQC_AVX512_FEATURES
#include "backend_table.h"

HQC_BACKEND_TABLE(backend_avx512);
