/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* symmetric.c: the XOF and the hash functions G, H, I, J of HQC with their domain-separation
 * bytes, per spec section "Symmetric primitives". */
#include "symmetric.h"

#include "keccak_batch.h"
#include "sampling.h"
#include "sha3.h"
#include "trace.h"
#include "zeroize.h"

enum { DOMAIN_G = 0, DOMAIN_H = 1, DOMAIN_I = 2, DOMAIN_J = 3, DOMAIN_XOF = 1 };
/* The first padding byte of SHAKE: its domain bits 1111, then pad10*1's first 1. */
#define SHAKE_PAD 0x1F

void xof_init_domain(shake256_ctx *ctx, const uint8_t seed[HQC_SEED_BYTES], int domain)
{
    const uint8_t byte = (uint8_t)domain;
    shake256_init(ctx);
    shake256_absorb(ctx, seed, HQC_SEED_BYTES);
    if (domain >= 0)
        shake256_absorb(ctx, &byte, 1);
    shake256_finalize(ctx);
}

void xof_init(shake256_ctx *ctx, const uint8_t seed[HQC_SEED_BYTES])
{
    xof_init_domain(ctx, seed, DOMAIN_XOF);
}

int hash_h(uint8_t out[32], const uint8_t ek[HQC_PK_BYTES])
{
    const uint8_t domain = DOMAIN_H;
    const hqc_bytes parts[] = {{ek, HQC_PK_BYTES}, {&domain, 1}};
    HQC_TRACE_ROLE("H");
    return sha3_256_parts(out, parts, 2);
}

int hash_g(uint8_t out[64], const uint8_t h_ek[32], const uint8_t m[HQC_SEC_BYTES],
           const uint8_t salt[HQC_SALT_BYTES])
{
    const uint8_t domain = DOMAIN_G;
    const hqc_bytes parts[] = {{h_ek, 32}, {m, HQC_SEC_BYTES}, {salt, HQC_SALT_BYTES}, {&domain, 1}};
    HQC_TRACE_ROLE("G");
    return sha3_512_parts(out, parts, 4);
}

int hash_i(uint8_t out[64], const uint8_t seed[HQC_SEED_BYTES])
{
    const uint8_t domain = DOMAIN_I;
    const hqc_bytes parts[] = {{seed, HQC_SEED_BYTES}, {&domain, 1}};
    HQC_TRACE_ROLE("I");
    return sha3_512_parts(out, parts, 2);
}

/* XOF(seed || domain byte) as a batch job, or XOF(seed) for a dialect without the byte
 * (domain < 0: the first part alone). XOF_PARTS(seed, byte): its two parts, byte being a
 * one-byte copy of the domain that outlives the job. */
#define XOF_PARTS(seed, byte) {{(seed), HQC_SEED_BYTES}, {&(byte), 1}}
static keccak_job xof_job(const hqc_bytes parts[2], int domain, uint8_t *out, size_t outlen, shake256_ctx *rest)
{
    return (keccak_job){.parts = parts, .count = domain >= 0 ? 2 : 1, .rate = SHAKE256_RATE, .pad = SHAKE_PAD,
                        .out = out, .outlen = outlen, .rest = rest};
}

/* J's message, h_ek || sigma || ct || its domain byte, as parts (both uses below). */
static const uint8_t domain_j = DOMAIN_J;
#define J_PARTS(h_ek, sigma, ct) {{(h_ek), 32}, {(sigma), HQC_SEC_BYTES}, {(ct), HQC_CT_BYTES}, {&domain_j, 1}}

int hash_j(uint8_t out[32], const uint8_t h_ek[32], const uint8_t sigma[HQC_SEC_BYTES],
           const uint8_t ct[HQC_CT_BYTES])
{
    const hqc_bytes parts[] = J_PARTS(h_ek, sigma, ct);
    HQC_TRACE_ROLE("J");
    return sha3_256_parts(out, parts, 4);
}

int hash_j_and_xof(uint8_t k_bar[32], const uint8_t h_ek[32], const uint8_t sigma[HQC_SEC_BYTES],
                   const uint8_t ct[HQC_CT_BYTES], const uint8_t theta[HQC_SEED_BYTES], int xof_domain,
                   uint8_t *draws, size_t len)
{
    const uint8_t domain_xof = (uint8_t)xof_domain;
    const hqc_bytes xof_parts[] = XOF_PARTS(theta, domain_xof);
    keccak_job jobs[2] = {0};
    size_t count = 0;
    jobs[count++] = xof_job(xof_parts, xof_domain, draws, len, NULL);
    HQC_TRACE_JOB_ROLE(&jobs[count - 1], "XOF(theta)");
#ifndef HQC_SHA3_OPENSSL
    const hqc_bytes j_parts[] = J_PARTS(h_ek, sigma, ct);
    jobs[count++] = (keccak_job){.parts = j_parts, .count = 4, .rate = SHAKE256_RATE, .pad = SHA3_PAD,
                                 .out = k_bar, .outlen = 32};
    HQC_TRACE_JOB_ROLE(&jobs[count - 1], "J");
#endif
    keccak_batch(jobs, count);
#ifdef HQC_SHA3_OPENSSL
    /* J is SHA3 and must come from libcrypto (or the embedding) in this build. */
    return hash_j(k_bar, h_ek, sigma, ct);
#else
    return 0;
#endif
}

void xof_stream_wipe(xof_stream *x)
{
    shake256_wipe(&x->rest); /* releases an embedding's sponge state (HQC_SHAKE256_EXTERNAL) */
    zeroize(x, sizeof *x);
}

int kem_sponges(uint8_t h_ek[32], const uint8_t *ek, uint64_t h[HQC_WORDS], const uint8_t *seed_ek,
                xof_stream *dk, const uint8_t *seed_dk)
{
    return kem_sponges_domain(h_ek, ek, h, seed_ek, dk, seed_dk, DOMAIN_XOF);
}

int kem_sponges_domain(uint8_t h_ek[32], const uint8_t *ek, uint64_t h[HQC_WORDS], const uint8_t *seed_ek,
                       xof_stream *dk, const uint8_t *seed_dk, int xof_domain)
{
    static const uint8_t domain_h = DOMAIN_H;
    const uint8_t domain_xof = (uint8_t)xof_domain;
    const hqc_bytes h_parts[] = {{ek, HQC_PK_BYTES}, {&domain_h, 1}};
    const hqc_bytes ek_parts[] = XOF_PARTS(seed_ek, domain_xof);
    const hqc_bytes dk_parts[] = XOF_PARTS(seed_dk, domain_xof);
    /* Zeroed: with H outside the batch (HQC_SHA3=openssl) gcc 12 -O3 took the jobs for
     * possibly unset (-Wmaybe-uninitialized) and the build stopped. */
    keccak_job jobs[3] = {0};
    size_t count = 0;
#ifndef HQC_SHA3_OPENSSL
    if (ek != NULL) {
        jobs[count++] = (keccak_job){.parts = h_parts, .count = 2, .rate = SHAKE256_RATE, .pad = SHA3_PAD,
                                     .out = h_ek, .outlen = 32};
        HQC_TRACE_JOB_ROLE(&jobs[count - 1], "H");
    }
#else
    (void)h_parts;
#endif
    if (seed_ek != NULL) {
        jobs[count++] = xof_job(ek_parts, xof_domain, (uint8_t *)h, HQC_N_BYTES, NULL);
        HQC_TRACE_JOB_ROLE(&jobs[count - 1], "expand-h");
    }
    if (seed_dk != NULL) {
        jobs[count++] = xof_job(dk_parts, xof_domain, dk->head, XOF_HEAD_BYTES, &dk->rest);
        HQC_TRACE_JOB_ROLE(&jobs[count - 1], "XOF(seed_dk)");
        dk->pos = 0;
    }
    keccak_batch(jobs, count);
    if (seed_ek != NULL)
        sample_dense_from_bytes(h);
#ifdef HQC_SHA3_OPENSSL
    /* H is SHA3 and must come from libcrypto (or the embedding) in this build. It runs after
     * the batch so that dk's sponge is set up whatever H returns: the caller wipes it. */
    if (ek != NULL && hash_h(h_ek, ek) != 0)
        return -1;
#endif
    return 0;
}
