/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* backend_avx2.c: the AVX2 + PCLMULQDQ backend table: Toom-3 / Karatsuba product
 * (toom3_mul.c) then reduction mod X^N - 1 (reduce_avx2.c), support expansion and RS
 * syndromes in AVX2. Implements the contract of src/hqc/backend.h. */
#include "backend.h"
#include "rm_decode_avx2.h"
#include "gf2x_avx2.h"
#include "support_to_vector_avx2.h"
#include "syndromes_avx2.h"

const hqc_backend HQC_NS(backend_avx2) = {
    .name = "avx2",
    .cpu_features = HQC_CPU_AVX2 | HQC_CPU_PCLMUL | HQC_CPU_BMI2, /* -mbmi2 lets gcc emit shrx etc. */
    .constant_time = 1,
    .mul = toom3_mul_mod_xn_minus_1,
    .mul_sparse = NULL,
    .support_to_vector = support_to_vector_avx2,
    .rm_decode = rm_decode_avx2,
    .rs_syndromes = rs_syndromes_avx2,
};
