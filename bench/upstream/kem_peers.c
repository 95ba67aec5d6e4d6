/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* kem_peers.c: paired TSC-tick comparison of one HQC level's KEM, the official tree's avx256
 * build ("upstream", its symbols renamed upstream_* by scripts/bench-upstream) against each
 * constant-time backend of ours that this CPU runs and, built with -DHQC_PEERS_PATCHED, against
 * the patched official tree (patched_*). Every iteration times one call of each side per op,
 * the order alternating between iterations; each side runs keygen, encaps and decaps on its own
 * fresh keys. Usage: kem_peers RUNS. Prints one JSON object per (peer, op): medians, quartiles
 * and the median and quartiles of the per-iteration ratios upstream / peer. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "kem.h"
#include "official_kem.h"
#include "params.h"
#include "sample_stats.h"
#include "tsc.h"

/* The official tree of this level (NIST API; randomness from its SHAKE256 PRNG). */
OFFICIAL_KEM_DECLARE(upstream)
#ifdef HQC_PEERS_PATCHED
OFFICIAL_KEM_DECLARE(patched)
#endif

#define WARMUP 3
#define RATIO_SCALE 1000000.0 /* ratios are kept as integers in millionths */

enum { KEYGEN, ENCAPS, DECAPS, OPS };
static const char *const op_names[OPS] = {"keygen", "encaps", "decaps"};

/* One competitor: a KEM behind the NIST API; `be` is our backend, NULL for the trees. */
typedef struct {
    const char *name;
    const hqc_backend *be;
    int (*keypair)(const hqc_backend *be, uint8_t *pk, uint8_t *sk);
    int (*enc)(const hqc_backend *be, uint8_t *ct, uint8_t *ss, const uint8_t *pk);
    int (*dec)(const hqc_backend *be, uint8_t *ss, const uint8_t *ct, const uint8_t *sk);
} kem_side;

/* Ours draws its seeds inside the timed call from the same SHAKE256 PRNG, with the same
 * lengths, as upstream's crypto_kem_keypair / crypto_kem_enc do, so both do the same work. */
static int ours_keypair(const hqc_backend *be, uint8_t *pk, uint8_t *sk)
{
    uint8_t seed_kem[HQC_SEED_BYTES];
    upstream_prng_get_bytes(seed_kem, sizeof seed_kem);
    return HQC_NS(crypto_kem_keypair_derand_with)(be, pk, sk, seed_kem);
}
static int ours_enc(const hqc_backend *be, uint8_t *ct, uint8_t *ss, const uint8_t *pk)
{
    uint8_t m[HQC_K], salt[HQC_SALT_BYTES];
    upstream_prng_get_bytes(m, sizeof m);
    upstream_prng_get_bytes(salt, sizeof salt);
    return HQC_NS(crypto_kem_enc_derand_with)(be, ct, ss, pk, m, salt);
}
static int ours_dec(const hqc_backend *be, uint8_t *ss, const uint8_t *ct, const uint8_t *sk)
{
    return HQC_NS(crypto_kem_dec_with)(be, ss, ct, sk);
}

/* A tree's NIST API as a kem_side: <tree>_keypair, <tree>_enc and <tree>_dec. */
#define TREE_SIDE(tree)                                                                        \
    static int tree##_keypair(const hqc_backend *be, uint8_t *pk, uint8_t *sk)                 \
    {                                                                                          \
        (void)be;                                                                              \
        return tree##_crypto_kem_keypair(pk, sk);                                              \
    }                                                                                          \
    static int tree##_enc(const hqc_backend *be, uint8_t *ct, uint8_t *ss, const uint8_t *pk)  \
    {                                                                                          \
        (void)be;                                                                              \
        return tree##_crypto_kem_enc(ct, ss, pk);                                              \
    }                                                                                          \
    static int tree##_dec(const hqc_backend *be, uint8_t *ss, const uint8_t *ct,               \
                          const uint8_t *sk)                                                   \
    {                                                                                          \
        (void)be;                                                                              \
        return tree##_crypto_kem_dec(ss, ct, sk);                                              \
    }

TREE_SIDE(upstream)
#ifdef HQC_PEERS_PATCHED
TREE_SIDE(patched)
#endif

/* Buffers of one side; static because the three of them exceed a comfortable stack at HQC-5. */
typedef struct {
    uint8_t pk[HQC_PK_BYTES], sk[HQC_SK_BYTES], ct[HQC_CT_BYTES];
    uint8_t ss_enc[HQC_SS_BYTES], ss_dec[HQC_SS_BYTES];
} kem_buffers;

/* Times op of side s on buffers b; returns ticks, or 0 after printing why on failure. */
static uint64_t timed_op(const kem_side *s, kem_buffers *b, int op)
{
    int rc;
    uint64_t t0 = tsc_begin();
    if (op == KEYGEN)
        rc = s->keypair(s->be, b->pk, b->sk);
    else if (op == ENCAPS)
        rc = s->enc(s->be, b->ct, b->ss_enc, b->pk);
    else
        rc = s->dec(s->be, b->ss_dec, b->ct, b->sk);
    uint64_t t1 = tsc_end();
    if (rc != 0) {
        fprintf(stderr, "kem_peers: %s %s returned %d\n", s->name, op_names[op], rc);
        return 0;
    }
    return t1 - t0 ? t1 - t0 : 1;
}

/* Untimed: each side decapsulates what the other encapsulated to its keys, so both compute
 * the same KEM (and upstream's SHAKE/SHA3 is a correct one). */
static int cross_check(const kem_side *x, const kem_side *y, kem_buffers *b)
{
    uint8_t ss[HQC_SS_BYTES];
    const kem_side *pair[2][2] = {{x, y}, {y, x}};
    for (int k = 0; k < 2; k++) {
        const kem_side *owner = pair[k][0], *sender = pair[k][1];
        if (owner->keypair(owner->be, b->pk, b->sk) || sender->enc(sender->be, b->ct, ss, b->pk) ||
            owner->dec(owner->be, b->ss_dec, b->ct, b->sk) || memcmp(ss, b->ss_dec, sizeof ss)) {
            fprintf(stderr, "kem_peers: %s cannot decapsulate what %s encapsulated to its key\n",
                    owner->name, sender->name);
            return -1;
        }
    }
    return 0;
}

static void print_summary(const char *label, sample_summary s)
{
    printf("\"%s\": {\"median\": %llu, \"q1\": %llu, \"q3\": %llu}", label,
           (unsigned long long)s.median, (unsigned long long)s.q1, (unsigned long long)s.q3);
}

/* runs paired iterations of upstream against peer and prints one line per op. */
static int compare(const kem_side *upstream, const kem_side *peer, size_t runs)
{
    static kem_buffers bufs[2];
    uint64_t *t = calloc(4 * OPS * runs, sizeof *t); /* [side or ratio][op][run] */
    if (t == NULL) {
        fprintf(stderr, "kem_peers: out of memory\n");
        return -1;
    }
    uint64_t *t_up = t, *t_peer = t + OPS * runs, *ratio = t + 2 * OPS * runs;
    const kem_side *sides[2] = {upstream, peer};
    int status = cross_check(upstream, peer, &bufs[0]);
    for (long i = -WARMUP; status == 0 && i < (long)runs; i++) {
        uint64_t ticks[2][OPS];
        int first = (int)(i & 1); /* upstream first on even iterations, the peer on odd ones */
        for (int op = 0; op < OPS && status == 0; op++)
            for (int k = 0; k < 2; k++) {
                int s = first ^ k;
                if ((ticks[s][op] = timed_op(sides[s], &bufs[s], op)) == 0)
                    status = -1;
            }
        for (int s = 0; s < 2 && status == 0; s++)
            if (memcmp(bufs[s].ss_enc, bufs[s].ss_dec, HQC_SS_BYTES) != 0) {
                fprintf(stderr, "kem_peers: %s decapsulated another secret\n", sides[s]->name);
                status = -1;
            }
        if (status != 0 || i < 0)
            continue;
        for (int op = 0; op < OPS; op++) {
            t_up[op * runs + (size_t)i] = ticks[0][op];
            t_peer[op * runs + (size_t)i] = ticks[1][op];
            ratio[op * runs + (size_t)i] =
                (uint64_t)((double)ticks[0][op] / (double)ticks[1][op] * RATIO_SCALE + 0.5);
        }
    }
    for (int op = 0; op < OPS && status == 0; op++) {
        sample_summary up = summarise_samples(t_up + op * runs, runs);
        sample_summary pe = summarise_samples(t_peer + op * runs, runs);
        sample_summary r = summarise_samples(ratio + op * runs, runs);
        printf("{\"level\": %d, \"peer\": \"%s\", \"op\": \"%s\", \"runs\": %zu, ", HQC_LEVEL,
               peer->name, op_names[op], runs);
        print_summary("upstream_ticks", up);
        printf(", ");
        print_summary("peer_ticks", pe);
        printf(", \"ratio\": {\"median\": %.4f, \"q1\": %.4f, \"q3\": %.4f}}\n",
               (double)r.median / RATIO_SCALE, (double)r.q1 / RATIO_SCALE,
               (double)r.q3 / RATIO_SCALE);
    }
    fflush(stdout);
    free(t);
    return status;
}

int main(int argc, char **argv)
{
    long runs = argc == 2 ? atol(argv[1]) : 0;
    if (runs < 1 || runs > 100000) {
        fprintf(stderr, "usage: %s RUNS (1..100000)\n", argv[0]);
        return 2;
    }
    uint8_t entropy[48];
    for (int i = 0; i < 48; i++)
        entropy[i] = (uint8_t)i;
    upstream_prng_init(entropy, NULL, sizeof entropy, 0);
    const kem_side upstream = {"upstream", NULL, upstream_keypair, upstream_enc, upstream_dec};
#ifdef HQC_PEERS_PATCHED
    patched_prng_init(entropy, NULL, sizeof entropy, 0);
    const kem_side patched = {"patched-tree", NULL, patched_keypair, patched_enc, patched_dec};
    if (compare(&upstream, &patched, (size_t)runs) != 0)
        return 1;
#endif
    uint32_t cpu = hqc_cpu_features();
    const hqc_backend *const *list = HQC_NS(backend_list)();
    for (size_t i = 0; list[i]; i++) {
        const hqc_backend *be = list[i];
        if (!be->constant_time || (be->cpu_features & cpu) != be->cpu_features)
            continue;
        kem_side ours = {be->name, be, ours_keypair, ours_enc, ours_dec};
        if (compare(&upstream, &ours, (size_t)runs) != 0)
            return 1;
    }
    return 0;
}
