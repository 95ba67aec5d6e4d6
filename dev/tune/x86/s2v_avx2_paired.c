/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* s2v_avx2_paired.c: tuning harness (nothing in the build compiles dev/): a support expansion
 * (support_to_vector_avx2, or with -DS2V_GFNI support_to_vector_gfni) of another revision
 * against this tree's, paired in one process on the same random supports of weight omega and
 * omega_r, the order alternated per iteration, each timed call (rdtsc between lfences) after
 * an untimed one; prints the medians and the median (q1-q3) of the per-iteration ratios
 * old / new, and checks the outputs agree.
 *   L=1; O=build/auto/obj/hqc$L/src/gf2x/native/x86_64/support_to_vector_avx2.o
 *   (from the old revision's build) objcopy --redefine-sym hqc${L}_support_to_vector_avx2=old_s2v OLD.o old.o
 *   cc -std=c11 -O2 -Isrc/hqc -Ibench -Isrc/gf2x/native/x86_64 -DHQC_LEVEL=$L \
 *      dev/tune/x86/s2v_avx2_paired.c old.o $O -o s2v_avx2_paired && ./s2v_avx2_paired [iterations]
 * (for the GFNI one: avx512/support_to_vector_gfni.o, its symbol, -Isrc/gf2x/native/x86_64/avx512
 * and -DS2V_GFNI) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "params.h"
#include "tsc.h"
#ifdef S2V_GFNI
#include "support_to_vector_gfni.h"
#define NEW_S2V support_to_vector_gfni
#else
#include "support_to_vector_avx2.h"
#define NEW_S2V support_to_vector_avx2
#endif

void old_s2v(uint64_t *v, const uint32_t *support, size_t weight);

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

static int run(size_t iters, size_t w)
{
    uint64_t *to = malloc(iters * 8), *tn = malloc(iters * 8);
    double *ratio = malloc(iters * sizeof *ratio);
    static uint64_t vo[HQC_WORDS], vn[HQC_WORDS];
    uint32_t pos[HQC_WEIGHT_MAX];
    if (to == NULL || tn == NULL || ratio == NULL)
        return 1;
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
            if ((it + (size_t)o) & 1) {
                NEW_S2V(vn, pos, w);
                uint64_t t0 = tsc_begin();
                NEW_S2V(vn, pos, w);
                tn[it] = tsc_end() - t0;
            } else {
                old_s2v(vo, pos, w);
                uint64_t t0 = tsc_begin();
                old_s2v(vo, pos, w);
                to[it] = tsc_end() - t0;
            }
        }
        if (memcmp(vo, vn, sizeof vo) != 0) {
            fprintf(stderr, "outputs differ at iteration %zu\n", it);
            return 1;
        }
        ratio[it] = (double)to[it] / (double)tn[it];
    }
    qsort(to, iters, 8, cmp_u64);
    qsort(tn, iters, 8, cmp_u64);
    qsort(ratio, iters, sizeof *ratio, cmp_d);
    printf("HQC-%d n=%d w=%zu: old median %llu, new median %llu TSC ticks; old/new %.3f (q1-q3 %.3f-%.3f), %zu pairs\n",
           HQC_LEVEL, HQC_N, w, (unsigned long long)to[iters / 2], (unsigned long long)tn[iters / 2],
           ratio[iters / 2], ratio[iters / 4], ratio[3 * iters / 4], iters);
    free(to), free(tn), free(ratio);
    return 0;
}

int main(int argc, char **argv)
{
    const size_t iters = argc > 1 ? (size_t)atol(argv[1]) : 20000;
    return run(iters, HQC_OMEGA) || run(iters, HQC_OMEGA_R);
}
