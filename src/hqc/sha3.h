/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* sha3.h: SHA3-256 and SHA3-512 over a list of byte strings, computed by OpenSSL's libcrypto
 * (FIPS 202 section 6.1). HQC's hash functions G, H, I, J are these with a trailing domain
 * byte (spec section "Symmetric primitives"). */
#ifndef HQC_SHA3_H
#define HQC_SHA3_H

#include <stddef.h>
#include <stdint.h>

#define sha3_256_parts hqc_sha3_256_parts
#define sha3_512_parts hqc_sha3_512_parts

typedef struct {
    const void *ptr;
    size_t len;
} hqc_bytes;

/* out = SHA3-256(parts[0] || ... ) or SHA3-512(...). Return 0, or -1 if libcrypto failed
 * (then out is zeroed). */
int sha3_256_parts(uint8_t out[32], const hqc_bytes *parts, size_t count);
int sha3_512_parts(uint8_t out[64], const hqc_bytes *parts, size_t count);

#endif
