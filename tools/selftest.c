/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* selftest.c: `hqc selftest [--quick] [--json]`: what a packager or user runs on a new CPU.
 * Reports the CPU features and the dispatch decision, then checks, for every backend the CPU
 * runs at every level: the official KAT digests of every dialect (kat_check.c, generated with
 * the built-in PRNG), every backend operation against ref (tools/level/selftest_ops.c), every
 * Keccak kernel against the portable one; ends with a short paired speed table
 * (tools/level/selftest_speed.c). Any failure is named (backend, level, operation) and makes
 * the exit status 1. */
#include "selftest.h"

#include <stdio.h>
#include <string.h>

#include <hqc/hqc.h>

#include "genkat.h"
#include "kat_check.h"
#include "keccak.h"
#include "randombytes.h"

typedef struct {
    int level;
    int (*ops)(const uint8_t seed[32], int quick, selftest_sink sink, void *ctx);
    int (*speed)(size_t iterations, selftest_speed_sink sink, void *ctx);
    int (*kat_main)(int, char **);
    const struct hqc_backend *const *(*list)(void);
    const struct hqc_backend *(*by_name)(const char *);
    const struct hqc_backend *(*def)(void);
    const char *(*name)(const struct hqc_backend *);
} selftest_level;

#define SELFTEST_LEVEL(L)                                                                                 \
    {L, hqc##L##_selftest_ops, hqc##L##_selftest_speed, hqc##L##_kat_main, hqc##L##_backend_list,     \
     hqc##L##_backend_by_name, hqc##L##_backend_default, hqc##L##_backend_name}
static const selftest_level levels[] = {SELFTEST_LEVEL(1), SELFTEST_LEVEL(3), SELFTEST_LEVEL(5)};
#define N_LEVELS (sizeof levels / sizeof levels[0])

#define MAX_FAILURES 64

/* Output state: JSON arrays are opened and closed around each section. */
typedef struct {
    int json, first_in_section;
    unsigned long checks;
    int failures;
    char failed[MAX_FAILURES][128];
} report;

static void fail(report *r, const char *fmt_level_backend_op)
{
    if (r->failures < MAX_FAILURES)
        snprintf(r->failed[r->failures], sizeof r->failed[0], "%s", fmt_level_backend_op);
    r->failures++;
}

static void section(report *r, const char *name, const char *heading)
{
    if (r->json)
        printf("], \"%s\": [", name);
    else
        printf("\n%s\n", heading);
    r->first_in_section = 1;
}

static void json_sep(report *r)
{
    printf("%s", r->first_in_section ? "" : ", ");
    r->first_in_section = 0;
}

static void print_header(report *r, const uint8_t seed[32], int quick)
{
    char feats[256], seed_hex[65];
    hqc_cpu_features_describe(feats, sizeof feats);
    for (int i = 0; i < 32; i++)
        snprintf(seed_hex + 2 * i, 3, "%02x", seed[i]);
    if (r->json) {
        printf("{\"version\": \"%s\", \"mode\": \"%s\", \"cpu_features\": \"%s\", \"keccak_kernel\": \"%s\", "
               "\"seed\": \"%s\", \"dispatch\": {",
               hqc_version(), quick ? "quick" : "full", feats, keccak_impl_name(), seed_hex);
    } else {
        printf("hqc selftest (%s): libhqc %s\nCPU features: %s\nKeccak kernel: %s\nseed: %s\n",
               quick ? "quick" : "full", hqc_version(), feats, keccak_impl_name(), seed_hex);
        printf("dispatch (default backend; HQC_BACKEND overrides it):");
    }
    for (size_t i = 0; i < N_LEVELS; i++) {
        const char *d = levels[i].name(levels[i].def());
        if (r->json)
            printf("%s\"%d\": %s%s%s", i ? ", " : "", levels[i].level, d ? "\"" : "", d ? d : "null", d ? "\"" : "");
        else
            printf(" HQC-%d %s", levels[i].level, d ? d : "(none: HQC_BACKEND is unknown or unsupported)");
    }
    if (r->json) {
        printf("}, \"backends\": [");
        for (const struct hqc_backend *const *b = levels[0].list(); *b; b++)
            printf("%s{\"name\": \"%s\", \"supported\": %s}", b == levels[0].list() ? "" : ", ", levels[0].name(*b),
                   levels[0].by_name(levels[0].name(*b)) ? "true" : "false");
        printf("], \"kat\": [");
    } else {
        printf("\nbackends this CPU runs:");
        for (const struct hqc_backend *const *b = levels[0].list(); *b; b++)
            if (levels[0].by_name(levels[0].name(*b)))
                printf(" %s", levels[0].name(*b));
        printf("\n\nofficial KAT digests (generated with the built-in PRNG)\n");
    }
    r->first_in_section = 1;
}

/* One line (or JSON object) per check: level, backend, operation, cases, verdict. */
static void print_check(report *r, int level, const char *backend, const char *op, unsigned long cases, int ok,
                        const char *detail)
{
    r->checks++;
    char what[128];
    snprintf(what, sizeof what, "HQC-%d %s %s%s%s", level, backend, op, ok ? "" : ": ", ok ? "" : detail);
    if (!ok)
        fail(r, what);
    if (r->json) {
        json_sep(r);
        printf("{\"level\": %d, \"backend\": \"%s\", \"op\": \"%s\", \"cases\": %lu, \"ok\": %s", level, backend,
               op, cases, ok ? "true" : "false");
        if (!ok)
            printf(", \"detail\": \"%s\"", detail);
        printf("}");
    } else {
        printf("  %-4s HQC-%d %-13s %-17s %6lu case%s%s%s\n", ok ? "ok" : "FAIL", level, backend, op, cases,
               cases == 1 ? "" : "s", ok ? "" : ": ", ok ? "" : detail);
    }
    fflush(stdout);
}

static void ops_sink(void *ctx, const selftest_result *res)
{
    print_check(ctx, res->level, res->backend, res->op, res->cases, res->ok, res->detail);
}

static void check_kats(report *r)
{
    for (int d = 0; d < kat_dialect_count(); d++)
        for (size_t i = 0; i < N_LEVELS; i++)
            for (const struct hqc_backend *const *b = levels[i].list(); *b; b++) {
                const char *name = levels[i].name(*b);
                if (!levels[i].by_name(name))
                    continue;
                char op[48];
                snprintf(op, sizeof op, "kat[%s]", kat_dialect_name(d));
                int rc = kat_check_one(d, levels[i].level, name, levels[i].kat_main);
                print_check(r, levels[i].level, name, op, 1, rc == 0,
                            rc == 2 ? "generation failed" : "digest differs from the official one");
            }
}

/* Every Keccak kernel pair this CPU runs against the portable twins, on all-zero, all-one and
 * random states (from SHAKE256 of the seed). */
static void check_keccak(report *r, const uint8_t seed[32], unsigned long states)
{
    for (const keccak_impl *const *k = keccak_impls(); *k; k++) {
        if (!keccak_impl_runs(*k))
            continue;
        shake256_ctx x;
        shake256_init(&x);
        shake256_absorb(&x, seed, 32);
        shake256_absorb(&x, (const uint8_t *)"keccak", 6);
        shake256_finalize(&x);
        int ok = 1;
        unsigned long t;
        for (t = 0; t < states && ok; t++) {
            uint64_t s4[100], p4[100], one[25], want[25];
            if (t < 2)
                memset(s4, t ? 0xff : 0, sizeof s4);
            else
                shake256_squeeze(&x, (uint8_t *)s4, sizeof s4);
            memcpy(p4, s4, sizeof s4);
            for (int j = 0; j < 4 && ok; j++) {
                for (int i = 0; i < 25; i++)
                    one[i] = want[i] = s4[4 * i + j];
                (*k)->f1600(one);
                keccak_f1600_portable(want);
                ok = memcmp(one, want, sizeof one) == 0;
            }
            (*k)->f1600_x4(s4);
            keccak_f1600_x4_portable(p4);
            ok = ok && memcmp(s4, p4, sizeof s4) == 0;
        }
        shake256_wipe(&x);
        char detail[64];
        snprintf(detail, sizeof detail, "state %lu differs from the portable permutation", t - 1);
        r->checks++;
        if (!ok) {
            char what[128];
            snprintf(what, sizeof what, "keccak %s: %s", (*k)->name, detail);
            fail(r, what);
        }
        if (r->json) {
            json_sep(r);
            printf("{\"kernel\": \"%s\", \"preferred\": %s, \"states\": %lu, \"ok\": %s}", (*k)->name,
                   keccak_impl_preferred(*k) ? "true" : "false", t, ok ? "true" : "false");
        } else {
            printf("  %-4s keccak %-13s %6lu states (f1600 and f1600_x4)%s%s\n", ok ? "ok" : "FAIL", (*k)->name, t,
                   ok ? "" : ": ", ok ? "" : detail);
        }
    }
}

static void speed_sink(void *ctx, const selftest_speed_row *row)
{
    report *r = ctx;
    if (r->json) {
        json_sep(r);
        printf("{\"level\": %d, \"backend\": \"%s\", \"op\": \"%s\", \"median_ticks\": %llu, \"ref_over_backend\": "
               "{\"median\": %.4f, \"q1\": %.4f, \"q3\": %.4f}}",
               row->level, row->backend, row->op, (unsigned long long)row->median_ticks, row->ratio_median,
               row->ratio_q1, row->ratio_q3);
    } else {
        printf("  HQC-%d %-7s %-13s %10llu  %8.2fx [%.2f-%.2f]\n", row->level, row->op, row->backend,
               (unsigned long long)row->median_ticks, row->ratio_median, row->ratio_q1, row->ratio_q3);
    }
    fflush(stdout);
}

int cmd_selftest(int quick, int json)
{
    report r = {.json = json};
    uint8_t seed[32];
    if (hqc_randombytes(seed, sizeof seed) != 0) {
        fprintf(stderr, "hqc selftest: no randomness for the test inputs\n");
        return 1;
    }
    print_header(&r, seed, quick);
    check_kats(&r);
    section(&r, "ops", "every backend operation against ref (random and edge inputs)");
    for (size_t i = 0; i < N_LEVELS; i++)
        levels[i].ops(seed, quick, ops_sink, &r);
    section(&r, "keccak", "Keccak kernels against the portable permutation");
    check_keccak(&r, seed, quick ? 200 : 2000);
    section(&r, "speed",
            "speed, paired in one loop (median ticks; ref/backend: median [q1-q3] of per-iteration ratios)");
    for (size_t i = 0; i < N_LEVELS; i++)
        if (levels[i].speed(quick ? 11 : 51, speed_sink, &r) != 0)
            fail(&r, "speed table: a timed call failed");
    if (r.json) {
        printf("], \"checks\": %lu, \"failures\": [", r.checks);
        for (int i = 0; i < r.failures && i < MAX_FAILURES; i++) {
            printf("%s\"", i ? ", " : "");
            for (const char *c = r.failed[i]; *c; c++)
                printf(*c == '"' || *c == '\\' ? "\\%c" : "%c", *c);
            printf("\"");
        }
        printf("], \"ok\": %s}\n", r.failures ? "false" : "true");
    } else {
        if (r.failures == 0)
            printf("\nselftest passed: %lu checks\n", r.checks);
        else
            printf("\nselftest FAILED: %d of %lu checks\n", r.failures, r.checks);
    }
    fflush(stdout);
    for (int i = 0; i < r.failures && i < MAX_FAILURES; i++)
        fprintf(stderr, "hqc selftest: FAILED %s\n", r.failed[i]);
    return r.failures ? 1 : 0;
}
