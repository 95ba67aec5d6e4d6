/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* keygen_sampler_paired.c: tuning harness (nothing in the build compiles dev/): keygen's sampler
 * (y then x from one XOF(seed_dk) stream, as keygen samples them) through a backend's
 * keygen_discards kernel (avx512's, or BACKEND's: avx2 and vpclmul run keygen_discards_avx2.c)
 * against the dialect's portable sampler, paired in one process on the same streams, the
 * order alternated per iteration, each timed call (rdtsc between lfences) after an untimed
 * one; prints the medians and the median (q1-q3) of the per-iteration ratios
 * portable / kernel, and checks that the supports agree.
 *   L=1; cc -std=c11 -O2 -march=native -Isrc/hqc -Isrc/fips202 -Ibench -DHQC_LEVEL=$L \
 *      -DHQC_HAVE_AVX2 -DHQC_HAVE_AVX512 dev/tune/avx512/keygen_sampler_paired.c build/auto/libhqc.a \
 *      -o ksp && ./ksp [iterations [BACKEND]] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "sample_stats.h"
#include "sampling.h"
#include "symmetric.h"
#include "tsc.h"

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    const size_t iters = argc > 1 ? (size_t)atol(argv[1]) : 20000;
    const char *name = argc > 2 ? argv[2] : "avx512";
    const hqc_backend *be = HQC_NS(backend_by_name)(name);
    const hqc_dialect *d = &HQC_DIALECT_TABLE(161cd4f);
    uint64_t *tp = malloc(iters * 8), *tk = malloc(iters * 8);
    double *ratio = malloc(iters * sizeof *ratio);
    size_t bad = 0;
    if (be == NULL || be->keygen_discards == NULL)
        return fprintf(stderr, "no %s backend with keygen_discards here\n", name), 2;
    for (size_t it = 0; it < iters; it++) {
        uint8_t seed[HQC_SEED_BYTES];
        for (size_t i = 0; i < sizeof seed; i++)
            seed[i] = (uint8_t)(it * 131 + i * 7 + (it >> 8));
        xof_stream src, a;
        uint32_t yp[HQC_OMEGA_MAX], xp[HQC_OMEGA_MAX], yk[HQC_OMEGA_MAX], xk[HQC_OMEGA_MAX];
        kem_sponges(NULL, NULL, NULL, NULL, &src, seed);
        for (int o = 0; o < 2; o++) {
            if ((int)((it + (size_t)o) & 1)) {
                a = src, sample_keygen_with(d, &a, yk, d->omega, be), sample_keygen_with(d, &a, xk, d->omega, be);
                a = src;
                uint64_t t0 = tsc_begin();
                sample_keygen_with(d, &a, yk, d->omega, be);
                sample_keygen_with(d, &a, xk, d->omega, be);
                tk[it] = tsc_end() - t0;
            } else {
                a = src, d->sample_keygen(&a, yp, d->omega), d->sample_keygen(&a, xp, d->omega);
                a = src;
                uint64_t t0 = tsc_begin();
                d->sample_keygen(&a, yp, d->omega);
                d->sample_keygen(&a, xp, d->omega);
                tp[it] = tsc_end() - t0;
            }
        }
        bad += memcmp(yp, yk, d->omega * 4) != 0 || memcmp(xp, xk, d->omega * 4) != 0;
        ratio[it] = (double)tp[it] / (double)tk[it];
    }
    qsort(ratio, iters, sizeof *ratio, cmp_d);
    printf("HQC-%d %s y and x (w=%zu): portable %llu, kernel %llu ticks (medians); portable/kernel %.2f (%.2f-%.2f); "
           "mismatches %zu\n",
           HQC_LEVEL, name, d->omega, (unsigned long long)summarise_samples(tp, iters).median,
           (unsigned long long)summarise_samples(tk, iters).median, ratio[iters / 2], ratio[iters / 4],
           ratio[3 * iters / 4], bad);
    return bad != 0;
}
