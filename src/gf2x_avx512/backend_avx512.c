/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* backend_avx512.c: the AVX-512 + VPCLMULQDQ backend table: Toom-3 over Karatsuba over the
 * 512-bit VPCLMULQDQ kernel (toom3_mul.c, after Robert and Veron 2021) with the reduction mod
 * X^N - 1 in AVX-512 (reduce_avx512.c), the AVX2 support expansion and RM decoder, and the
 * GFNI syndromes. Implements the contract of src/hqc/backend.h. */
#include "backend.h"
#include "gf2x_avx512.h"
#include "rm_decode_avx2.h"
#include "support_to_vector_avx2.h"
#include "syndromes_gfni.h"

/* toom3_mul reads a and b (with masked loads that stop at their last word) into its own
 * 64-byte aligned stack buffers before anything is written to o, which may alias either. */
static void mul_avx512(uint64_t *o, const uint64_t *a, const uint64_t *b)
{
    toom3_mul(o, a, b);
}

const hqc_backend HQC_NS(backend_avx512) = {
    .name = "avx512",
    .cpu_features = HQC_CPU_AVX512F | HQC_CPU_AVX512BW | HQC_CPU_AVX512DQ | HQC_CPU_AVX512VL |
                    HQC_CPU_VPCLMULQDQ | HQC_CPU_GFNI | HQC_CPU_AVX2 | HQC_CPU_PCLMUL | HQC_CPU_BMI2,
    .constant_time = 1,
    .mul = mul_avx512,
    .mul_sparse = NULL,
    .support_to_vector = support_to_vector_avx2,
    .rm_decode = rm_decode_avx2,
    .rs_syndromes = rs_syndromes_gfni,
};
