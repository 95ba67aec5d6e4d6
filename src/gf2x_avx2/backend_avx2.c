/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* backend_avx2.c: the AVX2 + PCLMULQDQ backend table: Toom-3 / Karatsuba product
 * (toom3_mul.c) then reduction mod X^N - 1 (reduce_avx2.c), support expansion and RS
 * syndromes in AVX2. Implements the contract of src/hqc/backend.h. */
#include "backend.h"
#include "rm_decode_avx2.h"
#include "gf2x_avx2.h"
#include "reduce_avx2.h"
#include "support_to_vector_avx2.h"
#include "syndromes_avx2.h"

/* toom3_mul reads a and b completely (into its own stack copies) before anything is written
 * to o, which is what lets o alias a or b. */
static void mul_avx2(uint64_t *o, const uint64_t *a, const uint64_t *b)
{
    _Alignas(32) uint64_t prod[TOOM3_PROD_ALLOC];
    toom3_mul(prod, a, b);
    reduce_mod_xn_minus_1_avx2(o, prod);
}

const hqc_backend HQC_NS(backend_avx2) = {
    .name = "avx2",
    .cpu_features = HQC_CPU_AVX2 | HQC_CPU_PCLMUL | HQC_CPU_BMI2, /* -mbmi2 lets gcc emit shrx etc. */
    .constant_time = 1,
    .mul = mul_avx2,
    .mul_sparse = NULL,
    .support_to_vector = support_to_vector_avx2,
    .rm_decode = rm_decode_avx2,
    .rs_syndromes = rs_syndromes_avx2,
};
