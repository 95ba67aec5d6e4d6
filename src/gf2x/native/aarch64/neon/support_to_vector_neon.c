/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* support_to_vector_neon.c: v = sum of X^pos[j], the dense form of a fixed-weight vector (the
 * expansion after spec section "Sampling of fixed weight vectors"), in constant time: every
 * output word is compared with every position's word index (CMEQ), so the addresses touched
 * depend only on the level and the weight, never on the positions. The outer loop runs over
 * output words, four at a time in two Q registers that stay in registers while all positions
 * are folded in; the positions' word indices and bits are prepared once. */
#include "support_to_vector_neon.h"

#include <arm_neon.h>
#include <string.h>

#include "zeroize.h"

#define WORDS4 ((HQC_WORDS + 3) / 4 * 4)

void support_to_vector_neon(uint64_t *v, const uint32_t *support, size_t weight)
{
    uint64_t word[HQC_WEIGHT_MAX], bit[HQC_WEIGHT_MAX], out[WORDS4];
    if (weight > HQC_WEIGHT_MAX) /* a caller's bug, never data: the weight is public */
        __builtin_trap();
    for (size_t j = 0; j < weight; j++) {
        word[j] = support[j] >> 6;
        bit[j] = 1ULL << (support[j] & 63); /* LSL by a register: one fixed-latency ALU op */
    }
    for (size_t w = 0; w < WORDS4; w += 4) {
        const uint64x2_t idx0 = {w, w + 1}, idx1 = {w + 2, w + 3};
        uint64x2_t acc0 = vdupq_n_u64(0), acc1 = vdupq_n_u64(0);
        for (size_t j = 0; j < weight; j++) {
            uint64x2_t wj = vld1q_dup_u64(word + j), bj = vld1q_dup_u64(bit + j);
            acc0 = vorrq_u64(acc0, vandq_u64(bj, vceqq_u64(idx0, wj)));
            acc1 = vorrq_u64(acc1, vandq_u64(bj, vceqq_u64(idx1, wj)));
        }
        vst1q_u64(out + w, acc0);
        vst1q_u64(out + w + 2, acc1);
    }
    memcpy(v, out, HQC_WORDS * sizeof *v);
    zeroize(word, sizeof word);
    zeroize(bit, sizeof bit);
    zeroize(out, sizeof out);
}
