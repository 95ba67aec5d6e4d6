/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* rs_fw_paired.c: tuning harness (nothing in the build compiles dev/): every backend's RS error
 * kernel (rs_errors) and encryption-position kernel (fixed_weight) against the portable twins
 * (rs_errors_portable, sample_encrypt_from_draws), through the backend tables, in one process:
 * per iteration fresh random syndromes and draws of weight omega_r, the kernels in an order
 * rotated per iteration, each timed call (rdtsc between lfences) after an untimed one; prints
 * each kernel's median and the median of the per-iteration ratios portable / kernel, and exits
 * non-zero if an output differs from the twin's.
 *   L=1; make -s lib && cc -std=c11 -O2 -Isrc/hqc -Isrc/gf2x -Isrc/fips202 -Iinclude -Ibench -Ibuild/auto/gen \
 *      -DHQC_LEVEL=$L dev/tune/x86/rs_fw_paired.c build/auto/libhqc.a -o rs_fw_paired \
 *      && ./rs_fw_paired [iterations] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "rs_errors.h"
#include "sample_stats.h"
#include "sampling.h"
#include "tsc.h"

#define MAX_BE 8

static uint64_t rng = 0x9e3779b97f4a7c15ULL;
static uint8_t next_byte(void)
{
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    return (uint8_t)(rng >> 29);
}

/* Median of t[0 .. n), and of the per-iteration ratios base[i] / t[i] (sample_stats.h). */
static void report(const char *what, const char *name, const uint64_t *base, const uint64_t *t, size_t n)
{
    uint64_t *s = malloc(n * sizeof *s), *milli = malloc(n * sizeof *milli);
    memcpy(s, t, n * sizeof *s);
    const sample_summary ticks = summarise_samples(s, n), r = summarise_ratios(base, t, milli, n);
    printf("HQC-%d %-12s %-14s median %6llu ticks, portable/kernel %.2f (q1-q3 %.2f-%.2f)\n", HQC_LEVEL, what,
           name, (unsigned long long)ticks.median, r.median / 1000.0, r.q1 / 1000.0, r.q3 / 1000.0);
    free(s);
    free(milli);
}

int main(int argc, char **argv)
{
    const size_t iters = argc > 1 ? (size_t)atol(argv[1]) : 5001;
    const hqc_backend *const *list = HQC_NS(backend_list)();
    const hqc_backend *be[MAX_BE];
    size_t nbe = 0;
    for (size_t k = 0; list[k] && nbe < MAX_BE; k++)
        if (HQC_NS(backend_by_name)(list[k]->name) != NULL && strcmp(list[k]->name, "ref") != 0)
            be[nbe++] = list[k];
    uint64_t *t_rs = calloc((nbe + 1) * iters, sizeof *t_rs), *t_fw = calloc((nbe + 1) * iters, sizeof *t_fw);
    static uint8_t syn[2 * HQC_DELTA], bytes[4 * HQC_WEIGHT_MAX];
    uint8_t want_e[HQC_K], got_e[HQC_K];
    uint32_t want_s[HQC_WEIGHT_MAX], got_s[HQC_WEIGHT_MAX];
    for (size_t it = 0; it < iters; it++) {
        for (size_t i = 0; i < sizeof syn; i++)
            syn[i] = next_byte();
        for (size_t i = 0; i < sizeof bytes; i++)
            bytes[i] = next_byte();
        for (size_t o = 0; o <= nbe; o++) {
            const size_t k = (it + o) % (nbe + 1); /* k == nbe: the portable twins */
            uint64_t t0;
            if (k == nbe) {
                rs_errors_portable(want_e, syn);
                t0 = tsc_begin();
                rs_errors_portable(want_e, syn);
                t_rs[nbe * iters + it] = tsc_end() - t0;
                sample_encrypt_from_draws(want_s, bytes, HQC_OMEGA_R);
                t0 = tsc_begin();
                sample_encrypt_from_draws(want_s, bytes, HQC_OMEGA_R);
                t_fw[nbe * iters + it] = tsc_end() - t0;
                continue;
            }
            be[k]->rs_errors(got_e, syn);
            t0 = tsc_begin();
            be[k]->rs_errors(got_e, syn);
            t_rs[k * iters + it] = tsc_end() - t0;
            if (be[k]->fixed_weight) {
                be[k]->fixed_weight(got_s, bytes, HQC_OMEGA_R);
                t0 = tsc_begin();
                be[k]->fixed_weight(got_s, bytes, HQC_OMEGA_R);
                t_fw[k * iters + it] = tsc_end() - t0;
            }
        }
        for (size_t k = 0; k < nbe; k++) { /* after the twins of this iteration ran */
            be[k]->rs_errors(got_e, syn);
            if (memcmp(got_e, want_e, sizeof got_e) != 0) {
                fprintf(stderr, "%s: rs_errors differs at iteration %zu\n", be[k]->name, it);
                return 1;
            }
            if (be[k]->fixed_weight) {
                be[k]->fixed_weight(got_s, bytes, HQC_OMEGA_R);
                if (memcmp(got_s, want_s, HQC_OMEGA_R * sizeof got_s[0]) != 0) {
                    fprintf(stderr, "%s: fixed_weight differs at iteration %zu\n", be[k]->name, it);
                    return 1;
                }
            }
        }
    }
    report("rs_errors", "portable", t_rs + nbe * iters, t_rs + nbe * iters, iters);
    for (size_t k = 0; k < nbe; k++)
        report("rs_errors", be[k]->name, t_rs + nbe * iters, t_rs + k * iters, iters);
    report("fixed_weight", "portable", t_fw + nbe * iters, t_fw + nbe * iters, iters);
    for (size_t k = 0; k < nbe; k++)
        if (be[k]->fixed_weight)
            report("fixed_weight", be[k]->name, t_fw + nbe * iters, t_fw + k * iters, iters);
    free(t_rs);
    free(t_fw);
    return 0;
}
