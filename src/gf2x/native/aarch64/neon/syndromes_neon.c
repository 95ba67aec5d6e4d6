/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* syndromes_neon.c: RS syndromes S_i = c(p_i), p_i = alpha^(i+1), i < 2 delta (spec section
 * "Decoding the Reed-Solomon code", step 1), the method of src/gf2x/native/x86_64/syndromes_avx2.c with
 * its generated tables, one syndrome per Q register: with j = 16 m + r, S_i = sum_r p^r sum_m
 * c[16m+r] (p^16)^m, the 16 bytes run Horner's rule in p^16 side by side, then a 4-level tree
 * folds byte r in with weight p^r. Multiplying by a constant is two TBL nibble look-ups in a
 * register, so no address and no timing depends on the codeword. */
#include "syndromes_neon.h"

#include <arm_neon.h>
#include <string.h>

#include "syndromes_tables.h"
#include "zeroize.h"

#define CHUNKS ((HQC_N1 + 15) / 16)

_Static_assert(2 * HQC_DELTA <= SYNDROMES_TABLE_COUNT, "generated tables cover 2 delta syndromes");

/* v * c in every byte; the table rows hold the products of c with the 16 low and the 16 high
 * nibbles, lane (16 bytes) `half` of the generated 32-byte rows: half 0 for S_2q, 1 for
 * S_2q+1. */
static inline uint8x16_t mul_by_constant(uint8x16_t v, const uint8_t tables[2][32], int half)
{
    uint8x16_t lo = vandq_u8(v, vdupq_n_u8(0x0f)), hi = vshrq_n_u8(v, 4);
    return veorq_u8(vqtbl1q_u8(vld1q_u8(tables[0] + 16 * half), lo), vqtbl1q_u8(vld1q_u8(tables[1] + 16 * half), hi));
}

/* Byte 0 of the result: S for the constant of tables[.] lane half. */
static uint8_t syndrome(const uint8x16_t chunk[CHUNKS], const uint8_t (*tables)[2][32], int half)
{
    const uint8x16_t zero = vdupq_n_u8(0);
    uint8x16_t acc = chunk[CHUNKS - 1];
    for (int m = CHUNKS - 2; m >= 0; m--)
        acc = veorq_u8(mul_by_constant(acc, tables[4], half), chunk[m]);
    /* Level t pairs byte r with byte r + 2^t, the latter weighted by p^(2^t). */
    acc = veorq_u8(acc, vextq_u8(mul_by_constant(acc, tables[0], half), zero, 1));
    acc = veorq_u8(acc, vextq_u8(mul_by_constant(acc, tables[1], half), zero, 2));
    acc = veorq_u8(acc, vextq_u8(mul_by_constant(acc, tables[2], half), zero, 4));
    acc = veorq_u8(acc, vextq_u8(mul_by_constant(acc, tables[3], half), zero, 8));
    return vgetq_lane_u8(acc, 0);
}

void rs_syndromes_neon(uint8_t *syn, const uint8_t *cdw)
{
    uint8_t padded[16 * CHUNKS] = {0};
    uint8x16_t chunk[CHUNKS];
    memcpy(padded, cdw, HQC_N1);
    for (int m = 0; m < CHUNKS; m++)
        chunk[m] = vld1q_u8(padded + 16 * m);
    for (int q = 0; q < HQC_DELTA; q++) {
        syn[2 * q] = syndrome(chunk, syndromes_nibble_tables[q], 0);
        syn[2 * q + 1] = syndrome(chunk, syndromes_nibble_tables[q], 1);
    }
    zeroize(padded, sizeof padded);
    zeroize(chunk, sizeof chunk);
}
