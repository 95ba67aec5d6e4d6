/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* syndromes.c: portable RS syndromes S_i = c(alpha^(i+1)), i < 2 delta, by Horner's rule
 * (spec section "Decoding the Reed-Solomon code", step 1). Constant time: the loop bounds and
 * the points alpha^(i+1) are public, gf256_mul is branch-free. */
#include "syndromes.h"

#include "gf256.h"

void rs_syndromes_ref(uint8_t *syn, const uint8_t *cdw)
{
    uint8_t point = 1;
    for (int i = 0; i < 2 * HQC_DELTA; i++) {
        point = gf256_mul(point, 2);
        uint8_t s = 0;
        for (int j = HQC_N1 - 1; j >= 0; j--)
            s = gf256_mul(s, point) ^ cdw[j];
        syn[i] = s;
    }
}
