/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* rm_peak.h: what every ISA's vectorised RM(1,7) decoder shares (the maximum-likelihood choice
 * of the inner code, spec "Decoding"): how many Walsh-Hadamard stages fit int8 lanes, and the
 * last step: from the 128-bit masks of the Hadamard lanes that reach the largest magnitude and
 * of the lanes that are positive, the decoded byte: the first such lane's index, with bit 7 set
 * when its value is positive. */
#ifndef HQC_RM_PEAK_H
#define HQC_RM_PEAK_H

#include <stdint.h>

#include "ct.h"
#include "params.h"

/* The first butterflies run on int8 lanes, half the vectors of int16: after k stages a lane is
 * a signed sum of 2^k counts of at most HQC_RM_COPIES, so int8 holds it while HQC_RM_COPIES * 2^k
 * <= 127 (k = 5 at HQC-1, 4 at HQC-3 and HQC-5); the decoders run the rest on int16. */
#define RM_INT8_STAGES (HQC_RM_COPIES * 32 <= 127 ? 5 : 4)
_Static_assert(HQC_RM_COPIES * 16 <= 127, "four int8 stages hold the counts");

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
