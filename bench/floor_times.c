/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* floor_times.c: the measured side of make floor (issue 34). For one level, every backend this
 * CPU runs (or --backend) and each KEM operation, one paired loop (bench/paired.h) times per
 * iteration, in rotated order: the operation itself, a chain of dependent single-state
 * Keccak-f[1600] permutations and one of four-state ones (the dispatched kernels the KEM uses),
 * and the backend's product at the weights omega and omega_r (the sparse product for a -sparse
 * backend). It prints every sample, one JSON line per backend and operation; scripts/floor
 * multiplies the kernel samples by the counts of floor_counts.c, iteration by iteration, and
 * reads the probe's samples (bench/probe.h) to tell quiet iterations.
 * Usage: hqcL_floor_times [--runs N] [--backend NAME]... [--dialect NAME] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "dialect.h"
#include "keccak.h"
#include "kem.h"
#include "paired.h"
#include "randombytes.h"
#include "sample_stats.h"

/* Permutations per timed chain: long enough that the timer's own cost (about 45 ticks) is a
 * small share of a sample, short enough to stay one dependent chain like a sponge's. */
enum { CHAIN = 8, WARMUP = 30, BATCH = 25, MAX_RUNS = 100001, MAX_BACKENDS = 16 };

typedef struct {
    const hqc_dialect *d;
    const hqc_backend *be;
    uint8_t seed_kem[HQC_SEED_BYTES], m[HQC_SEC_BYTES], salt[HQC_SALT_BYTES];
    uint8_t pk[HQC_PK_BYTES], sk[HQC_SK_BYTES], ct[HQC_CT_BYTES], ss[HQC_SS_BYTES];
    uint64_t a[HQC_WORDS], fixed[2][HQC_WORDS], product[HQC_WORDS];
    uint32_t support[2][HQC_WEIGHT_MAX];
    size_t weight[2]; /* omega, omega_r */
    uint64_t state1[25], state4[100];
} floor_state;

static int op_keygen(void *c)
{
    floor_state *st = c;
    return kem_keypair_derand(st->d, st->be, st->pk, st->sk, st->seed_kem);
}

static int op_encaps(void *c)
{
    floor_state *st = c;
    return kem_enc_derand(st->d, st->be, st->ct, st->ss, st->pk, st->m, st->salt);
}

static int op_decaps(void *c)
{
    floor_state *st = c;
    return kem_dec(st->d, st->be, st->ss, st->ct, st->sk);
}

static int chain_x1(void *c)
{
    floor_state *st = c;
    for (int i = 0; i < CHAIN; i++)
        keccak_f1600(st->state1);
    return 0;
}

static int chain_x4(void *c)
{
    floor_state *st = c;
    for (int i = 0; i < CHAIN; i++)
        keccak_f1600_x4(st->state4);
    return 0;
}

static int product(floor_state *st, int which)
{
    if (st->be->mul_sparse)
        st->be->mul_sparse(st->product, st->a, st->support[which], st->weight[which]);
    else
        st->be->mul(st->product, st->fixed[which], st->a);
    return 0;
}

static int product_omega(void *c)
{
    return product(c, 0);
}

static int product_omega_r(void *c)
{
    return product(c, 1);
}

/* weight distinct random positions < n: the support, and its bits. */
static int random_fixed_weight(uint32_t *support, uint64_t bits[HQC_WORDS], size_t weight)
{
    memset(bits, 0, HQC_WORDS * sizeof bits[0]);
    for (size_t i = 0; i < weight;) {
        uint32_t r;
        if (hqc_randombytes((uint8_t *)&r, sizeof r) != 0)
            return -1;
        r %= HQC_N;
        if (bits[r / 64] >> (r % 64) & 1)
            continue;
        bits[r / 64] |= 1ULL << (r % 64);
        support[i++] = r;
    }
    return 0;
}

/* Fresh inputs for a batch: a key, a ciphertext of it, a dense vector and two fixed-weight ones. */
static int refresh(void *c, int first, int last)
{
    floor_state *st = c;
    (void)first;
    if (last)
        return 0;
    if (hqc_randombytes(st->seed_kem, sizeof st->seed_kem) != 0 || hqc_randombytes(st->m, sizeof st->m) != 0 ||
        hqc_randombytes(st->salt, sizeof st->salt) != 0 || hqc_randombytes((uint8_t *)st->a, sizeof st->a) != 0)
        return -1;
    st->a[HQC_WORDS - 1] &= HQC_TOP_MASK;
    for (int w = 0; w < 2; w++)
        if (random_fixed_weight(st->support[w], st->fixed[w], st->weight[w]) != 0)
            return -1;
    if (kem_keypair_derand(st->d, st->be, st->pk, st->sk, st->seed_kem) != 0 ||
        kem_enc_derand(st->d, st->be, st->ct, st->ss, st->pk, st->m, st->salt) != 0)
        return -1;
    return 0;
}

static void print_samples(const char *name, const uint64_t *t, size_t n)
{
    printf(", \"%s\": [", name);
    for (size_t i = 0; i < n; i++)
        printf("%s%llu", i ? ", " : "", (unsigned long long)t[i]);
    printf("]");
}

static int measure(floor_state *st, const char *op_name, int (*op)(void *), size_t runs)
{
    enum { N = 5 };
    static const char *const names[N] = {"op_ticks", "chain_x1", "chain_x4", "mul_omega", "mul_omega_r"};
    int (*const calls[N])(void *) = {op, chain_x1, chain_x4, product_omega, product_omega_r};
    uint64_t *ticks[N + 1]; /* and the probe's (bench/probe.h) */
    paired_entry e[N];
    if (alloc_sample_arrays(ticks, N + 1, runs) != 0)
        return -1;
    for (int i = 0; i < N; i++)
        e[i] = (paired_entry){calls[i], st, ticks[i]};
    int rc = paired_run_probed(e, N, WARMUP, runs, BATCH, refresh, st, ticks[N]);
    if (rc == 0) {
        printf("{\"level\": %d, \"dialect\": \"%s\", \"backend\": \"%s\", \"op\": \"%s\", \"chain\": %d, "
               "\"keccak\": \"%s\", \"weights\": [%zu, %zu]",
               HQC_LEVEL, st->d->name, st->be->name, op_name, CHAIN, keccak_impl_name(), st->weight[0],
               st->weight[1]);
        for (int i = 0; i < N; i++)
            print_samples(names[i], ticks[i], runs);
        if (PROBE_AVAILABLE)
            print_samples("probe_ticks", ticks[N], runs);
        printf("}\n");
        fflush(stdout);
    } else {
        fprintf(stderr, "error: %s %s: %s failed\n", st->be->name, op_name, rc < 0 ? "refresh" : names[rc - 1]);
    }
    for (int i = 0; i <= N; i++)
        free(ticks[i]);
    return rc;
}

int main(int argc, char **argv)
{
    size_t runs = 301;
    const char *names[MAX_BACKENDS];
    size_t n_names = 0;
    const hqc_dialect *d = dialect_list()[0];
    for (int i = 1; i < argc; i++) {
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(argv[i], "--runs") == 0 && v && atol(v) > 0 && atol(v) <= MAX_RUNS) {
            runs = (size_t)atol(v), i++;
        } else if (strcmp(argv[i], "--backend") == 0 && v && n_names < MAX_BACKENDS) {
            names[n_names++] = v, i++;
        } else if (strcmp(argv[i], "--dialect") == 0 && v) {
            if ((d = dialect_by_name(v)) == NULL) {
                fprintf(stderr, "error: unknown dialect '%s'\n", v);
                return 2;
            }
            i++;
        } else {
            fprintf(stderr, "usage: %s [--runs N (1..%d)] [--backend NAME]... [--dialect NAME]\n", argv[0], MAX_RUNS);
            return 2;
        }
    }
    if (n_names == 0)
        for (const hqc_backend *const *b = HQC_NS(backend_list)(); *b && n_names < MAX_BACKENDS; b++)
            if (HQC_NS(backend_by_name)((*b)->name))
                names[n_names++] = (*b)->name;
    static floor_state st;
    for (size_t i = 0; i < n_names; i++) {
        const hqc_backend *be = HQC_NS(backend_by_name)(names[i]);
        if (be == NULL) {
            fprintf(stderr, "error: backend '%s' is not compiled in or this CPU cannot run it\n", names[i]);
            return 2;
        }
        st = (floor_state){.d = d, .be = be, .weight = {d->omega, d->omega_r}};
        if (measure(&st, "keygen", op_keygen, runs) != 0 || measure(&st, "encaps", op_encaps, runs) != 0 ||
            measure(&st, "decaps", op_decaps, runs) != 0)
            return 1;
    }
    return 0;
}
