/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* fips202_fixed.c: SHAKE256, SHA3-256 and SHA3-512 (FIPS 202 sections 3, 5.1 and 6) behind the
 * incremental API of the HQC tree's lib/fips202/fips202.h, for test builds of a vendored tree
 * whose own fips202.c pads and squeezes wrongly. Written for the tests: the Keccak-f[1600]
 * round constants and rotation offsets are computed (FIPS 202 algorithms 5 and 2). */
#include <string.h>

#include "fips202.h"

/* The 24 iota constants: bit 2^j - 1 of round i's constant is rc(j + 7i), rc(t) being the output
 * of the LFSR x^8 + x^6 + x^5 + x^4 + 1 after t steps (FIPS 202 algorithm 5). t runs through
 * 0..167 in order, so the LFSR is stepped once per bit. */
static void keccak_round_constants(uint64_t rc[24])
{
    unsigned r = 1;
    for (unsigned round = 0; round < 24; round++) {
        rc[round] = 0;
        for (unsigned j = 0; j < 7; j++) {
            rc[round] |= (uint64_t)(r & 1) << ((1u << j) - 1);
            r = (r << 1) ^ ((r & 0x80) ? 0x171 : 0);
        }
    }
}

static uint64_t rotl64(uint64_t v, unsigned n)
{
    n %= 64;
    return n ? (v << n) | (v >> (64 - n)) : v;
}

static void keccak_f1600(uint64_t a[25])
{
    uint64_t rc[24];
    unsigned rho[25] = {0};
    keccak_round_constants(rc);
    for (unsigned t = 0, x = 1, y = 0; t < 24; t++) { /* rho offsets along the (x, y) walk */
        rho[x + 5 * y] = ((t + 1) * (t + 2) / 2) % 64;
        unsigned nx = y, ny = (2 * x + 3 * y) % 5;
        x = nx;
        y = ny;
    }
    for (unsigned round = 0; round < 24; round++) {
        uint64_t c[5], b[25];
        for (unsigned x = 0; x < 5; x++)
            c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20];
        for (unsigned x = 0; x < 5; x++) {
            uint64_t d = c[(x + 4) % 5] ^ rotl64(c[(x + 1) % 5], 1);
            for (unsigned y = 0; y < 5; y++)
                a[x + 5 * y] ^= d;
        }
        for (unsigned x = 0; x < 5; x++) /* rho and pi: B[y, 2x + 3y] = rot(A[x, y]) */
            for (unsigned y = 0; y < 5; y++)
                b[y + 5 * ((2 * x + 3 * y) % 5)] = rotl64(a[x + 5 * y], rho[x + 5 * y]);
        for (unsigned y = 0; y < 5; y++) /* chi */
            for (unsigned x = 0; x < 5; x++)
                a[x + 5 * y] = b[x + 5 * y] ^ (~b[(x + 1) % 5 + 5 * y] & b[(x + 2) % 5 + 5 * y]);
        a[0] ^= rc[round]; /* iota */
    }
}

static void sponge_init(keccak_state *st)
{
    memset(st->s, 0, sizeof st->s);
    st->pos = 0;
}

static void sponge_absorb(keccak_state *st, size_t rate, const unsigned char *in, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        st->s[st->pos / 8] ^= (uint64_t)in[i] << (8 * (st->pos % 8));
        if (++st->pos == rate) {
            keccak_f1600(st->s);
            st->pos = 0;
        }
    }
}

/* Pads with the domain bits then pad10*1 (first byte `domain`, last byte 0x80), permutes, and
 * leaves pos at 0: the next byte squeezed is byte 0 of the state. */
static void sponge_finalize(keccak_state *st, size_t rate, unsigned char domain)
{
    st->s[st->pos / 8] ^= (uint64_t)domain << (8 * (st->pos % 8));
    st->s[(rate - 1) / 8] ^= (uint64_t)0x80 << (8 * ((rate - 1) % 8));
    keccak_f1600(st->s);
    st->pos = 0;
}

static void sponge_squeeze(keccak_state *st, size_t rate, unsigned char *out, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        if (st->pos == rate) {
            keccak_f1600(st->s);
            st->pos = 0;
        }
        out[i] = (unsigned char)(st->s[st->pos / 8] >> (8 * (st->pos % 8)));
        st->pos++;
    }
}

void shake256_inc_init(shake256incctx *state) { sponge_init(state); }
void shake256_inc_absorb(shake256incctx *state, const unsigned char *input, size_t inlen)
{
    sponge_absorb(state, SHAKE256_RATE, input, inlen);
}
void shake256_inc_finalize(shake256incctx *state) { sponge_finalize(state, SHAKE256_RATE, 0x1F); }
void shake256_inc_squeeze(unsigned char *output, size_t outlen, shake256incctx *state)
{
    sponge_squeeze(state, SHAKE256_RATE, output, outlen);
}

void sha3_256_inc_init(sha3_256incctx *state) { sponge_init(state); }
void sha3_256_inc_absorb(sha3_256incctx *state, const unsigned char *input, size_t inlen)
{
    sponge_absorb(state, SHA3_256_RATE, input, inlen);
}
void sha3_256_inc_finalize(unsigned char *output, sha3_256incctx *state)
{
    sponge_finalize(state, SHA3_256_RATE, 0x06);
    sponge_squeeze(state, SHA3_256_RATE, output, 32);
}

void sha3_512_inc_init(sha3_512incctx *state) { sponge_init(state); }
void sha3_512_inc_absorb(sha3_512incctx *state, const unsigned char *input, size_t inlen)
{
    sponge_absorb(state, SHA3_512_RATE, input, inlen);
}
void sha3_512_inc_finalize(unsigned char *output, sha3_512incctx *state)
{
    sponge_finalize(state, SHA3_512_RATE, 0x06);
    sponge_squeeze(state, SHA3_512_RATE, output, 64);
}
