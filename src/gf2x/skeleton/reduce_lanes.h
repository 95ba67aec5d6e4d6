/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* reduce_lanes.h: o = prod mod X^N - 1 in the including backend's lane type (skeleton_lane.h):
 * since X^N = 1, bit N + i of the product folds onto bit i (HQC specification, section
 * "Notation": arithmetic in GF(2)[X]/(X^n - 1)); the high part starts N % 64 bits into a word,
 * so each output word joins two words. The x86 and aarch64 reductions are this one loop. */
#ifndef HQC_GF2X_REDUCE_LANES_H
#define HQC_GF2X_REDUCE_LANES_H

#include <stddef.h>
#include <stdint.h>

#include "params.h"

#define FOLD_WORD (HQC_N / 64)
#define FOLD_BITS (HQC_N % 64)

_Static_assert(FOLD_BITS != 0, "every level has n % 64 != 0; a multiple of 64 needs no shifts");

/* prod: the 2 * HQC_WORDS words of a full product (read up to word FOLD_WORD + HQC_WORDS);
 * o: HQC_WORDS words, bits >= N cleared. */
HQC_VEC_INLINE void reduce_lanes(uint64_t *o, const uint64_t *prod)
{
    const uint64_t *high = prod + FOLD_WORD;
    size_t i = 0;
    for (; i + 4 <= HQC_WORDS; i += 4) {
        vec256 folded = vshr_words(ld(high + i), FOLD_BITS) ^ vshl_words(ld(high + i + 1), 64 - FOLD_BITS);
        st(o + i, ld(prod + i) ^ folded);
    }
    /* The last HQC_WORDS % 4 words one at a time: o has no room for a whole vector there. */
    for (; i < HQC_WORDS; i++)
        o[i] = prod[i] ^ (high[i] >> FOLD_BITS) ^ (high[i + 1] << (64 - FOLD_BITS));
    o[HQC_WORDS - 1] &= HQC_TOP_MASK;
}

#endif
