/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* syndromes.c: portable RS syndromes S_i = c(alpha^(i+1)), i < 2 delta, by Horner's rule
 * (spec section "Decoding the Reed-Solomon code", step 1). Constant time: the loop bounds and
 * the points alpha^(i+1) are public, gf256_mul is branch-free. */
#include "syndromes.h"

#include "gf256.h"

/*@ requires \valid(syn + (0 .. 2 * HQC_DELTA - 1)) && \valid_read(cdw + (0 .. HQC_N1 - 1));
    requires \separated(syn + (0 .. 2 * HQC_DELTA - 1), cdw + (0 .. HQC_N1 - 1));
    assigns syn[0 .. 2 * HQC_DELTA - 1]; */
void rs_syndromes_ref(uint8_t *syn, const uint8_t *cdw)
{
    uint8_t point = 1;
    /*@ loop invariant 0 <= i <= 2 * HQC_DELTA;
        loop assigns i, point, syn[0 .. 2 * HQC_DELTA - 1];
        loop variant 2 * HQC_DELTA - i; */
    for (int i = 0; i < 2 * HQC_DELTA; i++) {
        point = gf256_mul(point, 2);
        uint8_t s = 0;
        /*@ loop invariant -1 <= j < HQC_N1;
            loop assigns j, s;
            loop variant j; */
        for (int j = HQC_N1 - 1; j >= 0; j--)
            s = gf256_mul(s, point) ^ cdw[j];
        syn[i] = s;
    }
}
