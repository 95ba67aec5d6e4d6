/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* rm_decode_neon.c: maximum-likelihood decoding of the duplicated RM(1,7) code with NEON (spec
 * section "Duplicated Reed-Muller codes"; the same function as src/hqc/reed_muller.c and
 * src/gf2x/native/x86_64/rm_decode_avx2.c): the 128 per-position counts live in sixteen vectors of eight
 * int16 lanes, the Walsh-Hadamard butterflies are lane permutations (REV32, REV64, EXT) and a
 * sign select, and the first largest peak is found with masks, never with a secret index or
 * branch. Every instruction used has data-independent timing (no division, no table load). */
#include <arm_neon.h>

#include "rm_decode_neon.h"
#include "rm_peak.h"

/* Lanes i of vector v: codeword positions 8 v + i. */
static void count_ones(int16x8_t t[16], const uint64_t *block)
{
    const uint16x8_t bit = {1, 2, 4, 8, 16, 32, 64, 128};
    for (int v = 0; v < 16; v++)
        t[v] = vdupq_n_s16(0);
    for (int c = 0; c < HQC_RM_COPIES; c++)
        for (int v = 0; v < 16; v++) {
            uint16_t chunk = (uint8_t)(block[2 * c + v / 8] >> (8 * (v % 8)));
            /* CMTST: all ones where the bit is set, which is -1: subtract it. */
            t[v] = vsubq_s16(t[v], vreinterpretq_s16_u16(vtstq_u16(vdupq_n_u16(chunk), bit)));
        }
}

/* One butterfly stage of stride s < 8 inside a vector: lane p becomes partner + x if bit s of
 * p is clear, partner - x otherwise (partner = lane p ^ s); upper marks the lanes with bit s. */
static inline int16x8_t butterfly_in_vector(int16x8_t x, int16x8_t partner, uint16x8_t upper)
{
    return vaddq_s16(partner, vbslq_s16(upper, vnegq_s16(x), x));
}

static void walsh_hadamard_neon(int16x8_t t[16])
{
    const uint16x8_t u1 = {0, 0xffff, 0, 0xffff, 0, 0xffff, 0, 0xffff};
    const uint16x8_t u2 = {0, 0, 0xffff, 0xffff, 0, 0, 0xffff, 0xffff};
    const uint16x8_t u4 = {0, 0, 0, 0, 0xffff, 0xffff, 0xffff, 0xffff};
    for (int v = 0; v < 16; v++) {
        int16x8_t x = t[v];
        x = butterfly_in_vector(x, vrev32q_s16(x), u1);
        x = butterfly_in_vector(x, vreinterpretq_s16_s32(vrev64q_s32(vreinterpretq_s32_s16(x))), u2);
        x = butterfly_in_vector(x, vextq_s16(x, x, 4), u4);
        t[v] = x;
    }
    for (int s = 1; s < 16; s <<= 1) /* strides 8 to 64 lanes: between vectors */
        for (int v = 0; v < 16; v++)
            if (!(v & s)) {
                int16x8_t a = t[v], b = t[v + s];
                t[v] = vaddq_s16(a, b);
                t[v + s] = vsubq_s16(a, b);
            }
}

/* One bit per lane, lanes in order, from sixteen compare results: each narrowed to bytes,
 * weighted by its lane's bit and summed across the vector (ADDV). */
static void lane_mask(uint64_t out[2], const uint16x8_t m[16])
{
    const uint8x8_t weight = {1, 2, 4, 8, 16, 32, 64, 128};
    out[0] = out[1] = 0;
    for (int v = 0; v < 16; v++)
        out[v / 8] |= (uint64_t)vaddv_u8(vand_u8(vmovn_u16(m[v]), weight)) << (8 * (v % 8));
}

static uint8_t decode_symbol_neon(const uint64_t *block)
{
    int16x8_t t[16], absv[16];
    uint16x8_t eq[16], pos[16];
    count_ones(t, block);
    walsh_hadamard_neon(t);
    /* Same normalisation as the portable decoder: subtract 64 * copies at position 0. */
    t[0] = vsubq_s16(t[0], (int16x8_t){64 * HQC_RM_COPIES, 0, 0, 0, 0, 0, 0, 0});

    int16x8_t best = vdupq_n_s16(0);
    for (int v = 0; v < 16; v++) {
        absv[v] = vabsq_s16(t[v]);
        best = vmaxq_s16(best, absv[v]);
    }
    best = vdupq_n_s16(vmaxvq_s16(best));
    for (int v = 0; v < 16; v++) {
        eq[v] = vceqq_s16(absv[v], best);
        pos[v] = vcgtq_s16(t[v], vdupq_n_s16(0));
    }
    uint64_t eqm[2], posm[2];
    lane_mask(eqm, eq);
    lane_mask(posm, pos);

    return rm_first_peak(eqm, posm);
}

void rm_decode_neon(uint8_t *msg, const uint64_t *cdw)
{
    for (int i = 0; i < HQC_N1; i++)
        msg[i] = decode_symbol_neon(cdw + 2 * HQC_RM_COPIES * i);
}
