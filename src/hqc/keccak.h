/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* keccak.h: Keccak-f[1600] and an incremental SHAKE256 (FIPS 202 sections 3 and 6.2). It
 * exists because OpenSSL 3.0 cannot squeeze a SHAKE context more than once, and HQC's XOF is
 * squeezed piecewise (3 or 4 bytes at a time while sampling). Tests cross-check it against
 * OpenSSL's one-shot SHAKE256. */
#ifndef HQC_KECCAK_H
#define HQC_KECCAK_H

#include <stddef.h>
#include <stdint.h>

#define SHAKE256_RATE 136

/* Level-independent, but still prefixed so they cannot clash with another Keccak in the
 * same program (PQClean's fips202.c uses the plain names). */
#define keccak_f1600 hqc_keccak_f1600
#define shake256_init hqc_shake256_init
#define shake256_absorb hqc_shake256_absorb
#define shake256_finalize hqc_shake256_finalize
#define shake256_squeeze hqc_shake256_squeeze
#define shake256_wipe hqc_shake256_wipe
#define shake256_ctx hqc_shake256_ctx

typedef struct {
    uint64_t s[25];
    size_t pos;      /* bytes absorbed into, or squeezed from, the current block */
    int squeezing;
} shake256_ctx;

void keccak_f1600(uint64_t s[25]);

void shake256_init(shake256_ctx *ctx);
void shake256_absorb(shake256_ctx *ctx, const uint8_t *in, size_t len);
void shake256_finalize(shake256_ctx *ctx);  /* pads; after it only squeeze is allowed */
void shake256_squeeze(shake256_ctx *ctx, uint8_t *out, size_t len);
void shake256_wipe(shake256_ctx *ctx);

#endif
