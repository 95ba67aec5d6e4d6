/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* bench.c: TSC-tick benchmark of one HQC level: KEM keygen/encaps/decaps (_derand_with entry
 * points), be->mul and be->rs_syndromes, per supported backend. Median mode: warm-up, >= 1000
 * individually timed calls, fresh random inputs per batch, median and quartiles. Paper mode:
 * Robert and Veron's procedure (1000 warm-up calls, 50 data sets, minimum of 1000 calls per
 * set, mean of the minima). One JSON object per line; bench/run-bench drives it. */
#define _GNU_SOURCE /* sched_setaffinity, sched_getcpu */
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "backend.h"
#include "kem.h"
#include "params.h"
#include "randombytes.h"
#include "sample_stats.h"
#include "tsc.h"

#ifndef HQC_BENCH_CC
#define HQC_BENCH_CC "unknown"
#endif
#ifndef HQC_BENCH_CFLAGS
#define HQC_BENCH_CFLAGS "unknown"
#endif
#ifndef HQC_BENCH_ISA_AVX2
#define HQC_BENCH_ISA_AVX2 ""
#endif
#ifndef HQC_BENCH_ISA_VPCLMUL
#define HQC_BENCH_ISA_VPCLMUL ""
#endif
#ifndef HQC_BENCH_ISA_AVX512
#define HQC_BENCH_ISA_AVX512 ""
#endif
#if defined(__clang__)
#define COMPILER_VERSION "clang " __clang_version__
#elif defined(__GNUC__)
#define COMPILER_VERSION "gcc " __VERSION__
#else
#define COMPILER_VERSION "unknown"
#endif

#define USAGE                                                                                  \
    "usage: %s --info\n"                                                                       \
    "       %s [--backend NAME]... [--op OP]... [--runs N] [--batch N] [--warmup N]\n"         \
    "          [--paper [--sets N]] [--cpu N]\n"                                               \
    "  OP is keygen, encaps, decaps, mul or syndromes (default: all); NAME defaults to every\n" \
    "  backend this CPU supports. Median mode (default): --runs timed calls (1000), new\n"      \
    "  random inputs every --batch calls (50), after --warmup calls (100). --paper: --sets\n"  \
    "  data sets (50) of --runs calls (1000) after --warmup calls (1000); reports the mean\n"  \
    "  of the per-set minima as well. --info prints the level's backends, the TSC\n"           \
    "  frequency and the timer overhead. Output: one JSON object per line.\n"

/* Everything one measured call reads or writes; a batch refills the inputs. */
typedef struct {
    const hqc_backend *be;
    uint8_t seed_kem[HQC_SEED_BYTES], m[HQC_K], salt[HQC_SALT_BYTES];
    uint8_t pk[HQC_PK_BYTES], sk[HQC_SK_BYTES], ct[HQC_CT_BYTES];
    uint8_t ss[HQC_SS_BYTES], ss_expected[HQC_SS_BYTES];
    uint64_t a[HQC_WORDS], b[HQC_WORDS], product[HQC_WORDS];
    uint8_t codeword[HQC_N1], syndromes[2 * HQC_DELTA];
} bench_state;

typedef struct {
    const char *what, *op;
    int (*prepare)(bench_state *st); /* fresh random inputs, untimed; 0 on success */
    int (*call)(bench_state *st);    /* the timed call; 0 on success */
    int (*check)(const bench_state *st); /* after a batch: the outputs are right; 0 if so */
} bench_op;

static int random_fill(void *buf, size_t len)
{
    return hqc_randombytes((uint8_t *)buf, len);
}

/* Dense random vector of length n (bits >= n cleared, as the mul contract requires). */
static int random_vector(uint64_t *v)
{
    if (random_fill(v, HQC_WORDS * sizeof v[0]) != 0)
        return -1;
    v[HQC_WORDS - 1] &= HQC_TOP_MASK;
    return 0;
}

static int fresh_key(bench_state *st)
{
    if (random_fill(st->seed_kem, sizeof st->seed_kem) != 0)
        return -1;
    return HQC_NS(crypto_kem_keypair_derand_with)(st->be, st->pk, st->sk, st->seed_kem);
}

static int fresh_ciphertext(bench_state *st)
{
    if (random_fill(st->m, sizeof st->m) != 0 || random_fill(st->salt, sizeof st->salt) != 0)
        return -1;
    return HQC_NS(crypto_kem_enc_derand_with)(st->be, st->ct, st->ss_expected, st->pk, st->m, st->salt);
}

static int prepare_keygen(bench_state *st)
{
    return random_fill(st->seed_kem, sizeof st->seed_kem);
}

static int call_keygen(bench_state *st)
{
    return HQC_NS(crypto_kem_keypair_derand_with)(st->be, st->pk, st->sk, st->seed_kem);
}

static int prepare_encaps(bench_state *st)
{
    if (fresh_key(st) != 0)
        return -1;
    if (random_fill(st->m, sizeof st->m) != 0 || random_fill(st->salt, sizeof st->salt) != 0)
        return -1;
    return 0;
}

static int call_encaps(bench_state *st)
{
    return HQC_NS(crypto_kem_enc_derand_with)(st->be, st->ct, st->ss, st->pk, st->m, st->salt);
}

static int prepare_decaps(bench_state *st)
{
    if (fresh_key(st) != 0)
        return -1;
    return fresh_ciphertext(st);
}

static int call_decaps(bench_state *st)
{
    return HQC_NS(crypto_kem_dec_with)(st->be, st->ss, st->ct, st->sk);
}

/* A decapsulation that disagrees with its encapsulation would make the timing meaningless. */
static int check_decaps(const bench_state *st)
{
    return memcmp(st->ss, st->ss_expected, HQC_SS_BYTES) != 0;
}

static int prepare_mul(bench_state *st)
{
    if (random_vector(st->a) != 0)
        return -1;
    return random_vector(st->b);
}

static int call_mul(bench_state *st)
{
    st->be->mul(st->product, st->a, st->b);
    return 0;
}

static int prepare_syndromes(bench_state *st)
{
    return random_fill(st->codeword, sizeof st->codeword);
}

static int call_syndromes(bench_state *st)
{
    st->be->rs_syndromes(st->syndromes, st->codeword);
    return 0;
}

static const bench_op all_ops[] = {
    {"kem", "keygen", prepare_keygen, call_keygen, NULL},
    {"kem", "encaps", prepare_encaps, call_encaps, NULL},
    {"kem", "decaps", prepare_decaps, call_decaps, check_decaps},
    {"mul", "mul", prepare_mul, call_mul, NULL},
    {"syndromes", "syndromes", prepare_syndromes, call_syndromes, NULL},
};
#define N_OPS (sizeof all_ops / sizeof all_ops[0])

typedef struct {
    int paper;
    size_t runs, batch, warmup, sets;
    int cpu; /* pinned core, or -1 */
} bench_config;

/* One timed call; a failing call ends the program, since its time would be meaningless. */
static uint64_t timed_call(const bench_op *op, bench_state *st)
{
    uint64_t t0 = tsc_begin();
    int rc = op->call(st);
    uint64_t t1 = tsc_end();
    if (rc != 0) {
        fprintf(stderr, "error: %s with backend %s failed (rc %d)\n", op->op, st->be->name, rc);
        exit(1);
    }
    return t1 - t0;
}

static void prepare_or_die(const bench_op *op, bench_state *st)
{
    if (op->prepare(st) != 0) {
        fprintf(stderr, "error: preparing inputs for %s with backend %s failed\n", op->op, st->be->name);
        exit(1);
    }
}

static void check_or_die(const bench_op *op, const bench_state *st)
{
    if (op->check && op->check(st) != 0) {
        fprintf(stderr, "error: %s with backend %s gave a wrong result\n", op->op, st->be->name);
        exit(1);
    }
}

static void warm_up(const bench_op *op, bench_state *st, size_t calls)
{
    prepare_or_die(op, st);
    for (size_t i = 0; i < calls; i++)
        (void)timed_call(op, st);
    check_or_die(op, st);
}

static void print_json_string(const char *s)
{
    putchar('"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            printf("\\%c", c);
        else if (c < 0x20)
            printf("\\u%04x", c);
        else
            putchar(c);
    }
    putchar('"');
}

static void print_record_head(const bench_op *op, const bench_state *st, const bench_config *cfg,
                              const sample_summary *s)
{
    printf("{\"what\": \"%s\", \"op\": \"%s\", \"level\": %d, \"impl\": ", op->what, op->op, HQC_LEVEL);
    print_json_string(st->be->name);
    printf(", \"median_cycles\": %llu, \"q1\": %llu, \"q3\": %llu, \"min\": %llu, \"max\": %llu, "
           "\"warmup\": %zu, \"cpu\": %d",
           (unsigned long long)s->median, (unsigned long long)s->q1, (unsigned long long)s->q3,
           (unsigned long long)s->min, (unsigned long long)s->max, cfg->warmup, cfg->cpu);
}

/* Median mode: cfg->runs calls, new inputs before every cfg->batch of them. */
static int bench_median(const bench_op *op, bench_state *st, const bench_config *cfg)
{
    uint64_t *samples = malloc(cfg->runs * sizeof *samples);
    if (!samples) {
        fprintf(stderr, "error: out of memory for %zu samples\n", cfg->runs);
        return -1;
    }
    warm_up(op, st, cfg->warmup);
    size_t done = 0;
    while (done < cfg->runs) {
        prepare_or_die(op, st);
        for (size_t j = 0; j < cfg->batch && done < cfg->runs; j++)
            samples[done++] = timed_call(op, st);
        check_or_die(op, st);
    }
    sample_summary s = summarise_samples(samples, cfg->runs);
    print_record_head(op, st, cfg, &s);
    printf(", \"mode\": \"median\", \"runs\": %zu, \"batch\": %zu}\n", cfg->runs, cfg->batch);
    free(samples);
    return 0;
}

/* Paper mode (Robert and Veron): per data set the minimum over cfg->runs calls; the result
 * is the mean of those minima. Quartiles over every call are reported alongside. */
static int bench_paper(const bench_op *op, bench_state *st, const bench_config *cfg)
{
    size_t total = cfg->sets * cfg->runs;
    uint64_t *samples = malloc(total * sizeof *samples);
    if (!samples) {
        fprintf(stderr, "error: out of memory for %zu samples\n", total);
        return -1;
    }
    warm_up(op, st, cfg->warmup);
    double sum_of_minima = 0;
    for (size_t set = 0; set < cfg->sets; set++) {
        prepare_or_die(op, st);
        uint64_t set_min = UINT64_MAX;
        for (size_t j = 0; j < cfg->runs; j++) {
            uint64_t t = timed_call(op, st);
            samples[set * cfg->runs + j] = t;
            if (t < set_min)
                set_min = t;
        }
        check_or_die(op, st);
        sum_of_minima += (double)set_min;
    }
    sample_summary s = summarise_samples(samples, total);
    print_record_head(op, st, cfg, &s);
    printf(", \"mode\": \"paper\", \"sets\": %zu, \"runs\": %zu, \"mean_min_cycles\": %.1f}\n", cfg->sets,
           cfg->runs, sum_of_minima / (double)cfg->sets);
    free(samples);
    return 0;
}

/* Pins the process to core `want`, or to the core it runs on when want < 0, so that the
 * TSC is read on one core and the caches stay warm. Returns the core, or -1. */
static int pin_to_core(int want)
{
    int core = want >= 0 ? want : sched_getcpu();
    if (core < 0 || core >= CPU_SETSIZE)
        return -1;
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(core, &set);
    if (sched_setaffinity(0, sizeof set, &set) != 0) {
        if (want >= 0) {
            fprintf(stderr, "error: cannot pin to core %d: %s\n", want, strerror(errno));
            exit(2);
        }
        return -1;
    }
    return core;
}

static double seconds_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* TSC ticks per second: the counter against CLOCK_MONOTONIC_RAW over about 100 ms. Sleeping
 * is fine because the counter runs at a constant rate (invariant TSC) whatever the core does. */
static double measure_tsc_hz(void)
{
    double s0 = seconds_now();
    uint64_t c0 = tsc_begin();
    struct timespec pause = {0, 100 * 1000 * 1000};
    while (nanosleep(&pause, &pause) != 0 && errno == EINTR) {
    }
    uint64_t c1 = tsc_end();
    double s1 = seconds_now();
    return (double)(c1 - c0) / (s1 - s0);
}

/* Median of back-to-back begin/end pairs: the ticks every sample includes besides the call. */
static uint64_t measure_timer_overhead(void)
{
    enum { PAIRS = 1001 };
    uint64_t samples[PAIRS];
    for (size_t i = 0; i < PAIRS; i++) {
        uint64_t t0 = tsc_begin();
        samples[i] = tsc_end() - t0;
    }
    return summarise_samples(samples, PAIRS).median;
}

static int print_info(int cpu)
{
    char feats[256];
    hqc_cpu_features_string(hqc_cpu_features(), feats, sizeof feats);
    printf("{\"level\": %d, \"backends\": [", HQC_LEVEL);
    int first = 1;
    for (const hqc_backend *const *b = HQC_NS(backend_list)(); *b; b++) {
        printf("%s{\"name\": ", first ? "" : ", ");
        print_json_string((*b)->name);
        printf(", \"supported\": %s, \"constant_time\": %s}", HQC_NS(backend_by_name)((*b)->name) ? "true" : "false",
               (*b)->constant_time ? "true" : "false");
        first = 0;
    }
    printf("], \"cpu_features\": ");
    print_json_string(feats);
    printf(", \"tsc_source\": \"%s\", \"tsc_resolution_hz\": %llu", TSC_SOURCE,
           (unsigned long long)tsc_resolution_hz());
    printf(", \"tsc_hz\": %.0f, \"tsc_invariant\": %s, \"timer_overhead_ticks\": %llu, \"cpu\": %d",
           measure_tsc_hz(), tsc_constant_rate() ? "true" : "false",
           (unsigned long long)measure_timer_overhead(), cpu);
    printf(", \"compiler\": ");
    print_json_string(COMPILER_VERSION);
    printf(", \"cc\": ");
    print_json_string(HQC_BENCH_CC);
    printf(", \"cflags\": ");
    print_json_string(HQC_BENCH_CFLAGS);
    printf(", \"isa_flags\": {\"avx2\": ");
    print_json_string(HQC_BENCH_ISA_AVX2);
    printf(", \"vpclmul\": ");
    print_json_string(HQC_BENCH_ISA_VPCLMUL);
    printf(", \"avx512\": ");
    print_json_string(HQC_BENCH_ISA_AVX512);
    printf("}}\n");
    return 0;
}

static int parse_count(const char *opt, const char *arg, size_t min, size_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = arg ? strtoull(arg, &end, 10) : 0;
    if (!arg || errno || *end || arg[0] == '-' || v < min || v > 100000000ULL) {
        fprintf(stderr, "error: %s needs an integer in [%zu, 100000000], got '%s'\n", opt, min, arg ? arg : "");
        return -1;
    }
    *out = (size_t)v;
    return 0;
}

int main(int argc, char **argv)
{
    bench_config cfg = {.paper = 0, .runs = 0, .batch = 50, .warmup = 0, .sets = 50, .cpu = -1};
    const char *backend_names[16];
    size_t n_backends = 0;
    int op_selected[N_OPS] = {0}, any_op = 0, info = 0, runs_given = 0, warmup_given = 0;
    size_t cpu_arg = 0;
    int cpu_given = 0;

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--info") == 0) {
            info = 1;
        } else if (strcmp(a, "--paper") == 0) {
            cfg.paper = 1;
        } else if (strcmp(a, "--backend") == 0 && v) {
            if (n_backends == sizeof backend_names / sizeof backend_names[0]) {
                fprintf(stderr, "error: too many --backend options\n");
                return 2;
            }
            backend_names[n_backends++] = v;
            i++;
        } else if (strcmp(a, "--op") == 0 && v) {
            size_t k = 0;
            while (k < N_OPS && strcmp(all_ops[k].op, v) != 0)
                k++;
            if (k == N_OPS) {
                fprintf(stderr, "error: unknown op '%s' (keygen, encaps, decaps, mul, syndromes)\n", v);
                return 2;
            }
            op_selected[k] = any_op = 1;
            i++;
        } else if (strcmp(a, "--runs") == 0) {
            if (parse_count(a, v, 1, &cfg.runs))
                return 2;
            runs_given = 1;
            i++;
        } else if (strcmp(a, "--batch") == 0) {
            if (parse_count(a, v, 1, &cfg.batch))
                return 2;
            i++;
        } else if (strcmp(a, "--warmup") == 0) {
            if (parse_count(a, v, 0, &cfg.warmup))
                return 2;
            warmup_given = 1;
            i++;
        } else if (strcmp(a, "--sets") == 0) {
            if (parse_count(a, v, 1, &cfg.sets))
                return 2;
            i++;
        } else if (strcmp(a, "--cpu") == 0) {
            if (parse_count(a, v, 0, &cpu_arg) || cpu_arg >= CPU_SETSIZE) {
                fprintf(stderr, "error: --cpu needs a core number below %d\n", CPU_SETSIZE);
                return 2;
            }
            cpu_given = 1;
            i++;
        } else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            printf(USAGE, argv[0], argv[0]);
            return 0;
        } else {
            fprintf(stderr, "error: unknown or incomplete option '%s'\n" USAGE, a, argv[0], argv[0]);
            return 2;
        }
    }
    if (!runs_given)
        cfg.runs = 1000;
    if (!warmup_given)
        cfg.warmup = cfg.paper ? 1000 : 100;
    cfg.cpu = pin_to_core(cpu_given ? (int)cpu_arg : -1);

    if (info)
        return print_info(cfg.cpu);

    const hqc_backend *backends[16];
    size_t n_run = 0;
    if (n_backends == 0) {
        for (const hqc_backend *const *b = HQC_NS(backend_list)(); *b; b++)
            if (HQC_NS(backend_by_name)((*b)->name) && n_run < 16)
                backends[n_run++] = *b;
    } else {
        for (size_t i = 0; i < n_backends; i++) {
            backends[n_run] = HQC_NS(backend_by_name)(backend_names[i]);
            if (!backends[n_run]) {
                fprintf(stderr, "error: backend '%s' is not compiled in or this CPU cannot run it\n",
                        backend_names[i]);
                return 2;
            }
            n_run++;
        }
    }

    /* The state holds a few key-sized buffers: too big to be polite on the stack. */
    bench_state *st = calloc(1, sizeof *st);
    if (!st) {
        fprintf(stderr, "error: out of memory\n");
        return 1;
    }
    int rc = 0;
    for (size_t i = 0; i < n_run && rc == 0; i++) {
        st->be = backends[i];
        for (size_t k = 0; k < N_OPS && rc == 0; k++) {
            if (any_op && !op_selected[k])
                continue;
            rc = cfg.paper ? bench_paper(&all_ops[k], st, &cfg) : bench_median(&all_ops[k], st, &cfg);
            fflush(stdout);
        }
    }
    free(st);
    return rc ? 1 : 0;
}
