/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* rm_peak.h: what every ISA's vectorised RM(1,7) decoder shares (the maximum-likelihood choice
 * of the inner code, spec "Decoding"): how many Walsh-Hadamard stages fit int8 lanes, and the
 * key that turns the choice of the first largest |coefficient| into a minimum over 16-bit
 * lanes, with the decoded byte (that lane's index, bit 7 set when it is positive) in the key. */
#ifndef HQC_RM_PEAK_H
#define HQC_RM_PEAK_H

#include <stdint.h>

#include "params.h"

/* The first butterflies run on int8 lanes, half the vectors of int16: after k stages a lane is
 * a signed sum of 2^k counts of at most HQC_RM_COPIES, so int8 holds it while HQC_RM_COPIES * 2^k
 * <= 127 (k = 5 at HQC-1, 4 at HQC-3 and HQC-5); the decoders run the rest on int16. */
#define RM_INT8_STAGES (HQC_RM_COPIES * 32 <= 127 ? 5 : 4)
_Static_assert(HQC_RM_COPIES * 16 <= 127, "four int8 stages hold the counts");

/* The peak as one unsigned 16-bit key a lane, the smallest key winning:
 *     key = (255 - |t| / 2) << 8  |  lane << 1  |  (t >= 0)
 * so a decoder takes a minimum over the lanes instead of a maximum, masks and a scan. Each
 * computes it as (|t| [/ 2] << 8 | t < 0) ^ (RM_KEY_FLIP | lane << 1).
 * - |t| / 2 orders the lanes as |t| does: every coefficient is the total count with some signs
 *   flipped (and the even 64 * copies taken from coefficient 0), so all have its parity.
 *   |t| <= 64 * copies keeps |t| / 2 in a byte; where 64 * copies < 256 (HQC-1) |t| itself
 *   fits and is used (RM_KEY_HALVE 0).
 * - Equal magnitudes: the lower lane has the smaller key, so the first peak wins. The lanes
 *   differ above bit 0, so the sign never decides.
 * - The sign: at the peak t != 0 (all 128 coefficients zero would make every count copies / 2,
 *   and copies is odd), so t >= 0 is the portable decoder's t > 0. The key holds it as is so
 *   that the decoded byte takes bit 0 without a negation: gcc -O0 compiled (~key & 1) << 7 as
 *   a test and a jump on the secret sign (liboqs's valgrind test of a Debug build found it). */
#define RM_KEY_HALVE (64 * HQC_RM_COPIES > 255)
#define RM_KEY_FLIP 0xff01u /* 255 - m == m ^ 0xff on a byte; (t < 0) ^ 1 == (t >= 0) */
_Static_assert(HQC_RM_COPIES % 2 == 1, "the peak is never zero");
_Static_assert(64 * HQC_RM_COPIES / (1 + RM_KEY_HALVE) <= 255, "the magnitude fits the key's byte");

/* The decoded byte from the smallest key: its lane, with bit 7 set when the peak is positive. */
static inline uint8_t rm_peak_from_key(uint32_t key)
{
    return (uint8_t)(((key >> 1) & 127) | ((key & 1) << 7));
}

#endif
