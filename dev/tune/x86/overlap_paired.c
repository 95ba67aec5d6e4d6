/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* overlap_paired.c: tuning harness (nothing in the build compiles dev/): how much independent
 * vector work a chain of Keccak-f[1600] permutations can hide on this core (issue 34's overlap
 * route). bench/paired.h's loop times, per iteration and in rotated order, each after an
 * untimed run: the permutations alone, the work alone, and both interleaved; prints the medians and the median (q1-q3) of the per-iteration share of the smaller part that
 * the interleaving hid, (perms + work - both) / min(perms, work).
 *   coarse: 33 calls of the dispatched keccak_f1600 (or of the BMI kernel: "bmi", the one whose
 *           integer operations AMD's cores issue apart from vector ones), each followed by one
 *           karat2_mul of WORDS words of the avx2 (or vpclmul) backend: what alternating calls
 *           gets;
 *   fused:  the BMI rounds (keccak_tables.h), each followed by k 256-bit carry-less products
 *           independent of the rounds: what a kernel fusing both could get at best; "chained"
 *           makes each product wait for the one before it (latency-bound work).
 *   make -s lib && cc -std=c11 -O2 -march=haswell -mvpclmulqdq -Isrc/hqc -Isrc/fips202 -Ibench -Ibuild/auto/gen \
 *      -DHQC_LEVEL=1 dev/tune/x86/overlap_paired.c build/auto/libhqc.a -o overlap_paired \
 *      && ./overlap_paired coarse WORDS [vpclmul] [bmi] && ./overlap_paired fused K [chained] */
#include <immintrin.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "keccak.h"
#include "paired.h"
#include "sample_stats.h"
#include "native/x86_64/keccak_x86.h"

void hqc1_avx2_karat2_mul(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n);
void hqc1_vpclmul_karat2_mul(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n);

enum { ITERS = 2001, PERMS = 33, FUSED_PERMS = 20 };

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* ---- coarse: whole permutations alternated with whole products ---- */
static uint64_t state[25];
static _Alignas(64) uint64_t opa[4][512], opb[4][512], prod[4][1024];
static void (*mul)(uint64_t *, const uint64_t *, const uint64_t *, size_t);
static void (*perm)(uint64_t *) = keccak_f1600;
static size_t mul_words;

static int perms(void *unused)
{
    (void)unused;
    for (int i = 0; i < PERMS; i++)
        perm(state);
    return 0;
}

static int products(void *unused)
{
    (void)unused;
    for (int i = 0; i < PERMS; i++)
        mul(prod[i & 3], opa[i & 3], opb[(i + 1) & 3], mul_words);
    return 0;
}

static int interleaved(void *unused)
{
    (void)unused;
    for (int i = 0; i < PERMS; i++) {
        perm(state);
        mul(prod[i & 3], opa[i & 3], opb[(i + 1) & 3], mul_words);
    }
    return 0;
}

/* ---- fused: the BMI rounds with k carry-less products after each ---- */
#define KECCAK_XOR(x, y) ((x) ^ (y))
#define KECCAK_AND(x, y) ((x) & (y))
#define KECCAK_OR(x, y) ((x) | (y))
#define KECCAK_NOT(x) (~(x))
#define KECCAK_ANDN(x, y) (~(x) & (y))
#define KECCAK_ROL(x, n) (((x) << (n)) | ((x) >> (64 - (n))))
#define KECCAK_LOAD(i) s[i]
#define KECCAK_STORE(i, v) (s[i] = (v))
#define KECCAK_RC(r) keccak_round_constants[r]
#include "keccak_tables.h"

static int fused_k, chained;
static __m256i va[8], vb[8], acc[8];

/* k products of 128-bit halves into eight accumulators, independent of the rounds: limited by
 * throughput, as a product's leaves are, or (chained) by the latency of each product. */
static inline __attribute__((always_inline)) void vector_step(void)
{
    for (int k = 0; k < fused_k; k++) {
        const __m256i a = va[k & 7], b = vb[(k + 1) & 7];
        const __m256i lo = _mm256_clmulepi64_epi128(a, b, 0x00), hi = _mm256_clmulepi64_epi128(a, b, 0x11);
        const __m256i m1 = _mm256_clmulepi64_epi128(a, b, 0x01), m2 = _mm256_clmulepi64_epi128(a, b, 0x10);
        acc[k & 7] = _mm256_xor_si256(acc[k & 7], _mm256_xor_si256(_mm256_xor_si256(lo, hi), _mm256_xor_si256(m1, m2)));
        /* new operands: a one-cycle add, or (chained) the product's low half, so that every
         * step waits for the carry-less product before it, as a decoder's chain would */
        va[k & 7] = chained ? _mm256_xor_si256(va[k & 7], lo) : _mm256_add_epi64(va[k & 7], _mm256_set1_epi64x(1));
    }
}

#define ROUNDS_WITH(HOOK)                                                                                          \
    uint64_t a0 = s[0], a1 = s[1], a2 = s[2], a3 = s[3], a4 = s[4], a5 = s[5], a6 = s[6], a7 = s[7], a8 = s[8],       \
             a9 = s[9], a10 = s[10], a11 = s[11], a12 = s[12], a13 = s[13], a14 = s[14], a15 = s[15], a16 = s[16],  \
             a17 = s[17], a18 = s[18], a19 = s[19], a20 = s[20], a21 = s[21], a22 = s[22], a23 = s[23], a24 = s[24]; \
    uint64_t e0, e1, e2, e3, e4, e5, e6, e7, e8, e9, e10, e11, e12, e13, e14, e15, e16, e17, e18, e19, e20, e21, e22, \
        e23, e24, b0, b1, b2, b3, b4, c0, c1, c2, c3, c4, d0, d1, d2, d3, d4;                                          \
    KECCAK_PARITY(a)                                                                                               \
    for (int round = 0; round < 24; round += 2) {                                                                  \
        KECCAK_ROUND(a, e, KECCAK_RC(round))                                                                       \
        HOOK;                                                                                                      \
        KECCAK_ROUND(e, a, KECCAK_RC(round + 1))                                                                   \
        HOOK;                                                                                                      \
    }                                                                                                              \
    s[0] = a0, s[1] = a1, s[2] = a2, s[3] = a3, s[4] = a4, s[5] = a5, s[6] = a6, s[7] = a7, s[8] = a8, s[9] = a9;  \
    s[10] = a10, s[11] = a11, s[12] = a12, s[13] = a13, s[14] = a14, s[15] = a15, s[16] = a16, s[17] = a17;        \
    s[18] = a18, s[19] = a19, s[20] = a20, s[21] = a21, s[22] = a22, s[23] = a23, s[24] = a24;

static __attribute__((noinline)) void rounds_alone(uint64_t *s) { ROUNDS_WITH((void)0) }
static __attribute__((noinline)) void rounds_fused(uint64_t *s) { ROUNDS_WITH(vector_step()) }
static __attribute__((noinline)) void steps_alone(void)
{
    for (int r = 0; r < 24; r++) {
        vector_step();
        __asm__ volatile("" ::: "memory"); /* one step per round, as in the fused loop */
    }
}

static int fused_perms(void *unused)
{
    (void)unused;
    for (int i = 0; i < FUSED_PERMS; i++)
        rounds_alone(state);
    return 0;
}

static int fused_steps(void *unused)
{
    (void)unused;
    for (int i = 0; i < FUSED_PERMS; i++)
        steps_alone();
    return 0;
}

static int fused_both(void *unused)
{
    (void)unused;
    for (int i = 0; i < FUSED_PERMS; i++)
        rounds_fused(state);
    return 0;
}

/* The inputs never change: nothing to refresh or check between batches. */
static int no_refresh(void *unused, int first, int last)
{
    (void)unused, (void)first, (void)last;
    return 0;
}

int main(int argc, char **argv)
{
    const int fused = argc > 1 && strcmp(argv[1], "fused") == 0;
    if (argc < 3 || (!fused && strcmp(argv[1], "coarse") != 0))
        return fprintf(stderr, "usage: %s coarse WORDS [vpclmul] [bmi] | fused K [chained]\n", argv[0]), 2;
    const long arg = atol(argv[2]);
    int (*run[3])(void *) = {perms, products, interleaved};
    int count = PERMS;
    if (fused) {
        if (arg < 1 || arg > 64)
            return fprintf(stderr, "K: 1..64\n"), 2;
        fused_k = (int)arg;
        chained = argc > 3 && strcmp(argv[3], "chained") == 0;
        for (int i = 0; i < 8; i++)
            va[i] = _mm256_set1_epi64x((long long)(0x9e3779b97f4a7c15ULL * (uint64_t)(i + 1))),
            vb[i] = _mm256_set1_epi64x((long long)(0x5851f42d4c957f2dULL * (uint64_t)(i + 3)));
        run[0] = fused_perms, run[1] = fused_steps, run[2] = fused_both;
        count = FUSED_PERMS;
    } else {
        if (arg != 8 && arg != 16 && arg != 32 && arg != 64 && arg != 128)
            return fprintf(stderr, "WORDS: 8, 16, 32, 64 or 128\n"), 2;
        mul_words = (size_t)arg;
        mul = hqc1_avx2_karat2_mul;
        for (int a = 3; a < argc; a++) {
            if (strcmp(argv[a], "vpclmul") == 0)
                mul = hqc1_vpclmul_karat2_mul;
            else if (strcmp(argv[a], "bmi") == 0)
                perm = hqc_keccak_f1600_bmi;
            else
                return fprintf(stderr, "unknown option %s\n", argv[a]), 2;
        }
        for (int i = 0; i < 4; i++)
            for (int j = 0; j < 512; j++)
                opa[i][j] = 0x9e3779b97f4a7c15ULL * (uint64_t)(i * 512 + j + 1), opb[i][j] = 0x5851f42d4c957f2dULL * (uint64_t)(i * 512 + j + 7);
    }
    static uint64_t t[3][ITERS];
    static double hidden[ITERS];
    paired_entry e[3];
    for (int k = 0; k < 3; k++)
        e[k] = (paired_entry){run[k], NULL, t[k]};
    if (paired_run(e, 3, 0, ITERS, ITERS, no_refresh, NULL) != 0)
        return fprintf(stderr, "the paired loop failed\n"), 1;
    for (int it = 0; it < ITERS; it++) {
        const double small = (double)(t[0][it] < t[1][it] ? t[0][it] : t[1][it]);
        hidden[it] = ((double)t[0][it] + (double)t[1][it] - (double)t[2][it]) / small;
    }
    for (int k = 0; k < 3; k++)
        qsort(t[k], ITERS, sizeof t[k][0], compare_u64);
    qsort(hidden, ITERS, sizeof hidden[0], cmp_d);
    printf("%s %ld%s%s (%s Keccak): per permutation %lu ticks, work %lu, both %lu; hidden: %.2f (%.2f-%.2f) "
           "of the smaller\n",
           fused ? "fused K" : "coarse WORDS", arg, !fused && mul == hqc1_vpclmul_karat2_mul ? " vpclmul" : "",
           chained ? " chained" : "",
           fused ? "BMI rounds" : perm == keccak_f1600 ? keccak_impl_name() : "bmi", t[0][ITERS / 2] / count, t[1][ITERS / 2] / count,
           t[2][ITERS / 2] / count, hidden[ITERS / 2], hidden[ITERS / 4], hidden[3 * ITERS / 4]);
    return (int)(state[0] & (uint64_t)_mm256_extract_epi64(acc[0], 0) & 0);
}
