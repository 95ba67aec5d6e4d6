/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* sampling.c: dense and fixed-weight sampling from the XOF (spec section "Sampling":
 * SampleFixedWeightVect$ for keygen, and the rejection-free variant of Sendrier, "Secure
 * sampling of constant-weight words", eprint 2021/1631, Algorithm 5, for encryption). */
#include "sampling.h"

#include <string.h>

#include "ct.h"
#include "declassify.h"
#include "zeroize.h"

/* floor(2^32 / n): x mod n by one multiply-high and one conditional subtraction, so no
 * division instruction (whose latency can depend on its operands) is emitted. */
#define BARRETT_MU ((uint32_t)((1ULL << 32) / HQC_N))

static uint32_t reduce_mod_n(uint32_t x)
{
    uint32_t q = (uint32_t)(((uint64_t)x * BARRETT_MU) >> 32);
    uint32_t r = x - q * HQC_N;
    return r - (HQC_N & ~ct_mask_lt32(r, HQC_N));
}

void sample_dense_from_bytes(uint64_t v[HQC_WORDS])
{
    memset((uint8_t *)v + HQC_N_BYTES, 0, HQC_WORDS * sizeof *v - HQC_N_BYTES);
    v[HQC_WORDS - 1] &= HQC_TOP_MASK;
}

/* Positions fit in 16 bits at every level, so the duplicate checks compare 16-bit copies:
 * twice as many per vector step as 32-bit ones. */
_Static_assert(HQC_N <= 65536, "positions must fit in 16 bits");

/* All ones if x equals an element of list[0, len), else 0, reading every element. The loop
 * body is branch-free arithmetic (x ^ y is nonzero exactly when the top bit of d | -d is
 * set), which compilers vectorise eight or sixteen elements a step even at the SSE2
 * baseline: the duplicate checks are the quadratic part of sampling. */
static uint32_t ct_mask_in_list(uint16_t x, const uint16_t *list, size_t len)
{
    uint16_t all_differ = 0xFFFF;
    for (size_t j = 0; j < len; j++) {
        uint16_t d = (uint16_t)(list[j] ^ x);
        all_differ &= (uint16_t)(d | (uint16_t)(0u - d));
    }
    return (uint32_t)(all_differ >> 15) - 1u;
}

void sample_support_keygen(xof_stream *xof, uint32_t *support, size_t weight)
{
    uint16_t kept[HQC_OMEGA_R];
    size_t count = 0;
    while (count < weight) {
        uint8_t b[3];
        xof_stream_read(xof, b, 3);
        uint32_t draw = (uint32_t)b[0] | ((uint32_t)b[1] << 8) | ((uint32_t)b[2] << 16);
        uint32_t reject = ~ct_mask_lt32(draw, HQC_REJECT_THRESHOLD);
        uint32_t pos = reduce_mod_n(draw);
        uint32_t seen = ct_mask_in_list((uint16_t)pos, kept, count);
        /* Rejection sampling as the spec defines it: whether a draw is kept decides how many
         * XOF bytes are read. A rejected draw is discarded, so only the number of rejections
         * leaks, never an accepted position. */
        if (declassify_u32(reject | seen))
            continue;
        kept[count] = (uint16_t)pos;
        support[count++] = pos;
    }
    zeroize(kept, sizeof kept);
}

void sample_support_encrypt(shake256_ctx *xof, uint32_t *support, size_t weight)
{
    uint8_t bytes[4 * HQC_OMEGA_R];
    uint16_t pos[HQC_OMEGA_R];
    shake256_squeeze(xof, bytes, 4 * weight);
    for (size_t i = 0; i < weight; i++) {
        uint64_t r = (uint64_t)bytes[4 * i] | ((uint64_t)bytes[4 * i + 1] << 8) |
                     ((uint64_t)bytes[4 * i + 2] << 16) | ((uint64_t)bytes[4 * i + 3] << 24);
        pos[i] = (uint16_t)(i + ((r * (HQC_N - i)) >> 32));
    }
    /* From the end: a position already taken later in the list becomes i, which no later
     * entry can hold because entry k >= i+1 lies in [k, n). */
    for (size_t i = weight - 1; i-- > 0;) {
        /* pos[i + 1] was written by the previous step: compared on its own, so no vector
         * load reads it straight from the store buffer (a store-forwarding stall). */
        uint32_t taken = ct_mask_in_list(pos[i], pos + i + 1, 1) |
                         ct_mask_in_list(pos[i], pos + i + 2, weight - 2 - i);
        pos[i] = (uint16_t)((taken & (uint32_t)i) | (~taken & pos[i]));
    }
    for (size_t i = 0; i < weight; i++)
        support[i] = pos[i];
    zeroize(bytes, sizeof bytes);
    zeroize(pos, sizeof pos);
}

void support_to_vector_portable(uint64_t v[HQC_WORDS], const uint32_t *support, size_t weight)
{
    /* Every 32-bit word is visited for every position, so the addresses touched are public.
     * 32-bit lanes (not 64) because SSE2, the baseline this file is built for, compares 32-bit
     * lanes: the inner loop then vectorises four words at a time. Little-endian: bit p of the
     * vector is bit p % 32 of 32-bit word p / 32. */
    uint32_t v32[2 * HQC_WORDS] = {0};
    for (size_t j = 0; j < weight; j++) {
        uint32_t word = support[j] >> 5;
        uint32_t bit = 1u << (support[j] & 31);
        for (uint32_t w = 0; w < 2 * HQC_WORDS; w++)
            v32[w] |= bit & ct_mask_eq32(w, word);
    }
    memcpy(v, v32, sizeof v32);
    zeroize(v32, sizeof v32);
}
