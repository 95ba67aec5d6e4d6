/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* rev_paired.c: keygen, encaps and decaps of two builds of libhqc (two git revisions, linked
 * with their symbols renamed OLD_L/NEW_L by dev/tune/rev/rev-paired) timed in one process, on
 * the same inputs, by bench/paired.h's rotated loop; one level (HQC_LEVEL), one dialect prefix
 * (OLD_K/NEW_K), the backends named on the command line. Checks that both give the same bytes,
 * then prints per operation the medians and the median (q1-q3) of the per-iteration ratios
 * old/new (above 1: the new code is faster). Usage: prog ITERATIONS BACKEND... */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "old_new_report.h"
#include "paired.h"
#include "params.h"

#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)

struct hqc_backend;
#define DECLARE(L, K)                                                                                     \
    const struct hqc_backend *CAT(L, _backend_by_name)(const char *name);                              \
    int CAT(K, _crypto_kem_keypair_derand_with)(const struct hqc_backend *be, uint8_t *pk, uint8_t *sk, \
                                                const uint8_t *seed);                                   \
    int CAT(K, _crypto_kem_enc_derand_with)(const struct hqc_backend *be, uint8_t *ct, uint8_t *ss,    \
                                            const uint8_t *pk, const uint8_t *m, const uint8_t *salt); \
    int CAT(K, _crypto_kem_dec_with)(const struct hqc_backend *be, uint8_t *ss, const uint8_t *ct,     \
                                     const uint8_t *sk);
DECLARE(OLD_L, OLD_K)
DECLARE(NEW_L, NEW_K)

typedef struct {
    const struct hqc_backend *be;
    int op, is_new;
    uint8_t seed[HQC_SEED_BYTES], m[HQC_K], salt[HQC_SALT_BYTES];
    uint8_t pk[HQC_PK_BYTES], sk[HQC_SK_BYTES], ct[HQC_CT_BYTES], ss[HQC_SS_BYTES];
} ctx;

#define KEM_CALL(K, c)                                                                           \
    ((c)->op == 0   ? CAT(K, _crypto_kem_keypair_derand_with)((c)->be, (c)->pk, (c)->sk, (c)->seed) \
     : (c)->op == 1 ? CAT(K, _crypto_kem_enc_derand_with)((c)->be, (c)->ct, (c)->ss, (c)->pk, (c)->m, \
                                                          (c)->salt)                              \
                    : CAT(K, _crypto_kem_dec_with)((c)->be, (c)->ss, (c)->ct, (c)->sk))

static int call(void *p)
{
    ctx *c = p;
    return c->is_new ? KEM_CALL(NEW_K, c) : KEM_CALL(OLD_K, c);
}

/* Fresh inputs for both before every batch (the same for both); after it, the same outputs. */
static int refresh(void *p, int first, int last)
{
    ctx *c = p;
    if (!first && (memcmp(c[0].pk, c[1].pk, sizeof c[0].pk) || memcmp(c[0].sk, c[1].sk, sizeof c[0].sk) ||
                   memcmp(c[0].ct, c[1].ct, sizeof c[0].ct) || memcmp(c[0].ss, c[1].ss, sizeof c[0].ss))) {
        fprintf(stderr, "rev_paired: the two builds disagree (op %d)\n", c[0].op);
        return 1;
    }
    if (last)
        return 0;
    for (size_t i = 0; i < sizeof c[0].seed; i++)
        c[0].seed[i] = (uint8_t)(rand() >> 7);
    for (size_t i = 0; i < sizeof c[0].m; i++)
        c[0].m[i] = (uint8_t)(rand() >> 7);
    for (size_t i = 0; i < sizeof c[0].salt; i++)
        c[0].salt[i] = (uint8_t)(rand() >> 7);
    /* inputs made by the new build (each build accepts only its own backend tables) */
    if (CAT(NEW_K, _crypto_kem_keypair_derand_with)(c[1].be, c[0].pk, c[0].sk, c[0].seed) ||
        CAT(NEW_K, _crypto_kem_enc_derand_with)(c[1].be, c[0].ct, c[0].ss, c[0].pk, c[0].m, c[0].salt)) {
        fprintf(stderr, "rev_paired: preparing the inputs failed\n");
        return 1;
    }
    const struct hqc_backend *be1 = c[1].be;
    c[1] = c[0];
    c[1].be = be1, c[1].is_new = 1;
    return 0;
}

int main(int argc, char **argv)
{
    size_t n = argc > 1 ? strtoul(argv[1], NULL, 10) : 0;
    static const char *const names[3] = {"keygen", "encaps", "decaps"};
    uint64_t *t[3];
    if (n == 0 || argc < 3 || alloc_sample_arrays(t, 3, n) != 0) {
        fprintf(stderr, "usage: %s ITERATIONS BACKEND...\n", argv[0]);
        return 2;
    }
    for (int a = 2; a < argc; a++) {
        static ctx c[2];
        c[0].be = CAT(OLD_L, _backend_by_name)(argv[a]);
        c[1].be = CAT(NEW_L, _backend_by_name)(argv[a]);
        if (c[0].be == NULL || c[1].be == NULL) {
            fprintf(stderr, "rev_paired: backend %s missing in a build\n", argv[a]);
            return 2;
        }
        for (int op = 0; op < 3; op++) {
            c[0].op = c[1].op = op;
            c[0].is_new = 0, c[1].is_new = 1;
            paired_entry e[2] = {{call, &c[0], t[0]}, {call, &c[1], t[1]}};
            int rc = paired_run(e, 2, 10, n, 50, refresh, c);
            if (rc != 0) {
                if (rc > 0)
                    fprintf(stderr, "rev_paired: the %s build's %s failed\n", rc == 1 ? "old" : "new", names[op]);
                return 1;
            }
            char label[32];
            snprintf(label, sizeof label, "%s %s", argv[a], names[op]);
            report_old_new(label, 8, 3, t[0], t[1], t[2], n);
        }
    }
    return 0;
}
