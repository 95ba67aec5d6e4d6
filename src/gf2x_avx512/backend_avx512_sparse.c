/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* backend_avx512_sparse.c: the "avx512-sparse" table: the AVX-512 dense product, the
 * VARIABLE-TIME AVX-512 sparse-dense product (sparse_mul_avx512.c) and the GFNI syndromes.
 * constant_time = 0, so the dispatcher only uses it when asked for by name (backend.h). */
#include "backend.h"
#include "rm_decode_avx2.h"
#include "support_to_vector_avx2.h"
#include "sparse_mul_avx512.h"
#include "syndromes_gfni.h"

/* The dense product of the constant-time AVX-512 table, whatever kernel that table holds. */
static void mul_dense_avx512(uint64_t *o, const uint64_t *a, const uint64_t *b)
{
    HQC_NS(backend_avx512).mul(o, a, b);
}

const hqc_backend HQC_NS(backend_avx512_sparse) = {
    .name = "avx512-sparse",
    .cpu_features = HQC_CPU_AVX2 | HQC_CPU_PCLMUL | HQC_CPU_BMI2 | HQC_CPU_AVX512F | HQC_CPU_AVX512BW |
                    HQC_CPU_AVX512DQ | HQC_CPU_AVX512VL | HQC_CPU_VPCLMULQDQ | HQC_CPU_GFNI,
    .constant_time = 0,
    .mul = mul_dense_avx512,
    .mul_sparse = sparse_mul_avx512,
    .support_to_vector = support_to_vector_avx2, /* unused: the KEM passes supports to mul_sparse */
    .rm_decode = rm_decode_avx2,
    .rs_syndromes = rs_syndromes_gfni,
};
