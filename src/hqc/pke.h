/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* pke.h: HQC-PKE, the IND-CPA encryption under the KEM (spec section "HQC-PKE"), in the
 * dialect d (dialect.h) that every function takes first. */
#ifndef HQC_PKE_H
#define HQC_PKE_H

#include <stdint.h>

#include "backend.h"
#include "dialect.h"
#include "params.h"
#include "symmetric.h"

#define pke_keygen HQC_NS(pke_keygen)
#define pke_keygen_from_seeds HQC_NS(pke_keygen_from_seeds)
#define pke_encrypt HQC_NS(pke_encrypt)
#define pke_decrypt HQC_NS(pke_decrypt)
#define pke_reencrypt_differs HQC_NS(pke_reencrypt_differs)

/* ek = seed_ek || s; seed_dk is the whole decryption key. Returns 0 or -1 (hash failure). */
int pke_keygen(const hqc_dialect *d, uint8_t ek[HQC_PK_BYTES], uint8_t seed_dk[HQC_SEED_BYTES],
               const uint8_t seed_pke[HQC_SEED_BYTES], const hqc_backend *be);

/* ek = seed_ek || h y + x with y, x from XOF(seed_dk) and h from XOF(seed_ek): keygen after I,
 * which also checks that an expanded key's pk follows from its seed_dk (kem_check_sk). */
void pke_keygen_from_seeds(const hqc_dialect *d, uint8_t ek[HQC_PK_BYTES], const uint8_t seed_dk[HQC_SEED_BYTES],
                           const uint8_t seed_ek[HQC_SEED_BYTES], const hqc_backend *be);

/* u (n bits) || v (n1 n2 bits) as bytes, encrypting m with randomness theta. h is ek's
 * expand-h, which the caller computes (kem_sponges) beside H(ek); it is consumed (overwritten
 * and wiped), because the encryption accumulates in it to spare an n-bit stack buffer. */
void pke_encrypt(const hqc_dialect *d, uint8_t uv[HQC_N_BYTES + HQC_N1N2_BYTES], const uint8_t ek[HQC_PK_BYTES],
                 uint64_t h[HQC_WORDS], const uint8_t m[HQC_K], const uint8_t theta[HQC_SEED_BYTES],
                 const hqc_backend *be);

/* J's inputs and output (symmetric.h), which the decapsulation's re-encryption computes
 * beside its XOF(theta) (hash_j_and_xof); rc: what that returned. */
typedef struct {
    uint8_t *k_bar;
    const uint8_t *h_ek, *sigma, *ct;
    int rc;
} pke_j_request;

/* Nonzero iff pke_encrypt(ek, h, m, theta) differs from the u || v bytes uv; computed in
 * constant time without a second ciphertext buffer (the decapsulation's FO check), and j's
 * k_bar = J(h_ek, sigma, ct) beside the XOF. h is consumed as in pke_encrypt. */
uint32_t pke_reencrypt_differs(const hqc_dialect *d, const uint8_t uv[HQC_N_BYTES + HQC_N1N2_BYTES], const uint8_t ek[HQC_PK_BYTES],
                               uint64_t h[HQC_WORDS], const uint8_t m[HQC_K], const uint8_t theta[HQC_SEED_BYTES],
                               pke_j_request *j, const hqc_backend *be);

/* m = Decode(v - Truncate(u y)) for the u || v bytes of a ciphertext; y is sampled from dk,
 * the XOF(seed_dk) stream (kem_sponges). */
void pke_decrypt(const hqc_dialect *d, uint8_t m[HQC_K], xof_stream *dk, const uint8_t uv[HQC_N_BYTES + HQC_N1N2_BYTES],
                 const hqc_backend *be);

#endif
