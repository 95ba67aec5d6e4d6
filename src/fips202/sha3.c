/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* sha3.c: SHA3-256/512 of concatenated parts (FIPS 202 section 6.1: rate 200 - 2 * digest
 * bytes, domain bits 01 before pad10*1). By default the in-tree Keccak computes them; built
 * with HQC_SHA3_OPENSSL (make HQC_SHA3=openssl) they go through OpenSSL's EVP interface
 * instead, for users who must hash with their validated libcrypto. */
#include "sha3.h"

#include <string.h>

#ifdef HQC_SHA3_OPENSSL
#include <openssl/evp.h>

/* EVP_sha3_*() returns a built-in method, so no provider fetch happens per call and the
 * functions are thread-safe. */
static int digest_parts(const EVP_MD *md, uint8_t *out, size_t outlen, const hqc_bytes *parts,
                        size_t count)
{
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    int ok = ctx != NULL && EVP_DigestInit_ex(ctx, md, NULL) == 1;
    for (size_t i = 0; ok && i < count; i++)
        ok = EVP_DigestUpdate(ctx, parts[i].ptr, parts[i].len) == 1;
    unsigned int len = 0;
    ok = ok && EVP_DigestFinal_ex(ctx, out, &len) == 1 && len == outlen;
    EVP_MD_CTX_free(ctx);
    if (!ok)
        memset(out, 0, outlen);
    return ok ? 0 : -1;
}

int sha3_256_parts(uint8_t out[32], const hqc_bytes *parts, size_t count)
{
    return digest_parts(EVP_sha3_256(), out, 32, parts, count);
}

int sha3_512_parts(uint8_t out[64], const hqc_bytes *parts, size_t count)
{
    return digest_parts(EVP_sha3_512(), out, 64, parts, count);
}

#else
#include "keccak_batch.h"

static int digest_parts(uint8_t *out, size_t outlen, const hqc_bytes *parts, size_t count)
{
    const keccak_job job = {.parts = parts, .count = count, .rate = 200 - 2 * outlen, .pad = SHA3_PAD,
                            .out = out, .outlen = outlen};
    keccak_batch(&job, 1);
    return 0;
}

int sha3_256_parts(uint8_t out[32], const hqc_bytes *parts, size_t count)
{
    return digest_parts(out, 32, parts, count);
}

int sha3_512_parts(uint8_t out[64], const hqc_bytes *parts, size_t count)
{
    return digest_parts(out, 64, parts, count);
}
#endif
