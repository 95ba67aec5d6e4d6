/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* test_stack.c: stack high-water of each KEM operation (keygen, encaps, decaps of a valid and
 * of a tampered ciphertext) with each backend this CPU runs, on a thread whose whole stack is
 * STACK_BYTES (128 KiB, musl's default thread stack) with a guard page below it. The stack is
 * painted with a byte pattern before the thread starts and scanned afterwards: the lowest
 * changed byte is the high-water mark (glibc's thread descriptor and TLS at the top of the
 * region are counted, as they are on a real thread; the "none" row measures them alone). Each
 * measurement runs in a child process, so an overflow (SIGSEGV on the guard page) is reported
 * for that operation alone.
 * Usage: hqcL_test_stack        prints one JSON object per line. */
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "backend.h"
#include "karatsuba.h"
#include "kem.h"
#include "painted_stack.h"
#include "testutil.h"

#define STACK_BYTES (128 * 1024)

/* OP_NONE calls nothing: the thread's own use (descriptor, TLS, start frames), which
 * scripts/stack-bound adds to its static bound of each operation to compare with the others. */
typedef enum { OP_KEYGEN, OP_ENCAPS, OP_DECAPS, OP_DECAPS_REJECT, OP_NONE, OP_COUNT } op_kind;
static const char *const op_names[OP_COUNT] = {"keygen", "encaps", "decaps", "decaps-reject", "none"};

typedef struct {
    const hqc_backend *be;
    op_kind op;
    uint8_t seed[HQC_SEED_BYTES], m[HQC_K], salt[HQC_SALT_BYTES];
    uint8_t pk[HQC_PK_BYTES], sk[HQC_SK_BYTES], ct[HQC_CT_BYTES], bad[HQC_CT_BYTES];
    uint8_t ss[HQC_SS_BYTES];
    int rc;
} job;

static void *run_op(void *arg)
{
    job *j = arg; /* inputs and outputs live in the job, off the measured stack */
    switch (j->op) {
    case OP_KEYGEN:
        j->rc = HQC_NS(crypto_kem_keypair_derand_with)(j->be, j->pk, j->sk, j->seed);
        break;
    case OP_ENCAPS:
        j->rc = HQC_NS(crypto_kem_enc_derand_with)(j->be, j->ct, j->ss, j->pk, j->m, j->salt);
        break;
    case OP_DECAPS:
        j->rc = HQC_NS(crypto_kem_dec_with)(j->be, j->ss, j->ct, j->sk);
        break;
    case OP_DECAPS_REJECT:
        j->rc = HQC_NS(crypto_kem_dec_with)(j->be, j->ss, j->bad, j->sk);
        break;
    default:
        j->rc = 0;
        break;
    }
    return NULL;
}

/* Runs j on a fresh STACK_BYTES stack painted with pattern; returns the bytes it touched. */
static size_t high_water(job *j, uint8_t pattern)
{
    painted_stack ps;
    painted_stack_run(&ps, STACK_BYTES, pattern, run_op, j);
    painted_stack_free(&ps);
    return STACK_BYTES - ps.low;
}

int main(void)
{
    static job j;
    uint64_t rng = 0x5eed0000u + HQC_LEVEL;
    random_bytes(&rng, j.seed, sizeof j.seed);
    random_bytes(&rng, j.m, sizeof j.m);
    random_bytes(&rng, j.salt, sizeof j.salt);
    setvbuf(stdout, NULL, _IOLBF, 0);
    /* The portable product's scratch is sized by this bound, not measured: check it holds. */
    CHECK(karatsuba_scratch_words(HQC_WORDS) <= KARATSUBA_SCRATCH_BOUND(HQC_WORDS),
          "KARATSUBA_SCRATCH_BOUND too small");

    for (const hqc_backend *const *l = HQC_NS(backend_list)(); *l; l++) {
        const hqc_backend *be = HQC_NS(backend_by_name)((*l)->name);
        if (!be)
            continue;
        /* Inputs on the main thread's ordinary stack first. */
        CHECK(HQC_NS(crypto_kem_keypair_derand_with)(be, j.pk, j.sk, j.seed) == 0 &&
                  HQC_NS(crypto_kem_enc_derand_with)(be, j.ct, j.ss, j.pk, j.m, j.salt) == 0,
              "KEM call failed");
        memcpy(j.bad, j.ct, sizeof j.bad);
        j.bad[HQC_CT_BYTES / 3] ^= 0x04;
        j.be = be;
        for (op_kind op = 0; op < OP_COUNT; op++) {
            j.op = op;
            fflush(stdout);
            pid_t pid = fork();
            CHECK(pid >= 0, "fork failed");
            if (pid == 0) {
                size_t a = high_water(&j, 0xA5), b = high_water(&j, 0x5A);
                CHECK(j.rc == 0, "%s with %s returned %d", op_names[op], be->name, j.rc);
                printf("{\"level\": %d, \"backend\": \"%s\", \"op\": \"%s\", \"stack\": %d, "
                       "\"high_water\": %zu}\n", HQC_LEVEL, be->name, op_names[op], STACK_BYTES,
                       a > b ? a : b);
                exit(0);
            }
            int status;
            CHECK(waitpid(pid, &status, 0) == pid, "waitpid failed");
            if (WIFSIGNALED(status))
                printf("{\"level\": %d, \"backend\": \"%s\", \"op\": \"%s\", \"stack\": %d, "
                       "\"signal\": %d}\n", HQC_LEVEL, be->name, op_names[op], STACK_BYTES,
                       WTERMSIG(status));
            else
                CHECK(WEXITSTATUS(status) == 0, "child for %s failed", op_names[op]);
        }
    }
    return 0;
}
