/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* keygen_discards_shared.h: what the keygen_discards kernels (keygen_discards_avx2.c,
 * avx512/keygen_discards_vbmi.c) share: the constants of a draw's key, floor(d / n) of a 24-bit
 * draw d by one multiply and a shift as sampling.c's draw_key computes it (the spec's
 * SampleFixedWeightVect$, its reduction mod n below the rejection threshold), and the helpers
 * of their two-rows-a-broadcast compares. */
#ifndef HQC_KEYGEN_DISCARDS_SHARED_H
#define HQC_KEYGEN_DISCARDS_SHARED_H

#include <stdint.h>
#include <string.h>

#include "params.h"

/* Exact: Granlund and Montgomery's Theorem 4.2 for s = 24 + ceil(log2 n). */
#define KEYGEN_KEY_SHIFT (24 + (HQC_N <= 32768 ? 15 : 16))
#define KEYGEN_KEY_MU ((((uint64_t)1 << KEYGEN_KEY_SHIFT) + HQC_N - 1) / HQC_N)
_Static_assert(KEYGEN_KEY_MU * HQC_N - ((uint64_t)1 << KEYGEN_KEY_SHIFT) <= ((uint64_t)1 << (KEYGEN_KEY_SHIFT - 24)),
               "exact quotient");
_Static_assert(KEYGEN_KEY_MU < ((uint64_t)1 << 32) && KEYGEN_KEY_SHIFT >= 32,
               "a 32 x 32-bit product, its quotient above bit 32");
_Static_assert(HQC_N < 0xFFFF, "0xFFFF is never a position");
_Static_assert(HQC_REJECT_THRESHOLD < ((uint32_t)1 << 31), "signed 32-bit compares order the draws");

/* The 32-bit word at p (two adjacent rows). */
static inline uint32_t keygen_pair_at(const uint16_t *p)
{
    uint32_t w;
    memcpy(&w, p, sizeof w);
    return w;
}

/* Bit 2 i of m to bit 2 i + 1 and back, for every i: a compare of the keys with their words
 * swapped, back in the keys' order. */
static inline uint32_t keygen_swap_pairs(uint32_t m)
{
    return ((m & 0x55555555u) << 1) | ((m >> 1) & 0x55555555u);
}

#endif
