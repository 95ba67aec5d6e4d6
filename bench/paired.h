/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* paired.h: the paired timing loop of `make bench` (bench/bench.c) and `hqc selftest`
 * (tools/level/selftest_speed.c): every competitor is called once per iteration, the order
 * rotated, so that all of them see the same phases of a machine whose speed drifts; each timed
 * call (bench/tsc.h) follows an untimed call of the same competitor on the same inputs, so it
 * finds the caches and vector units as its own loop would leave them. Optionally, every
 * measured iteration also gets a throughput probe (bench/probe.h) around its calls. */
#ifndef HQC_BENCH_PAIRED_H
#define HQC_BENCH_PAIRED_H

#include <stddef.h>
#include <stdint.h>

#include "probe.h"
#include "tsc.h"

/* One competitor: call(ctx) is the measured work, 0 on success; ticks receives one sample per
 * measured iteration. */
typedef struct {
    int (*call)(void *ctx);
    void *ctx;
    uint64_t *ticks;
} paired_entry;

/* Called before iteration 0 and before every batch-th measured iteration (never during the
 * warm-up after its first), and once after the last, with last set: checks the previous
 * outputs (unless first) and, unless last, prepares fresh inputs for every competitor.
 * Returns 0 to go on. */
typedef int (*paired_refresh)(void *ctx, int first, int last);

/* One call of e, timed; 0 when it fails. */
static inline uint64_t paired_timed_call(const paired_entry *e)
{
    uint64_t t0 = tsc_begin();
    int rc = e->call(e->ctx);
    uint64_t t1 = tsc_end();
    if (rc != 0)
        return 0;
    return t1 - t0 ? t1 - t0 : 1; /* ratios divide by it */
}

/* warmup unrecorded iterations, then total recorded ones; iteration i starts with competitor
 * i mod n. Where probe is not NULL, probe[k] receives the probe's ticks before and after
 * measured iteration k's calls, summed (0 where the platform has none). Returns 0, or 1 + the
 * index of the competitor whose call failed, or -1 when refresh refused. */
static inline int paired_run_probed(paired_entry *e, size_t n, size_t warmup, size_t total, size_t batch,
                                    paired_refresh refresh, void *refresh_ctx, uint64_t *probe)
{
    for (size_t i = 0; i < warmup + total; i++) {
        size_t k = i < warmup ? i : i - warmup; /* measured iterations batch from 0 */
        int fresh = i < warmup ? i == 0 : k % batch == 0;
        if (fresh && refresh(refresh_ctx, i == 0, 0) != 0)
            return -1;
        uint64_t before = probe ? probe_ticks() : 0;
        for (size_t j = 0; j < n; j++) {
            size_t x = (i + j) % n;
            uint64_t t = paired_timed_call(&e[x]); /* untimed in effect: not recorded */
            if (t != 0)
                t = paired_timed_call(&e[x]);
            if (t == 0)
                return 1 + (int)x;
            if (i >= warmup)
                e[x].ticks[k] = t;
        }
        if (probe && i >= warmup)
            probe[k] = before + probe_ticks();
    }
    return refresh(refresh_ctx, warmup + total == 0, 1) != 0 ? -1 : 0;
}

/* The loop without the probe. */
static inline int paired_run(paired_entry *e, size_t n, size_t warmup, size_t total, size_t batch,
                             paired_refresh refresh, void *refresh_ctx)
{
    return paired_run_probed(e, n, warmup, total, batch, refresh, refresh_ctx, NULL);
}

#endif
