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
/* The dense product over the tree this CPU runs faster (gf2x_avx2.h). */
#define HQC_NATIVE_MUL HQC_NS(avx2_mul)

#endif
