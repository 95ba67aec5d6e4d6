/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* rm_decode_neon.c: maximum-likelihood decoding of the duplicated RM(1,7) code with NEON (spec
 * section "Duplicated Reed-Muller codes"; the same function as src/hqc/reed_muller.c and
 * src/gf2x/native/x86_64/rm_decode_avx2.c): the 128 per-position counts, the Walsh-Hadamard
 * butterflies as lane permutations (REV16, REV32, REV64, EXT) and a sign select, first on int8
 * lanes (eight vectors) and then on int16 (sixteen), and the first largest peak as the smallest
 * key (rm_peak.h; UMINV), never with a secret index or branch. Every instruction used has data-independent
 * timing (no division, no table load). */
#include <arm_neon.h>

#include "rm_decode_neon.h"
#include "rm_peak.h"

/* The counts and the first RM_INT8_STAGES stages (rm_peak.h) on int8 lanes. Lanes i of vector
 * v: codeword positions 16 v + i, bit i % 8 of the copy's byte 2 v + i / 8. */
static void count_ones(int8x16_t b[8], const uint64_t *block)
{
    const uint8x16_t bit = {1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128};
    for (int v = 0; v < 8; v++)
        b[v] = vdupq_n_s8(0);
    for (int c = 0; c < HQC_RM_COPIES; c++)
        for (int v = 0; v < 8; v++) {
            uint64_t word = block[2 * c + v / 4] >> (16 * (v % 4));
            uint8x16_t bytes = vcombine_u8(vdup_n_u8((uint8_t)word), vdup_n_u8((uint8_t)(word >> 8)));
            /* CMTST: all ones where the bit is set, which is -1: subtract it. */
            b[v] = vsubq_s8(b[v], vreinterpretq_s8_u8(vtstq_u8(bytes, bit)));
        }
}

/* One butterfly stage of stride s < 16 inside a vector: lane p becomes partner + x if bit s of
 * p is clear, partner - x otherwise (partner = lane p ^ s); upper marks the lanes with bit s. */
static inline int8x16_t butterfly_in_vector(int8x16_t x, int8x16_t partner, uint8x16_t upper)
{
    return vaddq_s8(partner, vbslq_s8(upper, vnegq_s8(x), x));
}

/* t[v], lane i: Hadamard coefficient 8 v + i of the counts. */
static void walsh_hadamard_neon(int16x8_t t[16], int8x16_t b[8])
{
    const uint8x16_t u1 = vreinterpretq_u8_u16(vdupq_n_u16(0xff00));
    const uint8x16_t u2 = vreinterpretq_u8_u32(vdupq_n_u32(0xffff0000u));
    const uint8x16_t u4 = vreinterpretq_u8_u64(vdupq_n_u64(0xffffffff00000000u));
    const uint8x16_t u8 = vcombine_u8(vdup_n_u8(0), vdup_n_u8(0xff));
    for (int v = 0; v < 8; v++) {
        int8x16_t x = b[v];
        x = butterfly_in_vector(x, vrev16q_s8(x), u1);
        x = butterfly_in_vector(x, vreinterpretq_s8_s16(vrev32q_s16(vreinterpretq_s16_s8(x))), u2);
        x = butterfly_in_vector(x, vreinterpretq_s8_s32(vrev64q_s32(vreinterpretq_s32_s8(x))), u4);
        x = butterfly_in_vector(x, vextq_s8(x, x, 8), u8);
        b[v] = x;
    }
    if (RM_INT8_STAGES == 5) /* stride 16: between vectors */
        for (int v = 0; v < 8; v += 2) {
            int8x16_t a = b[v], c = b[v + 1];
            b[v] = vaddq_s8(a, c);
            b[v + 1] = vsubq_s8(a, c);
        }
    for (int v = 0; v < 8; v++) { /* sign-extended */
        t[2 * v] = vmovl_s8(vget_low_s8(b[v]));
        t[2 * v + 1] = vmovl_high_s8(b[v]);
    }
    /* The remaining strides (16 lanes at HQC-3 and HQC-5, then 32 and 64) between vectors. */
    for (int s = RM_INT8_STAGES == 5 ? 4 : 2; s < 16; s <<= 1)
        for (int v = 0; v < 16; v++)
            if (!(v & s)) {
                int16x8_t a = t[v], c = t[v | s]; /* v | s = v + s, which gcc's bounds check cannot see */
                t[v] = vaddq_s16(a, c);
                t[v | s] = vsubq_s16(a, c);
            }
}

/* The peak key of each lane of t (rm_peak.h): (|t| [/ 2] << 8 | t < 0) ^ (RM_KEY_FLIP | lane << 1),
 * lane_bits = RM_KEY_FLIP | lane << 1 for these 8 lanes; SLI shifts and inserts in one step. */
static inline uint16x8_t peak_keys(int16x8_t t, uint16x8_t lane_bits)
{
    uint16x8_t a = vreinterpretq_u16_s16(vabsq_s16(t));
    if (RM_KEY_HALVE)
        a = vshrq_n_u16(a, 1);
    return veorq_u16(vsliq_n_u16(vshrq_n_u16(vreinterpretq_u16_s16(t), 15), a, 8), lane_bits);
}

/* Inlined into the loop below, so its constants are set up once. */
static inline __attribute__((always_inline)) uint8_t decode_symbol_neon(const uint64_t *block)
{
    int8x16_t b[8];
    int16x8_t t[16];
    count_ones(b, block);
    walsh_hadamard_neon(t, b);
    /* Same normalisation as the portable decoder: subtract 64 * copies at position 0. */
    t[0] = vsubq_s16(t[0], (int16x8_t){64 * HQC_RM_COPIES, 0, 0, 0, 0, 0, 0, 0});

    const uint16x8_t lanes = {RM_KEY_FLIP | 0, RM_KEY_FLIP | 2, RM_KEY_FLIP | 4, RM_KEY_FLIP | 6,
                               RM_KEY_FLIP | 8, RM_KEY_FLIP | 10, RM_KEY_FLIP | 12, RM_KEY_FLIP | 14};
    uint16x8_t key = peak_keys(t[0], lanes);
    for (int v = 1; v < 16; v++)
        key = vminq_u16(key, peak_keys(t[v], vaddq_u16(lanes, vdupq_n_u16((uint16_t)(16 * v)))));
    return rm_peak_from_key(vminvq_u16(key));
}

void rm_decode_neon(uint8_t *msg, const uint64_t *cdw)
{
    for (int i = 0; i < HQC_N1; i++)
        msg[i] = decode_symbol_neon(cdw + 2 * HQC_RM_COPIES * i);
}
