/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* backend_neon.c: the neon backend table, for 64-bit Arm CPUs with ASIMD and PMULL (every
 * Armv8 server and Apple core; not the Raspberry Pi 4): the Toom-3/Karatsuba product over
 * PMULL leaves (toom3_mul.c), the NEON support expansion, RM decoder and RS syndromes.
 * Implements the contract of src/hqc/backend.h. */
#include "cpu.h"
#include "gf2x_neon.h"
#include "rm_decode_neon.h"
#include "support_to_vector_neon.h"
#include "syndromes_neon.h"

#define HQC_NATIVE_NAME "neon"
#define HQC_NATIVE_FEATURES (HQC_CPU_ASIMD | HQC_CPU_PMULL)
#define HQC_NATIVE_MUL toom3_mul_mod_xn_minus_1
#define HQC_NATIVE_SUPPORT_TO_VECTOR support_to_vector_neon
#define HQC_NATIVE_RM_DECODE rm_decode_neon
#define HQC_NATIVE_RS_SYNDROMES rs_syndromes_neon
#include "backend_table.h"

HQC_BACKEND_TABLE(backend_neon);
