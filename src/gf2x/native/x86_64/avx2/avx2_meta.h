/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* avx2_meta.h: what the avx2 backend implements itself (src/gf2x/backend_table.h): its
 * Toom-3/Karatsuba product over PCLMULQDQ leaves, and the shared x86 kernels of
 * src/gf2x/native/x86_64 for encryption's fixed-weight positions, the support expansion, the
 * RM decoder, the RS syndromes and the RS error values. */
#ifndef HQC_AVX2_META_H
#define HQC_AVX2_META_H

#include "cpu.h"
#include "fixed_weight_avx2.h"
#include "gf2x_avx2.h"
#include "rm_decode_avx2.h"
#include "rs_errors_avx2.h"
#include "support_to_vector_avx2.h"
#include "syndromes_avx2.h"

/* -mbmi2 lets gcc emit shrx and friends, so BMI2 is required too. */
#define HQC_AVX2_FEATURES (HQC_CPU_AVX2 | HQC_CPU_PCLMUL | HQC_CPU_BMI2)
#define HQC_NATIVE_MUL toom3_mul_mod_xn_minus_1
#define HQC_NATIVE_SUPPORT_TO_VECTOR support_to_vector_avx2
#define HQC_NATIVE_RM_DECODE rm_decode_avx2
#define HQC_NATIVE_RS_SYNDROMES rs_syndromes_avx2
#define HQC_NATIVE_RS_ERRORS rs_errors_avx2
#define HQC_NATIVE_FIXED_WEIGHT fixed_weight_avx2

#endif
