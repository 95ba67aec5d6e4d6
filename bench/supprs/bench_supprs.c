/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* bench_supprs.c: issue 13, items 1 and 3, measured paired in one process. Support expansion:
 * the pre-issue-13 AVX2 kernel and the current one, each linked four times at placements
 * 0/16/32/48 bytes apart (stv_copy.c), plus the avx2 table's own; RS decoding: the
 * pre-issue-13 decoder (old_reed_solomon.c) and rs_decode, both with the avx2 syndromes. Every
 * iteration draws fresh inputs, times one call of each candidate (lfence/rdtsc, bench/tsc.h)
 * in an order rotated every iteration, and checks that all outputs agree. Prints medians with
 * q1-q3 and the medians (q1-q3) of the per-iteration ratios.
 * Usage: hqcL_bench_supprs [iterations] (default 3001) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "reed_solomon.h"
#include "sample_stats.h"
#include "testutil.h"
#include "tsc.h"

typedef void (*stv_fn)(uint64_t *v, const uint32_t *support, size_t weight);

#define DECLARE(name) void name(uint64_t *v, const uint32_t *support, size_t weight);
DECLARE(stv_old_0)
DECLARE(stv_old_16)
DECLARE(stv_old_32)
DECLARE(stv_old_48)
DECLARE(stv_new_0)
DECLARE(stv_new_16)
DECLARE(stv_new_32)
DECLARE(stv_new_48)
void old_rs_decode(uint8_t msg[HQC_K], const uint8_t cdw[HQC_N1], const hqc_backend *be);

#define N_STV 9
#define N_OLD 4
static const char *stv_names[N_STV] = {"old+0", "old+16", "old+32", "old+48", "new+0",
                                       "new+16", "new+32", "new+48", "new(lib)"};

static void print_summary(const char *what, uint64_t *s, size_t n)
{
    sample_summary r = summarise_samples(s, n);
    printf("  %-22s median %7llu ticks  q1-q3 %7llu-%-7llu\n", what, (unsigned long long)r.median,
           (unsigned long long)r.q1, (unsigned long long)r.q3);
}

/* Ratios a[i]/b[i] in thousandths, summarised. */
static void print_ratio(const char *what, const uint64_t *a, const uint64_t *b, size_t n, uint64_t *tmp)
{
    sample_summary r = summarise_ratios(a, b, tmp, n);
    printf("  %-22s %.3f (q1-q3 %.3f-%.3f)\n", what, r.median / 1000.0, r.q1 / 1000.0, r.q3 / 1000.0);
}

int main(int argc, char **argv)
{
    size_t iters = 3001;
    if (argc > 2) {
        fprintf(stderr, "usage: %s [iterations]\n", argv[0]);
        return 2;
    }
    if (argc == 2) {
        char *end;
        unsigned long n = strtoul(argv[1], &end, 10);
        if (*argv[1] == '\0' || *end != '\0' || argv[1][0] == '-' || n < 1 || n > 1000000) {
            fprintf(stderr, "bench_supprs: iterations must be a number from 1 to 1000000, not '%s'\n", argv[1]);
            return 2;
        }
        iters = (size_t)n;
    }
    const hqc_backend *be = HQC_NS(backend_by_name)("avx2");
    if (be == NULL) {
        fprintf(stderr, "bench_supprs: this CPU has no AVX2 backend\n");
        return 2;
    }
    stv_fn stv[N_STV] = {stv_old_0, stv_old_16, stv_old_32, stv_old_48, stv_new_0,
                         stv_new_16, stv_new_32, stv_new_48, be->support_to_vector};
    uint64_t *t_stv = malloc(N_STV * iters * sizeof *t_stv), *t_rs = malloc(2 * iters * sizeof *t_rs);
    uint64_t *tmp = malloc(iters * sizeof *tmp), *a = malloc(iters * sizeof *a), *b = malloc(iters * sizeof *b);
    if (!t_stv || !t_rs || !tmp || !a || !b)
        return 2;
    uint64_t st = 0x5eed;
    for (size_t it = 0; it < iters + 100; it++) { /* the first 100 are warm-up */
        uint32_t pos[HQC_OMEGA_R];
        for (size_t k = 0; k < HQC_OMEGA_R; k++) {
            int fresh;
            do {
                pos[k] = (uint32_t)(splitmix64(&st) % HQC_N);
                fresh = 1;
                for (size_t m = 0; m < k; m++)
                    fresh &= pos[m] != pos[k];
            } while (!fresh);
        }
        uint64_t v[N_STV][HQC_WORDS];
        for (size_t c = 0; c < N_STV; c++) {
            size_t k = (c + it) % N_STV;
            uint64_t t0 = tsc_begin();
            stv[k](v[k], pos, HQC_OMEGA_R);
            uint64_t t1 = tsc_end();
            if (it >= 100)
                t_stv[k * iters + it - 100] = t1 - t0;
        }
        for (size_t k = 1; k < N_STV; k++)
            if (memcmp(v[k], v[0], sizeof v[0]) != 0) {
                fprintf(stderr, "bench_supprs: %s differs from %s\n", stv_names[k], stv_names[0]);
                return 1;
            }

        uint8_t msg[HQC_K], cdw[HQC_N1], out[2][HQC_K];
        for (size_t i = 0; i < HQC_K; i++)
            msg[i] = (uint8_t)splitmix64(&st);
        rs_encode(cdw, msg);
        for (size_t e = 0; e < it % (HQC_DELTA + 1); e++) /* may hit a symbol twice: fine */
            cdw[splitmix64(&st) % HQC_N1] ^= (uint8_t)(1 + splitmix64(&st) % 255);
        for (size_t c = 0; c < 2; c++) {
            size_t k = (c + it) % 2;
            uint64_t t0 = tsc_begin();
            if (k == 0)
                old_rs_decode(out[0], cdw, be);
            else
                rs_decode(out[1], cdw, be);
            uint64_t t1 = tsc_end();
            if (it >= 100)
                t_rs[k * iters + it - 100] = t1 - t0;
        }
        if (memcmp(out[0], out[1], HQC_K) != 0) {
            fprintf(stderr, "bench_supprs: the RS decoders disagree\n");
            return 1;
        }
    }

    printf("%s, %zu iterations, weight %d, TSC ticks\n", HQC_NAME, iters, HQC_OMEGA_R);
    printf("support_to_vector:\n");
    for (size_t k = 0; k < N_STV; k++) {
        memcpy(tmp, t_stv + k * iters, iters * sizeof *tmp);
        print_summary(stv_names[k], tmp, iters);
    }
    printf(" paired ratios (per iteration, median):\n");
    const uint64_t *new0 = t_stv + 4 * iters;
    for (size_t k = 0; k < N_OLD; k++) {
        char what[64];
        snprintf(what, sizeof what, "%s / new+0", stv_names[k]);
        print_ratio(what, t_stv + k * iters, new0, iters, tmp);
    }
    /* The fastest old placement per iteration: the speed-up that no placement luck explains. */
    for (size_t i = 0; i < iters; i++) {
        a[i] = t_stv[i];
        for (size_t k = 1; k < N_OLD; k++)
            a[i] = t_stv[k * iters + i] < a[i] ? t_stv[k * iters + i] : a[i];
    }
    print_ratio("min(old) / new+0", a, new0, iters, tmp);
    printf(" placement (same code, shifted):\n");
    for (size_t k = 1; k < N_STV; k++) {
        if (k == N_OLD)
            continue;
        char what[64];
        snprintf(what, sizeof what, "%s / %s", stv_names[k], stv_names[k < N_OLD ? 0 : N_OLD]);
        print_ratio(what, t_stv + k * iters, t_stv + (k < N_OLD ? 0 : N_OLD) * iters, iters, tmp);
    }
    printf("rs_decode (avx2 syndromes):\n");
    memcpy(a, t_rs, iters * sizeof *a);
    memcpy(b, t_rs + iters, iters * sizeof *b);
    print_ratio("old / new", a, b, iters, tmp);
    print_summary("old", a, iters);
    print_summary("new", b, iters);
    free(t_stv);
    free(t_rs);
    free(tmp);
    free(a);
    free(b);
    return 0;
}
