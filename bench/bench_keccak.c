/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* bench_keccak.c: the Keccak layer against OpenSSL 3's assembly, paired in one process (the
 * project's method, docs in dev/tuning/keccak_x86.md). OpenSSL does not export its
 * permutation, so the permutation is timed through a long absorb: 32 blocks of 136 bytes
 * into a SHAKE256 context (EVP_DigestUpdate) against the same 32 XORs-and-permutations on
 * ours; per iteration both are timed once, in alternating order, and the report is the
 * median of the per-iteration ratios with q1-q3. Also: the four-state permutation against
 * two single ones (and, where the AVX-512VL one is dispatched, against the AVX2 one), and
 * SHA3-256/512 of HQC's input sizes against EVP_Digest.
 * Usage: bench_keccak [iterations]   (run pinned: taskset -c 1) */
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "keccak.h"
#include "sample_stats.h"
#include "sha3.h"
#include "tsc.h"

#define BLOCKS 32
#define MAX_ITERS 100000

static uint8_t input[136 * BLOCKS];
static uint64_t state[25], state4[100];
static EVP_MD_CTX *absorb_ctx;
static uint64_t ta[MAX_ITERS], tb[MAX_ITERS], ratio_milli[MAX_ITERS];

typedef void (*timed_fn)(void);

/* ratio = a / b per iteration, in thousandths; a and b in ticks per `div` units. */
static void pair(const char *what, timed_fn a, timed_fn b, size_t iters, unsigned div)
{
    for (size_t it = 0; it < iters; it++) {
        uint64_t t0, t1, t2, t3;
        if (it & 1) {
            t0 = tsc_begin(), a(), t1 = tsc_end();
            t2 = tsc_begin(), b(), t3 = tsc_end();
        } else {
            t2 = tsc_begin(), b(), t3 = tsc_end();
            t0 = tsc_begin(), a(), t1 = tsc_end();
        }
        ta[it] = (t1 - t0) / div;
        tb[it] = (t3 - t2) / div;
        ratio_milli[it] = 1000 * (t1 - t0) / (t3 - t2 ? t3 - t2 : 1);
    }
    sample_summary sa = summarise_samples(ta, iters), sb = summarise_samples(tb, iters);
    sample_summary r = summarise_samples(ratio_milli, iters);
    printf("%-44s %8llu %8llu   %.3f (%.3f-%.3f)\n", what, (unsigned long long)sa.median,
           (unsigned long long)sb.median, r.median / 1000.0, r.q1 / 1000.0, r.q3 / 1000.0);
}

static void absorb_with(void (*perm)(uint64_t *))
{
    for (size_t b = 0; b < BLOCKS; b++) {
        for (size_t w = 0; w < 17; w++) {
            uint64_t lane;
            memcpy(&lane, input + 136 * b + 8 * w, 8);
            state[w] ^= lane;
        }
        perm(state);
    }
}

static void absorb_ours(void) { absorb_with(keccak_f1600); }
/* Two one-state kernels of keccak_impls() against each other (the AVX-512 one against BMI). */
static void (*one_a)(uint64_t s[25]), (*one_b)(uint64_t s[25]);
static void absorb_one_a(void) { absorb_with(one_a); }
static void absorb_one_b(void) { absorb_with(one_b); }
/* A squeeze chain: each permutation's input is the previous one's output, nothing in between. */
static void chain_one_a(void)
{
    for (size_t b = 0; b < BLOCKS; b++)
        one_a(state);
}
static void chain_one_b(void)
{
    for (size_t b = 0; b < BLOCKS; b++)
        one_b(state);
}
static void absorb_portable(void) { absorb_with(keccak_f1600_portable); }
static void absorb_openssl(void) { EVP_DigestUpdate(absorb_ctx, input, sizeof input); }

static void x4_perms(void)
{
    for (size_t b = 0; b < BLOCKS; b++)
        keccak_f1600_x4(state4);
}

/* The four-state kernel of another entry of keccak_impls(), for the dispatched one against it. */
static void (*other_x4)(uint64_t s[100]);
static void x4_perms_other(void)
{
    for (size_t b = 0; b < BLOCKS; b++)
        other_x4(state4);
}

static void two_single_perms(void)
{
    for (size_t b = 0; b < BLOCKS; b++)
        keccak_f1600(state), keccak_f1600(state);
}

/* SHA3 of the size HQC hashes most: H(ek) at HQC-5 (7237 bytes of ek and a domain byte). */
#define SHA3_LEN 7238
static uint8_t message[SHA3_LEN], digest[64];
static void sha3_256_ours(void) { hqc_sha3_256_parts(digest, &(hqc_bytes){message, SHA3_LEN}, 1); }
static void sha3_256_openssl(void) { EVP_Digest(message, SHA3_LEN, digest, NULL, EVP_sha3_256(), NULL); }
static void sha3_512_ours(void) { hqc_sha3_512_parts(digest, &(hqc_bytes){message, 64}, 1); }
static void sha3_512_openssl(void) { EVP_Digest(message, 64, digest, NULL, EVP_sha3_512(), NULL); }

int main(int argc, char **argv)
{
    size_t iters = argc > 1 ? strtoul(argv[1], NULL, 10) : 2001;
    if (iters < 1 || iters > MAX_ITERS) {
        fprintf(stderr, "bench_keccak: iterations must be 1..%d, not '%s'\n", MAX_ITERS, argv[1]);
        return 2;
    }
    for (size_t i = 0; i < sizeof input; i++)
        input[i] = (uint8_t)(i * 167 + 13);
    for (size_t i = 0; i < sizeof message; i++)
        message[i] = (uint8_t)(i * 59 + 7);
    absorb_ctx = EVP_MD_CTX_new();
    if (absorb_ctx == NULL || EVP_DigestInit_ex(absorb_ctx, EVP_shake256(), NULL) != 1) {
        fprintf(stderr, "bench_keccak: OpenSSL SHAKE256 unavailable\n");
        return 1;
    }
    printf("Keccak kernels: %s; %zu iterations; TSC ticks (medians) and median ratio A/B (q1-q3)\n",
           keccak_impl_name(), iters);
    printf("%-44s %8s %8s   %s\n", "A vs B", "A", "B", "A/B");
    pair("permutation (per block): ours vs OpenSSL", absorb_ours, absorb_openssl, iters, BLOCKS);
    pair("permutation (per block): portable vs OpenSSL", absorb_portable, absorb_openssl, iters, BLOCKS);
    pair("four-state vs two single permutations", x4_perms, two_single_perms, iters, BLOCKS);
    /* Where AVX-512VL's four-state kernel is dispatched: it against the AVX2 one. */
    for (const keccak_impl *const *k = keccak_impls(); *k && strstr(keccak_impl_name(), "avx512vl"); k++)
        if (strcmp((*k)->name, "bmi+avx2") == 0 && keccak_impl_runs(*k)) {
            other_x4 = (*k)->f1600_x4;
            pair("four-state: avx512vl vs avx2", x4_perms, x4_perms_other, iters, BLOCKS);
        }
    /* Where the one-state AVX-512 kernels run (zmm, then xmm): each against the BMI one, on the
     * same absorb and on a chain (each permutation waits on the previous one, as a squeeze
     * chain does). keccak.c dispatches the zmm one except on AMD, where the xmm one is faster. */
    static const char *const one_state[][2] = {{"avx512+avx512vl", "avx512"}, {"xmm+avx512vl", "xmm"}};
    for (const keccak_impl *const *k = keccak_impls(); *k; k++)
        if (strcmp((*k)->name, "bmi") == 0 && keccak_impl_runs(*k))
            one_b = (*k)->f1600;
    for (size_t j = 0; j < sizeof one_state / sizeof one_state[0]; j++) {
        one_a = NULL;
        for (const keccak_impl *const *k = keccak_impls(); *k; k++)
            if (strcmp((*k)->name, one_state[j][0]) == 0 && keccak_impl_runs(*k))
                one_a = (*k)->f1600;
        if (one_a && one_b) {
            char label[64];
            snprintf(label, sizeof label, "one-state permutation: %s vs bmi", one_state[j][1]);
            pair(label, absorb_one_a, absorb_one_b, iters, BLOCKS);
            snprintf(label, sizeof label, "one-state chain (squeeze): %s vs bmi", one_state[j][1]);
            pair(label, chain_one_a, chain_one_b, iters, BLOCKS);
        }
    }
    pair("SHA3-256, 7238 bytes: ours vs OpenSSL EVP", sha3_256_ours, sha3_256_openssl, iters, 1);
    pair("SHA3-512, 64 bytes: ours vs OpenSSL EVP", sha3_512_ours, sha3_512_openssl, iters, 1);
    EVP_MD_CTX_free(absorb_ctx);
    return 0;
}
