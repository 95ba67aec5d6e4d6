/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* reduce.c: portable reduction of a 2W-word product modulo X^N - 1 (X^N = 1, so the bits at
 * N and above fold back onto bit 0). Shared by the portable backend and by tests. */
#include "reduce.h"

void reduce_mod_xn_minus_1(uint64_t *o, const uint64_t *p)
{
    const unsigned shift = HQC_N % 64, off = HQC_N / 64;
    for (size_t i = 0; i < HQC_WORDS; i++) {
        uint64_t high = p[off + i] >> shift;
        if (shift)  /* public: a property of the level, not of the data */
            high |= p[off + i + 1] << (64 - shift);
        o[i] = p[i] ^ high;
    }
    o[HQC_WORDS - 1] &= HQC_TOP_MASK;
}
