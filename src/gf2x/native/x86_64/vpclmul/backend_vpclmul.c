/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* backend_vpclmul.c: the vpclmul backend table, for AVX2 CPUs with 256-bit VPCLMULQDQ but no
 * AVX-512 (Zen 3, Alder Lake and later client cores): the Toom-3/Karatsuba product over
 * VPCLMULQDQ leaves (toom3_mul.c), and the shared x86 kernels of src/gf2x/native/x86_64 for
 * encryption's fixed-weight positions, the support expansion, RM decoder, RS syndromes and RS
 * error values. Contract: src/hqc/backend.h. */
#include "cpu.h"
#include "fixed_weight_avx2.h"
#include "gf2x_vpclmul.h"
#include "rm_decode_avx2.h"
#include "rs_errors_avx2.h"
#include "support_to_vector_avx2.h"
#include "syndromes_avx2.h"

#define HQC_NATIVE_NAME "vpclmul"
#define HQC_NATIVE_FEATURES (HQC_CPU_AVX2 | HQC_CPU_PCLMUL | HQC_CPU_BMI2 | HQC_CPU_VPCLMULQDQ)
#define HQC_NATIVE_MUL toom3_mul_mod_xn_minus_1
#define HQC_NATIVE_SUPPORT_TO_VECTOR support_to_vector_avx2
#define HQC_NATIVE_RM_DECODE rm_decode_avx2
#define HQC_NATIVE_RS_SYNDROMES rs_syndromes_avx2
#define HQC_NATIVE_RS_ERRORS rs_errors_avx2
#define HQC_NATIVE_FIXED_WEIGHT fixed_weight_avx2
#include "backend_table.h"

HQC_BACKEND_TABLE(backend_vpclmul);
