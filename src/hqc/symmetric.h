/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* symmetric.h: HQC's XOF and hash functions with their domain bytes (spec section
 * "Symmetric primitives"): XOF(seed) = SHAKE256(seed || 1) (a dialect may change the byte), G = SHA3-512(. || 0),
 * H = SHA3-256(. || 1), I = SHA3-512(. || 2), J = SHA3-256(. || 3). */
#ifndef HQC_SYMMETRIC_H
#define HQC_SYMMETRIC_H

#include <stdint.h>
#include <string.h>

#include "keccak.h"
#include "params.h"

#define xof_init HQC_NS(xof_init)
#define hash_g HQC_NS(hash_g)
#define hash_h HQC_NS(hash_h)
#define hash_i HQC_NS(hash_i)
#define hash_j HQC_NS(hash_j)
#define hash_j_and_xof HQC_NS(hash_j_and_xof)
#define kem_sponges HQC_NS(kem_sponges)
#define kem_sponges_domain HQC_NS(kem_sponges_domain)
#define xof_init_domain HQC_NS(xof_init_domain)
#define xof_stream_wipe HQC_NS(xof_stream_wipe)

void xof_init(shake256_ctx *ctx, const uint8_t seed[HQC_SEED_BYTES]);
/* SHAKE256(seed || domain), or SHAKE256(seed) when domain < 0 (a dialect without the byte). */
void xof_init_domain(shake256_ctx *ctx, const uint8_t seed[HQC_SEED_BYTES], int domain);

/* An XOF output stream whose first bytes were squeezed ahead, in a batch beside other
 * sponges: reads take head[] first, then go on squeezing the sponge. The head is the whole
 * blocks that hold what sampling y and x needs (3 bytes per draw) and 4 rejected draws: 3
 * blocks at HQC-1, where a fourth cost a four-state permutation in keygen instead of a single
 * one (about 400 ticks), though more than 4 rejections among y's and x's draws come about
 * once in 10^5 keys (the mean is 0.24 there, nearly all duplicates). */
#define XOF_HEAD_BYTES (SHAKE256_RATE * ((3 * (2 * HQC_OMEGA + 4) + SHAKE256_RATE - 1) / SHAKE256_RATE))
typedef struct {
    uint8_t head[XOF_HEAD_BYTES];
    size_t pos;
    shake256_ctx rest;
} xof_stream;

/* Used by its contract in WP's proofs of the keygen sampler (scripts/prove): WP's typed model
 * cannot place memcpy's bytes. Frama-C EVA analyses the body at every call (eva-kem). */
/*@ requires \valid(x) && x->pos <= XOF_HEAD_BYTES;
    requires \valid(out + (0 .. len - 1)) && \separated(x, out + (0 .. len - 1));
    assigns x->pos, x->rest, out[0 .. len - 1];
    ensures x->pos <= XOF_HEAD_BYTES; */
static inline void xof_stream_read(xof_stream *x, uint8_t *out, size_t len)
{
    size_t take;
    /* For Frama-C EVA (docs/VERIFICATION.md): one state per stream position, so that take and
     * pos stay related (pos + take <= XOF_HEAD_BYTES) through the copy below. */
    /*@ split x->pos; */
    take = XOF_HEAD_BYTES - x->pos < len ? XOF_HEAD_BYTES - x->pos : len;
    memcpy(out, x->head + x->pos, take);
    x->pos += take;
    if (take < len)
        shake256_squeeze(&x->rest, out + take, len - take);
}

void xof_stream_wipe(xof_stream *x);

/* The sponges of one KEM operation that need nothing computed in it, run as one batch
 * (keccak_batch.h), each only if its input is given (not NULL):
 *   h_ek = H(ek)                                    (encaps, decaps)
 *   h = expand-h: n bits of XOF(seed_ek)            (keygen, encaps, decaps: seed_ek = ek)
 *   dk = the stream of XOF(seed_dk) that samples y  (keygen, decaps)
 * Returns 0, or -1 if H through libcrypto failed (a build with HQC_SHA3=openssl). */
int kem_sponges(uint8_t h_ek[32], const uint8_t *ek, uint64_t h[HQC_WORDS], const uint8_t *seed_ek,
                xof_stream *dk, const uint8_t *seed_dk);
/* The same with the XOF's domain byte given (< 0: none), as a dialect's xof_domain says. */
int kem_sponges_domain(uint8_t h_ek[32], const uint8_t *ek, uint64_t h[HQC_WORDS], const uint8_t *seed_ek,
                       xof_stream *dk, const uint8_t *seed_dk, int xof_domain);

/* Each returns 0, or -1 if libcrypto failed (output zeroed). */
int hash_h(uint8_t out[32], const uint8_t ek[HQC_PK_BYTES]);
int hash_g(uint8_t out[64], const uint8_t h_ek[32], const uint8_t m[HQC_SEC_BYTES],
           const uint8_t salt[HQC_SALT_BYTES]);
int hash_i(uint8_t out[64], const uint8_t seed[HQC_SEED_BYTES]);
/* J covers the ciphertext as received: u || v || salt, i.e. all HQC_CT_BYTES of it. */
int hash_j(uint8_t out[32], const uint8_t h_ek[32], const uint8_t sigma[HQC_SEC_BYTES],
           const uint8_t ct[HQC_CT_BYTES]);
/* Decapsulation's two sponges that wait for nothing after G: k_bar = J(h_ek, sigma, ct) and the
 * first len bytes of XOF(theta) (domain byte xof_domain, < 0: none) into draws, the bytes the
 * re-encryption's three samplers read; as one batch, so that XOF(theta)'s permutations ride
 * along J's instead of following them. Returns 0, or -1 as hash_j. */
int hash_j_and_xof(uint8_t k_bar[32], const uint8_t h_ek[32], const uint8_t sigma[HQC_SEC_BYTES],
                   const uint8_t ct[HQC_CT_BYTES], const uint8_t theta[HQC_SEED_BYTES], int xof_domain,
                   uint8_t *draws, size_t len);

#endif
