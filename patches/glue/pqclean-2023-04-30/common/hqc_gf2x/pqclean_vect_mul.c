/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* pqclean_vect_mul.c: PQClean round-4 HQC's multiplication entry point, v1 * v2 mod (X^n - 1) on
 * ceil(n/64) words, served by one of the hqc-gf2x backends (the contract of backend.h). The
 * makefile compiles it once per level and slot with -DHQC_LEVEL, -DHQC_GF2X_TABLE (the backend
 * table, e.g. backend_avx2) and -DHQC_GF2X_VECT_MUL (e.g. PQCLEAN_HQC128_CLEAN_vect_mul). */
#include <stdint.h>
#include <string.h>

#include "backend.h"
#include "parameters.h" /* PQClean's: PARAM_N of the scheme being built */

#if !defined(HQC_GF2X_TABLE) || !defined(HQC_GF2X_VECT_MUL)
#error "define HQC_GF2X_TABLE and HQC_GF2X_VECT_MUL"
#endif

_Static_assert(PARAM_N == HQC_N, "the scheme's n is not the n of this HQC_LEVEL");

void HQC_GF2X_VECT_MUL(uint64_t *o, const uint64_t *v1, const uint64_t *v2);

/* Our backends require the bits at n and above to be zero, but PQClean passes the u read from a
 * ciphertext as is, so a forged ciphertext can set them; the masked copies keep the contract.
 * For such a ciphertext the re-encryption check fails with or without those bits, so the
 * shared secret is the rejection value either way. */
void HQC_GF2X_VECT_MUL(uint64_t *o, const uint64_t *v1, const uint64_t *v2)
{
    uint64_t a[HQC_WORDS], b[HQC_WORDS];
    memcpy(a, v1, sizeof a);
    memcpy(b, v2, sizeof b);
    a[HQC_WORDS - 1] &= HQC_TOP_MASK;
    b[HQC_WORDS - 1] &= HQC_TOP_MASK;
    HQC_NS(HQC_GF2X_TABLE).mul(o, a, b);
}
