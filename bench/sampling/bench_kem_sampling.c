/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* bench_kem_sampling.c: issue 13, item 4, at the KEM level: keygen and decaps of the library
 * against the same code (kem.c, pke.c) linked with the pre-item-4 sampler (old_sampling.c),
 * renamed old_hqcL_* (mk/sampling.mk), in one process. Every iteration takes a fresh seed,
 * times one keygen of each, then one decaps of each of a ciphertext for that key (each call
 * between serialised time-stamp reads, tsc.h; order alternating every iteration), and checks
 * that keys and shared secrets agree. Prints medians with q1-q3 and the median (q1-q3) of the
 * per-iteration ratios old/new.
 * Usage: hqcL_bench_kem_sampling [backend] [iterations] (default: the default backend, 5001) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "kem.h"
#include "old_new_report.h"
#include "testutil.h"
#include "tsc.h"

#define OLD(s) HQC_CAT(old_, HQC_NS(s))
int OLD(crypto_kem_keypair_derand_with)(const hqc_backend *be, uint8_t *pk, uint8_t *sk, const uint8_t *seed);
int OLD(crypto_kem_dec_with)(const hqc_backend *be, uint8_t *ss, const uint8_t *ct, const uint8_t *sk);

/* "be     what   " as the report's label: the backend and the operation in fixed columns. */
static void report(const char *what, const char *be, uint64_t *old_t, uint64_t *new_t, uint64_t *tmp, size_t n)
{
    char label[64];
    snprintf(label, sizeof label, "%-6s %-7s", be, what);
    report_old_new(label, 7, 3, old_t, new_t, tmp, n);
}

static uint8_t pk[2][HQC_PK_BYTES], sk[2][HQC_SK_BYTES], ct[HQC_CT_BYTES];

int main(int argc, char **argv)
{
    const hqc_backend *be = argc > 1 ? HQC_NS(backend_by_name)(argv[1]) : HQC_NS(backend_default)();
    size_t iters = argc > 2 ? strtoul(argv[2], NULL, 0) : 5001;
    if (be == NULL || iters == 0) {
        fprintf(stderr, "bench_kem_sampling: unknown or unsupported backend '%s', or no iterations\n",
                argc > 1 ? argv[1] : "");
        return 2;
    }
    uint64_t *t[5];
    if (alloc_sample_arrays(t, 5, iters) != 0) {
        fprintf(stderr, "bench_kem_sampling: out of memory\n");
        return 1;
    }
    uint64_t st = 0x1397;
    for (size_t i = 0; i < iters; i++) {
        uint8_t seed[HQC_SEED_BYTES], m[HQC_SEC_BYTES], salt[HQC_SALT_BYTES], ss[3][HQC_SS_BYTES];
        random_bytes(&st, seed, sizeof seed);
        for (int turn = 0; turn < 2; turn++) {
            int old = (int)((i + (size_t)turn) & 1);
            uint64_t t0 = tsc_begin();
            int rc = old ? OLD(crypto_kem_keypair_derand_with)(be, pk[1], sk[1], seed)
                         : HQC_NS(crypto_kem_keypair_derand_with)(be, pk[0], sk[0], seed);
            t[old ? 0 : 1][i] = tsc_end() - t0;
            if (rc != 0) {
                fprintf(stderr, "bench_kem_sampling: keygen failed\n");
                return 1;
            }
        }
        random_bytes(&st, m, sizeof m);
        random_bytes(&st, salt, sizeof salt);
        if (HQC_NS(crypto_kem_enc_derand_with)(be, ct, ss[2], pk[0], m, salt) != 0) {
            fprintf(stderr, "bench_kem_sampling: encaps failed\n");
            return 1;
        }
        for (int turn = 0; turn < 2; turn++) {
            int old = (int)((i + (size_t)turn) & 1);
            uint64_t t0 = tsc_begin();
            int rc = old ? OLD(crypto_kem_dec_with)(be, ss[1], ct, sk[0]) : HQC_NS(crypto_kem_dec_with)(be, ss[0], ct, sk[0]);
            t[old ? 2 : 3][i] = tsc_end() - t0;
            if (rc != 0) {
                fprintf(stderr, "bench_kem_sampling: decaps failed\n");
                return 1;
            }
        }
        if (memcmp(pk[0], pk[1], HQC_PK_BYTES) != 0 || memcmp(sk[0], sk[1], HQC_SK_BYTES) != 0 ||
            memcmp(ss[0], ss[2], HQC_SS_BYTES) != 0 || memcmp(ss[1], ss[2], HQC_SS_BYTES) != 0) {
            fprintf(stderr, "bench_kem_sampling: %s: old and new disagree at iteration %zu\n", HQC_NAME, i);
            return 1;
        }
    }
    report("keygen", be->name, t[0], t[1], t[4], iters);
    report("decaps", be->name, t[2], t[3], t[4], iters);
    return 0;
}
