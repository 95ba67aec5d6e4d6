/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* sha3_cost.c: what routing HQC's single SHA3 calls (G, I, J: FIPS 202 section 6.1) through
 * liboqs would cost, in a patched liboqs.a built without OQS_USE_SHA3_OPENSSL: liboqs's
 * incremental OQS_SHA3_*_inc_* (what integration/liboqs/oqs_sha3.c calls) against
 * hqc_sha3_{256,512}_parts, which that build takes from our src/hqc/sha3.c (our Keccak), paired
 * in one process and alternating (tsc.h). The digests must agree. Prints per input the median
 * ticks and the median with quartiles of the ratios liboqs / ours.
 * usage: sha3_cost RUNS (odd, >= 5). Build: cc -O2 -I BUILD/include -I TREE/src/kem/hqc/
 * hqc-fast_x86_64/hqc bench/liboqs/sha3_cost.c BUILD/lib/liboqs.a -lcrypto -lpthread */
#include <oqs/sha3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../tsc.h"
#include "sha3.h"

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* liboqs's route, as oqs_sha3.c takes it. */
static void oqs_sha3(uint8_t *out, size_t outlen, const uint8_t *msg, size_t len)
{
    if (outlen == 32) {
        OQS_SHA3_sha3_256_inc_ctx ctx;
        OQS_SHA3_sha3_256_inc_init(&ctx);
        OQS_SHA3_sha3_256_inc_absorb(&ctx, msg, len);
        OQS_SHA3_sha3_256_inc_finalize(out, &ctx);
        OQS_SHA3_sha3_256_inc_ctx_release(&ctx);
    } else {
        OQS_SHA3_sha3_512_inc_ctx ctx;
        OQS_SHA3_sha3_512_inc_init(&ctx);
        OQS_SHA3_sha3_512_inc_absorb(&ctx, msg, len);
        OQS_SHA3_sha3_512_inc_finalize(out, &ctx);
        OQS_SHA3_sha3_512_inc_ctx_release(&ctx);
    }
}

/* One digest of msg[0..len) by each route; returns the ticks of each. */
static void time_pair(size_t outlen, const uint8_t *msg, size_t len, int liboqs_first,
                      uint64_t ticks[2])
{
    uint8_t out[2][64];
    const hqc_bytes part = {msg, len};
    for (int k = 0; k < 2; k++) {
        int route = liboqs_first ? k : 1 - k;
        uint64_t t0 = tsc_begin();
        if (route == 0)
            oqs_sha3(out[0], outlen, msg, len);
        else
            (void)(outlen == 32 ? sha3_256_parts(out[1], &part, 1) : sha3_512_parts(out[1], &part, 1));
        ticks[route] = tsc_end() - t0;
    }
    if (memcmp(out[0], out[1], outlen) != 0) {
        fprintf(stderr, "sha3_cost: the two SHA3-%zu routes disagree on %zu bytes\n", 8 * outlen, len);
        exit(1);
    }
}

int main(int argc, char **argv)
{
    long runs = argc == 2 ? strtol(argv[1], NULL, 10) : 0;
    if (runs < 5 || runs % 2 == 0) {
        fprintf(stderr, "usage: sha3_cost RUNS (odd, >= 5)\n");
        return 2;
    }
    /* G's and I's inputs (SHA3-512 of at most 113 bytes) and J's over HQC-1/3/5 ciphertexts
     * (SHA3-256 of 32 + sec + ct + 1 bytes). */
    static const struct { const char *what; size_t outlen, len; } inputs[] = {
        {"G HQC-5 (SHA3-512)", 64, 32 + 32 + 16 + 1},
        {"J HQC-1 (SHA3-256)", 32, 32 + 16 + 4433 + 1},
        {"J HQC-3 (SHA3-256)", 32, 32 + 24 + 8978 + 1},
        {"J HQC-5 (SHA3-256)", 32, 32 + 32 + 14421 + 1},
    };
    static uint8_t msg[32 + 32 + 14421 + 1];
    for (size_t i = 0; i < sizeof msg; i++)
        msg[i] = (uint8_t)(i * 131 + 7);
    double *ratio = malloc(sizeof(double) * (size_t)runs);
    double *t[2] = {malloc(sizeof(double) * (size_t)runs), malloc(sizeof(double) * (size_t)runs)};
    if (!ratio || !t[0] || !t[1])
        return 1;
    printf("input               liboqs_median ours_median ratio_median ratio_q1 ratio_q3\n");
    for (size_t i = 0; i < sizeof inputs / sizeof inputs[0]; i++) {
        for (long r = 0; r < runs; r++) {
            uint64_t ticks[2];
            time_pair(inputs[i].outlen, msg, inputs[i].len, (int)(r & 1), ticks);
            t[0][r] = (double)ticks[0];
            t[1][r] = (double)ticks[1];
            ratio[r] = t[0][r] / t[1][r];
        }
        qsort(ratio, (size_t)runs, sizeof(double), cmp_double);
        qsort(t[0], (size_t)runs, sizeof(double), cmp_double);
        qsort(t[1], (size_t)runs, sizeof(double), cmp_double);
        printf("%-19s %13.0f %11.0f %12.2f %8.2f %8.2f\n", inputs[i].what, t[0][runs / 2],
               t[1][runs / 2], ratio[runs / 2], ratio[runs / 4], ratio[3 * runs / 4]);
    }
    free(ratio);
    free(t[0]);
    free(t[1]);
    return 0;
}
