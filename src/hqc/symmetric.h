/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* symmetric.h: HQC's XOF and hash functions with their domain bytes (spec section
 * "Symmetric primitives"): XOF(seed) = SHAKE256(seed || 1), G = SHA3-512(. || 0),
 * H = SHA3-256(. || 1), I = SHA3-512(. || 2), J = SHA3-256(. || 3). */
#ifndef HQC_SYMMETRIC_H
#define HQC_SYMMETRIC_H

#include <stdint.h>

#include "keccak.h"
#include "params.h"

#define xof_init HQC_NS(xof_init)
#define hash_g HQC_NS(hash_g)
#define hash_h HQC_NS(hash_h)
#define hash_i HQC_NS(hash_i)
#define hash_j HQC_NS(hash_j)

void xof_init(shake256_ctx *ctx, const uint8_t seed[HQC_SEED_BYTES]);

/* Each returns 0, or -1 if libcrypto failed (output zeroed). */
int hash_h(uint8_t out[32], const uint8_t ek[HQC_PK_BYTES]);
int hash_g(uint8_t out[64], const uint8_t h_ek[32], const uint8_t m[HQC_SEC_BYTES],
           const uint8_t salt[HQC_SALT_BYTES]);
int hash_i(uint8_t out[64], const uint8_t seed[HQC_SEED_BYTES]);
/* J covers the ciphertext as received: u || v || salt, i.e. all HQC_CT_BYTES of it. */
int hash_j(uint8_t out[32], const uint8_t h_ek[32], const uint8_t sigma[HQC_SEC_BYTES],
           const uint8_t ct[HQC_CT_BYTES]);

#endif
