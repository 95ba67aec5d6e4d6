/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* fips202_fixed.c: SHAKE256, SHA3-256 and SHA3-512 (FIPS 202 sections 3, 5.1 and 6) behind the
 * incremental API of the HQC tree's lib/fips202/fips202.h, for test builds of a vendored tree
 * whose own fips202.c pads and squeezes wrongly, and for timing such a tree (scripts/bench-upstream)
 * with a permutation of the speed most portable C code has: one written-out round per loop step. */
#include <string.h>

#include "fips202.h"

/* The iota constants: bit 2^j - 1 of round i's constant is rc(j + 7i), rc being the LFSR
 * x^8 + x^6 + x^5 + x^4 + 1 (FIPS 202 algorithm 5), tabulated. */
static const uint64_t keccak_iota[24] = {
    0x0000000000000001ULL, 0x0000000000008082ULL, 0x800000000000808aULL,
    0x8000000080008000ULL, 0x000000000000808bULL, 0x0000000080000001ULL,
    0x8000000080008081ULL, 0x8000000000008009ULL, 0x000000000000008aULL,
    0x0000000000000088ULL, 0x0000000080008009ULL, 0x000000008000000aULL,
    0x000000008000808bULL, 0x800000000000008bULL, 0x8000000000008089ULL,
    0x8000000000008003ULL, 0x8000000000008002ULL, 0x8000000000000080ULL,
    0x000000000000800aULL, 0x800000008000000aULL, 0x8000000080008081ULL,
    0x8000000000008080ULL, 0x0000000080000001ULL, 0x8000000080008008ULL,
};

#define ROL64(v, n) (((v) << (n)) | ((v) >> (64 - (n))))

/* Keccak-f[1600] (FIPS 202 section 3.3) in the form most C implementations take: the 25 lanes
 * in locals (aXY is lane x + 5y), one round written out per loop step. theta's D is folded into
 * rho and pi, which write B[y, 2x + 3y] = rot(A[x, y] ^ D[x], r[x, y]) (offsets of algorithm
 * 2); chi and iota then give the next A. A wrong offset or constant changes every digest, and
 * the tests compare the official KAT digests. */
static void keccak_f1600(uint64_t s[25])
{
    uint64_t a00 = s[0];
    uint64_t a10 = s[1];
    uint64_t a20 = s[2];
    uint64_t a30 = s[3];
    uint64_t a40 = s[4];
    uint64_t a01 = s[5];
    uint64_t a11 = s[6];
    uint64_t a21 = s[7];
    uint64_t a31 = s[8];
    uint64_t a41 = s[9];
    uint64_t a02 = s[10];
    uint64_t a12 = s[11];
    uint64_t a22 = s[12];
    uint64_t a32 = s[13];
    uint64_t a42 = s[14];
    uint64_t a03 = s[15];
    uint64_t a13 = s[16];
    uint64_t a23 = s[17];
    uint64_t a33 = s[18];
    uint64_t a43 = s[19];
    uint64_t a04 = s[20];
    uint64_t a14 = s[21];
    uint64_t a24 = s[22];
    uint64_t a34 = s[23];
    uint64_t a44 = s[24];
    for (unsigned round = 0; round < 24; round++) {
        uint64_t c0 = a00 ^ a01 ^ a02 ^ a03 ^ a04;
        uint64_t c1 = a10 ^ a11 ^ a12 ^ a13 ^ a14;
        uint64_t c2 = a20 ^ a21 ^ a22 ^ a23 ^ a24;
        uint64_t c3 = a30 ^ a31 ^ a32 ^ a33 ^ a34;
        uint64_t c4 = a40 ^ a41 ^ a42 ^ a43 ^ a44;
        uint64_t d0 = c4 ^ ROL64(c1, 1);
        uint64_t d1 = c0 ^ ROL64(c2, 1);
        uint64_t d2 = c1 ^ ROL64(c3, 1);
        uint64_t d3 = c2 ^ ROL64(c4, 1);
        uint64_t d4 = c3 ^ ROL64(c0, 1);
        uint64_t b00 = (a00 ^ d0);
        uint64_t b10 = ROL64(a11 ^ d1, 44);
        uint64_t b20 = ROL64(a22 ^ d2, 43);
        uint64_t b30 = ROL64(a33 ^ d3, 21);
        uint64_t b40 = ROL64(a44 ^ d4, 14);
        uint64_t b01 = ROL64(a30 ^ d3, 28);
        uint64_t b11 = ROL64(a41 ^ d4, 20);
        uint64_t b21 = ROL64(a02 ^ d0, 3);
        uint64_t b31 = ROL64(a13 ^ d1, 45);
        uint64_t b41 = ROL64(a24 ^ d2, 61);
        uint64_t b02 = ROL64(a10 ^ d1, 1);
        uint64_t b12 = ROL64(a21 ^ d2, 6);
        uint64_t b22 = ROL64(a32 ^ d3, 25);
        uint64_t b32 = ROL64(a43 ^ d4, 8);
        uint64_t b42 = ROL64(a04 ^ d0, 18);
        uint64_t b03 = ROL64(a40 ^ d4, 27);
        uint64_t b13 = ROL64(a01 ^ d0, 36);
        uint64_t b23 = ROL64(a12 ^ d1, 10);
        uint64_t b33 = ROL64(a23 ^ d2, 15);
        uint64_t b43 = ROL64(a34 ^ d3, 56);
        uint64_t b04 = ROL64(a20 ^ d2, 62);
        uint64_t b14 = ROL64(a31 ^ d3, 55);
        uint64_t b24 = ROL64(a42 ^ d4, 39);
        uint64_t b34 = ROL64(a03 ^ d0, 41);
        uint64_t b44 = ROL64(a14 ^ d1, 2);
        a00 = b00 ^ (~b10 & b20);
        a10 = b10 ^ (~b20 & b30);
        a20 = b20 ^ (~b30 & b40);
        a30 = b30 ^ (~b40 & b00);
        a40 = b40 ^ (~b00 & b10);
        a01 = b01 ^ (~b11 & b21);
        a11 = b11 ^ (~b21 & b31);
        a21 = b21 ^ (~b31 & b41);
        a31 = b31 ^ (~b41 & b01);
        a41 = b41 ^ (~b01 & b11);
        a02 = b02 ^ (~b12 & b22);
        a12 = b12 ^ (~b22 & b32);
        a22 = b22 ^ (~b32 & b42);
        a32 = b32 ^ (~b42 & b02);
        a42 = b42 ^ (~b02 & b12);
        a03 = b03 ^ (~b13 & b23);
        a13 = b13 ^ (~b23 & b33);
        a23 = b23 ^ (~b33 & b43);
        a33 = b33 ^ (~b43 & b03);
        a43 = b43 ^ (~b03 & b13);
        a04 = b04 ^ (~b14 & b24);
        a14 = b14 ^ (~b24 & b34);
        a24 = b24 ^ (~b34 & b44);
        a34 = b34 ^ (~b44 & b04);
        a44 = b44 ^ (~b04 & b14);
        a00 ^= keccak_iota[round];
    }
    s[0] = a00;
    s[1] = a10;
    s[2] = a20;
    s[3] = a30;
    s[4] = a40;
    s[5] = a01;
    s[6] = a11;
    s[7] = a21;
    s[8] = a31;
    s[9] = a41;
    s[10] = a02;
    s[11] = a12;
    s[12] = a22;
    s[13] = a32;
    s[14] = a42;
    s[15] = a03;
    s[16] = a13;
    s[17] = a23;
    s[18] = a33;
    s[19] = a43;
    s[20] = a04;
    s[21] = a14;
    s[22] = a24;
    s[23] = a34;
    s[24] = a44;
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
