/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* sha3_keccak.c: SHA3-256 and SHA3-512 (FIPS 202 section 6.1: rate 136 or 72 bytes, domain
 * bits 01 then pad10*1) on the in-tree Keccak-f[1600], with the same contract as
 * src/hqc/sha3.h. Linked ahead of libhqc.a in MemorySanitizer builds only, where it replaces
 * src/hqc/sha3.c: OpenSSL's libcrypto is not instrumented, so MSan would neither see its
 * branches nor propagate secret marks through it. The harness's digest lines, compared with
 * the valgrind build (which uses OpenSSL), show both give the same KEM outputs. */
#include <string.h>

#include "keccak.h"
#include "sha3.h"

static int sha3_parts(uint8_t *out, size_t outlen, const hqc_bytes *parts, size_t count)
{
    const size_t rate = 200 - 2 * outlen;
    uint64_t s[25] = {0};
    size_t pos = 0;
    for (size_t p = 0; p < count; p++) {
        const uint8_t *in = parts[p].ptr;
        for (size_t i = 0; i < parts[p].len; i++) {
            s[pos / 8] ^= (uint64_t)in[i] << (8 * (pos % 8));
            if (++pos == rate) {
                keccak_f1600(s);
                pos = 0;
            }
        }
    }
    s[pos / 8] ^= (uint64_t)0x06 << (8 * (pos % 8));
    s[(rate - 1) / 8] ^= (uint64_t)0x80 << (8 * ((rate - 1) % 8));
    keccak_f1600(s);
    for (size_t i = 0; i < outlen; i++)
        out[i] = (uint8_t)(s[i / 8] >> (8 * (i % 8)));
    memset(s, 0, sizeof s);
    return 0;
}

int sha3_256_parts(uint8_t out[32], const hqc_bytes *parts, size_t count)
{
    return sha3_parts(out, 32, parts, count);
}

int sha3_512_parts(uint8_t out[64], const hqc_bytes *parts, size_t count)
{
    return sha3_parts(out, 64, parts, count);
}
