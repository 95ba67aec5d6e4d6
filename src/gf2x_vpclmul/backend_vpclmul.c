/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* backend_vpclmul.c: the vpclmul backend table, for AVX2 CPUs with 256-bit VPCLMULQDQ but no
 * AVX-512 (Zen 3, Alder Lake and later client cores): the Toom-3/Karatsuba product over
 * VPCLMULQDQ leaves (toom3_mul.c) and the AVX2 reduction, support expansion, RM decoder and
 * RS syndromes of src/gf2x_avx2. Implements the contract of src/hqc/backend.h. */
#include "backend.h"
#include "gf2x_vpclmul.h"
#include "rm_decode_avx2.h"
#include "support_to_vector_avx2.h"
#include "syndromes_avx2.h"

const hqc_backend HQC_NS(backend_vpclmul) = {
    .name = "vpclmul",
    .cpu_features = HQC_CPU_AVX2 | HQC_CPU_PCLMUL | HQC_CPU_BMI2 | HQC_CPU_VPCLMULQDQ,
    .constant_time = 1,
    .mul = toom3_mul_mod_xn_minus_1,
    .mul_sparse = NULL,
    .support_to_vector = support_to_vector_avx2,
    .rm_decode = rm_decode_avx2,
    .rs_syndromes = rs_syndromes_avx2,
};
