/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* sha3.c: SHA3-256/512 of concatenated parts through OpenSSL's EVP interface. EVP_sha3_*()
 * returns a built-in method, so no provider fetch happens per call and the functions are
 * thread-safe. */
#include "sha3.h"

#include <openssl/evp.h>
#include <string.h>

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
