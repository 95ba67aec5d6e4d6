/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* bench_splits.c: tuning harness for dev/tuning/avx512.md, not part of the library (nothing
 * in the build compiles dev/). Times, in interleaved rounds, this
 * build's avx512 mul against another top split built from the same inner products: three-way
 * Karatsuba instead of Toom-3 over the TOOM3_MUL_BLOCKS-block product (6 products instead of
 * 5, no evaluation growth); checks it against mul and prints the inner pieces' times.
 *   cc -std=c11 -O3 -Isrc/hqc -Isrc/fips202 -Isrc/gf2x -Isrc/gf2x/native/x86_64/avx512 \
 *      -Isrc/gf2x/native/x86_64 -Isrc/gf2x/skeleton -Iinclude -Ibench -IBUILD/gen -DHQC_LEVEL=L \
 *      -DHQC_HAVE_AVX2 -DHQC_HAVE_AVX512 -mavx2 -mavx512f -mavx512bw -mavx512dq -mavx512vl \
 *      -mvpclmulqdq dev/tune/avx512/bench_splits.c BUILD/libhqc.a -lcrypto -o bench_splits
 *   taskset -c 1 ./bench_splits [calls] [rounds] */
#include <immintrin.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <x86intrin.h>

#include "backend.h"
#include "gf2x_avx512.h"

#define MW (TOOM3_MUL_BLOCKS * BLOCK_WORDS)
#define FLAT_WORDS (6 * MW + 2 * BLOCK_WORDS)

_Static_assert(3 * MW >= HQC_WORDS, "three inner-product parts cover the operand");

/* p (6 MW words) = a * b by three-way Karatsuba over TOOM3_INNER, a and b the caller's. */
static void karat3_outer(uint64_t *p, const uint64_t *a, const uint64_t *b)
{
    _Alignas(64) uint64_t pa[3 * MW], pb[3 * MW], sa[3][MW], sb[3][MW], q[6][2 * MW];
    memset(pa, 0, sizeof pa);
    memset(pb, 0, sizeof pb);
    memcpy(pa, a, HQC_WORDS * 8);
    memcpy(pb, b, HQC_WORDS * 8);
    for (size_t i = 0; i < MW; i++) {
        sa[0][i] = pa[i] ^ pa[MW + i], sa[1][i] = pa[i] ^ pa[2 * MW + i], sa[2][i] = pa[MW + i] ^ pa[2 * MW + i];
        sb[0][i] = pb[i] ^ pb[MW + i], sb[1][i] = pb[i] ^ pb[2 * MW + i], sb[2][i] = pb[MW + i] ^ pb[2 * MW + i];
    }
    TOOM3_INNER(q[0], pa, pb);
    TOOM3_INNER(q[1], pa + MW, pb + MW);
    TOOM3_INNER(q[2], pa + 2 * MW, pb + 2 * MW);
    for (int k = 0; k < 3; k++)
        TOOM3_INNER(q[3 + k], sa[k], sb[k]);
    /* c0 = P0, c1 = P01 + P0 + P1, c2 = P02 + P0 + P1 + P2, c3 = P12 + P1 + P2, c4 = P2 */
    memset(p, 0, 6 * MW * 8);
    for (size_t i = 0; i < 2 * MW; i++) {
        uint64_t p0 = q[0][i], p1 = q[1][i], p2 = q[2][i];
        p[i] ^= p0;
        p[MW + i] ^= q[3][i] ^ p0 ^ p1;
        p[2 * MW + i] ^= q[4][i] ^ p0 ^ p1 ^ p2;
        p[3 * MW + i] ^= q[5][i] ^ p1 ^ p2;
        p[4 * MW + i] ^= p2;
    }
}

/* o = p mod X^N - 1 in AVX-512 (p: FLAT_WORDS words, zero above the product). */
static void reduce_flat(uint64_t *o, const uint64_t *p)
{
    const size_t off = HQC_N / 64;
    for (size_t j = 0; j < HQC_WORDS; j += BLOCK_WORDS) {
        __m512i high = _mm512_or_si512(_mm512_srli_epi64(_mm512_loadu_si512(p + off + j), HQC_N % 64),
                                       _mm512_slli_epi64(_mm512_loadu_si512(p + off + j + 1), 64 - HQC_N % 64));
        __m512i v = _mm512_xor_si512(_mm512_loadu_si512(p + j), high);
        size_t left = HQC_WORDS - j;
        if (left < BLOCK_WORDS) {
            const __m512i top = _mm512_set1_epi64((long long)HQC_TOP_MASK);
            v = _mm512_mask_and_epi64(v, (__mmask8)(1u << (left - 1)), v, top);
            _mm512_mask_storeu_epi64(o + j, (__mmask8)((1u << left) - 1), v);
        } else {
            _mm512_storeu_si512(o + j, v);
        }
    }
}

static void mul_karat3_outer(uint64_t *o, const uint64_t *a, const uint64_t *b)
{
    _Alignas(64) uint64_t p[FLAT_WORDS];
    karat3_outer(p, a, b);
    memset(p + 6 * MW, 0, (FLAT_WORDS - 6 * MW) * 8);
    reduce_flat(o, p);
}

static int cmp(const void *x, const void *y)
{
    uint64_t u = *(const uint64_t *)x, v = *(const uint64_t *)y;
    return u < v ? -1 : u > v;
}

typedef void (*mul_fn)(uint64_t *, const uint64_t *, const uint64_t *);

/* median, q1, q3 of n timed calls (lfence; rdtsc; lfence / call / rdtscp; lfence). */
static void timed(const char *what, mul_fn f, uint64_t *o, const uint64_t *a, const uint64_t *b, int n,
                  uint64_t *ts)
{
    for (int i = 0; i < 1000; i++)
        f(o, a, b);
    for (int i = 0; i < n; i++) {
        unsigned aux;
        _mm_lfence();
        uint64_t t0 = __rdtsc();
        _mm_lfence();
        f(o, a, b);
        uint64_t t1 = __rdtscp(&aux);
        _mm_lfence();
        ts[i] = t1 - t0;
    }
    qsort(ts, (size_t)n, sizeof *ts, cmp);
    printf("%s %-28s median %7lu  q1 %7lu  q3 %7lu\n", HQC_NAME, what, (unsigned long)ts[n / 2],
           (unsigned long)ts[n / 4], (unsigned long)ts[3 * n / 4]);
}

static void leaf(uint64_t *o, const uint64_t *a, const uint64_t *b)
{
    karat_mul_leaf(o, a, b);
}

static void inner(uint64_t *o, const uint64_t *a, const uint64_t *b)
{
    TOOM3_INNER(o, a, b);
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 10000, rounds = argc > 2 ? atoi(argv[2]) : 3;
    static _Alignas(64) uint64_t a[4 * MW], b[4 * MW], o[8 * MW], o2[8 * MW];
    uint64_t *ts = malloc((size_t)n * sizeof *ts);
    uint64_t s = 1;
    for (size_t i = 0; i < 4 * MW; i++) {
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        a[i] = s ^ (s >> 29);
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        b[i] = s ^ (s >> 31);
    }
    const hqc_backend *be = HQC_NS(backend_by_name)("avx512");
    if (be == NULL || ts == NULL)
        return 1;
    /* inner pieces read whole blocks: only the W-word operands go through mul */
    a[HQC_WORDS - 1] &= HQC_TOP_MASK;
    b[HQC_WORDS - 1] &= HQC_TOP_MASK;
    be->mul(o, a, b);
    mul_karat3_outer(o2, a, b);
    if (memcmp(o, o2, HQC_WORDS * 8) != 0) {
        printf("%s: the three-way alternative differs from mul\n", HQC_NAME);
        return 1;
    }
    for (int r = 0; r < rounds; r++) {
        timed("mul (Toom-3, this build)", be->mul, o, a, b, n, ts);
        timed("3-way Karatsuba, no Toom-3", mul_karat3_outer, o2, a, b, n, ts);
    }
    timed("one inner product", inner, o, a, b, n, ts);
    timed("one leaf product", leaf, o, a, b, n, ts);
    free(ts);
    return 0;
}
