/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* test_threads.c: the library is reentrant (docs/ARCHITECTURE.md: no mutable global state). Many threads
 * run keygen, encaps and decaps (valid and tampered ciphertexts) at once, started together by
 * a barrier, first through the default-backend entry points (so the threads race on the first
 * resolution of the default backend) and then with every supported backend; every output
 * must equal the one a serial run computes from the same deterministic inputs.
 * Usage: hqcL_test_threads [threads (default 4)] [jobs per thread (default 2)] */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "kem.h"
#include "testutil.h"

typedef struct {
    uint8_t seed_kem[HQC_SEED_BYTES], m[HQC_K], salt[HQC_SALT_BYTES];
    size_t flip; /* bit of the ciphertext flipped for the rejection case */
} job_input;

typedef struct {
    uint8_t pk[HQC_PK_BYTES], sk[HQC_SK_BYTES], ct[HQC_CT_BYTES], bad[HQC_CT_BYTES];
    uint8_t ss[HQC_SS_BYTES], ss_dec[HQC_SS_BYTES], ss_rej[HQC_SS_BYTES];
    int rc;
} job_output;

typedef struct {
    const hqc_backend *be; /* NULL: the default-backend entry points */
    const job_input *in;
    job_output *out;
    size_t first, count, stride;
    pthread_barrier_t *start;
} worker;

static void run_job(const hqc_backend *be, const job_input *in, job_output *out)
{
    int rc = 0;
    if (be == NULL) {
        rc |= HQC_NS(crypto_kem_keypair_derand)(out->pk, out->sk, in->seed_kem);
        rc |= HQC_NS(crypto_kem_enc_derand)(out->ct, out->ss, out->pk, in->m, in->salt);
        rc |= HQC_NS(crypto_kem_dec)(out->ss_dec, out->ct, out->sk);
        memcpy(out->bad, out->ct, sizeof out->bad);
        out->bad[in->flip / 8] ^= (uint8_t)(1u << (in->flip % 8));
        rc |= HQC_NS(crypto_kem_dec)(out->ss_rej, out->bad, out->sk);
    } else {
        rc |= HQC_NS(crypto_kem_keypair_derand_with)(be, out->pk, out->sk, in->seed_kem);
        rc |= HQC_NS(crypto_kem_enc_derand_with)(be, out->ct, out->ss, out->pk, in->m, in->salt);
        rc |= HQC_NS(crypto_kem_dec_with)(be, out->ss_dec, out->ct, out->sk);
        memcpy(out->bad, out->ct, sizeof out->bad);
        out->bad[in->flip / 8] ^= (uint8_t)(1u << (in->flip % 8));
        rc |= HQC_NS(crypto_kem_dec_with)(be, out->ss_rej, out->bad, out->sk);
    }
    out->rc = rc;
}

static void *worker_main(void *arg)
{
    const worker *w = arg;
    pthread_barrier_wait(w->start);
    for (size_t j = 0; j < w->count; j++) {
        size_t k = w->first + j * w->stride;
        run_job(w->be, &w->in[k], &w->out[k]);
    }
    return NULL;
}

/* All jobs on n_threads threads at once (job k on thread k mod n_threads). */
static void run_concurrently(const hqc_backend *be, const job_input *in, job_output *out, size_t n_threads,
                             size_t per_thread)
{
    pthread_t tid[64];
    worker w[64];
    pthread_barrier_t start;
    CHECK(pthread_barrier_init(&start, NULL, (unsigned)n_threads) == 0, "pthread_barrier_init failed");
    for (size_t t = 0; t < n_threads; t++) {
        w[t] = (worker){be, in, out, t, per_thread, n_threads, &start};
        CHECK(pthread_create(&tid[t], NULL, worker_main, &w[t]) == 0, "pthread_create failed");
    }
    for (size_t t = 0; t < n_threads; t++)
        CHECK(pthread_join(tid[t], NULL) == 0, "pthread_join failed");
    pthread_barrier_destroy(&start);
}

static void compare(const char *what, const job_output *got, const job_output *want, size_t jobs)
{
    for (size_t k = 0; k < jobs; k++) {
        CHECK(got[k].rc == 0 && want[k].rc == 0, "%s %s: job %zu: a KEM call failed", HQC_NAME, what, k);
        CHECK(memcmp(got[k].pk, want[k].pk, HQC_PK_BYTES) == 0 && memcmp(got[k].sk, want[k].sk, HQC_SK_BYTES) == 0,
              "%s %s: job %zu: concurrent keygen differs from the serial one", HQC_NAME, what, k);
        CHECK(memcmp(got[k].ct, want[k].ct, HQC_CT_BYTES) == 0 && memcmp(got[k].ss, want[k].ss, HQC_SS_BYTES) == 0,
              "%s %s: job %zu: concurrent encaps differs from the serial one", HQC_NAME, what, k);
        CHECK(memcmp(got[k].ss_dec, want[k].ss_dec, HQC_SS_BYTES) == 0 &&
                  memcmp(got[k].ss_rej, want[k].ss_rej, HQC_SS_BYTES) == 0,
              "%s %s: job %zu: concurrent decaps differs from the serial one", HQC_NAME, what, k);
        /* And the serial run itself is a working KEM. */
        CHECK(memcmp(want[k].ss, want[k].ss_dec, HQC_SS_BYTES) == 0, "%s %s: job %zu: decaps != encaps", HQC_NAME,
              what, k);
        CHECK(memcmp(want[k].ss, want[k].ss_rej, HQC_SS_BYTES) != 0, "%s %s: job %zu: tampered ct accepted", HQC_NAME,
              what, k);
    }
}

int main(int argc, char **argv)
{
    long n_threads = argc > 1 ? strtol(argv[1], NULL, 10) : 4;
    long per_thread = argc > 2 ? strtol(argv[2], NULL, 10) : 2;
    if (n_threads < 2 || n_threads > 64 || per_thread < 1 || per_thread > 64) {
        fprintf(stderr, "usage: %s [threads 2..64] [jobs per thread 1..64]\n", argv[0]);
        return 2;
    }
    size_t jobs = (size_t)(n_threads * per_thread);
    job_input *in = calloc(jobs, sizeof *in);
    job_output *got = calloc(jobs, sizeof *got), *want = calloc(jobs, sizeof *want);
    CHECK(in && got && want, "out of memory");
    uint64_t st = 0x7468726561647300ULL + HQC_LEVEL;
    for (size_t k = 0; k < jobs; k++) {
        random_bytes(&st, in[k].seed_kem, sizeof in[k].seed_kem);
        random_bytes(&st, in[k].m, sizeof in[k].m);
        random_bytes(&st, in[k].salt, sizeof in[k].salt);
        in[k].flip = (size_t)(splitmix64(&st) % HQC_N); /* a bit of u, below the padding */
    }

    /* The default backend first: nothing in this process has resolved it yet. */
    run_concurrently(NULL, in, got, (size_t)n_threads, (size_t)per_thread);
    const hqc_backend *def = HQC_NS(backend_default)();
    CHECK(def != NULL, "no default backend");
    for (size_t k = 0; k < jobs; k++)
        run_job(def, &in[k], &want[k]);
    compare("default backend", got, want, jobs);

    int backends = 0;
    for (const hqc_backend *const *l = HQC_NS(backend_list)(); *l; l++) {
        const hqc_backend *be = HQC_NS(backend_by_name)((*l)->name);
        if (be == NULL)
            continue;
        memset(got, 0, jobs * sizeof *got);
        for (size_t k = 0; k < jobs; k++)
            run_job(be, &in[k], &want[k]);
        run_concurrently(be, in, got, (size_t)n_threads, (size_t)per_thread);
        compare(be->name, got, want, jobs);
        backends++;
    }
    printf("%s test_threads: default (%s) and %d backends, %ld threads x %ld jobs: ok\n", HQC_NAME, def->name, backends,
           n_threads, per_thread);
    free(in);
    free(got);
    free(want);
    return 0;
}
