/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* s2v_avx2_paired.c: tuning harness (nothing in the build compiles dev/): a support expansion
 * (support_to_vector_avx2, or with -DS2V_GFNI support_to_vector_gfni) of another revision
 * against this tree's, in the paired loop of `make bench` (bench/paired.h: order rotated, each
 * timed call after an untimed one) on the same random supports of weight omega and omega_r,
 * fresh every 10 iterations; prints the medians and the median (q1-q3) of the per-iteration
 * ratios old / new, and checks the outputs agree.
 *   L=1; O=build/auto/obj/hqc$L/src/gf2x/native/x86_64/support_to_vector_avx2.o
 *   (from the old revision's build) objcopy --redefine-sym hqc${L}_support_to_vector_avx2=old_s2v OLD.o old.o
 *   cc -std=c11 -O2 -Isrc/hqc -Ibench -Isrc/gf2x/native/x86_64 -DHQC_LEVEL=$L \
 *      dev/tune/x86/s2v_avx2_paired.c old.o $O -o s2v_avx2_paired && ./s2v_avx2_paired [iterations]
 * (for the GFNI one: avx512/support_to_vector_gfni.o, its symbol, -Isrc/gf2x/native/x86_64/avx512
 * and -DS2V_GFNI) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paired.h"
#include "params.h"
#include "sample_stats.h"
#ifdef S2V_GFNI
#include "support_to_vector_gfni.h"
#define NEW_S2V support_to_vector_gfni
#else
#include "support_to_vector_avx2.h"
#define NEW_S2V support_to_vector_avx2
#endif

void old_s2v(uint64_t *v, const uint32_t *support, size_t weight);

typedef struct {
    uint32_t pos[HQC_WEIGHT_MAX];
    size_t weight;
    uint64_t old_v[HQC_WORDS], new_v[HQC_WORDS];
    uint64_t rng;
} inputs;

static int call_old(void *ctx)
{
    inputs *in = ctx;
    old_s2v(in->old_v, in->pos, in->weight);
    return 0;
}

static int call_new(void *ctx)
{
    inputs *in = ctx;
    NEW_S2V(in->new_v, in->pos, in->weight);
    return 0;
}

/* Checks the last outputs, then draws distinct positions (xorshift; rejection of repeats). */
static int refresh(void *ctx, int first, int last)
{
    inputs *in = ctx;
    if (!first && memcmp(in->old_v, in->new_v, sizeof in->old_v) != 0) {
        fprintf(stderr, "outputs differ\n");
        return 1;
    }
    if (last)
        return 0;
    for (size_t k = 0; k < in->weight; k++) {
        uint32_t p;
        int dup;
        do {
            in->rng ^= in->rng << 13, in->rng ^= in->rng >> 7, in->rng ^= in->rng << 17;
            p = (uint32_t)(in->rng >> 11) % HQC_N, dup = 0;
            for (size_t m = 0; m < k; m++)
                dup |= in->pos[m] == p;
        } while (dup);
        in->pos[k] = p;
    }
    return 0;
}

static int run(size_t iters, size_t w)
{
    static inputs in;
    uint64_t *t[3];
    in.weight = w, in.rng = 0x9e3779b97f4a7c15ULL;
    if (alloc_sample_arrays(t, 3, iters) != 0)
        return 1;
    paired_entry e[2] = {{call_old, &in, t[0]}, {call_new, &in, t[1]}};
    if (paired_run(e, 2, 100, iters, 10, refresh, &in) != 0)
        return 1;
    sample_summary r = summarise_ratios(t[0], t[1], t[2], iters);
    sample_summary o = summarise_samples(t[0], iters), n = summarise_samples(t[1], iters);
    printf("HQC-%d n=%d w=%zu: old median %llu, new median %llu TSC ticks; old/new %.3f (q1-q3 %.3f-%.3f), %zu pairs\n",
           HQC_LEVEL, HQC_N, w, (unsigned long long)o.median, (unsigned long long)n.median, r.median / 1000.0,
           r.q1 / 1000.0, r.q3 / 1000.0, iters);
    for (int i = 0; i < 3; i++)
        free(t[i]);
    return 0;
}

int main(int argc, char **argv)
{
    const size_t iters = argc > 1 ? (size_t)atol(argv[1]) : 20000;
    return run(iters, HQC_OMEGA) || run(iters, HQC_OMEGA_R);
}
