/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* backend_avx2_sparse.c: the "avx2-sparse" table: the AVX2 dense product, the VARIABLE-TIME
 * AVX2 sparse-dense product (sparse_mul_avx2.c) and the AVX2 syndromes. constant_time = 0,
 * so the dispatcher only uses it when asked for by name (backend.h). */
#include "backend.h"
#include "rm_decode_avx2.h"
#include "sparse_mul_avx2.h"
#include "support_to_vector_avx2.h"
#include "syndromes_avx2.h"

/* The dense product of the constant-time AVX2 table, whatever kernel that table holds. */
static void mul_dense_avx2(uint64_t *o, const uint64_t *a, const uint64_t *b)
{
    HQC_NS(backend_avx2).mul(o, a, b);
}

const hqc_backend HQC_NS(backend_avx2_sparse) = {
    .name = "avx2-sparse",
    .cpu_features = HQC_CPU_AVX2 | HQC_CPU_PCLMUL | HQC_CPU_BMI2,
    .constant_time = 0,
    .mul = mul_dense_avx2,
    .mul_sparse = sparse_mul_avx2,
    .support_to_vector = support_to_vector_avx2, /* unused: the KEM passes supports to mul_sparse */
    .rm_decode = rm_decode_avx2,
    .rs_syndromes = rs_syndromes_avx2,
};
