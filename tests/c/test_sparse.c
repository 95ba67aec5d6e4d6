/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* test_sparse.c: the vectorised kernels of issue 3 against their portable twins. Every
 * sparse-dense product (the kernels directly and every backend's mul_sparse) equals the ref
 * backend's dense mul of the expanded positions, on random position sets of the KEM's weights
 * and of random weights, and on edge cases (position 0, N-1, both sides of every word
 * boundary, empty and single-position sets, all-ones and single-bit dense operands), with
 * o == a and 8-byte aligned buffers. Every RS syndrome kernel equals rs_syndromes_ref on
 * random words, zero, all ones, and every non-zero symbol at every position.
 * Usage: hqcL_test_sparse [random_sets] [seed] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "cpu.h"
#include "syndromes.h"
#include "testutil.h"
#ifdef HQC_HAVE_AVX2
#include "sparse_mul_avx2.h"
#include "syndromes_avx2.h"
#endif
#ifdef HQC_HAVE_AVX512
#include "sparse_mul_avx512.h"
#include "syndromes_gfni.h"
#endif

#define W HQC_WORDS
#define MAX_WEIGHT 600 /* above the kernels' 256-position gathering chunk */

typedef void (*sparse_fn)(uint64_t *o, const uint64_t *a, const uint32_t *pos, size_t weight);
typedef void (*syndromes_fn)(uint8_t *syn, const uint8_t *cdw);

/* A kernel, and the backend table that holds it if any (then it is tested once, by name). */
struct sparse_impl {
    const char *name;
    sparse_fn fn;
    const char *table;
};
struct syndromes_impl {
    const char *name;
    syndromes_fn fn;
    const char *table;
};

static struct sparse_impl sparse_impls[16];
static size_t n_sparse;
static struct syndromes_impl syn_impls[16];
static size_t n_syn;
static long sparse_checks, syn_checks;

#if defined(HQC_HAVE_AVX2) || defined(HQC_HAVE_AVX512)
static int cpu_has(uint32_t need)
{
    return (hqc_cpu_features() & need) == need;
}
#endif

static struct sparse_impl *find_sparse(sparse_fn fn)
{
    for (size_t k = 0; k < n_sparse; k++)
        if (sparse_impls[k].fn == fn)
            return &sparse_impls[k];
    return NULL;
}

static struct syndromes_impl *find_syndromes(syndromes_fn fn)
{
    for (size_t k = 0; k < n_syn; k++)
        if (syn_impls[k].fn == fn)
            return &syn_impls[k];
    return NULL;
}

/* The kernels this build has and this CPU runs, then every backend's mul_sparse and
 * syndromes that are not one of those (a table naming a kernel is tested through it). */
static void collect_impls(void)
{
#ifdef HQC_HAVE_AVX2
    if (cpu_has(HQC_CPU_AVX2)) {
        sparse_impls[n_sparse++] = (struct sparse_impl){"sparse_mul_avx2", sparse_mul_avx2, NULL};
        syn_impls[n_syn++] = (struct syndromes_impl){"rs_syndromes_avx2", rs_syndromes_avx2, NULL};
    }
#endif
#ifdef HQC_HAVE_AVX512
    if (cpu_has(HQC_CPU_AVX512F | HQC_CPU_AVX512BW))
        sparse_impls[n_sparse++] = (struct sparse_impl){"sparse_mul_avx512", sparse_mul_avx512, NULL};
    if (cpu_has(HQC_CPU_AVX512F | HQC_CPU_GFNI))
        syn_impls[n_syn++] = (struct syndromes_impl){"rs_syndromes_gfni", rs_syndromes_gfni, NULL};
#endif
    const hqc_backend *const *all = HQC_NS(backend_list)();
    for (size_t k = 0; all[k]; k++) {
        const hqc_backend *be = HQC_NS(backend_by_name)(all[k]->name);
        if (be == NULL)
            continue;
        if (be->mul_sparse) {
            struct sparse_impl *known = find_sparse(be->mul_sparse);
            if (known)
                known->table = be->name;
            else if (n_sparse < 16)
                sparse_impls[n_sparse++] = (struct sparse_impl){be->name, be->mul_sparse, be->name};
        }
        if (be->rs_syndromes != rs_syndromes_ref) {
            struct syndromes_impl *known = find_syndromes(be->rs_syndromes);
            if (known)
                known->table = be->name;
            else if (n_syn < 16)
                syn_impls[n_syn++] = (struct syndromes_impl){be->name, be->rs_syndromes, be->name};
        }
    }
}

static void expand(uint64_t *v, const uint32_t *pos, size_t weight)
{
    memset(v, 0, W * sizeof *v);
    for (size_t i = 0; i < weight; i++)
        v[pos[i] / 64] |= 1ULL << (pos[i] % 64);
}

/* One position set and dense operand through every implementation, with o distinct, o == a
 * and 8-byte (not 32/64-byte) aligned buffers. */
static void check_sparse(const uint64_t *a, const uint32_t *pos, size_t weight, const char *what)
{
    uint64_t dense[W], want[W], got[W], copy[W], ua[W + 1], uo[W + 1];
    expand(dense, pos, weight);
    HQC_NS(backend_ref).mul(want, a, dense);
    for (size_t k = 0; k < n_sparse; k++) {
        memset(got, 0xa5, sizeof got);
        sparse_impls[k].fn(got, a, pos, weight);
        CHECK(memcmp(got, want, sizeof got) == 0, "%s %s: differs from ref mul (%s, weight %zu)", HQC_NAME,
              sparse_impls[k].name, what, weight);
        memcpy(copy, a, sizeof copy);
        sparse_impls[k].fn(copy, copy, pos, weight);
        CHECK(memcmp(copy, want, sizeof copy) == 0, "%s %s: o == a differs (%s)", HQC_NAME, sparse_impls[k].name,
              what);
        memcpy(ua + 1, a, W * sizeof *a);
        sparse_impls[k].fn(uo + 1, ua + 1, pos, weight);
        CHECK(memcmp(uo + 1, want, W * sizeof *a) == 0, "%s %s: 8-byte aligned buffers differ (%s)", HQC_NAME,
              sparse_impls[k].name, what);
        sparse_checks++;
    }
}

static void random_dense(uint64_t *state, uint64_t *v)
{
    for (size_t i = 0; i < W; i++)
        v[i] = splitmix64(state);
    v[W - 1] &= HQC_TOP_MASK;
}

/* weight distinct positions below N, uniformly. */
static void random_positions(uint64_t *state, uint32_t *pos, size_t weight)
{
    uint64_t seen[W];
    memset(seen, 0, sizeof seen);
    for (size_t i = 0; i < weight;) {
        uint32_t p = (uint32_t)(splitmix64(state) % HQC_N);
        if (seen[p / 64] >> (p % 64) & 1)
            continue;
        seen[p / 64] |= 1ULL << (p % 64);
        pos[i++] = p;
    }
}

static void check_syndromes(const uint8_t *cdw)
{
    uint8_t want[2 * HQC_DELTA], got[2 * HQC_DELTA + 8];
    rs_syndromes_ref(want, cdw);
    for (size_t k = 0; k < n_syn; k++) {
        memset(got, 0x5a, sizeof got);
        syn_impls[k].fn(got, cdw);
        CHECK(memcmp(got, want, sizeof want) == 0, "%s %s: syndromes differ from ref", HQC_NAME, syn_impls[k].name);
        for (size_t i = 2 * HQC_DELTA; i < sizeof got; i++)
            CHECK(got[i] == 0x5a, "%s %s: wrote past 2 delta syndromes", HQC_NAME, syn_impls[k].name);
        syn_checks++;
    }
}

int main(int argc, char **argv)
{
    long sets = argc > 1 ? atol(argv[1]) : 10000;
    uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 0) : 1;
    collect_impls();
    if (n_sparse == 0 && n_syn == 0) {
        printf("%s test_sparse: no vectorised kernel in this build or on this CPU: skipped\n", HQC_NAME);
        return 77;
    }

    uint64_t st = seed, a[W], ones[W];
    uint32_t pos[MAX_WEIGHT];
    memset(ones, 0xff, sizeof ones);
    ones[W - 1] &= HQC_TOP_MASK;

    /* Edge positions: 0, N-1, N-2 and both sides of every word boundary, alone, in pairs with
     * N-1, and all together. */
    uint32_t edges[2 * W + 4];
    size_t n_edges = 0;
    edges[n_edges++] = 0;
    edges[n_edges++] = HQC_N - 1;
    edges[n_edges++] = HQC_N - 2;
    for (uint32_t w = 1; w < W; w++) {
        edges[n_edges++] = 64 * w - 1;
        edges[n_edges++] = 64 * w;
    }
    random_dense(&st, a);
    check_sparse(a, pos, 0, "no position");
    /* The ref product costs about a millisecond at HQC-5: the variants with all ones and with
     * N-1 run on every eighth edge (0, N-1 and N-2 included). */
    for (size_t i = 0; i < n_edges; i++) {
        pos[0] = edges[i];
        check_sparse(a, pos, 1, "single edge position");
        if (i % 8 != 0 && i > 2)
            continue;
        check_sparse(ones, pos, 1, "single edge position * all ones");
        if (edges[i] != HQC_N - 1) {
            pos[1] = HQC_N - 1;
            check_sparse(a, pos, 2, "edge position and N-1");
        }
    }
    for (size_t i = 0; i < n_edges; i += MAX_WEIGHT)
        check_sparse(a, edges + i, n_edges - i < MAX_WEIGHT ? n_edges - i : MAX_WEIGHT, "many edge positions");
    /* Dense operands with a single bit at N-1 or 0, and the top word full. */
    uint64_t single[W];
    memset(single, 0, sizeof single);
    single[W - 1] = 1ULL << ((HQC_N - 1) % 64);
    random_positions(&st, pos, HQC_OMEGA);
    check_sparse(single, pos, HQC_OMEGA, "bit N-1 dense");
    memset(single, 0, sizeof single);
    single[0] = 1;
    check_sparse(single, pos, HQC_OMEGA, "bit 0 dense");
    memset(single, 0, sizeof single);
    single[W - 1] = HQC_TOP_MASK;
    check_sparse(single, pos, HQC_OMEGA, "top word dense");
    check_sparse(ones, pos, HQC_OMEGA, "all ones dense");

    /* Random sets: the KEM's weights, and random weights up to MAX_WEIGHT. */
    for (long t = 0; t < sets; t++) {
        size_t weight = t % 3 == 0 ? HQC_OMEGA : t % 3 == 1 ? HQC_OMEGA_R : (size_t)(splitmix64(&st) % MAX_WEIGHT);
        random_dense(&st, a);
        random_positions(&st, pos, weight);
        check_sparse(a, pos, weight, "random");
    }

    /* Syndromes. */
    uint8_t cdw[HQC_N1];
    memset(cdw, 0, sizeof cdw);
    check_syndromes(cdw);
    memset(cdw, 0xff, sizeof cdw);
    check_syndromes(cdw);
    for (int j = 0; j < HQC_N1; j++)
        for (int v = 1; v < 256; v++) {
            memset(cdw, 0, sizeof cdw);
            cdw[j] = (uint8_t)v;
            check_syndromes(cdw);
        }
    for (long t = 0; t < sets; t++) {
        random_bytes(&st, cdw, sizeof cdw);
        check_syndromes(cdw);
    }

    printf("%s test_sparse:", HQC_NAME);
    for (size_t k = 0; k < n_sparse; k++)
        printf(" %s [%s]", sparse_impls[k].name, sparse_impls[k].table ? sparse_impls[k].table : "-");
    printf(" |");
    for (size_t k = 0; k < n_syn; k++)
        printf(" %s [%s]", syn_impls[k].name, syn_impls[k].table ? syn_impls[k].table : "-");
    printf("; %ld sparse products (x3 layouts) and %ld syndrome vectors against ref: ok\n", sparse_checks, syn_checks);
    return 0;
}
