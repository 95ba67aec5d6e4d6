/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* avx2_meta.h: what the avx2 backend implements itself (src/gf2x/backend_table.h): its
 * Toom-3/Karatsuba product over PCLMULQDQ leaves, and the shared x86 kernels that
 * x86_64_meta.h lists. */
#ifndef HQC_AVX2_META_H
#define HQC_AVX2_META_H

#include "cpu.h"
#include "gf2x_avx2.h"
#include "x86_64_meta.h"

/* -mbmi2 lets gcc emit shrx and friends, so BMI2 is required too. */
#define HQC_AVX2_FEATURES (HQC_CPU_AVX2 | HQC_CPU_PCLMUL | HQC_CPU_BMI2)
/* The dense product, the same function of its operands over either leaf (clmul_base.h):
 * avx2_mul runs the Karatsuba-leaf tree (*_kleaf.c) on AMD's cores, the schoolbook-leaf tree
 * (karat2_mul.c ... toom3_mul.c) elsewhere. Both are named for test_mul, which checks each on
 * every CPU. */
void HQC_NS(avx2_mul)(uint64_t *o, const uint64_t *a, const uint64_t *b);
void HQC_NS(avx2_mul_schoolbook_leaf)(uint64_t *o, const uint64_t *a, const uint64_t *b);
void HQC_NS(avx2_mul_karatsuba_leaf)(uint64_t *o, const uint64_t *a, const uint64_t *b);
#define HQC_NATIVE_MUL HQC_NS(avx2_mul)

#endif
