/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* absorb_paired.c: tuning harness (nothing in the build compiles dev/): a lone sponge absorbing
 * BLOCKS whole blocks of 136 bytes on the zmm Keccak kernel (J over the ciphertext once
 * XOF(theta) is done, src/fips202/keccak_batch.c), two ways paired in one process, the order
 * alternated per iteration, rdtsc between lfences: the lane loop then hqc_keccak_f1600_avx512
 * (the portable batch's way), and hqc_keccak_f1600_avx512_absorb (the x86 build's). Also the
 * permutations alone, the bound. Prints medians and the median (q1-q3) of the per-iteration
 * ratios loop / absorb, and checks the two states agree.
 *   cc -std=c11 -O2 -Isrc/hqc -Ibench -Isrc/fips202/native/x86_64 dev/tune/avx512/absorb_paired.c \
 *      build/auto/libhqc.a -o absorb_paired && ./absorb_paired [iterations] [blocks] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "keccak_x86.h"
#include "sample_stats.h"
#include "tsc.h"

#define RATE_LANES 17

static void lane_loop(uint64_t s[25], const uint8_t *in, size_t blocks)
{
    for (size_t b = 0; b < blocks; b++) {
        for (size_t w = 0; w < RATE_LANES; w++) {
            uint64_t lane;
            memcpy(&lane, in + 136 * b + 8 * w, 8);
            s[w] ^= lane;
        }
        hqc_keccak_f1600_avx512(s);
    }
}

static void absorb(uint64_t s[25], const uint8_t *in, size_t blocks)
{
    for (size_t b = 0; b < blocks; b++)
        hqc_keccak_f1600_avx512_absorb(s, in + 136 * b, RATE_LANES);
}

static void perms(uint64_t s[25], size_t blocks)
{
    for (size_t b = 0; b < blocks; b++)
        hqc_keccak_f1600_avx512(s);
}

int main(int argc, char **argv)
{
    const size_t iters = argc > 1 ? strtoul(argv[1], NULL, 10) : 2001, blocks = argc > 2 ? strtoul(argv[2], NULL, 10) : 26;
    uint8_t *in = malloc(136 * blocks + 1);
    uint64_t *milli = malloc(iters * sizeof *milli), *t_loop = malloc(iters * sizeof *t_loop),
             *t_abs = malloc(iters * sizeof *t_abs), *t_perm = malloc(iters * sizeof *t_perm);
    if (!in || !milli || !t_loop || !t_abs || !t_perm)
        return 1;
    for (size_t i = 0; i < 136 * blocks + 1; i++)
        in[i] = (uint8_t)(i * 131 + 7);
    uint64_t a[25] = {0}, b[25] = {0}, c[25] = {0};
    for (size_t it = 0; it < iters; it++) {
        const uint8_t *msg = in + (it & 1); /* aligned and not, alternately */
        uint64_t t0, t1;
        for (int k = 0; k < 2; k++) {
            if ((k ^ (int)it) & 1) {
                t0 = tsc_begin(), lane_loop(a, msg, blocks), t1 = tsc_end();
                t_loop[it] = t1 - t0;
            } else {
                t0 = tsc_begin(), absorb(b, msg, blocks), t1 = tsc_end();
                t_abs[it] = t1 - t0;
            }
        }
        t0 = tsc_begin(), perms(c, blocks), t1 = tsc_end();
        t_perm[it] = t1 - t0;
        if (memcmp(a, b, sizeof a) != 0) {
            fprintf(stderr, "absorb_paired: the states differ after iteration %zu\n", it);
            return 1;
        }
    }
    const sample_summary r = summarise_ratios(t_loop, t_abs, milli, iters);
    const sample_summary l = summarise_samples(t_loop, iters), s = summarise_samples(t_abs, iters),
                         p = summarise_samples(t_perm, iters);
    printf("%zu blocks, %zu iterations: lane loop %llu, absorb %llu, permutations alone %llu ticks; "
           "loop/absorb %.3f (%.3f-%.3f)\n",
           blocks, iters, (unsigned long long)l.median, (unsigned long long)s.median, (unsigned long long)p.median,
           r.median / 1000.0, r.q1 / 1000.0, r.q3 / 1000.0);
    return 0;
}
