/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* rm_peak.h: the last step of a vectorised RM(1,7) decoder (the maximum-likelihood choice of
 * the inner code, spec "Decoding"): from the 128-bit masks of the Hadamard lanes that reach the
 * largest magnitude and of the lanes that are positive, the decoded byte: the first such lane's
 * index, with bit 7 set when its value is positive. Shared by every ISA's decoder. */
#ifndef HQC_RM_PEAK_H
#define HQC_RM_PEAK_H

#include <stdint.h>

#include "ct.h"

/* eqm, posm: lane i is bit i % 64 of word i / 64. eqm is never zero (the maximum is reached).
 * The low word decides when it has a hit; masks instead of a branch, and the ctz operands are
 * never zero (CTZ/TZCNT/RBIT+CLZ are constant time on the targets we build for). */
static inline uint8_t rm_first_peak(const uint64_t eqm[2], const uint64_t posm[2])
{
    uint64_t low_hit = ct_barrier64(0 - (uint64_t)((eqm[0] | (0 - eqm[0])) >> 63)); /* ct.h */
    uint64_t first_lo = eqm[0] & (0 - eqm[0]), first_hi = eqm[1] & (0 - eqm[1]) & ~low_hit;
    uint64_t index = (low_hit & (uint64_t)__builtin_ctzll(eqm[0] | (1ULL << 63))) |
                     (~low_hit & (64 + (uint64_t)__builtin_ctzll(eqm[1] | (1ULL << 63))));
    uint64_t positive = ((first_lo & posm[0]) | (first_hi & posm[1])) != 0;
    return (uint8_t)(index | (positive << 7));
}

#endif
