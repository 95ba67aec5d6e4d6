/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* phase_probes.c: the driver of dev/tune/rev/phase-probes, linked against a libhqc whose KEM
 * carries its time stamps (hqc_phase_stamp): runs one operation (decaps, encaps or keygen of
 * the 161cd4f dialect) ITERATIONS times on BACKEND and prints, per phase, the median of its
 * ticks over the iterations, their sum, and the median of the whole operation between its
 * first and last stamps. Usage: phase_probes BACKEND ITERATIONS dec|enc|key */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "dialect.h"
#include "kem.h"
#include "sample_stats.h"

extern uint64_t hqc_phase_stamp[80];

typedef struct {
    int stamp;
    const char *phase; /* what runs from the previous stamp to this one */
} step;

static const step dec_steps[] = {
    {0, NULL},
    {1, "H, expand-h, XOF(seed_dk): one batch"},
    {10, "sample y"},
    {11, "support expansion of y"},
    {12, "product u y"},
    {13, "v - u y"},
    {15, "RM decoder"},
    {14, "RS decoder"},
    {2, "decryption's wipes"},
    {3, "G"},
    {30, "J and XOF(theta): one batch"},
    {31, "positions of r2, e, r1"},
    {20, "the draws' wipe"},
    {21, "support expansion of r2"},
    {22, "product h r2"},
    {23, "r1: expansion, addition"},
    {24, "compare u"},
    {25, "load s"},
    {26, "product s r2"},
    {27, "e: expansion, addition"},
    {28, "encode m"},
    {29, "compare v"},
    {32, "re-encryption's wipes"},
    {4, "(return)"},
    {5, "select"},
    {6, "wipes"},
    {7, "stack scrub"},
    {9, "(return)"},
};

static const step key_steps[] = {
    {50, NULL},
    {51, "XOF(seed_KEM)"},
    {60, "I"},
    {61, "expand-h, XOF(seed_dk): one batch"},
    {62, "sample y, x"},
    {63, "support expansion of y"},
    {64, "product h y"},
    {65, "x: expansion, addition"},
    {66, "store ek, wipes"},
    {52, "(return)"},
    {53, "the expanded key, wipes"},
    {54, "stack scrub"},
};

static const step enc_steps[] = {
    {40, NULL},
    {41, "H, expand-h: one batch; G"},
    {33, "XOF(theta), positions of r2, e, r1"},
    {20, "XOF wipe"},
    {21, "support expansion of r2"},
    {22, "product h r2"},
    {23, "r1: expansion, addition"},
    {24, "store u"},
    {25, "load s"},
    {26, "product s r2"},
    {27, "e: expansion, addition"},
    {28, "encode m"},
    {29, "store v"},
    {32, "encryption's wipes"},
    {42, "(return)"},
    {43, "salt, shared secret, wipe"},
    {44, "stack scrub"},
};

#define STEPS(table) (table), sizeof(table) / sizeof(table)[0]
static const struct {
    const char *arg, *name;
    const step *steps;
    size_t n;
} ops[] = {{"dec", "decaps", STEPS(dec_steps)}, {"enc", "encaps", STEPS(enc_steps)}, {"key", "keygen", STEPS(key_steps)}};

int main(int argc, char **argv)
{
    int op = -1;
    for (int k = 0; k < 3 && argc == 4; k++)
        if (strcmp(argv[3], ops[k].arg) == 0)
            op = k;
    if (op < 0)
        return fprintf(stderr, "usage: %s BACKEND ITERATIONS dec|enc|key\n", argv[0]), 2;
    const hqc_backend *be = HQC_NS(backend_by_name)(argv[1]);
    const hqc_dialect *d = &HQC_DIALECT_TABLE(161cd4f);
    const long iters = atol(argv[2]);
    const step *steps = ops[op].steps;
    const size_t n = ops[op].n;
    static uint8_t pk[HQC_PK_BYTES], sk[HQC_SK_BYTES], ct[HQC_CT_BYTES], ss[HQC_SS_BYTES];
    static uint8_t pk2[HQC_PK_BYTES], sk2[HQC_SK_BYTES];
    static const uint8_t m[HQC_SEC_BYTES] = {1}, salt[HQC_SALT_BYTES] = {2}, seed[HQC_SEED_BYTES] = {3};
    if (be == NULL || iters < 1)
        return fprintf(stderr, "no backend %s here, or no iterations\n", argv[1]), 2;
    uint64_t *t = malloc(sizeof *t * (size_t)iters * n);
    if (t == NULL || kem_keypair(d, pk, sk) != 0 || kem_enc(d, ct, ss, pk) != 0)
        return fprintf(stderr, "setup failed\n"), 1;
    for (long it = 0; it < iters; it++) {
        memset(hqc_phase_stamp, 0, sizeof hqc_phase_stamp);
        const int rc = op == 0   ? kem_dec(d, be, ss, ct, sk)
                       : op == 1 ? kem_enc_derand(d, be, ct, ss, pk, m, salt)
                                 : kem_keypair_derand(d, be, pk2, sk2, seed);
        if (rc != 0)
            return fprintf(stderr, "the operation failed\n"), 1;
        for (size_t k = 1; k < n; k++) {
            const uint64_t a = hqc_phase_stamp[steps[k - 1].stamp], b = hqc_phase_stamp[steps[k].stamp];
            if (a == 0 || b == 0)
                return fprintf(stderr, "stamp %d or %d never reached: the probes and this table differ\n",
                               steps[k - 1].stamp, steps[k].stamp), 1;
            t[k * (size_t)iters + (size_t)it] = b - a;
        }
        t[(size_t)it] = hqc_phase_stamp[steps[n - 1].stamp] - hqc_phase_stamp[steps[0].stamp];
    }
    uint64_t sum = 0;
    printf("%s %s: ticks, medians of %ld\n", be->name, ops[op].name, iters);
    for (size_t k = 1; k < n; k++) {
        uint64_t *col = t + k * (size_t)iters;
        qsort(col, (size_t)iters, sizeof *col, compare_u64);
        sum += col[iters / 2];
        printf("  %-40s %8lu\n", steps[k].phase, (unsigned long)col[iters / 2]);
    }
    qsort(t, (size_t)iters, sizeof *t, compare_u64);
    printf("  %-40s %8lu (the whole operation: %lu)\n", "sum of the medians", (unsigned long)sum,
           (unsigned long)t[iters / 2]);
    free(t);
    return 0;
}
