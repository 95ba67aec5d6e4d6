/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* backend_vpclmul.c: the vpclmul backend table, for AVX2 CPUs with 256-bit VPCLMULQDQ but no
 * AVX-512 (Zen 3, Alder Lake and later client cores): the Toom-3/Karatsuba product over
 * VPCLMULQDQ leaves (toom3_mul.c), and the shared x86 kernels that x86_64_meta.h lists.
 * Contract: src/hqc/backend.h. */
#include "cpu.h"
#include "gf2x_vpclmul.h"
#include "x86_64_meta.h"

#define HQC_NATIVE_NAME "vpclmul"
#define HQC_NATIVE_FEATURES (HQC_CPU_AVX2 | HQC_CPU_PCLMUL | HQC_CPU_BMI2 | HQC_CPU_VPCLMULQDQ)
#define HQC_NATIVE_MUL toom3_mul_mod_xn_minus_1
#include "backend_table.h"

HQC_BACKEND_TABLE(backend_vpclmul);
