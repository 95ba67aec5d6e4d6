/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* sha3.h: SHA3-256 and SHA3-512 over a list of byte strings (FIPS 202 section 6.1), computed
 * by the in-tree Keccak, or by OpenSSL's libcrypto in a build with HQC_SHA3=openssl. HQC's
 * hash functions G, H, I, J are these with a trailing domain byte (spec section "Symmetric
 * primitives"). */
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

/* The first padding byte of SHA3: its domain bits 01, then pad10*1's first 1. */
#define SHA3_PAD 0x06

/* out = SHA3-256(parts[0] || ... ) or SHA3-512(...). Return 0, or -1 if libcrypto failed
 * (then out is zeroed; the in-tree Keccak never fails). */
int sha3_256_parts(uint8_t out[32], const hqc_bytes *parts, size_t count);
int sha3_512_parts(uint8_t out[64], const hqc_bytes *parts, size_t count);

#endif
