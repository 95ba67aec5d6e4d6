/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* scrub_cost.c: what the stack scrub of src/hqc/kem.c costs (issue 31, item 3): keygen, encaps
 * and decaps of one level with the default backend, the library's kem_* (wiped) against the
 * same kem.c compiled with -DHQC_NO_STACK_SCRUB and its symbols renamed unwiped_* (mk/
 * stack-secrets.mk), in one process, by bench/paired.h's rotated loop on the same inputs.
 * Prints per operation the median of the per-iteration ratios wiped/unwiped and both medians.
 * Usage: hqcL_scrub_cost [ITERATIONS] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "dialect.h"
#include "kem.h"
#include "paired.h"
#include "sample_stats.h"

#define UNWIPED(f) HQC_CAT(unwiped_, f) /* f: kem.h's per-level name */
int UNWIPED(kem_keypair_derand)(const hqc_dialect *d, const hqc_backend *be, uint8_t *pk, uint8_t *sk,
                                const uint8_t *seed_kem);
int UNWIPED(kem_enc_derand)(const hqc_dialect *d, const hqc_backend *be, uint8_t *ct, uint8_t *ss,
                            const uint8_t *pk, const uint8_t *m, const uint8_t *salt);
int UNWIPED(kem_dec)(const hqc_dialect *d, const hqc_backend *be, uint8_t *ss, const uint8_t *ct,
                     const uint8_t *sk);

typedef struct {
    const hqc_dialect *d;
    const hqc_backend *be;
    int op, wiped;
    uint8_t seed[HQC_SEED_BYTES], m[HQC_K], salt[HQC_SALT_BYTES];
    uint8_t pk[HQC_PK_BYTES], sk[HQC_SK_BYTES], ct[HQC_CT_BYTES], ss[HQC_SS_BYTES];
} ctx;

static int call(void *p)
{
    ctx *c = p;
    switch (c->op) {
    case 0:
        return c->wiped ? kem_keypair_derand(c->d, c->be, c->pk, c->sk, c->seed)
                        : UNWIPED(kem_keypair_derand)(c->d, c->be, c->pk, c->sk, c->seed);
    case 1:
        return c->wiped ? kem_enc_derand(c->d, c->be, c->ct, c->ss, c->pk, c->m, c->salt)
                        : UNWIPED(kem_enc_derand)(c->d, c->be, c->ct, c->ss, c->pk, c->m, c->salt);
    default:
        return c->wiped ? kem_dec(c->d, c->be, c->ss, c->ct, c->sk)
                        : UNWIPED(kem_dec)(c->d, c->be, c->ss, c->ct, c->sk);
    }
}

static int no_refresh(void *p, int first, int last)
{
    (void)p, (void)first, (void)last;
    return 0;
}

int main(int argc, char **argv)
{
    size_t n = argc > 1 ? (size_t)strtoul(argv[1], NULL, 10) : 201;
    static const char *const names[3] = {"keygen", "encaps", "decaps"};
    static ctx c[2];
    uint64_t *t[3]; /* unwiped, wiped, the ratios */
    if (n == 0 || alloc_sample_arrays(t, 3, n) != 0)
        return 2;
    for (int w = 0; w < 2; w++) {
        c[w].d = dialect_list()[0];
        c[w].be = HQC_NS(backend_default)();
        c[w].wiped = w;
        memset(c[w].seed, 0x3c, sizeof c[w].seed);
        memset(c[w].m, 0x5a, sizeof c[w].m);
        memset(c[w].salt, 0x17, sizeof c[w].salt);
        if (kem_keypair_derand(c[w].d, c[w].be, c[w].pk, c[w].sk, c[w].seed) != 0 ||
            kem_enc_derand(c[w].d, c[w].be, c[w].ct, c[w].ss, c[w].pk, c[w].m, c[w].salt) != 0)
            return 2;
    }
    for (int op = 0; op < 3; op++) {
        c[0].op = c[1].op = op;
        paired_entry e[2] = {{call, &c[1], t[1]}, {call, &c[0], t[0]}};
        if (paired_run(e, 2, 10, n, n, no_refresh, NULL) != 0)
            return 2;
        sample_summary r = summarise_ratios_scaled(t[1], t[0], t[2], n, 10000);
        sample_summary w = summarise_samples(t[1], n), u = summarise_samples(t[0], n);
        printf("{\"level\": %d, \"backend\": \"%s\", \"op\": \"%s\", \"iterations\": %zu, "
               "\"ratio_wiped_unwiped\": %.4f, \"wiped_ticks\": %llu, \"unwiped_ticks\": %llu}\n",
               HQC_LEVEL, c[1].be->name, names[op], n, r.median / 10000.0, (unsigned long long)w.median,
               (unsigned long long)u.median);
    }
    return 0;
}
