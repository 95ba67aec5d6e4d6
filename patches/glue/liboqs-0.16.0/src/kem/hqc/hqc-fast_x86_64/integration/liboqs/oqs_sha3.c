/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* oqs_sha3.c: the KEM's sha3.h interface (SHA3-256 and SHA3-512 of concatenated parts, FIPS 202
 * section 6.1) computed by liboqs's incremental OQS_SHA3 functions, so that the Keccak liboqs
 * was configured with (its own, its AVX2 one, or OpenSSL's) serves HQC's G, H, I and J too.
 * Replaces src/hqc/sha3.c in the liboqs build. */
#include <oqs/sha3.h>

#include "sha3.h"

int sha3_256_parts(uint8_t out[32], const hqc_bytes *parts, size_t count)
{
    OQS_SHA3_sha3_256_inc_ctx ctx;
    OQS_SHA3_sha3_256_inc_init(&ctx);
    for (size_t i = 0; i < count; i++)
        OQS_SHA3_sha3_256_inc_absorb(&ctx, parts[i].ptr, parts[i].len);
    OQS_SHA3_sha3_256_inc_finalize(out, &ctx);
    OQS_SHA3_sha3_256_inc_ctx_release(&ctx);
    return 0; /* liboqs aborts on allocation failure instead of returning */
}

int sha3_512_parts(uint8_t out[64], const hqc_bytes *parts, size_t count)
{
    OQS_SHA3_sha3_512_inc_ctx ctx;
    OQS_SHA3_sha3_512_inc_init(&ctx);
    for (size_t i = 0; i < count; i++)
        OQS_SHA3_sha3_512_inc_absorb(&ctx, parts[i].ptr, parts[i].len);
    OQS_SHA3_sha3_512_inc_finalize(out, &ctx);
    OQS_SHA3_sha3_512_inc_ctx_release(&ctx);
    return 0;
}
