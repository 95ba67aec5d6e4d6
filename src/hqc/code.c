/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* code.c: encoding and decoding of the concatenated code C = RM o RS (spec section
 * "Concatenated codes"): each RS symbol becomes one duplicated RM codeword. A dialect may
 * speak an isomorphic copy of the spec's code (dialect.h, columns field and rm_order): its
 * symbols are mapped to the spec's field, and its RM bits put back in the spec's order, around
 * the one encoder and decoder (and the backends' RM decoders and RS syndromes). */
#include "code.h"

#include "reed_muller.h"
#include "reed_solomon.h"
#include "zeroize.h"

/* The GF(2)-linear map b(x) -> b(x + 1) on bytes read as polynomials of degree < 8. It sends
 * GF(2^8) mod 0x11B onto GF(2^8) mod 0x11D, since 0x11D's polynomial has the root x + 1 mod
 * 0x11B, and x + 1 (0x11B's alpha) to x (0x11D's alpha); applied twice it is the identity
 * (x + 1 + 1 = x), so it is also the inverse map. Column i is (x + 1)^i, whose coefficient j is
 * binomial(i, j) mod 2 = 1 iff j's bits are a subset of i's (Lucas). Constant time: masks. */
static uint8_t shift_by_one(uint8_t b)
{
    uint8_t out = 0;
    for (unsigned i = 0; i < 8; i++) {
        uint8_t column = 0;
        for (unsigned j = 0; j < 8; j++)
            column |= (uint8_t)(((j & ~i) == 0) << j);
        out ^= (uint8_t)(column & (uint8_t)(0u - ((b >> i) & 1u)));
    }
    return out;
}

static void shift_bytes(uint8_t *bytes, size_t len)
{
    for (size_t i = 0; i < len; i++)
        bytes[i] = shift_by_one(bytes[i]);
}

/* Bit p of every byte moves to bit 7 - p (codeword bit p to p ^ 7: rm_order 1). */
static void reverse_bits_in_bytes(uint64_t *w, size_t words)
{
    for (size_t i = 0; i < words; i++) {
        uint64_t x = w[i];
        x = ((x >> 1) & 0x5555555555555555ULL) | ((x & 0x5555555555555555ULL) << 1);
        x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2);
        x = ((x >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((x & 0x0F0F0F0F0F0F0F0FULL) << 4);
        w[i] = x;
    }
}

#ifdef HQC_BACKEND_NATIVE_OPS
void code_encode_with(const hqc_dialect *d, uint64_t cdw[HQC_N1N2_WORDS], const uint8_t msg[HQC_K],
                      const hqc_backend *be)
#else
void code_encode(const hqc_dialect *d, uint64_t cdw[HQC_N1N2_WORDS], const uint8_t msg[HQC_K])
#endif
{
    uint8_t rs[HQC_N1], m[HQC_K];
    for (size_t i = 0; i < HQC_K; i++)
        m[i] = msg[i];
    if (d->field_11b)
        shift_bytes(m, HQC_K);
#ifdef HQC_BACKEND_NATIVE_OPS
    if (be->encode_rs != NULL)
        be->encode_rs(rs, m);
    else
#endif
        rs_encode(rs, m);
    if (d->field_11b)
        shift_bytes(rs, HQC_N1);
#ifdef HQC_BACKEND_NATIVE_OPS
    if (be->encode_rm != NULL)
        be->encode_rm(cdw, rs);
    else
#endif
        rm_encode(cdw, rs);
    if (d->rm_reversed)
        reverse_bits_in_bytes(cdw, HQC_N1N2_WORDS);
    zeroize(rs, sizeof rs);
    zeroize(m, sizeof m);
}

#ifdef HQC_BACKEND_NATIVE_OPS
void code_encode(const hqc_dialect *d, uint64_t cdw[HQC_N1N2_WORDS], const uint8_t msg[HQC_K])
{
    code_encode_with(d, cdw, msg, &HQC_NS(backend_ref));
}
#endif

void code_decode(const hqc_dialect *d, uint8_t msg[HQC_K], uint64_t cdw[HQC_N1N2_WORDS], const hqc_backend *be)
{
    uint8_t rs[HQC_N1];
    /* In place rather than in a copy: a copy would add n1 n2 bits to decapsulation's stack. */
    if (d->rm_reversed)
        reverse_bits_in_bytes(cdw, HQC_N1N2_WORDS);
    be->rm_decode(rs, cdw);
    if (d->field_11b)
        shift_bytes(rs, HQC_N1);
    rs_decode(msg, rs, be);
    if (d->field_11b)
        shift_bytes(msg, HQC_K);
    zeroize(rs, sizeof rs);
}
