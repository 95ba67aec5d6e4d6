/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* s2v_paired.c: tuning harness (nothing in the build compiles dev/): the avx512 backend's
 * support expansion (support_to_vector_gfni) against the AVX2 one it replaced, paired in one
 * process on the same random supports of weight omega_r, the order alternated per iteration,
 * each timed call (rdtsc between lfences) after an untimed one; prints the medians and the
 * median (q1-q3) of the per-iteration ratios avx2 / gfni, and checks both outputs agree.
 *   L=5; O=build/auto/obj/hqc$L/src/gf2x/native/x86_64
 *   cc -std=c11 -O2 -Isrc/hqc -Ibench -Isrc/gf2x/native/x86_64 -Isrc/gf2x/native/x86_64/avx512 \
 *      -DHQC_LEVEL=$L dev/tune/avx512/s2v_paired.c $O/support_to_vector_avx2.o \
 *      $O/avx512/support_to_vector_gfni.o -o s2v_paired && ./s2v_paired [iterations] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "params.h"
#include "support_to_vector_avx2.h"
#include "support_to_vector_gfni.h"
#include "tsc.h"

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}
static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static uint64_t rng = 0x9e3779b97f4a7c15ULL;
static uint32_t next(void)
{
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    return (uint32_t)(rng >> 11);
}

int main(int argc, char **argv)
{
    const size_t iters = argc > 1 ? (size_t)atol(argv[1]) : 20000, w = HQC_OMEGA_R;
    uint64_t *ta = malloc(iters * 8), *tg = malloc(iters * 8);
    double *ratio = malloc(iters * sizeof *ratio);
    static uint64_t va[HQC_WORDS], vg[HQC_WORDS];
    uint32_t pos[HQC_OMEGA_R];
    for (size_t it = 0; it < iters; it++) {
        for (size_t k = 0; k < w; k++) { /* distinct positions */
            uint32_t p;
            int dup;
            do {
                p = next() % HQC_N, dup = 0;
                for (size_t m = 0; m < k; m++)
                    dup |= pos[m] == p;
            } while (dup);
            pos[k] = p;
        }
        for (int o = 0; o < 2; o++) {
            int gfni_now = (int)((it + (size_t)o) & 1);
            if (gfni_now) {
                support_to_vector_gfni(vg, pos, w);
                uint64_t t0 = tsc_begin();
                support_to_vector_gfni(vg, pos, w);
                tg[it] = tsc_end() - t0;
            } else {
                support_to_vector_avx2(va, pos, w);
                uint64_t t0 = tsc_begin();
                support_to_vector_avx2(va, pos, w);
                ta[it] = tsc_end() - t0;
            }
        }
        if (memcmp(va, vg, sizeof va) != 0) {
            fprintf(stderr, "outputs differ at iteration %zu\n", it);
            return 1;
        }
        ratio[it] = (double)ta[it] / (double)tg[it];
    }
    qsort(ta, iters, 8, cmp_u64);
    qsort(tg, iters, 8, cmp_u64);
    qsort(ratio, iters, sizeof *ratio, cmp_d);
    printf("HQC-%d n=%d w=%d: avx2 median %llu, gfni median %llu TSC ticks; avx2/gfni %.2f (q1-q3 %.2f-%.2f), %zu pairs\n",
           HQC_LEVEL == 1 ? 1 : HQC_LEVEL == 3 ? 3 : 5, HQC_N, HQC_OMEGA_R, (unsigned long long)ta[iters / 2],
           (unsigned long long)tg[iters / 2], ratio[iters / 2], ratio[iters / 4], ratio[3 * iters / 4], iters);
    return 0;
}
