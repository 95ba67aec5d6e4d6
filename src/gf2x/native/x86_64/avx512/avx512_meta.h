/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* avx512_meta.h: what the avx512 backend implements itself (src/gf2x/backend_table.h):
 * Toom-3 over Karatsuba over the 512-bit VPCLMULQDQ kernel (toom3_mul.c, after Robert and
 * Veron 2021) with the AVX-512 reduction, the GFNI syndromes, RS error values and support
 * expansion, encryption's positions with VBMI byte permutes, the RM decoder on 32-lane
 * vectors, the RS and RM encoders with GFNI, and keygen's discards with VBMI. */
#ifndef HQC_AVX512_META_H
#define HQC_AVX512_META_H

#include "cpu.h"
#include "fixed_weight_vbmi.h"
#include "gf2x_avx512.h"
#include "keygen_discards_vbmi.h"
#include "rm_decode_avx512.h"
#include "rm_encode_gfni.h"
#include "rs_encode_gfni.h"
#include "rs_errors_gfni.h"
#include "support_to_vector_gfni.h"
#include "syndromes_gfni.h"

#define HQC_AVX512_FEATURES                                                                      \
    (HQC_CPU_AVX512F | HQC_CPU_AVX512BW | HQC_CPU_AVX512DQ | HQC_CPU_AVX512VL | HQC_CPU_VPCLMULQDQ | \
     HQC_CPU_GFNI | HQC_CPU_AVX512VBMI | HQC_CPU_AVX2 | HQC_CPU_PCLMUL | HQC_CPU_BMI2)
/* toom3_mul reads a and b (with masked loads that stop at their last word) into its own
 * 64-byte aligned stack buffers before anything is written to o, which may alias either. */
#define HQC_NATIVE_MUL toom3_mul
#define HQC_NATIVE_SUPPORT_TO_VECTOR support_to_vector_gfni
#define HQC_NATIVE_RM_DECODE rm_decode_avx512
#define HQC_NATIVE_RS_SYNDROMES rs_syndromes_gfni
#define HQC_NATIVE_RS_ERRORS rs_errors_gfni
#define HQC_NATIVE_FIXED_WEIGHT fixed_weight_vbmi
#define HQC_NATIVE_RS_ENCODE rs_encode_gfni
#define HQC_NATIVE_RM_ENCODE rm_encode_gfni
#define HQC_NATIVE_KEYGEN_DISCARDS keygen_discards_vbmi

#endif
