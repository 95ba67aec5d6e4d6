/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* bench_sampling.c: issue 13, item 4: keygen's fixed-weight sampler (y then x from one
 * XOF(seed_dk) stream, as pke_keygen calls it) against its pre-item-4 version
 * (old_sampling.c), paired in one process. Every iteration squeezes a fresh stream head
 * (kem_sponges, not timed), copies it, times both samplers on their copies (lfence/rdtsc,
 * bench/tsc.h) in alternating order, and checks that the supports and stream positions agree.
 * Prints medians with q1-q3 and the median (q1-q3) of the per-iteration ratios old/new, for
 * y alone (decaps) and for y then x (keygen).
 * Usage: hqcL_bench_sampling [iterations] (default 20001) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "old_new_report.h"
#include "sampling.h"
#include "symmetric.h"
#include "testutil.h"
#include "tsc.h"

void old_sample_support_keygen(xof_stream *xof, uint32_t *support, size_t weight);

typedef void (*sampler_fn)(xof_stream *xof, uint32_t *support, size_t weight);

/* Ticks of sampling y (and x after it if both), on a copy of the stream. */
static uint64_t time_sampler(sampler_fn f, const xof_stream *src, uint32_t *y, uint32_t *x, int both,
                             size_t *pos)
{
    xof_stream s = *src;
    uint64_t t0 = tsc_begin();
    f(&s, y, HQC_OMEGA);
    if (both)
        f(&s, x, HQC_OMEGA);
    uint64_t t1 = tsc_end();
    *pos = s.pos;
    return t1 - t0;
}

int main(int argc, char **argv)
{
    size_t iters = argc > 1 ? strtoul(argv[1], NULL, 0) : 20001;
    if (iters == 0) {
        fprintf(stderr, "bench_sampling: iterations must be positive\n");
        return 2;
    }
    uint64_t *t[5];
    if (alloc_sample_arrays(t, 5, iters) != 0) {
        fprintf(stderr, "bench_sampling: out of memory\n");
        return 1;
    }
    uint64_t st = 0x5a4d;
    for (size_t i = 0; i < iters; i++) {
        uint8_t seed[HQC_SEED_BYTES];
        random_bytes(&st, seed, sizeof seed);
        xof_stream src;
        if (kem_sponges(NULL, NULL, NULL, NULL, &src, seed) != 0) {
            fprintf(stderr, "bench_sampling: kem_sponges failed\n");
            return 1;
        }
        uint32_t y[2][HQC_OMEGA], x[2][HQC_OMEGA];
        size_t pos[4];
        for (int both = 0; both < 2; both++) {
            uint64_t *old_t = t[2 * both], *new_t = t[2 * both + 1];
            if (i & 1) {
                old_t[i] = time_sampler(old_sample_support_keygen, &src, y[0], x[0], both, &pos[2 * both]);
                new_t[i] = time_sampler(sample_support_keygen, &src, y[1], x[1], both, &pos[2 * both + 1]);
            } else {
                new_t[i] = time_sampler(sample_support_keygen, &src, y[1], x[1], both, &pos[2 * both + 1]);
                old_t[i] = time_sampler(old_sample_support_keygen, &src, y[0], x[0], both, &pos[2 * both]);
            }
        }
        if (memcmp(y[0], y[1], sizeof y[0]) != 0 || memcmp(x[0], x[1], sizeof x[0]) != 0 || pos[0] != pos[1] ||
            pos[2] != pos[3]) {
            fprintf(stderr, "bench_sampling: %s: the samplers disagree at iteration %zu\n", HQC_NAME, i);
            return 1;
        }
    }
    report_old_new("y", 6, 2, t[0], t[1], t[4], iters);
    report_old_new("y+x", 6, 2, t[2], t[3], t[4], iters);
    return 0;
}
