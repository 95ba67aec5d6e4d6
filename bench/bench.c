/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* bench.c: paired TSC-tick benchmark of one HQC level: KEM keygen/encaps/decaps (_derand_with
 * entry points), be->mul and be->rs_syndromes. For each op, every competitor (each supported
 * backend, and the official tree's KEM when built with -DHQC_BENCH_UPSTREAM) is timed in one
 * loop: one call of each per iteration, the order rotated, all on the same fresh random inputs
 * per batch. Reported per competitor: median and quartiles of its ticks, and the median and
 * quartiles of the per-iteration ratios ref/X and avx2/X (pairing cancels the VM's slow and fast
 * phases, which separate processes do not). Paper mode: Robert and Veron's procedure (data sets
 * of --runs iterations, mean of the per-set minima). One JSON object per line. */
#define _GNU_SOURCE /* sched_setaffinity, sched_getcpu */
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "backend.h"
#include "kem.h"
#include "official_kem.h"
#include "params.h"
#include "randombytes.h"
#include "paired.h"
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
    "          [--paper [--sets N]] [--cpu N] [--no-realtime] [--raw]\n"                       \
    "  OP is keygen, encaps, decaps, mul or syndromes (default: all); NAME defaults to every\n" \
    "  backend this CPU supports (\"upstream\" names the official tree where it is linked in).\n"\
    "  Per op, one call of every competitor per iteration, order rotated. Median mode\n"       \
    "  (default): --runs iterations (1000), new random inputs every --batch iterations (50),\n"\
    "  after --warmup iterations (100). --paper: --sets data sets (50) of --runs iterations\n"\
    "  (1000) after --warmup iterations (1000); reports the mean of the per-set minima as\n"  \
    "  well. Runs SCHED_FIFO where allowed, unless --no-realtime. --info prints the level's\n"\
    "  backends, the TSC frequency and the timer overhead. --raw adds every sample (ticks).\n" \
    "  Output: one JSON object per line and competitor.\n"

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
    int (*call)(bench_state *st);    /* the timed call with st->be; 0 on success */
    int (*call_upstream)(bench_state *st); /* the official tree's call, or NULL if it has none */
    int (*check)(const bench_state *st); /* after a batch: the outputs are right; 0 if so */
    unsigned reps; /* calls per sample: the samples are divided by it */
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

/* A vector backend's syndromes take a few hundred ticks, of which the timer's own cost (and its
 * drift on a virtual machine) would be a large share: one sample times SYNDROME_REPS calls. */
#define SYNDROME_REPS 16
static int call_syndromes(bench_state *st)
{
    for (unsigned i = 0; i < SYNDROME_REPS; i++)
        st->be->rs_syndromes(st->syndromes, st->codeword);
    return 0;
}

#ifdef HQC_BENCH_UPSTREAM
/* The official tree's KEM of this level (NIST API, randomness from its own SHAKE256 PRNG),
 * its symbols renamed upstream_* by scripts/hqctools/upstream_build.py. Its keys and
 * ciphertexts are those of our KEM (same dialect: the KATs agree byte for byte), so it runs on
 * the same inputs; its keygen and encaps draw their seeds inside the call (a few hundred
 * ticks of SHAKE256), ours take them prepared. */
OFFICIAL_KEM_DECLARE(upstream)

static int upstream_keygen(bench_state *st)
{
    return upstream_crypto_kem_keypair(st->pk, st->sk);
}

static int upstream_encaps(bench_state *st)
{
    return upstream_crypto_kem_enc(st->ct, st->ss, st->pk);
}

static int upstream_decaps(bench_state *st)
{
    return upstream_crypto_kem_dec(st->ss, st->ct, st->sk);
}
#define UPSTREAM_CALL(f) f
#else
#define UPSTREAM_CALL(f) NULL
#endif

static const bench_op all_ops[] = {
    {"kem", "keygen", prepare_keygen, call_keygen, UPSTREAM_CALL(upstream_keygen), NULL, 1},
    {"kem", "encaps", prepare_encaps, call_encaps, UPSTREAM_CALL(upstream_encaps), NULL, 1},
    {"kem", "decaps", prepare_decaps, call_decaps, UPSTREAM_CALL(upstream_decaps), check_decaps, 1},
    {"mul", "mul", prepare_mul, call_mul, NULL, NULL, 1},
    {"syndromes", "syndromes", prepare_syndromes, call_syndromes, NULL, NULL, SYNDROME_REPS},
};
#define N_OPS (sizeof all_ops / sizeof all_ops[0])

typedef struct {
    int paper;
    size_t runs, batch, warmup, sets;
    int cpu;           /* pinned core, or -1 */
    const char *sched; /* "fifo" when the process runs SCHED_FIFO, else "other" */
    int raw;           /* also print every sample, in iteration order (run-bench merges rounds) */
} bench_config;

/* One competitor of an op's loop: a backend of ours (be) or the official tree (be == NULL),
 * with its own copy of the inputs and outputs. */
#define MAX_COMPETITORS 16
typedef struct {
    const char *name;
    const hqc_backend *be;
    bench_state *st;
    const bench_op *op; /* the op being timed */
} competitor;

/* paired_entry's call: the op of competitor ctx. */
static int competitor_call(void *ctx)
{
    const competitor *c = ctx;
    return c->be ? c->op->call(c->st) : c->op->call_upstream(c->st);
}

/* Fresh inputs for every competitor: prepared once (with the first backend of ours, which
 * makes any key and ciphertext the batch needs) and copied, so all time the same work. */
static void prepare_all(const bench_op *op, competitor *c, size_t n)
{
    if (op->prepare(c[0].st) != 0) {
        fprintf(stderr, "error: preparing inputs for %s with %s failed\n", op->op, c[0].name);
        exit(1);
    }
    for (size_t i = 1; i < n; i++) {
        *c[i].st = *c[0].st;
        c[i].st->be = c[i].be;
    }
}

static void check_all(const bench_op *op, const competitor *c, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (op->check && op->check(c[i].st) != 0) {
            fprintf(stderr, "error: %s with %s gave a wrong result\n", op->op, c[i].name);
            exit(1);
        }
}

typedef struct {
    const bench_op *op;
    competitor *c;
    size_t n;
} op_loop;

/* paired_refresh: the previous batch's outputs checked, new inputs for the next. */
static int refresh_inputs(void *ctx, int first, int last)
{
    op_loop *l = ctx;
    if (!first)
        check_all(l->op, l->c, l->n);
    if (!last)
        prepare_all(l->op, l->c, l->n);
    return 0;
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

/* The competitor called name among c[0..n-1], or NULL. */
static const paired_entry *find_competitor(const competitor *c, const paired_entry *e, size_t n,
                                           const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(c[i].name, name) == 0)
            return &e[i];
    return NULL;
}

/* Bases of the ratio columns: base ticks / competitor ticks per iteration, so above 1 means
 * the competitor is faster. */
static const char *const ratio_bases[] = {"ref", "avx2"};
#define RATIO_SCALE 1000000 /* ratios are computed in millionths (ticks stay below 2^44) */

/* The probe's record fields (bench/probe.h): its fastest and median ticks over the
 * iterations; with --raw every sample, in iteration order, from which run-bench tells the
 * quiet iterations. scratch: total words. */
static void report_probe(const uint64_t *probe, const bench_config *cfg, size_t total, uint64_t *scratch)
{
    if (!PROBE_AVAILABLE)
        return;
    memcpy(scratch, probe, total * sizeof *scratch);
    sample_summary p = summarise_samples(scratch, total);
    printf(", \"probe\": {\"fastest\": %llu, \"median\": %llu, \"iterations\": %zu}",
           (unsigned long long)p.min, (unsigned long long)p.median, total);
    if (cfg->raw) {
        printf(", \"probe_ticks\": [");
        for (size_t k = 0; k < total; k++)
            printf("%s%llu", k ? ", " : "", (unsigned long long)probe[k]);
        printf("]");
    }
}

/* Prints one record per competitor; the samples are sorted afterwards. scratch: total words. */
static void report(const bench_op *op, const competitor *c, const paired_entry *e, size_t n,
                   const bench_config *cfg, size_t total, const uint64_t *probe, uint64_t *scratch)
{
    for (size_t i = 0; i < n; i++) {
        printf("{\"what\": \"%s\", \"op\": \"%s\", \"level\": %d, \"impl\": ", op->what, op->op,
               HQC_LEVEL);
        print_json_string(c[i].name);
        printf(", \"paired_with\": [");
        for (size_t j = 0; j < n; j++) {
            printf("%s", j ? ", " : "");
            print_json_string(c[j].name);
        }
        printf("], \"ratios\": {");
        int first = 1;
        for (size_t b = 0; b < sizeof ratio_bases / sizeof ratio_bases[0]; b++) {
            const paired_entry *base = find_competitor(c, e, n, ratio_bases[b]);
            if (!base)
                continue;
            sample_summary r = summarise_ratios_scaled(base->ticks, e[i].ticks, scratch, total, RATIO_SCALE);
            printf("%s\"%s\": {\"median\": %.6f, \"q1\": %.6f, \"q3\": %.6f}", first ? "" : ", ",
                   ratio_bases[b], (double)r.median / RATIO_SCALE, (double)r.q1 / RATIO_SCALE,
                   (double)r.q3 / RATIO_SCALE);
            first = 0;
        }
        printf("}");
        if (cfg->paper) {
            /* Robert and Veron: the minimum of each data set, averaged over the sets. */
            double sum_of_minima = 0;
            for (size_t set = 0; set < cfg->sets; set++) {
                uint64_t set_min = UINT64_MAX;
                for (size_t j = 0; j < cfg->runs; j++)
                    if (e[i].ticks[set * cfg->runs + j] < set_min)
                        set_min = e[i].ticks[set * cfg->runs + j];
                sum_of_minima += (double)set_min;
            }
            printf(", \"mean_min_cycles\": %.1f", sum_of_minima / (double)cfg->sets);
        }
        memcpy(scratch, e[i].ticks, total * sizeof *scratch);
        sample_summary s = summarise_samples(scratch, total);
        printf(", \"median_cycles\": %llu, \"q1\": %llu, \"q3\": %llu, \"min\": %llu, \"max\": %llu, "
               "\"warmup\": %zu, \"cpu\": %d, \"sched\": \"%s\"",
               (unsigned long long)s.median, (unsigned long long)s.q1, (unsigned long long)s.q3,
               (unsigned long long)s.min, (unsigned long long)s.max, cfg->warmup, cfg->cpu, cfg->sched);
        printf(", \"calls_per_sample\": %u", op->reps);
        report_probe(probe, cfg, total, scratch);
        if (cfg->raw) {
            printf(", \"ticks\": [");
            for (size_t k = 0; k < total; k++)
                printf("%s%llu", k ? ", " : "", (unsigned long long)e[i].ticks[k]);
            printf("]");
        }
        if (cfg->paper)
            printf(", \"mode\": \"paper\", \"sets\": %zu, \"runs\": %zu}\n", cfg->sets, cfg->runs);
        else
            printf(", \"mode\": \"median\", \"runs\": %zu, \"batch\": %zu}\n", cfg->runs, cfg->batch);
    }
    fflush(stdout);
}

/* One op over the competitors that have it. Median mode: cfg->runs iterations in batches of
 * cfg->batch; paper mode: cfg->sets data sets of cfg->runs iterations. */
static int bench_op_paired(const bench_op *op, competitor *all, size_t n_all, const bench_config *cfg)
{
    competitor c[MAX_COMPETITORS];
    size_t n = 0;
    for (size_t i = 0; i < n_all; i++)
        if (all[i].be || op->call_upstream)
            c[n++] = all[i];
    size_t total = cfg->paper ? cfg->sets * cfg->runs : cfg->runs;
    size_t batch = cfg->paper ? cfg->runs : cfg->batch;
    uint64_t *t[MAX_COMPETITORS + 2]; /* the competitors', scratch, the probe's */
    if (alloc_sample_arrays(t, n + 2, total) != 0) {
        fprintf(stderr, "error: out of memory for %zu samples\n", (n + 2) * total);
        return -1;
    }
    paired_entry e[MAX_COMPETITORS];
    for (size_t i = 0; i < n; i++) {
        c[i].op = op;
        e[i] = (paired_entry){competitor_call, &c[i], t[i]};
    }
    op_loop loop = {op, c, n};
    int rc = paired_run_probed(e, n, cfg->warmup, total, batch, refresh_inputs, &loop, t[n + 1]);
    if (rc > 0)
        fprintf(stderr, "error: %s with %s failed\n", op->op, c[rc - 1].name);
    for (size_t i = 0; i < n && rc == 0; i++)
        for (size_t k = 0; k < total; k++)
            t[i][k] = (t[i][k] + op->reps / 2) / op->reps;
    if (rc == 0)
        report(op, c, e, n, cfg, total, t[n + 1], t[n]);
    for (size_t i = 0; i <= n + 1; i++)
        free(t[i]);
    return rc ? -1 : 0;
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

/* SCHED_FIFO at the lowest real-time priority, where the system allows it (root or
 * CAP_SYS_NICE): ordinary processes on the pinned core then no longer preempt a long call (ref's
 * decapsulation takes milliseconds), which on a shared machine inflates one competitor's
 * samples and not the others'. The kernel's real-time throttling (sched_rt_runtime_us) still
 * leaves the other processes a share of the core. Returns "fifo" or "other". */
static const char *try_realtime(int want)
{
    struct sched_param p = {.sched_priority = sched_get_priority_min(SCHED_FIFO)};
    if (want && sched_setscheduler(0, SCHED_FIFO, &p) == 0)
        return "fifo";
    return "other";
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
    bench_config cfg = {.paper = 0, .runs = 0, .batch = 50, .warmup = 0, .sets = 50, .cpu = -1, .sched = "other"};
    int realtime = 1;
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
        } else if (strcmp(a, "--no-realtime") == 0) {
            realtime = 0;
        } else if (strcmp(a, "--raw") == 0) {
            cfg.raw = 1;
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
    cfg.sched = try_realtime(realtime);

    competitor comps[MAX_COMPETITORS];
    size_t n_run = 0;
    int want_upstream = 0;
    if (n_backends == 0) {
        for (const hqc_backend *const *b = HQC_NS(backend_list)(); *b; b++)
            if (HQC_NS(backend_by_name)((*b)->name) && n_run < MAX_COMPETITORS - 1)
                comps[n_run++] = (competitor){(*b)->name, *b, NULL, NULL};
#ifdef HQC_BENCH_UPSTREAM
        want_upstream = 1;
#endif
    } else {
        for (size_t i = 0; i < n_backends; i++) {
#ifdef HQC_BENCH_UPSTREAM
            if (strcmp(backend_names[i], "upstream") == 0) {
                want_upstream = 1;
                continue;
            }
#endif
            const hqc_backend *be = HQC_NS(backend_by_name)(backend_names[i]);
            if (!be) {
                fprintf(stderr, "error: backend '%s' is not compiled in or this CPU cannot run it\n",
                        backend_names[i]);
                return 2;
            }
            comps[n_run++] = (competitor){be->name, be, NULL, NULL};
        }
    }
    if (n_run == 0) {
        /* The inputs are prepared with a backend of ours (keys, ciphertexts). */
        fprintf(stderr, "error: at least one backend of ours must run\n");
        return 2;
    }
#ifdef HQC_BENCH_UPSTREAM
    if (want_upstream) {
        uint8_t entropy[48];
        if (random_fill(entropy, sizeof entropy) != 0) {
            fprintf(stderr, "error: no randomness for the official tree's PRNG\n");
            return 1;
        }
        upstream_prng_init(entropy, NULL, sizeof entropy, 0);
        comps[n_run++] = (competitor){"upstream", NULL, NULL, NULL};
    }
#else
    (void)want_upstream;
#endif

    /* Each state holds a few key-sized buffers: too big to be polite on the stack. */
    bench_state *st = calloc(n_run, sizeof *st);
    if (!st) {
        fprintf(stderr, "error: out of memory\n");
        return 1;
    }
    for (size_t i = 0; i < n_run; i++) {
        comps[i].st = &st[i];
        st[i].be = comps[i].be;
    }
    int rc = 0;
    for (size_t k = 0; k < N_OPS && rc == 0; k++)
        if (!any_op || op_selected[k])
            rc = bench_op_paired(&all_ops[k], comps, n_run, &cfg);
    free(st);
    return rc ? 1 : 0;
}
