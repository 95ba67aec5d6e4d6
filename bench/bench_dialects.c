/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* bench_dialects.c: issues 24, 36: keygen, encaps and decaps of a dialect (v5.0.0 unless named;
 * bc-1.87, any of src/hqc/dialect.h) against the default 161cd4f in one process, with one
 * backend. Every iteration takes a fresh seed, m and salt, times one call of each dialect per
 * operation (serialised time-stamp reads, tsc.h; order alternating every iteration), and checks
 * each dialect's round trip. Prints, per operation, medians with q1-q3 and the median (q1-q3)
 * of the per-iteration ratios 161cd4f/D ("old" is 161cd4f, "new" D: above 1 means D is faster).
 * Usage: hqcL_bench_dialects [backend] [iterations] [dialect] (default: the default backend,
 * 5001, v5.0.0) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "dialect.h"
#include "kem.h"
#include "old_new_report.h"
#include "testutil.h"
#include "tsc.h"

static uint8_t pk[2][HQC_PK_BYTES], sk[2][HQC_SK_BYTES], ct[2][HQC_CT_BYTES];

int main(int argc, char **argv)
{
    const hqc_backend *be = argc > 1 ? HQC_NS(backend_by_name)(argv[1]) : HQC_NS(backend_default)();
    size_t iters = argc > 2 ? strtoul(argv[2], NULL, 0) : 5001;
    if (be == NULL || iters == 0) {
        fprintf(stderr, "bench_dialects: unknown or unsupported backend '%s', or no iterations\n",
                argc > 1 ? argv[1] : "");
        return 2;
    }
    /* The default dialect against the one named (any of dialect.h's table; v5.0.0 unless given). */
    const hqc_dialect *d[2] = {dialect_list()[0], dialect_by_name(argc > 3 ? argv[3] : "v5.0.0")};
    if (d[1] == NULL) {
        fprintf(stderr, "bench_dialects: unknown dialect '%s'; known:", argv[3]);
        for (const hqc_dialect *const *k = dialect_list(); *k; k++)
            fprintf(stderr, " %s", (*k)->name);
        fputc('\n', stderr);
        return 2;
    }
    uint64_t *t[7];
    if (alloc_sample_arrays(t, 7, iters) != 0) {
        fprintf(stderr, "bench_dialects: out of memory\n");
        return 1;
    }
    uint64_t st = 0x2424;
    for (size_t i = 0; i < iters; i++) {
        uint8_t seed[HQC_SEED_BYTES], m[HQC_SEC_BYTES], salt[HQC_SALT_BYTES], ss[2][HQC_SS_BYTES], ss2[2][HQC_SS_BYTES];
        random_bytes(&st, seed, sizeof seed);
        random_bytes(&st, m, sizeof m);
        random_bytes(&st, salt, sizeof salt);
        int rc = 0;
        for (int turn = 0; turn < 2; turn++) {
            int k = (int)((i + (size_t)turn) & 1);
            uint64_t t0 = tsc_begin();
            rc |= kem_keypair_derand(d[k], be, pk[k], sk[k], seed);
            t[k][i] = tsc_end() - t0;
        }
        for (int turn = 0; turn < 2; turn++) {
            int k = (int)((i + (size_t)turn) & 1);
            uint64_t t0 = tsc_begin();
            rc |= kem_enc_derand(d[k], be, ct[k], ss[k], pk[k], m, salt);
            t[2 + k][i] = tsc_end() - t0;
        }
        for (int turn = 0; turn < 2; turn++) {
            int k = (int)((i + (size_t)turn) & 1);
            uint64_t t0 = tsc_begin();
            rc |= kem_dec(d[k], be, ss2[k], ct[k], sk[k]);
            t[4 + k][i] = tsc_end() - t0;
        }
        if (rc != 0 || memcmp(ss[0], ss2[0], HQC_SS_BYTES) != 0 || memcmp(ss[1], ss2[1], HQC_SS_BYTES) != 0) {
            fprintf(stderr, "bench_dialects: %s: a round trip failed at iteration %zu\n", HQC_NAME, i);
            return 1;
        }
    }
    const char *ops[3] = {"keygen", "encaps", "decaps"};
    for (int op = 0; op < 3; op++) {
        char label[64];
        snprintf(label, sizeof label, "%-6s %-7s %s", be->name, ops[op], d[1]->name);
        report_old_new(label, 7, 3, t[2 * op], t[2 * op + 1], t[6], iters);
    }
    return 0;
}
