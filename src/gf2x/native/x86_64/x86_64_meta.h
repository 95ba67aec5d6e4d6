/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* x86_64_meta.h: the kernels of src/gf2x/native/x86_64 that every AVX2 backend (avx2, vpclmul,
 * avx2-sparse) opts into (src/gf2x/backend_table.h): encryption's fixed-weight positions, the
 * support expansion, the RM decoder, the RS syndromes, the RS error values, the RS and RM
 * encoders, and keygen's discards. Listed once, so that a new shared kernel reaches every AVX2
 * table; the table adds its product. */
#ifndef HQC_X86_64_META_H
#define HQC_X86_64_META_H

#include "fixed_weight_avx2.h"
#include "keygen_discards_avx2.h"
#include "rm_decode_avx2.h"
#include "rm_encode_avx2.h"
#include "rs_encode_avx2.h"
#include "rs_errors_avx2.h"
#include "support_to_vector_avx2.h"
#include "syndromes_avx2.h"

#define HQC_NATIVE_SUPPORT_TO_VECTOR support_to_vector_avx2
#define HQC_NATIVE_RM_DECODE rm_decode_avx2
#define HQC_NATIVE_RS_SYNDROMES rs_syndromes_avx2
#define HQC_NATIVE_RS_ERRORS rs_errors_avx2
#define HQC_NATIVE_FIXED_WEIGHT fixed_weight_avx2
#define HQC_NATIVE_RS_ENCODE rs_encode_avx2
#define HQC_NATIVE_RM_ENCODE rm_encode_avx2
#define HQC_NATIVE_KEYGEN_DISCARDS keygen_discards_avx2

#endif
