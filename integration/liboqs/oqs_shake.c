/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* oqs_shake.c: the KEM's SHAKE256 (keccak.h: the XOF of spec section "Symmetric primitives",
 * FIPS 202 section 6.2) and its batch of one-shot sponges (keccak_batch.h) computed by liboqs's
 * OQS_SHA3 functions, in place of src/fips202/keccak.c and keccak_batch.c, so that liboqs's SHA3
 * (its own Keccak, or OpenSSL's with OQS_USE_SHA3_OPENSSL) serves every hash HQC computes. */
#include <oqs/sha3.h>

#include "../../src/fips202/keccak_batch.h"

void shake256_init(shake256_ctx *ctx)
{
    OQS_SHA3_shake256_inc_init(&ctx->oqs); /* liboqs aborts if it cannot allocate */
}

void shake256_absorb(shake256_ctx *ctx, const uint8_t *in, size_t len)
{
    OQS_SHA3_shake256_inc_absorb(&ctx->oqs, in, len);
}

void shake256_finalize(shake256_ctx *ctx)
{
    OQS_SHA3_shake256_inc_finalize(&ctx->oqs);
}

void shake256_squeeze(shake256_ctx *ctx, uint8_t *out, size_t len)
{
    OQS_SHA3_shake256_inc_squeeze(out, len, &ctx->oqs);
}

void shake256_wipe(shake256_ctx *ctx)
{
    /* liboqs's release zeroes and frees the state; a context already wiped has none. */
    if (ctx->oqs.ctx != NULL)
        OQS_SHA3_shake256_inc_ctx_release(&ctx->oqs);
    ctx->oqs.ctx = NULL;
}

/* The jobs one after another. In this build (HQC_SHA3_OPENSSL) the KEM computes H apart, so a
 * batch holds at most two SHAKE256 jobs of different output lengths, one of which goes on
 * squeezing afterwards (its context is handed back in rest); liboqs's four-way SHAKE squeezes
 * one length for all lanes and hands no single lane back. SHA3 jobs, which keccak_batch.h
 * allows, go to oqs_sha3.c. The message's parts are absorbed in order, which is what one
 * concatenated message gives. */
void keccak_batch(const keccak_job *jobs, size_t count)
{
    for (size_t k = 0; k < count; k++) {
        const keccak_job *j = &jobs[k];
        if (j->pad == SHA3_PAD) {
            /* H (SHA3-256, rate 136) or a SHA3-512 job (rate 72); sha3_*_parts cannot fail
             * here (oqs_sha3.c). */
            if (j->rate == SHAKE256_RATE)
                (void)sha3_256_parts(j->out, j->parts, j->count);
            else
                (void)sha3_512_parts(j->out, j->parts, j->count);
            continue;
        }
        shake256_ctx ctx;
        shake256_init(&ctx);
        for (size_t i = 0; i < j->count; i++)
            shake256_absorb(&ctx, j->parts[i].ptr, j->parts[i].len);
        shake256_finalize(&ctx);
        shake256_squeeze(&ctx, j->out, j->outlen);
        if (j->rest != NULL)
            *j->rest = ctx; /* the caller's context now owns liboqs's state */
        else
            shake256_wipe(&ctx);
    }
}
