/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* backend_avx2.c: the avx2 backend table (AVX2 + PCLMULQDQ + BMI2): what avx2_meta.h lists.
 * Implements the contract of src/hqc/backend.h. */
#include "avx2_meta.h"

void HQC_NS(avx2_mul_schoolbook_leaf)(uint64_t *o, const uint64_t *a, const uint64_t *b)
{
    toom3_mul_mod_xn_minus_1(o, a, b);
}

/* The vendor, read once per process (cpu.h), picks the tree: a public fact of the machine,
 * never of the data. */
void HQC_NS(avx2_mul)(uint64_t *o, const uint64_t *a, const uint64_t *b)
{
    if (hqc_cpu_is_amd_cached())
        HQC_NS(avx2_mul_karatsuba_leaf)(o, a, b);
    else
        HQC_NS(avx2_mul_schoolbook_leaf)(o, a, b);
}

#define HQC_NATIVE_NAME "avx2"
#define HQC_NATIVE_FEATURES HQC_AVX2_FEATURES
#include "backend_table.h"

HQC_BACKEND_TABLE(backend_avx2);
