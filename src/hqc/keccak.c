/* keccak.c: Keccak-f[1600] (FIPS 202 section 3.3, Algorithm 7) and the sponge of section 4
 * with SHAKE256's rate of 1088 bits and domain padding 0x1F ... 0x80 (section 6.2, B.2).
 * Lanes are little-endian, so byte i of the state is byte i % 8 of lane i / 8. */
#include "keccak.h"

#include <string.h>

#include "keccak_tables.h"
#include "zeroize.h"

static inline uint64_t rotl64(uint64_t x, unsigned n)
{
    return n ? (x << n) | (x >> (64 - n)) : x;
}

void keccak_f1600(uint64_t s[25])
{
    uint64_t c[5], b[25];
    for (int round = 0; round < 24; round++) {
        for (int x = 0; x < 5; x++)
            c[x] = s[x] ^ s[x + 5] ^ s[x + 10] ^ s[x + 15] ^ s[x + 20];
        for (int x = 0; x < 5; x++) {
            uint64_t d = c[(x + 4) % 5] ^ rotl64(c[(x + 1) % 5], 1);
            for (int y = 0; y < 25; y += 5)
                s[x + y] ^= d;
        }
        /* rho and pi: lane (x, y) moves to (y, 2x + 3y). */
        for (int x = 0; x < 5; x++)
            for (int y = 0; y < 5; y++)
                b[y + 5 * ((2 * x + 3 * y) % 5)] = rotl64(s[x + 5 * y], keccak_rho_offsets[x + 5 * y]);
        for (int y = 0; y < 25; y += 5)
            for (int x = 0; x < 5; x++)
                s[x + y] = b[x + y] ^ (~b[(x + 1) % 5 + y] & b[(x + 2) % 5 + y]);
        s[0] ^= keccak_round_constants[round];
    }
}

static inline void xor_byte(uint64_t *s, size_t i, uint8_t v)
{
    s[i / 8] ^= (uint64_t)v << (8 * (i % 8));
}

static inline uint8_t get_byte(const uint64_t *s, size_t i)
{
    return (uint8_t)(s[i / 8] >> (8 * (i % 8)));
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
                memcpy(&lane, in + 8 * w, 8);  /* little-endian hosts only, see keccak.h */
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
        for (size_t i = 0; i < take; i++)
            out[i] = get_byte(ctx->s, ctx->pos + i);
        ctx->pos += take;
        out += take;
        len -= take;
    }
}

void shake256_wipe(shake256_ctx *ctx)
{
    zeroize(ctx, sizeof *ctx);
}
