/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* kem.h: the library's internal view of the per-level KEM entry points; the public view is
 * <hqc/hqc<L>.h> (from src/hqc/api.h.in), which spells the same functions with their hqc<L>_
 * prefix. HQC_API marks each one exported from the shared library. */
#ifndef HQC_KEM_H
#define HQC_KEM_H

#include <stdint.h>

#include "backend.h"
#include "hqc/hqc_common.h"
#include "params.h"

HQC_API int HQC_NS(crypto_kem_keypair)(uint8_t *pk, uint8_t *sk);
HQC_API int HQC_NS(crypto_kem_enc)(uint8_t *ct, uint8_t *ss, const uint8_t *pk);
HQC_API int HQC_NS(crypto_kem_dec)(uint8_t *ss, const uint8_t *ct, const uint8_t *sk);
HQC_API int HQC_NS(crypto_kem_keypair_derand)(uint8_t *pk, uint8_t *sk, const uint8_t *seed_kem);
HQC_API int HQC_NS(crypto_kem_enc_derand)(uint8_t *ct, uint8_t *ss, const uint8_t *pk,
                                          const uint8_t *m, const uint8_t *salt);
HQC_API int HQC_NS(crypto_kem_keypair_derand_with)(const hqc_backend *be, uint8_t *pk,
                                                   uint8_t *sk, const uint8_t *seed_kem);
HQC_API int HQC_NS(crypto_kem_enc_derand_with)(const hqc_backend *be, uint8_t *ct, uint8_t *ss,
                                               const uint8_t *pk, const uint8_t *m,
                                               const uint8_t *salt);
HQC_API int HQC_NS(crypto_kem_dec_with)(const hqc_backend *be, uint8_t *ss, const uint8_t *ct,
                                        const uint8_t *sk);
HQC_API const char *HQC_NS(backend_name)(const hqc_backend *be);
/* The dispatcher's public functions (backend.h), exported: backend.c includes this header so
 * that their definitions see HQC_API. backend.h itself stays free of the public headers, as
 * the patch series carries it into upstream trees (scripts/make-patches). */
HQC_API const hqc_backend *const *HQC_NS(backend_list)(void);
HQC_API const hqc_backend *HQC_NS(backend_by_name)(const char *name);
HQC_API const hqc_backend *HQC_NS(backend_default)(void);

#endif
