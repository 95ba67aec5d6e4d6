/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* keccak.c: Keccak-f[1600] (FIPS 202 section 3.3, Algorithm 7) and the sponge of section 4
 * with SHAKE256's rate of 1088 bits and domain padding 0x1F ... 0x80 (section 6.2, B.2).
 * Lanes are little-endian, so byte i of the state is byte i of the lane array in memory. */
#include "keccak.h"

#include <string.h>

#include "keccak_tables.h"
#include "zeroize.h"

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the sponge below reads and writes the state as bytes, which needs a little-endian host"
#endif

/* The round is generated straight-line code (scripts/gen-keccak-tables) on 25 local lanes,
 * which the compiler keeps in registers far better than an indexed loop. */
void keccak_f1600(uint64_t s[25])
{
    uint64_t a0 = s[0], a1 = s[1], a2 = s[2], a3 = s[3], a4 = s[4], a5 = s[5], a6 = s[6], a7 = s[7],
             a8 = s[8], a9 = s[9], a10 = s[10], a11 = s[11], a12 = s[12], a13 = s[13], a14 = s[14],
             a15 = s[15], a16 = s[16], a17 = s[17], a18 = s[18], a19 = s[19], a20 = s[20], a21 = s[21],
             a22 = s[22], a23 = s[23], a24 = s[24];
    uint64_t b0, b1, b2, b3, b4, b5, b6, b7, b8, b9, b10, b11, b12, b13, b14, b15, b16, b17, b18, b19, b20,
        b21, b22, b23, b24, c0, c1, c2, c3, c4, d0, d1, d2, d3, d4;
    for (int round = 0; round < 24; round++) {
        KECCAK_ROUND_NO_IOTA
        a0 ^= keccak_round_constants[round];
    }
    s[0] = a0, s[1] = a1, s[2] = a2, s[3] = a3, s[4] = a4, s[5] = a5, s[6] = a6, s[7] = a7, s[8] = a8;
    s[9] = a9, s[10] = a10, s[11] = a11, s[12] = a12, s[13] = a13, s[14] = a14, s[15] = a15, s[16] = a16;
    s[17] = a17, s[18] = a18, s[19] = a19, s[20] = a20, s[21] = a21, s[22] = a22, s[23] = a23, s[24] = a24;
}

static inline void xor_byte(uint64_t *s, size_t i, uint8_t v)
{
    ((uint8_t *)s)[i] ^= v;
}

void shake256_init(shake256_ctx *ctx)
{
    memset(ctx, 0, sizeof *ctx);
}

void shake256_absorb(shake256_ctx *ctx, const uint8_t *in, size_t len)
{
    while (len > 0) {
        if (ctx->pos == 0 && len >= SHAKE256_RATE) {
            for (size_t w = 0; w < SHAKE256_RATE / 8; w++) {
                uint64_t lane;
                memcpy(&lane, in + 8 * w, 8);
                ctx->s[w] ^= lane;
            }
            keccak_f1600(ctx->s);
            in += SHAKE256_RATE;
            len -= SHAKE256_RATE;
            continue;
        }
        xor_byte(ctx->s, ctx->pos++, *in++);
        len--;
        if (ctx->pos == SHAKE256_RATE) {
            keccak_f1600(ctx->s);
            ctx->pos = 0;
        }
    }
}

void shake256_finalize(shake256_ctx *ctx)
{
    xor_byte(ctx->s, ctx->pos, 0x1f);
    xor_byte(ctx->s, SHAKE256_RATE - 1, 0x80);
    keccak_f1600(ctx->s);
    ctx->pos = 0;
    ctx->squeezing = 1;
}

void shake256_squeeze(shake256_ctx *ctx, uint8_t *out, size_t len)
{
    while (len > 0) {
        if (ctx->pos == SHAKE256_RATE) {
            keccak_f1600(ctx->s);
            ctx->pos = 0;
        }
        size_t take = SHAKE256_RATE - ctx->pos;
        if (take > len)
            take = len;
        memcpy(out, (const uint8_t *)ctx->s + ctx->pos, take);
        ctx->pos += take;
        out += take;
        len -= take;
    }
}

void shake256_wipe(shake256_ctx *ctx)
{
    zeroize(ctx, sizeof *ctx);
}
