/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* paired_cycles.c: liboqs 0.16.0's own HQC (its pqc-hqc ref, PQCHQC_HQC<L>_C_*, the object
 * files of a pristine build) against hqc-fast as liboqs imports it (the x86_64 implementation,
 * HQCFAST_HQC<L>_X86_64_hqc<L>_*, from a patched liboqs.a, which also serves the SHA3 and
 * randomness both call), timed in one process: per iteration one call of each, in alternating
 * order, each between serialised time-stamp reads (tsc.h). Prints, per level and operation,
 * the median and the minimum ticks of each, and the median with quartiles of the per-iteration
 * ratios ref / ours. usage: paired_cycles RUNS (odd, >= 5). Build: scripts/bench-liboqs. */
#include <oqs/oqs.h>
#include <stdio.h>
#include <stdlib.h>

#include "../tsc.h"

typedef int (*keypair_fn)(uint8_t *pk, uint8_t *sk);
typedef int (*enc_fn)(uint8_t *ct, uint8_t *ss, const uint8_t *pk);
typedef int (*dec_fn)(uint8_t *ss, const uint8_t *ct, const uint8_t *sk);

#define DECLARE(P)                                                   \
    int P##crypto_kem_keypair(uint8_t *pk, uint8_t *sk);             \
    int P##crypto_kem_enc(uint8_t *ct, uint8_t *ss, const uint8_t *pk); \
    int P##crypto_kem_dec(uint8_t *ss, const uint8_t *ct, const uint8_t *sk);
DECLARE(PQCHQC_HQC1_C_) DECLARE(PQCHQC_HQC3_C_) DECLARE(PQCHQC_HQC5_C_)
DECLARE(HQCFAST_HQC1_X86_64_hqc1_) DECLARE(HQCFAST_HQC3_X86_64_hqc3_) DECLARE(HQCFAST_HQC5_X86_64_hqc5_)

typedef struct {
    keypair_fn keypair;
    enc_fn enc;
    dec_fn dec;
} kem_fns;

#define FNS(P) {P##crypto_kem_keypair, P##crypto_kem_enc, P##crypto_kem_dec}
static const struct {
    const char *name;
    kem_fns impl[2]; /* 0: liboqs's ref, 1: hqc-fast */
} levels[] = {
    {"HQC-1", {FNS(PQCHQC_HQC1_C_), FNS(HQCFAST_HQC1_X86_64_hqc1_)}},
    {"HQC-3", {FNS(PQCHQC_HQC3_C_), FNS(HQCFAST_HQC3_X86_64_hqc3_)}},
    {"HQC-5", {FNS(PQCHQC_HQC5_C_), FNS(HQCFAST_HQC5_X86_64_hqc5_)}},
};

enum { KEYGEN, ENCAPS, DECAPS, OPS };
static const char *const op_names[OPS] = {"keygen", "encaps", "decaps"};

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* One timed call of operation op of implementation fns; its own buffers, so the two
 * implementations never read each other's outputs. */
static uint64_t time_op(const kem_fns *fns, int op, uint8_t *pk, uint8_t *sk, uint8_t *ct,
                        uint8_t *ss)
{
    uint64_t t0 = tsc_begin();
    int rc = op == KEYGEN ? fns->keypair(pk, sk)
           : op == ENCAPS ? fns->enc(ct, ss, pk)
                          : fns->dec(ss, ct, sk);
    uint64_t t1 = tsc_end();
    if (rc != 0) {
        fprintf(stderr, "paired_cycles: %s failed\n", op_names[op]);
        exit(1);
    }
    return t1 - t0;
}

int main(int argc, char **argv)
{
    long runs = argc == 2 ? strtol(argv[1], NULL, 10) : 0;
    if (runs < 5 || runs % 2 == 0) {
        fprintf(stderr, "usage: paired_cycles RUNS (odd, >= 5)\n");
        return 2;
    }
    OQS_init();
    static uint8_t pk[2][OQS_KEM_hqc_5_length_public_key], sk[2][OQS_KEM_hqc_5_length_secret_key];
    static uint8_t ct[2][OQS_KEM_hqc_5_length_ciphertext], ss[2][32];
    double *ratio = malloc(sizeof(double) * (size_t)runs);
    double *ticks[2] = {malloc(sizeof(double) * (size_t)runs), malloc(sizeof(double) * (size_t)runs)};
    if (!ratio || !ticks[0] || !ticks[1])
        return 1;
    printf("level op      ref_median ours_median ref_min ours_min min_ratio ratio_median ratio_q1 "
           "ratio_q3\n");
    for (size_t l = 0; l < sizeof levels / sizeof levels[0]; l++) {
        for (int op = 0; op < OPS; op++) {
            for (long r = 0; r < runs; r++) {
                uint64_t t[2];
                for (int k = 0; k < 2; k++) {
                    int impl = (int)((r + k) & 1); /* alternate which one goes first */
                    const kem_fns *f = &levels[l].impl[impl];
                    /* decaps and encaps need a key (and ciphertext) from the same impl */
                    if (op >= ENCAPS)
                        (void)time_op(f, KEYGEN, pk[impl], sk[impl], ct[impl], ss[impl]);
                    if (op == DECAPS)
                        (void)time_op(f, ENCAPS, pk[impl], sk[impl], ct[impl], ss[impl]);
                    t[impl] = time_op(f, op, pk[impl], sk[impl], ct[impl], ss[impl]);
                }
                ticks[0][r] = (double)t[0];
                ticks[1][r] = (double)t[1];
                ratio[r] = (double)t[0] / (double)t[1];
            }
            qsort(ratio, (size_t)runs, sizeof(double), cmp_double);
            qsort(ticks[0], (size_t)runs, sizeof(double), cmp_double);
            qsort(ticks[1], (size_t)runs, sizeof(double), cmp_double);
            printf("%s %-7s %10.0f %11.0f %9.0f %8.0f %9.1f %12.1f %8.1f %8.1f\n",
                   levels[l].name, op_names[op], ticks[0][runs / 2], ticks[1][runs / 2],
                   ticks[0][0], ticks[1][0], ticks[0][0] / ticks[1][0], ratio[runs / 2],
                   ratio[runs / 4], ratio[3 * runs / 4]);
        }
    }
    free(ratio);
    free(ticks[0]);
    free(ticks[1]);
    return 0;
}
