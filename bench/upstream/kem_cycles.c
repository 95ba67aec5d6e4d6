/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* kem_cycles.c: median time-stamp-counter cycles of keygen, encaps and decaps of one upstream HQC
 * KEM build, for scripts/bench-upstream. Built against PQClean (-DPQCLEAN_NS=PQCLEAN_HQC128_CLEAN
 * etc.; this file then supplies randombytes) or against the official tree (its own PRNG, seeded
 * by prng_init). Prints "keygen|encaps|decaps <median cycles>" lines; usage: kem_cycles RUNS. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "tsc.h"

#ifdef PQCLEAN_NS
#include "pqclean_ns.h"
#define kem_keypair NS(crypto_kem_keypair)
#define kem_enc NS(crypto_kem_enc)
#define kem_dec NS(crypto_kem_dec)

/* Timing only needs bytes that vary, not good ones: splitmix64 (a test program's global). */
static uint64_t bench_rng_state = 0x9E3779B97F4A7C15ULL;

int PQCLEAN_randombytes(uint8_t *output, size_t n);
int PQCLEAN_randombytes(uint8_t *output, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        uint64_t z = (bench_rng_state += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        output[i] = (uint8_t)(z ^ (z >> 31));
    }
    return 0;
}
static void bench_rng_init(void) {}
#else
#define PK_BYTES CRYPTO_PUBLICKEYBYTES
#define SK_BYTES CRYPTO_SECRETKEYBYTES
#define CT_BYTES CRYPTO_CIPHERTEXTBYTES
#define SS_BYTES CRYPTO_BYTES
#define kem_keypair crypto_kem_keypair
#define kem_enc crypto_kem_enc
#define kem_dec crypto_kem_dec

void prng_init(uint8_t *entropy_input, uint8_t *personalization_string, uint32_t enlen,
               uint32_t perlen);
static void bench_rng_init(void)
{
    uint8_t entropy[48];
    for (int i = 0; i < 48; i++)
        entropy[i] = (uint8_t)i;
    prng_init(entropy, NULL, sizeof entropy, 0);
}
#endif

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

static uint64_t median(uint64_t *v, size_t n)
{
    qsort(v, n, sizeof *v, cmp_u64);
    return v[n / 2];
}

int main(int argc, char **argv)
{
    static uint8_t pk[PK_BYTES], sk[SK_BYTES], ct[CT_BYTES];
    uint8_t ss_enc[SS_BYTES], ss_dec[SS_BYTES];
    long runs = argc == 2 ? atol(argv[1]) : 0;
    if (runs < 1 || runs > 100000) {
        fprintf(stderr, "usage: %s RUNS (1..100000)\n", argv[0]);
        return 2;
    }
    uint64_t *t[3];
    for (int k = 0; k < 3; k++)
        if (!(t[k] = malloc((size_t)runs * sizeof(uint64_t))))
            return 1;
    bench_rng_init();
    for (long i = -2; i < runs; i++) { /* two untimed warm-up rounds */
        uint64_t t0 = tsc_begin();
        kem_keypair(pk, sk);
        uint64_t t1 = tsc_end(), t2 = tsc_begin();
        kem_enc(ct, ss_enc, pk);
        uint64_t t3 = tsc_end(), t4 = tsc_begin();
        kem_dec(ss_dec, ct, sk);
        uint64_t t5 = tsc_end();
        if (memcmp(ss_enc, ss_dec, SS_BYTES) != 0) {
            fprintf(stderr, "%s: decapsulation disagrees with encapsulation\n", argv[0]);
            return 1;
        }
        if (i >= 0) {
            t[0][i] = t1 - t0;
            t[1][i] = t3 - t2;
            t[2][i] = t5 - t4;
        }
    }
    const char *names[3] = {"keygen", "encaps", "decaps"};
    for (int k = 0; k < 3; k++) {
        printf("%s %llu\n", names[k], (unsigned long long)median(t[k], (size_t)runs));
        free(t[k]);
    }
    return 0;
}
