/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* support_compilers.c: the x86 support expansions (support_to_vector_avx2 and _gfni, the dense
 * vector of a fixed-weight support, spec "Sampling") against a bit-by-bit reference, built by
 * tests/test_support_compilers.py with several compilers and optimisation levels: clang 14 to
 * 19 once miscompiled the gfni kernel (a broadcast affine's disp8, LLVM pull request 120340). */
#include <stdio.h>
#include <string.h>

#include "params.h"
#include "support_to_vector_avx2.h"
#include "support_to_vector_gfni.h"

static uint64_t rng = 0x2545f4914f6cdd1dULL;
static uint32_t below(uint32_t bound)
{
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    return (uint32_t)((rng >> 11) % bound);
}

/* A position of [first, first + span) clipped to n, not among the k before it. */
static uint32_t fresh(const uint32_t *pos, size_t k, uint32_t first, uint32_t span)
{
    for (;;) {
        uint32_t p = first + below(span), dup = 0;
        if (p >= HQC_N)
            continue;
        for (size_t m = 0; m < k; m++)
            dup |= pos[m] == p;
        if (!dup)
            return p;
    }
}

int main(void)
{
    static uint64_t want[HQC_WORDS], got[HQC_WORDS];
    uint32_t pos[HQC_WEIGHT_MAX];
    const uint32_t block = 4096, last = 64 * ((HQC_WORDS - 1) / 64) * 64; /* gfni's 64-word blocks */
    long cases = 0;
    for (long t = 0; t < 40 * (HQC_WEIGHT_MAX + 1); t++) {
        const size_t weight = (size_t)t % (HQC_WEIGHT_MAX + 1);
        uint32_t first = 0, span = HQC_N;
        switch ((t / (HQC_WEIGHT_MAX + 1)) % 4) {
        case 1: first = below(HQC_N - 1024), span = 1024; break;             /* many per word and group */
        case 2: first = last, span = HQC_N - last; break;                     /* the last, partial block */
        case 3: first = block * (1 + below(HQC_N / block - 1)) - 512, span = 1024; break; /* a boundary */
        default: break;                                                       /* spread over n */
        }
        memset(want, 0, sizeof want);
        for (size_t k = 0; k < weight; k++) {
            pos[k] = fresh(pos, k, first, span);
            want[pos[k] / 64] |= 1ULL << (pos[k] % 64);
        }
        memset(got, 0xa5, sizeof got);
        support_to_vector_avx2(got, pos, weight);
        if (memcmp(got, want, sizeof got) != 0) {
            printf("HQC-%d support_to_vector_avx2 differs from the reference (case %ld)\n", HQC_LEVEL, t);
            return 1;
        }
        memset(got, 0x5a, sizeof got);
        support_to_vector_gfni(got, pos, weight);
        if (memcmp(got, want, sizeof got) != 0) {
            printf("HQC-%d support_to_vector_gfni differs from the reference (case %ld)\n", HQC_LEVEL, t);
            return 1;
        }
        cases++;
    }
    printf("HQC-%d support expansions: %ld supports, avx2 and gfni equal the reference: ok\n", HQC_LEVEL, cases);
    return 0;
}
