/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* fw_paired.c: tuning harness (nothing in the build compiles dev/): the avx512 backend's
 * encryption positions (fixed_weight_vbmi) against the portable twin sample_encrypt_from_draws,
 * paired in one process on the same random draws of weight omega_r, the order alternated per
 * iteration, each timed call (rdtsc between lfences) after an untimed one; prints the medians and
 * the median (q1-q3) of the per-iteration ratios portable / vbmi, and checks the outputs agree
 * (also on draws forced to collide: every r_i from a small set).
 *   L=1; cc -std=c11 -O2 -march=native -Isrc/hqc -Ibench -Isrc/gf2x/native/x86_64/avx512 \
 *      -DHQC_LEVEL=$L dev/tune/avx512/fw_paired.c src/gf2x/native/x86_64/avx512/fixed_weight_vbmi.c \
 *      build/auto/libhqc.a -o fw_paired && ./fw_paired [iterations] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixed_weight_vbmi.h"
#include "params.h"
#include "sample_stats.h"
#include "tsc.h"

void HQC_NS(sample_encrypt_from_draws)(uint32_t *support, const uint8_t *bytes, size_t weight);

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static uint64_t rng = 0x9e3779b97f4a7c15ULL;
static uint32_t next(void)
{
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    return (uint32_t)(rng >> 11) ^ (uint32_t)(rng << 21);
}

int main(int argc, char **argv)
{
    const size_t iters = argc > 1 ? (size_t)atol(argv[1]) : 20000;
    uint64_t *tp = malloc(iters * 8), *tv = malloc(iters * 8);
    double *ratio = malloc(iters * sizeof *ratio);
    uint8_t bytes[4 * HQC_WEIGHT_MAX + 64];
    uint32_t sp[HQC_WEIGHT_MAX], sv[HQC_WEIGHT_MAX];
    size_t bad = 0;
    for (size_t it = 0; it < iters; it++) {
        size_t w = it % 7 == 6 ? 2 + next() % (HQC_WEIGHT_MAX - 1) : HQC_OMEGA_R;
        int collide = it % 5 == 4; /* few distinct r: many repeated positions */
        for (size_t k = 0; k < w; k++) {
            uint32_t r = collide ? (next() % 4) << 30 | (next() % 3) : next();
            memcpy(bytes + 4 * k, &r, 4);
        }
        for (int o = 0; o < 2; o++) {
            int v_now = (int)((it + (size_t)o) & 1);
            if (v_now) {
                fixed_weight_vbmi(sv, bytes, w);
                uint64_t t0 = tsc_begin();
                fixed_weight_vbmi(sv, bytes, w);
                tv[it] = tsc_end() - t0;
            } else {
                HQC_NS(sample_encrypt_from_draws)(sp, bytes, w);
                uint64_t t0 = tsc_begin();
                HQC_NS(sample_encrypt_from_draws)(sp, bytes, w);
                tp[it] = tsc_end() - t0;
            }
        }
        if (memcmp(sp, sv, w * sizeof sp[0]) != 0 && bad++ < 5) {
            fprintf(stderr, "mismatch it=%zu w=%zu collide=%d\n", it, w, collide);
            for (size_t k = 0; k < w; k++)
                if (sp[k] != sv[k])
                    fprintf(stderr, "  [%zu] twin %u vbmi %u\n", k, sp[k], sv[k]);
        }
        ratio[it] = (double)tp[it] / (double)tv[it];
    }
    qsort(ratio, iters, sizeof *ratio, cmp_d);
    const uint64_t portable = summarise_samples(tp, iters).median, vbmi = summarise_samples(tv, iters).median;
    printf("HQC-%d w=%d (mixed weights): portable %llu, vbmi %llu ticks (medians); portable/vbmi %.2f (%.2f-%.2f); mismatches %zu\n",
           HQC_LEVEL, HQC_OMEGA_R, (unsigned long long)portable, (unsigned long long)vbmi,
           ratio[iters / 2], ratio[iters / 4], ratio[3 * iters / 4], bad);
    return bad != 0;
}
