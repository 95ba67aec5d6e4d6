/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* rs_errors_try.c: tuning harness (nothing in the build compiles dev/): the avx512 backend's RS
 * error kernel (src/gf2x/native/x86_64/avx512/rs_errors_gfni.c: Berlekamp-Massey, Chien and
 * Forney with GF2P8MULB in the AES field, reached by a field isomorphism) against the portable
 * twin (src/gf2x/rs_errors.c): equal on 200,000 cases (random syndromes, codewords with up to
 * delta + 2 errors), then timed paired, the order alternated per iteration.
 * Zen 4 (AMD EPYC, family 25 model 17), 2026-12-03: equal at each level; the kernel takes 650 /
 * 730 / 1,170 ticks at HQC-1 / 3 / 5 (the portable code here, at -O2 through this file, takes
 * 24k at HQC-1, far more than in the -O3 library, where the kernel saved 5.5k: avx512 decaps
 * 1.067-1.072x at HQC-1, paired with dev/tune/rev/rev-paired, bench/README.md).
 *   L=1; cc -std=c11 -O2 -mavx2 -mgfni -Isrc/hqc -Isrc/gf2x -Iinclude -Ibench -Ibuild/auto/gen \
 *      -Isrc/gf2x/native/x86_64/avx512 -DHQC_LEVEL=$L \
 *      dev/tune/avx512/rs_errors_try.c -o rs_errors_try && ./rs_errors_try [iterations] */
#include <immintrin.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The portable decoder's statics, the encoder, and the shipped kernel. */
#include "../../../src/gf2x/rs_errors.c"
#include "../../../src/gf2x/native/x86_64/avx512/rs_errors_gfni.c"
#include "../../../src/hqc/reed_solomon.c"
#include "../../../src/gf2x/syndromes.c"
#include "tsc.h"

/* --- the harness ---------------------------------------------------------------------- */
static uint64_t rng = 0x9e3779b97f4a7c15ULL;
static uint32_t next_rand(void)
{
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    return (uint32_t)(rng >> 11);
}

static void portable_errors(uint8_t err[HQC_K], const uint8_t syn[TWO_DELTA])
{
    rs_errors_portable(err, syn);
}

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    const size_t iters = argc > 1 ? (size_t)atol(argv[1]) : 20001;
    size_t checked = 0;
    for (size_t t = 0; t < 200000; t++) {
        uint8_t syn[TWO_DELTA], want[HQC_K], got[HQC_K];
        if (t % 2) {
            for (int i = 0; i < TWO_DELTA; i++)
                syn[i] = (uint8_t)next_rand();
        } else { /* a codeword with up to delta + 2 errors */
            uint8_t msg[HQC_K], cdw[HQC_N1];
            for (int i = 0; i < HQC_K; i++)
                msg[i] = (uint8_t)next_rand();
            rs_encode(cdw, msg);
            int nerr = (int)(next_rand() % (HQC_DELTA + 3));
            for (int k = 0; k < nerr; k++)
                cdw[next_rand() % HQC_N1] ^= (uint8_t)(1 + next_rand() % 255);
            rs_syndromes_ref(syn, cdw);
        }
        portable_errors(want, syn);
        rs_errors_gfni(got, syn);
        if (memcmp(want, got, HQC_K) != 0) {
            printf("FAIL at case %zu\n", t);
            return 1;
        }
        checked++;
    }
    double *ratio = malloc(iters * sizeof *ratio);
    uint64_t *tp = malloc(iters * sizeof *tp), *tg = malloc(iters * sizeof *tg);
    uint8_t syn[TWO_DELTA], e1[HQC_K], e2[HQC_K];
    for (size_t it = 0; it < iters; it++) {
        for (int i = 0; i < TWO_DELTA; i++)
            syn[i] = (uint8_t)next_rand();
        for (int k = 0; k < 2; k++) {
            if ((it + k) % 2 == 0) {
                portable_errors(e1, syn);
                uint64_t t0 = tsc_begin();
                portable_errors(e1, syn);
                tp[it] = tsc_end() - t0;
            } else {
                rs_errors_gfni(e2, syn);
                uint64_t t0 = tsc_begin();
                rs_errors_gfni(e2, syn);
                tg[it] = tsc_end() - t0;
            }
        }
        ratio[it] = (double)tp[it] / (double)tg[it];
    }
    qsort(ratio, iters, sizeof *ratio, cmp_d);
    printf("HQC-%d: %zu cases equal; portable/gfni median %.2f (q1 %.2f, q3 %.2f); ticks portable %llu gfni %llu "
           "(last iteration)\n",
           HQC_LEVEL, checked, ratio[iters / 2], ratio[iters / 4], ratio[3 * iters / 4], (unsigned long long)tp[iters - 1],
           (unsigned long long)tg[iters - 1]);
    return 0;
}
