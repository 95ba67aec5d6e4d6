/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* test_stack_secrets.c: what each KEM operation leaves on the stack (issue 31, item 3). Each
 * operation (keygen, encaps, decaps) runs with each backend this CPU runs and each dialect on a
 * thread whose stack is painted first; afterwards the part of the stack the call used is
 * searched for every 8-byte window of the secrets the operation handled, which this program
 * recomputes beforehand from the derandomised inputs (spec Keygen, Encrypt, Decrypt; kem.c):
 * the seeds (seed_kem, seed_pke, sigma, seed_dk, theta), the supports and the bits of y, x, r1,
 * r2 and e, the message m and the shared secret. A dense vector's word counts only when it has
 * three or more bits set, so that zero or near-zero words, common in any data, never match.
 * Usage: hqcL_test_stack_secrets   one JSON line per backend, dialect and operation, with the
 * windows found per secret; exit status 1 if any was found. */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "backend.h"
#include "dialect.h"
#include "kem.h"
#include "symmetric.h"
#include "painted_stack.h"
#include "testutil.h"

#define STACK_BYTES (256 * 1024)
#define PAINT 0xA5u
#define MAX_SECRETS 32

typedef enum { OP_KEYGEN, OP_ENCAPS, OP_DECAPS, OP_COUNT } op_kind;
static const char *const op_names[OP_COUNT] = {"keygen", "encaps", "decaps"};

typedef struct {
    const char *name;
    const uint8_t *bytes;
    size_t len;
    size_t step; /* offsets of the windows searched: 1 (byte strings), 4 (supports), 8 (bits) */
    int dense;   /* a vector's words: only those with three or more bits set */
} secret;

typedef struct {
    const hqc_dialect *d;
    const hqc_backend *be;
    op_kind op;
    uint8_t seed[HQC_SEED_BYTES], m[HQC_K], salt[HQC_SALT_BYTES];
    uint8_t pk[HQC_PK_BYTES], sk[HQC_SK_BYTES], ct[HQC_CT_BYTES], ss[HQC_SS_BYTES];
    int rc;
} job;

/* The operation's own secrets, recomputed from its inputs. */
typedef struct {
    uint8_t seed_pke[HQC_SEED_BYTES], sigma[HQC_SEC_BYTES], seeds[64], k_theta[64];
    uint8_t m_spec[HQC_K]; /* m in the spec's field, where the dialect's RS field differs */
    uint32_t y_sup[HQC_OMEGA_MAX], x_sup[HQC_OMEGA_MAX];
    uint32_t r2_sup[HQC_WEIGHT_MAX], e_sup[HQC_WEIGHT_MAX], r1_sup[HQC_WEIGHT_MAX];
    uint64_t y[HQC_WORDS], x[HQC_WORDS], r2[HQC_WORDS], e[HQC_WORDS], r1[HQC_WORDS];
} known;

static void *run_op(void *arg)
{
    job *j = arg; /* inputs and outputs live in the job, off the painted stack */
    switch (j->op) {
    case OP_KEYGEN:
        j->rc = kem_keypair_derand(j->d, j->be, j->pk, j->sk, j->seed);
        break;
    case OP_ENCAPS:
        j->rc = kem_enc_derand(j->d, j->be, j->ct, j->ss, j->pk, j->m, j->salt);
        break;
    default:
        j->rc = kem_dec(j->d, j->be, j->ss, j->ct, j->sk);
        break;
    }
    return NULL;
}

/* A byte b(x) of GF(2^8) mod 0x11B as b(x + 1), its image mod 0x11D (dialect.h column field;
 * code.c maps a bc-1.87 message so before the RS encoder): (x + 1)^i for every bit i of b. */
static uint8_t to_spec_field(uint8_t b)
{
    uint8_t out = 0, power = 1; /* (x + 1)^i */
    for (unsigned i = 0; i < 8; i++) {
        if ((b >> i) & 1)
            out ^= power;
        power ^= (uint8_t)(power << 1); /* times x + 1; degree stays below 8 */
    }
    return out;
}

/* Spec Keygen (kem.c, pke.c): seed_kem -> seed_pke, sigma; I(seed_pke) -> seed_dk || seed_ek;
 * XOF(seed_dk) -> y, x. Then Encrypt's theta from G(H(ek), m, salt) -> r2, e, r1. With the
 * dialect's domain bytes and weights (dialect.h), as the library draws them. */
static void recompute(const hqc_dialect *d, const job *j, known *k)
{
    const hqc_backend *ref = &HQC_NS(backend_ref);
    shake256_ctx xof;
    xof_stream dk;
    uint64_t h[HQC_WORDS];
    uint8_t h_ek[32];

    xof_init_domain(&xof, j->seed, d->kem_domain);
    shake256_squeeze(&xof, k->seed_pke, sizeof k->seed_pke);
    shake256_squeeze(&xof, k->sigma, sizeof k->sigma);
    CHECK(hash_i(k->seeds, k->seed_pke) == 0, "hash_i failed");
    CHECK(kem_sponges_domain(NULL, NULL, h, k->seeds + HQC_SEED_BYTES, &dk, k->seeds, d->xof_domain) == 0,
          "sponges failed");
    memset(k->y_sup, 0, sizeof k->y_sup), memset(k->x_sup, 0, sizeof k->x_sup);
    d->sample_keygen(&dk, k->y_sup, d->omega);
    d->sample_keygen(&dk, k->x_sup, d->omega);
    ref->support_to_vector(k->y, k->y_sup, d->omega);
    ref->support_to_vector(k->x, k->x_sup, d->omega);

    CHECK(kem_sponges_domain(h_ek, j->pk, h, j->pk, NULL, NULL, d->xof_domain) == 0, "sponges failed");
    CHECK(hash_g(k->k_theta, h_ek, j->m, j->salt) == 0, "hash_g failed");
    xof_init_domain(&xof, k->k_theta + HQC_SS_BYTES, d->xof_domain);
    for (size_t i = 0; i < HQC_K; i++)
        k->m_spec[i] = d->field_11b ? to_spec_field(j->m[i]) : j->m[i];
    memset(k->r2_sup, 0, sizeof k->r2_sup), memset(k->e_sup, 0, sizeof k->e_sup);
    memset(k->r1_sup, 0, sizeof k->r1_sup);
    d->sample_encrypt(&xof, k->r2_sup, d->omega_r, ref);
    d->sample_encrypt(&xof, k->e_sup, d->omega_r, ref);
    d->sample_encrypt(&xof, k->r1_sup, d->omega_r, ref);
    ref->support_to_vector(k->r2, k->r2_sup, d->omega_r);
    ref->support_to_vector(k->e, k->e_sup, d->omega_r);
    ref->support_to_vector(k->r1, k->r1_sup, d->omega_r);
}

/* The recomputation must be the library's own, or the search would look for the wrong words:
 * keygen's expanded key holds seed_dk and sigma, and encapsulation's shared secret is G's. */
static void check_recomputed(const job *j, const known *k, op_kind op)
{
    if (op == OP_KEYGEN)
        CHECK(memcmp(k->seeds, j->sk + HQC_PK_BYTES, HQC_SEED_BYTES) == 0 &&
                  memcmp(k->sigma, j->sk + HQC_PK_BYTES + HQC_SEED_BYTES, HQC_SEC_BYTES) == 0,
              "%s: recomputed seed_dk or sigma differs from keygen's", j->d->name);
    if (op == OP_ENCAPS)
        CHECK(memcmp(k->k_theta, j->ss, HQC_SS_BYTES) == 0, "%s: recomputed K differs from encapsulation's",
              j->d->name);
}

static size_t secrets_of(op_kind op, const job *j, const known *k, secret *s)
{
    size_t n = 0;
#define ADD(nm, p, l, st, dn) (s[n++] = (secret){nm, (const uint8_t *)(p), (l), (st), (dn)})
    if (op == OP_KEYGEN) {
        ADD("seed_kem", j->seed, HQC_SEED_BYTES, 1, 0);
        ADD("seed_pke", k->seed_pke, HQC_SEED_BYTES, 1, 0);
        ADD("x_support", k->x_sup, j->d->omega * sizeof(uint32_t), 4, 0);
        ADD("x", k->x, sizeof k->x, 8, 1);
    }
    if (op != OP_ENCAPS) {
        ADD("sigma", k->sigma, HQC_SEC_BYTES, 1, 0);
        ADD("seed_dk", k->seeds, HQC_SEED_BYTES, 1, 0);
        ADD("y_support", k->y_sup, j->d->omega * sizeof(uint32_t), 4, 0);
        ADD("y", k->y, sizeof k->y, 8, 1);
    }
    if (op != OP_KEYGEN) {
        ADD("m", j->m, HQC_K, 1, 0);
        if (j->d->field_11b)
            ADD("m_spec_field", k->m_spec, HQC_K, 1, 0);
        ADD("shared_secret", k->k_theta, HQC_SS_BYTES, 1, 0);
        ADD("theta", k->k_theta + HQC_SS_BYTES, HQC_SEED_BYTES, 1, 0);
        ADD("r1_support", k->r1_sup, j->d->omega_r * sizeof(uint32_t), 4, 0);
        ADD("r2_support", k->r2_sup, j->d->omega_r * sizeof(uint32_t), 4, 0);
        ADD("e_support", k->e_sup, j->d->omega_r * sizeof(uint32_t), 4, 0);
        ADD("r1", k->r1, sizeof k->r1, 8, 1);
        ADD("r2", k->r2, sizeof k->r2, 8, 1);
        ADD("e", k->e, sizeof k->e, 8, 1);
    }
#undef ADD
    return n;
}

/* Runs j on a painted stack; counts, per secret, the windows found in the bytes the call
 * changed (the lowest changed byte up to the top). Returns the total. */
static size_t run_and_search(job *j, const secret *s, size_t ns, size_t *found, size_t *used)
{
    painted_stack ps;
    painted_stack_run(&ps, STACK_BYTES, PAINT, run_op, j);
    const uint8_t *stack = ps.stack;
    const size_t low = ps.low;
    *used = STACK_BYTES - low;
    size_t total = 0;
    for (size_t i = 0; i < ns; i++) {
        found[i] = 0;
        for (size_t off = 0; off + 8 <= s[i].len; off += s[i].step) {
            uint64_t w;
            memcpy(&w, s[i].bytes + off, 8);
            if (s[i].dense && __builtin_popcountll(w) < 3)
                continue;
            for (size_t p = low; p + 8 <= STACK_BYTES; p++)
                if (memcmp(stack + p, s[i].bytes + off, 8) == 0) {
                    found[i]++;
                    break; /* one hit per window: how many windows survive, not copies */
                }
        }
        total += found[i];
    }
    painted_stack_free(&ps);
    return total;
}

int main(void)
{
    static job j;
    static known k;
    secret s[MAX_SECRETS];
    size_t found[MAX_SECRETS];
    uint64_t rng = 0x57ac0000u + HQC_LEVEL;
    int leaked = 0;
    setvbuf(stdout, NULL, _IOLBF, 0);

    for (const hqc_dialect *const *dl = dialect_list(); *dl; dl++) {
        for (const hqc_backend *const *l = HQC_NS(backend_list)(); *l; l++) {
            const hqc_backend *be = HQC_NS(backend_by_name)((*l)->name);
            if (!be)
                continue; /* this CPU cannot run it */
            random_bytes(&rng, j.seed, sizeof j.seed);
            random_bytes(&rng, j.m, sizeof j.m);
            random_bytes(&rng, j.salt, sizeof j.salt);
            j.d = *dl;
            j.be = be;
            for (op_kind op = 0; op < OP_COUNT; op++) {
                j.op = op;
                if (op == OP_ENCAPS)
                    recompute(*dl, &j, &k); /* needs the public key keygen just made */
                size_t used, ns = secrets_of(op, &j, &k, s);
                if (op == OP_KEYGEN)
                    recompute(*dl, &j, &k); /* keygen's own secrets need only its seed */
                size_t total = run_and_search(&j, s, ns, found, &used);
                CHECK(j.rc == 0, "%s with %s returned %d", op_names[op], be->name, j.rc);
                check_recomputed(&j, &k, op);
                printf("{\"level\": %d, \"dialect\": \"%s\", \"backend\": \"%s\", \"op\": \"%s\", "
                       "\"used\": %zu, \"found\": %zu, \"windows\": {", HQC_LEVEL, (*dl)->name,
                       be->name, op_names[op], used, total);
                for (size_t i = 0; i < ns; i++)
                    printf("%s\"%s\": %zu", i ? ", " : "", s[i].name, found[i]);
                printf("}}\n");
                leaked |= total != 0;
            }
        }
    }
    return leaked;
}
