/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* backend_neon.c: the neon backend table, for 64-bit Arm CPUs with ASIMD and PMULL (every
 * Armv8 server and Apple core; not the Raspberry Pi 4): the Toom-3/Karatsuba product over
 * PMULL leaves (toom3_mul.c), the NEON reduction, support expansion, RM decoder and RS
 * syndromes. Implements the contract of src/hqc/backend.h. */
#include "backend.h"
#include "gf2x_neon.h"
#include "rm_decode_neon.h"
#include "support_to_vector_neon.h"
#include "syndromes_neon.h"

const hqc_backend HQC_NS(backend_neon) = {
    .name = "neon",
    .cpu_features = HQC_CPU_ASIMD | HQC_CPU_PMULL,
    .constant_time = 1,
    .mul = toom3_mul_mod_xn_minus_1,
    .mul_sparse = NULL,
    .support_to_vector = support_to_vector_neon,
    .rm_decode = rm_decode_neon,
    .rs_syndromes = rs_syndromes_neon,
};
