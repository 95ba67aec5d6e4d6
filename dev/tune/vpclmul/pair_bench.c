/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* pair_bench.c: paired timing of two backends of one level, for dev/tuning/vpclmul.md; not part of the
 * library (the Makefile compiles only the .c files directly in src/gf2x/native/x86_64/vpclmul/). Per
 * iteration it times one call of each backend (order alternating), rdtsc between lfences,
 * and reports the median ticks of each and the median of the per-iteration ratios A/B with
 * its q1-q3 spread. Ops: mul (fresh operands every 50 iterations, results compared), keygen,
 * encaps, decaps (one seed per iteration, both backends must agree). Build against a build's
 * libhqc.a (BUILD = build/auto, or any build with both backends):
 *   cc -std=c11 -O2 -Isrc/hqc -Isrc/fips202 -Isrc/gf2x -Iinclude -Ibench -IBUILD/gen -DHQC_LEVEL=L \
 *      -DHQC_HAVE_AVX2 -DHQC_HAVE_VPCLMUL dev/tune/vpclmul/pair_bench.c BUILD/libhqc.a \
 *      -lcrypto -o pair_bench
 *   flock /tmp/hqc-timing.lock taskset -c 1 ./pair_bench A B OP [iterations]
 * -DPAIR_EXTRA_BACKEND=sym adds the table sym (linked in separately) to the names accepted. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "kem.h"
#include "tsc.h"

#ifdef PAIR_EXTRA_BACKEND
extern const hqc_backend PAIR_EXTRA_BACKEND;
#endif

static uint64_t rng_state = 0x243f6a8885a308d3ULL;

static uint64_t next_random(void)
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static void random_bytes(uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (uint8_t)next_random();
}

static const hqc_backend *find(const char *name)
{
#ifdef PAIR_EXTRA_BACKEND
    if (strcmp(name, PAIR_EXTRA_BACKEND.name) == 0)
        return &PAIR_EXTRA_BACKEND;
#endif
    return HQC_NS(backend_by_name)(name);
}

static int cmp_u64(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return a < b ? -1 : a > b;
}

static int cmp_double(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return a < b ? -1 : a > b;
}

typedef struct {
    uint64_t a[HQC_WORDS], b[HQC_WORDS], o[2][HQC_WORDS];
    uint8_t seed[HQC_SEED_BYTES], m[HQC_K], salt[HQC_SALT_BYTES];
    uint8_t pk[2][HQC_PK_BYTES], sk[2][HQC_SK_BYTES], ct[2][HQC_CT_BYTES], ss[2][HQC_SS_BYTES];
} pair_state;

static void fresh_inputs(pair_state *s, int kem)
{
    const hqc_backend *ref_be = HQC_NS(backend_by_name)("ref");
    for (size_t i = 0; i < HQC_WORDS; i++)
        s->a[i] = next_random(), s->b[i] = next_random();
    s->a[HQC_WORDS - 1] &= HQC_TOP_MASK;
    s->b[HQC_WORDS - 1] &= HQC_TOP_MASK;
    random_bytes(s->seed, sizeof s->seed);
    random_bytes(s->m, sizeof s->m);
    random_bytes(s->salt, sizeof s->salt);
    for (int k = 0; k < 2 && kem; k++) { /* encaps and decaps need a key pair and a ciphertext */
        HQC_NS(crypto_kem_keypair_derand_with)(ref_be, s->pk[k], s->sk[k], s->seed);
        HQC_NS(crypto_kem_enc_derand_with)(ref_be, s->ct[k], s->ss[k], s->pk[k], s->m, s->salt);
    }
}

/* One timed call of op with backend be into slot k of the outputs. */
static uint64_t timed(const char *op, const hqc_backend *be, pair_state *s, int k)
{
    uint64_t t0 = tsc_begin();
    int rc = 0;
    if (strcmp(op, "mul") == 0)
        be->mul(s->o[k], s->a, s->b);
    else if (strcmp(op, "keygen") == 0)
        rc = HQC_NS(crypto_kem_keypair_derand_with)(be, s->pk[k], s->sk[k], s->seed);
    else if (strcmp(op, "encaps") == 0)
        rc = HQC_NS(crypto_kem_enc_derand_with)(be, s->ct[k], s->ss[k], s->pk[k], s->m, s->salt);
    else
        rc = HQC_NS(crypto_kem_dec_with)(be, s->ss[k], s->ct[k], s->sk[k]);
    uint64_t t1 = tsc_end();
    if (rc != 0) {
        fprintf(stderr, "pair_bench: %s with %s failed\n", op, be->name);
        exit(1);
    }
    return t1 - t0;
}

static int same_outputs(const pair_state *s)
{
    return memcmp(s->o[0], s->o[1], sizeof s->o[0]) == 0 && memcmp(s->pk[0], s->pk[1], sizeof s->pk[0]) == 0 &&
           memcmp(s->sk[0], s->sk[1], sizeof s->sk[0]) == 0 && memcmp(s->ct[0], s->ct[1], sizeof s->ct[0]) == 0 &&
           memcmp(s->ss[0], s->ss[1], sizeof s->ss[0]) == 0;
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: %s BACKEND_A BACKEND_B mul|keygen|encaps|decaps [iterations]\n", argv[0]);
        return 2;
    }
    const hqc_backend *be[2] = {find(argv[1]), find(argv[2])};
    const char *op = argv[3];
    size_t n = argc > 4 ? strtoul(argv[4], NULL, 10) : 2000;
    if (!be[0] || !be[1] || n < 10 || n > 1000000 ||
        (strcmp(op, "mul") && strcmp(op, "keygen") && strcmp(op, "encaps") && strcmp(op, "decaps"))) {
        fprintf(stderr, "pair_bench: unknown or unsupported backend, op or count\n");
        return 2;
    }
    pair_state *s = calloc(1, sizeof *s);
    uint64_t *t[2] = {malloc(n * sizeof(uint64_t)), malloc(n * sizeof(uint64_t))};
    double *ratio = malloc(n * sizeof(double));
    if (!s || !t[0] || !t[1] || !ratio)
        return 1;
    const size_t batch = strcmp(op, "mul") == 0 ? 50 : 1;
    fresh_inputs(s, batch == 1);
    for (size_t w = 0; w < n / 10 + 10; w++) /* warm-up */
        timed(op, be[w & 1], s, (int)(w & 1));
    for (size_t i = 0; i < n; i++) {
        if (i % batch == 0)
            fresh_inputs(s, batch == 1);
        int first = (int)(i & 1); /* alternate which backend runs first */
        t[first][i] = timed(op, be[first], s, first);
        t[!first][i] = timed(op, be[!first], s, !first);
        if (!same_outputs(s)) {
            fprintf(stderr, "pair_bench: %s and %s disagree on %s\n", be[0]->name, be[1]->name, op);
            return 1;
        }
        ratio[i] = (double)t[0][i] / (double)t[1][i];
    }
    qsort(t[0], n, sizeof(uint64_t), cmp_u64);
    qsort(t[1], n, sizeof(uint64_t), cmp_u64);
    qsort(ratio, n, sizeof(double), cmp_double);
    printf("%s %s: %s %llu [%llu-%llu]  %s %llu [%llu-%llu]  %s/%s %.3f [%.3f-%.3f]  (%zu pairs)\n", HQC_NAME, op,
           be[0]->name, (unsigned long long)t[0][n / 2], (unsigned long long)t[0][n / 4],
           (unsigned long long)t[0][3 * n / 4], be[1]->name, (unsigned long long)t[1][n / 2],
           (unsigned long long)t[1][n / 4], (unsigned long long)t[1][3 * n / 4], be[0]->name, be[1]->name,
           ratio[n / 2], ratio[n / 4], ratio[3 * n / 4], n);
    free(s), free(t[0]), free(t[1]), free(ratio);
    return 0;
}
