/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* vect_mul.c: the x86_64 tree's multiplication entry point, o = v1 * v2 mod (X^n - 1) on vectors
 * padded to 256-bit words (upstream src/x86_64/common/gf2x.h), served by an hqc-gf2x backend
 * (the contract of backend.h). avx512.cmake compiles it once per level with -DHQC_LEVEL and
 * -DHQC_GF2X_TABLE (the backend table, e.g. backend_avx512). */
#include <immintrin.h>
#include <stdint.h>
#include <string.h>

#include "backend.h"
#include "gf2x.h"
#include "parameters.h" /* upstream's: PARAM_N of the level being built */

#ifndef HQC_GF2X_TABLE
#error "define HQC_GF2X_TABLE"
#endif

_Static_assert(PARAM_N == HQC_N, "the tree's n is not the n of this HQC_LEVEL");

/* Our backends require the bits at n and above to be zero, but the u of a ciphertext reaches
 * vect_mul as received, so a forged ciphertext can set them; the masked copies keep the
 * contract, and such a ciphertext fails the re-encryption check with or without those bits.
 * Upstream writes only the first ceil(n/8) bytes of o; we write ceil(n/64) words, the extra
 * bytes being zero (bits >= n) as upstream's callers expect of the padding. */
void vect_mul(__m256i *o, const __m256i *v1, const __m256i *v2)
{
    uint64_t a[HQC_WORDS], b[HQC_WORDS];
    memcpy(a, v1, sizeof a);
    memcpy(b, v2, sizeof b);
    a[HQC_WORDS - 1] &= HQC_TOP_MASK;
    b[HQC_WORDS - 1] &= HQC_TOP_MASK;
    HQC_NS(HQC_GF2X_TABLE).mul((uint64_t *)o, a, b);
}
