/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* oqs_sha3.c: the KEM's sha3.h interface (SHA3-256 and SHA3-512 of concatenated parts, FIPS 202
 * section 6.1) computed by liboqs's incremental OQS_SHA3 functions, in place of src/fips202/sha3.c:
 * HQC's G, H, I and J hash with the SHA3 liboqs is configured with (its own Keccak, or OpenSSL's
 * with OQS_USE_SHA3_OPENSSL). */
#include <oqs/sha3.h>

#include "../../src/fips202/sha3.h"

/* One body for both widths: liboqs names its types and functions by the width. liboqs aborts
 * on allocation failure rather than returning, so these always succeed. */
#define HQC_OQS_SHA3_PARTS(bits)                                                              \
    int hqc_sha3_##bits##_parts(uint8_t out[bits / 8], const hqc_bytes *parts, size_t count) \
    {                                                                                         \
        OQS_SHA3_sha3_##bits##_inc_ctx ctx;                                                   \
        OQS_SHA3_sha3_##bits##_inc_init(&ctx);                                                \
        for (size_t i = 0; i < count; i++)                                                    \
            OQS_SHA3_sha3_##bits##_inc_absorb(&ctx, parts[i].ptr, parts[i].len);              \
        OQS_SHA3_sha3_##bits##_inc_finalize(out, &ctx);                                       \
        OQS_SHA3_sha3_##bits##_inc_ctx_release(&ctx);                                         \
        return 0;                                                                             \
    }

HQC_OQS_SHA3_PARTS(256)
HQC_OQS_SHA3_PARTS(512)
