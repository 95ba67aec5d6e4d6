/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* leaf_bench.c: for dev/tuning/vpclmul.md, not part of the library. Checks the two-product leaf of
 * vclmul_pair_leaf.h against a bit-by-bit schoolbook product, then times it against two
 * 16-word products of the one-product leaf (vclmul_leaf.h through the shared skeleton's
 * 16-word step): 100 back-to-back calls over 8 rotating operand sets (nothing for the
 * compiler to hoist, no dependency between calls), median of 2001 runs, in TSC ticks.
 * Build from the repository root (leaf variants: put a modified copy of the header in DIR
 * and add -IDIR first):
 *   cc -std=c11 -O3 -mavx2 -mpclmul -mbmi2 -mvpclmulqdq -Isrc/gf2x/native/x86_64/vpclmul \
 *      -Isrc/gf2x/native/x86_64 -Isrc/gf2x/skeleton -Isrc/hqc -Ibench -Ibuild/auto/gen \
 *      dev/tune/vpclmul/leaf_bench.c -o leaf_bench
 *   flock /tmp/hqc-timing.lock taskset -c 1 ./leaf_bench */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <x86intrin.h>

#include "vclmul_leaf.h"
#include "vclmul_pair_leaf.h"

#define KARAT2_LEAF vclmul512_split
#define SKELETON_LANE "vec256.h"
#include "karat2_skeleton.h"

enum { CALLS = 100, RUNS = 2001, SETS = 8 };

static uint64_t rng = 88172645463325252ULL;

static uint64_t next_random(void)
{
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    return rng;
}

/* r[0..2n) = a[0..n) * b[0..n), one bit at a time. */
static void schoolbook(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n)
{
    memset(r, 0, 16 * n);
    for (size_t i = 0; i < 64 * n; i++) {
        if (!((a[i / 64] >> (i % 64)) & 1))
            continue;
        for (size_t j = 0; j < n; j++) {
            unsigned sh = i % 64;
            r[i / 64 + j] ^= b[j] << sh;
            if (sh)
                r[i / 64 + j + 1] ^= b[j] >> (64 - sh);
        }
    }
}

static uint64_t ticks(void)
{
    _mm_lfence();
    uint64_t t = __rdtsc();
    _mm_lfence();
    return t;
}

static int cmp_u64(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return (a > b) - (a < b);
}

/* Set s: operands at ops + 64 s (a0, b0, a1, b1, 16 words each), products at res + 64 s. */
static __attribute__((noinline)) void run_single(uint64_t *res, const uint64_t *ops)
{
    for (int i = 0; i < CALLS; i++) {
        const uint64_t *o = ops + 64 * (i % SETS);
        uint64_t *r = res + 64 * (i % SETS);
        mul16(r, o, o + 16);
        mul16(r + 32, o + 32, o + 48);
    }
}

static __attribute__((noinline)) void run_pair(uint64_t *res, const uint64_t *ops)
{
    for (int i = 0; i < CALLS; i++) {
        const uint64_t *o = ops + 64 * (i % SETS);
        uint64_t *r = res + 64 * (i % SETS);
        vclmul1024_pair(r, r + 32, o, o + 16, o + 32, o + 48);
    }
}

int main(void)
{
    static uint64_t ops[64 * SETS], res[64 * SETS];
    static uint64_t t_single[RUNS], t_pair[RUNS];
    uint64_t want[64], got[64];

    for (int t = 0; t < 2000; t++) {
        for (int i = 0; i < 64; i++) /* random, with all-ones operands among the first */
            ops[i] = (t < 16 && (t >> (i / 16)) & 1) ? ~(uint64_t)0 : next_random();
        vclmul1024_pair(got, got + 32, ops, ops + 16, ops + 32, ops + 48);
        schoolbook(want, ops, ops + 16, 16);
        schoolbook(want + 32, ops + 32, ops + 48, 16);
        if (memcmp(got, want, sizeof want) != 0) {
            fprintf(stderr, "leaf_bench: vclmul1024_pair differs from the schoolbook product (case %d)\n", t);
            return 1;
        }
    }
    for (int i = 0; i < 64 * SETS; i++)
        ops[i] = next_random();
    for (int k = 0; k < RUNS; k++) {
        uint64_t t0 = ticks();
        run_single(res, ops);
        uint64_t t1 = ticks();
        run_pair(res, ops);
        uint64_t t2 = ticks();
        t_single[k] = t1 - t0, t_pair[k] = t2 - t1;
        ops[k % (64 * SETS)] ^= res[(7 * k) % (64 * SETS)];
    }
    qsort(t_single, RUNS, sizeof t_single[0], cmp_u64);
    qsort(t_pair, RUNS, sizeof t_pair[0], cmp_u64);
    printf("two 16-word products: one-product leaf %.1f ticks, pair leaf %.1f ticks (2000 checked)\n",
           (double)t_single[RUNS / 2] / CALLS, (double)t_pair[RUNS / 2] / CALLS);
    return 0;
}
