/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* kem.h: the library's internal view of the per-level KEM entry points; the public view is
 * <hqc/hqc<L>.h> (from src/hqc/api.h.in), which spells the same functions with their hqc<L>_
 * prefix, and those of every dialect (dialect.h) with their hqc<L>_<id>_ prefix. HQC_API marks
 * each one exported from the shared library. */
#ifndef HQC_KEM_H
#define HQC_KEM_H

#include <stddef.h>
#include <stdint.h>

#include "backend.h"
#include "dialect.h"
#include "hqc/hqc_common.h"
#include "params.h"

/* The entry points of one dialect, named NAME(id, s) (see kem.c). */
#define KEM_DECLARE_ENTRY_POINTS(NAME, id)                                                          \
    HQC_API int NAME(id, crypto_kem_keypair)(uint8_t * pk, uint8_t * sk);                           \
    HQC_API int NAME(id, crypto_kem_enc)(uint8_t * ct, uint8_t * ss, const uint8_t *pk);            \
    HQC_API int NAME(id, crypto_kem_dec)(uint8_t * ss, const uint8_t *ct, const uint8_t *sk);       \
    HQC_API int NAME(id, crypto_kem_keypair_derand)(uint8_t * pk, uint8_t * sk, const uint8_t *seed_kem); \
    HQC_API int NAME(id, crypto_kem_enc_derand)(uint8_t * ct, uint8_t * ss, const uint8_t *pk,      \
                                                const uint8_t *m, const uint8_t *salt);             \
    HQC_API int NAME(id, crypto_kem_keypair_derand_with)(const hqc_backend *be, uint8_t *pk,        \
                                                         uint8_t *sk, const uint8_t *seed_kem);     \
    HQC_API int NAME(id, crypto_kem_enc_derand_with)(const hqc_backend *be, uint8_t *ct,            \
                                                     uint8_t *ss, const uint8_t *pk,                \
                                                     const uint8_t *m, const uint8_t *salt);        \
    HQC_API int NAME(id, crypto_kem_dec_with)(const hqc_backend *be, uint8_t *ss, const uint8_t *ct, \
                                              const uint8_t *sk);                                   \
    HQC_API int NAME(id, crypto_kem_keypair_seed)(uint8_t * pk, uint8_t * seed_kem);                \
    HQC_API int NAME(id, crypto_kem_expand_seed)(uint8_t * sk, const uint8_t *seed_kem);            \
    HQC_API int NAME(id, crypto_kem_expand_seed_with)(const hqc_backend *be, uint8_t *sk,           \
                                                      const uint8_t *seed_kem);                     \
    HQC_API int NAME(id, crypto_kem_dec_seed)(uint8_t * ss, const uint8_t *ct, const uint8_t *seed_kem); \
    HQC_API int NAME(id, crypto_kem_dec_seed_with)(const hqc_backend *be, uint8_t *ss, const uint8_t *ct, \
                                                   const uint8_t *seed_kem);                        \
    HQC_API int NAME(id, crypto_kem_prepare)(uint8_t * prepared, const uint8_t *sk);               \
    HQC_API int NAME(id, crypto_kem_dec_prepared)(uint8_t * ss, const uint8_t *ct, const uint8_t *prepared); \
    HQC_API int NAME(id, crypto_kem_dec_prepared_with)(const hqc_backend *be, uint8_t *ss,          \
                                                       const uint8_t *ct, const uint8_t *prepared); \
    HQC_API void NAME(id, crypto_kem_prepared_wipe)(uint8_t * prepared);                            \
    HQC_API int NAME(id, check_pk)(const uint8_t *pk, size_t len);                                  \
    HQC_API int NAME(id, check_sk)(const uint8_t *sk, size_t len);
/* The plain names hqc<L>_crypto_kem_* (the default dialect), then hqc<L>_<id>_crypto_kem_*. */
#define KEM_PLAIN_NS(id, s) HQC_NS(s)
KEM_DECLARE_ENTRY_POINTS(KEM_PLAIN_NS, HQC_DEFAULT_DIALECT)
#define KEM_DECLARE_DIALECT(id, ...) KEM_DECLARE_ENTRY_POINTS(HQC_DIALECT_NS, id)
HQC_DIALECTS(KEM_DECLARE_DIALECT)
#undef KEM_DECLARE_DIALECT

/* The KEM in dialect d, which the entry points above call (internal; the KAT generator and
 * the tests choose the dialect by name, dialect_by_name). */
#define kem_keypair_derand HQC_NS(kem_keypair_derand)
#define kem_enc_derand HQC_NS(kem_enc_derand)
#define kem_dec HQC_NS(kem_dec)
#define kem_keypair HQC_NS(kem_keypair)
#define kem_enc HQC_NS(kem_enc)
#define kem_keypair_seed HQC_NS(kem_keypair_seed)
#define kem_dec_seed HQC_NS(kem_dec_seed)
#define kem_check_pk HQC_NS(kem_check_pk)
#define kem_prepare HQC_NS(kem_prepare)
#define kem_dec_prepared HQC_NS(kem_dec_prepared)
/* The prepared key's size (api.h: CRYPTO_PREPAREDBYTES, written from the wire sizes). */
#define KEM_PREPARED_BYTES (HQC_SK_BYTES + 32 + 8 * ((HQC_PK_BYTES - HQC_SEED_BYTES + 7) / 8))
#define kem_check_sk HQC_NS(kem_check_sk)
int kem_keypair_derand(const hqc_dialect *d, const hqc_backend *be, uint8_t *pk, uint8_t *sk,
                       const uint8_t *seed_kem);
int kem_enc_derand(const hqc_dialect *d, const hqc_backend *be, uint8_t *ct, uint8_t *ss, const uint8_t *pk,
                   const uint8_t *m, const uint8_t *salt);
int kem_dec(const hqc_dialect *d, const hqc_backend *be, uint8_t *ss, const uint8_t *ct, const uint8_t *sk);
int kem_keypair(const hqc_dialect *d, uint8_t *pk, uint8_t *sk);
int kem_enc(const hqc_dialect *d, uint8_t *ct, uint8_t *ss, const uint8_t *pk);
/* The key pair as pk and its 32-byte seed_KEM (random); decapsulation from the seed, which is
 * expanded first (pk may be NULL in kem_keypair_derand: only the expanded key is written). */
int kem_keypair_seed(const hqc_dialect *d, const hqc_backend *be, uint8_t *pk, uint8_t *seed_kem);
int kem_dec_seed(const hqc_dialect *d, const hqc_backend *be, uint8_t *ss, const uint8_t *ct,
                 const uint8_t *seed_kem);
/* A prepared secret key (KEM_PREPARED_BYTES, caller's memory): the expanded key with H(ek) and
 * expand-h of ek computed once; decapsulation with it skips them. */
int kem_prepare(const hqc_dialect *d, uint8_t *prepared, const uint8_t *sk);
int kem_dec_prepared(const hqc_dialect *d, const hqc_backend *be, uint8_t *ss, const uint8_t *ct,
                     const uint8_t *prepared);
/* Key checks on import (key_check.c): 0 or an HQC_KEY_ERR_* naming the failing part. */
int kem_check_pk(const hqc_dialect *d, const uint8_t *pk, size_t len);
int kem_check_sk(const hqc_dialect *d, const hqc_backend *be, const uint8_t *sk, size_t len);
HQC_API const char *HQC_NS(backend_name)(const hqc_backend *be);
/* The dispatcher's public functions (backend.h), exported: backend.c includes this header so
 * that their definitions see HQC_API. backend.h itself stays free of the public headers, as
 * the patch series carries it into upstream trees (scripts/make-patches). */
HQC_API const hqc_backend *const *HQC_NS(backend_list)(void);
HQC_API const hqc_backend *HQC_NS(backend_by_name)(const char *name);
HQC_API const hqc_backend *HQC_NS(backend_default)(void);
HQC_API const char *HQC_NS(backend_env_refusal)(void);

#endif
