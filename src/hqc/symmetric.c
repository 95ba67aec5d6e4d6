/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* symmetric.c: the XOF and the hash functions G, H, I, J of HQC with their domain-separation
 * bytes, per spec section "Symmetric primitives". */
#include "symmetric.h"

#include "sha3.h"

enum { DOMAIN_G = 0, DOMAIN_H = 1, DOMAIN_I = 2, DOMAIN_J = 3, DOMAIN_XOF = 1 };

void xof_init(shake256_ctx *ctx, const uint8_t seed[HQC_SEED_BYTES])
{
    const uint8_t domain = DOMAIN_XOF;
    shake256_init(ctx);
    shake256_absorb(ctx, seed, HQC_SEED_BYTES);
    shake256_absorb(ctx, &domain, 1);
    shake256_finalize(ctx);
}

int hash_h(uint8_t out[32], const uint8_t ek[HQC_PK_BYTES])
{
    const uint8_t domain = DOMAIN_H;
    const hqc_bytes parts[] = {{ek, HQC_PK_BYTES}, {&domain, 1}};
    return sha3_256_parts(out, parts, 2);
}

int hash_g(uint8_t out[64], const uint8_t h_ek[32], const uint8_t m[HQC_SEC_BYTES],
           const uint8_t salt[HQC_SALT_BYTES])
{
    const uint8_t domain = DOMAIN_G;
    const hqc_bytes parts[] = {{h_ek, 32}, {m, HQC_SEC_BYTES}, {salt, HQC_SALT_BYTES}, {&domain, 1}};
    return sha3_512_parts(out, parts, 4);
}

int hash_i(uint8_t out[64], const uint8_t seed[HQC_SEED_BYTES])
{
    const uint8_t domain = DOMAIN_I;
    const hqc_bytes parts[] = {{seed, HQC_SEED_BYTES}, {&domain, 1}};
    return sha3_512_parts(out, parts, 2);
}

int hash_j(uint8_t out[32], const uint8_t h_ek[32], const uint8_t sigma[HQC_SEC_BYTES],
           const uint8_t ct[HQC_CT_BYTES])
{
    const uint8_t domain = DOMAIN_J;
    const hqc_bytes parts[] = {{h_ek, 32}, {sigma, HQC_SEC_BYTES}, {ct, HQC_CT_BYTES}, {&domain, 1}};
    return sha3_256_parts(out, parts, 4);
}
