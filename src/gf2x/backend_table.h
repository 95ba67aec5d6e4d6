/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* backend_table.h: one backend's table of the contract (src/hqc/backend.h), assembled from its
 * meta header: the operations the backend implements itself (HQC_NATIVE_<OP>), and for every
 * other one the portable code of src/gf2x and src/hqc, so a backend opts in per operation.
 * A backend's .c file includes its meta header, then this file, then writes HQC_BACKEND_TABLE. */
#ifndef HQC_GF2X_BACKEND_TABLE_H
#define HQC_GF2X_BACKEND_TABLE_H

#include <stddef.h>
#include <stdint.h>

#include "backend.h"

/* Required: the name, the CPU features, and the dense product (a backend is a product first). */
#if !defined(HQC_NATIVE_NAME) || !defined(HQC_NATIVE_FEATURES) || !defined(HQC_NATIVE_MUL)
#error "a backend's meta header defines HQC_NATIVE_NAME, HQC_NATIVE_FEATURES and HQC_NATIVE_MUL"
#endif

/* The portable twins (src/hqc/sampling.c, src/hqc/reed_muller.c, src/gf2x/syndromes.c,
 * src/gf2x/rs_errors.c), by
 * their per-level names: declared here rather than by including their headers, whose names the
 * upstream trees we patch use too (scripts/make-patches follows every #include). */
#ifndef HQC_NATIVE_SUPPORT_TO_VECTOR
void HQC_NS(support_to_vector_portable)(uint64_t *v, const uint32_t *pos, size_t weight);
#define HQC_NATIVE_SUPPORT_TO_VECTOR HQC_NS(support_to_vector_portable)
#endif
#ifndef HQC_NATIVE_RM_DECODE
void HQC_NS(rm_decode_portable)(uint8_t *msg, const uint64_t *cdw);
#define HQC_NATIVE_RM_DECODE HQC_NS(rm_decode_portable)
#endif
#ifndef HQC_NATIVE_RS_SYNDROMES
void HQC_NS(rs_syndromes_ref)(uint8_t *syn, const uint8_t *cdw);
#define HQC_NATIVE_RS_SYNDROMES HQC_NS(rs_syndromes_ref)
#endif
#ifndef HQC_NATIVE_RS_ERRORS
void HQC_NS(rs_errors_portable)(uint8_t *err, const uint8_t *syn);
#define HQC_NATIVE_RS_ERRORS HQC_NS(rs_errors_portable)
#endif

/* Encryption's positions: NULL, the portable twin, unless the backend has a kernel (backend.h). */
#ifndef HQC_NATIVE_FIXED_WEIGHT
#define HQC_NATIVE_FIXED_WEIGHT NULL
#endif

#ifdef HQC_BACKEND_NATIVE_OPS
/* The encoders and keygen's discards (builds with a native backend only, backend.h): NULL,
 * the portable twins, unless the backend has kernels. */
#ifndef HQC_NATIVE_RS_ENCODE
#define HQC_NATIVE_RS_ENCODE NULL
#endif
#ifndef HQC_NATIVE_RM_ENCODE
#define HQC_NATIVE_RM_ENCODE NULL
#endif
#ifndef HQC_NATIVE_KEYGEN_DISCARDS
#define HQC_NATIVE_KEYGEN_DISCARDS NULL
#endif
#define HQC_NATIVE_OPS                                                                      \
    .encode_rs = HQC_NATIVE_RS_ENCODE, .encode_rm = HQC_NATIVE_RM_ENCODE,                   \
    .keygen_discards = HQC_NATIVE_KEYGEN_DISCARDS,
#else
#define HQC_NATIVE_OPS
#endif

/* A sparse product is variable time by nature: a table that has one is marked so, and the
 * dispatcher never picks it by default. */
#ifdef HQC_NATIVE_MUL_SPARSE
#define HQC_NATIVE_CONSTANT_TIME 0
#else
#define HQC_NATIVE_MUL_SPARSE NULL
#define HQC_NATIVE_CONSTANT_TIME 1
#endif

#define HQC_BACKEND_TABLE(table)                                \
    const hqc_backend HQC_NS(table) = {                         \
        .name = HQC_NATIVE_NAME,                                \
        .cpu_features = HQC_NATIVE_FEATURES,                    \
        .constant_time = HQC_NATIVE_CONSTANT_TIME,              \
        .mul = HQC_NATIVE_MUL,                                  \
        .mul_sparse = HQC_NATIVE_MUL_SPARSE,                    \
        .support_to_vector = HQC_NATIVE_SUPPORT_TO_VECTOR,      \
        .rm_decode = HQC_NATIVE_RM_DECODE,                      \
        .rs_syndromes = HQC_NATIVE_RS_SYNDROMES,                \
        .rs_errors = HQC_NATIVE_RS_ERRORS,                      \
        .fixed_weight = HQC_NATIVE_FIXED_WEIGHT,                \
        HQC_NATIVE_OPS                                     \
    }

#endif
