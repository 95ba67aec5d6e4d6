/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* selftest_speed.c: the short speed table of `hqc selftest` for one level (compiled once per
 * level): mul and decapsulation of every backend this CPU runs, timed paired in one loop
 * (bench/paired.h, as `make bench` does), reported as median ticks and the median and quartiles
 * of the per-iteration ratios ref/backend. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "kem.h"
#include "paired.h"
#include "params.h"
#include "randombytes.h"
#include "sample_stats.h"
#include "selftest.h"

#define MAX_BACKENDS 16
#define RATIO_SCALE 1000000 /* ratios in millionths */

/* The inputs every backend shares and what each writes. */
typedef struct {
    uint64_t a[HQC_WORDS], b[HQC_WORDS];
    uint8_t pk[HQC_PK_BYTES], sk[HQC_SK_BYTES], ct[HQC_CT_BYTES], ss[HQC_SS_BYTES];
} shared_inputs;

typedef struct {
    const hqc_backend *be;
    const shared_inputs *in;
    uint64_t product[HQC_WORDS];
    uint8_t ss[HQC_SS_BYTES];
} runner;

static int run_mul(void *ctx)
{
    runner *r = ctx;
    r->be->mul(r->product, r->in->a, r->in->b);
    return 0;
}

static int run_decaps(void *ctx)
{
    runner *r = ctx;
    return HQC_NS(crypto_kem_dec_with)(r->be, r->ss, r->in->ct, r->in->sk);
}

typedef struct {
    shared_inputs *in;
    runner *r;
    size_t n;
    int decaps;
} speed_loop;

/* paired_refresh: one set of inputs for the whole (short) run; at the end every backend must
 * have decapsulated the secret that was encapsulated. */
static int prepare_inputs(void *ctx, int first, int last)
{
    speed_loop *l = ctx;
    shared_inputs *in = l->in;
    if (last) {
        for (size_t i = 0; l->decaps && i < l->n; i++)
            if (memcmp(l->r[i].ss, in->ss, sizeof in->ss) != 0) {
                fprintf(stderr, "hqc selftest: HQC-%d %s decaps: wrong shared secret\n", HQC_LEVEL,
                        l->r[i].be->name);
                return -1;
            }
        return 0;
    }
    if (!first)
        return 0;
    uint8_t seed[HQC_SEED_BYTES], m[HQC_K], salt[HQC_SALT_BYTES];
    const hqc_backend *ref = &HQC_NS(backend_ref);
    int rc = hqc_randombytes((uint8_t *)in->a, sizeof in->a) | hqc_randombytes((uint8_t *)in->b, sizeof in->b) |
             hqc_randombytes(seed, sizeof seed) | hqc_randombytes(m, sizeof m) | hqc_randombytes(salt, sizeof salt);
    in->a[HQC_WORDS - 1] &= HQC_TOP_MASK;
    in->b[HQC_WORDS - 1] &= HQC_TOP_MASK;
    if (rc == 0)
        rc = HQC_NS(crypto_kem_keypair_derand_with)(ref, in->pk, in->sk, seed) |
             HQC_NS(crypto_kem_enc_derand_with)(ref, in->ct, in->ss, in->pk, m, salt);
    if (rc != 0)
        fprintf(stderr, "hqc selftest: HQC-%d: preparing the speed inputs failed\n", HQC_LEVEL);
    return rc ? -1 : 0;
}

int HQC_NS(selftest_speed)(size_t iterations, selftest_speed_sink sink, void *ctx)
{
    static const char *const ops[2] = {"mul", "decaps"};
    shared_inputs *in = calloc(1, sizeof *in);
    runner *r = calloc(MAX_BACKENDS, sizeof *r);
    uint64_t *ticks[MAX_BACKENDS + 1] = {0};
    size_t n = 0;
    for (const hqc_backend *const *b = HQC_NS(backend_list)(); *b && n < MAX_BACKENDS; b++)
        if (HQC_NS(backend_by_name)((*b)->name))
            n++;
    int allocated = in && r && iterations > 0 && alloc_sample_arrays(ticks, n + 1, iterations) == 0;
    int rc = allocated ? 0 : -1;
    if (!allocated)
        fprintf(stderr, "hqc selftest: out of memory for the speed table\n");
    for (int op = 0; op < 2 && rc == 0; op++) {
        paired_entry e[MAX_BACKENDS];
        size_t k = 0, ref_index = 0;
        for (const hqc_backend *const *b = HQC_NS(backend_list)(); *b && k < n; b++) {
            if (!HQC_NS(backend_by_name)((*b)->name))
                continue;
            if (*b == &HQC_NS(backend_ref))
                ref_index = k;
            r[k] = (runner){.be = *b, .in = in};
            e[k] = (paired_entry){op ? run_decaps : run_mul, &r[k], ticks[k]};
            k++;
        }
        speed_loop loop = {in, r, n, op};
        int failed = paired_run(e, n, 1, iterations, iterations, prepare_inputs, &loop);
        if (failed > 0)
            fprintf(stderr, "hqc selftest: HQC-%d %s %s failed\n", HQC_LEVEL, r[failed - 1].be->name, ops[op]);
        rc = failed ? -1 : 0;
        for (size_t i = 0; i < n && rc == 0; i++) {
            sample_summary q =
                summarise_ratios_scaled(ticks[ref_index], ticks[i], ticks[n], iterations, RATIO_SCALE);
            selftest_speed_row row = {HQC_LEVEL,
                                      r[i].be->name,
                                      ops[op],
                                      0,
                                      (double)q.median / RATIO_SCALE,
                                      (double)q.q1 / RATIO_SCALE,
                                      (double)q.q3 / RATIO_SCALE};
            memcpy(ticks[n], ticks[i], iterations * sizeof ticks[n][0]);
            row.median_ticks = summarise_samples(ticks[n], iterations).median;
            sink(ctx, &row);
        }
    }
    for (size_t i = 0; allocated && i <= n; i++)
        free(ticks[i]);
    free(r);
    free(in);
    return rc;
}
