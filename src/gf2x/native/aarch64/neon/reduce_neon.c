/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* reduce_neon.c: o = prod mod X^N - 1. Since X^N = 1, bit N + i of the product folds onto bit
 * i (HQC specification, section "Notation": arithmetic in GF(2)[X]/(X^n - 1)); the high part
 * starts N % 64 bits into a word, so each output word joins two words, two words per NEON
 * register (USHR, SHL, EOR). */
#include <arm_neon.h>
#include <stddef.h>

#include "reduce_neon.h"

#define FOLD_WORD (HQC_N / 64)
#define FOLD_BITS (HQC_N % 64)

_Static_assert(FOLD_BITS != 0, "every level has n % 64 != 0; a multiple of 64 needs no shifts");

void reduce_mod_xn_minus_1_neon(uint64_t *o, const uint64_t *prod)
{
    const uint64_t *high = prod + FOLD_WORD;
    size_t i = 0;
    for (; i + 2 <= HQC_WORDS; i += 2) {
        uint64x2_t lo = vld1q_u64(high + i), up = vld1q_u64(high + i + 1);
        uint64x2_t folded = vshrq_n_u64(lo, FOLD_BITS) ^ vshlq_n_u64(up, 64 - FOLD_BITS);
        vst1q_u64(o + i, vld1q_u64(prod + i) ^ folded);
    }
    /* An odd last word alone: o has no room for a whole register there. */
    for (; i < HQC_WORDS; i++)
        o[i] = prod[i] ^ (high[i] >> FOLD_BITS) ^ (high[i + 1] << (64 - FOLD_BITS));
    o[HQC_WORDS - 1] &= HQC_TOP_MASK;
}
