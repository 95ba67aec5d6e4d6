/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* floor_counts.c: the counted calls of make floor (issue 34). Linked with a libhqc built with
 * -DHQC_TRACE (src/hqc/trace.h), it runs keygen, encaps and decaps of one level in every dialect
 * and on every backend this CPU runs, and prints per operation one JSON line: each Keccak sponge
 * (its role, bytes absorbed and squeezed, single- and four-state permutations) and each product
 * (kind, weight), in call order. scripts/floor turns them into the floor; tests/test_floor.py
 * checks them against the sponge arithmetic of FIPS 202 and the spec's lengths.
 * Usage: hqcL_floor_counts [--runs N] [--backend NAME] [--dialect NAME] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "dialect.h"
#include "kem.h"
#include "randombytes.h"
#include "trace.h"

#ifndef HQC_TRACE
#error "floor_counts.c needs a library and a compilation with -DHQC_TRACE"
#endif

enum { MAX_EVENTS = 32 };

/* One operation's record: the hooks below append to it. This program is single-threaded; the
 * hooks have no context argument, so the record is per thread. */
typedef struct {
    hqc_trace_sponge sponge[MAX_EVENTS];
    size_t sponges;
    struct {
        const char *kind;
        size_t weight;
    } product[MAX_EVENTS];
    size_t products;
    const char *pending_role;
    int error;
} op_record;
static _Thread_local op_record rec;

void hqc_trace_role(const char *role)
{
    if (rec.pending_role != NULL) /* a named SHA3 that never ran: the tracing is off */
        rec.error = 1;
    rec.pending_role = role;
}

void hqc_trace_sponge_done(const hqc_trace_sponge *s)
{
    if (rec.sponges == MAX_EVENTS) {
        rec.error = 1;
        return;
    }
    hqc_trace_sponge *r = &rec.sponge[rec.sponges++];
    *r = *s;
    if (r->role == NULL) {
        if (rec.pending_role == NULL)
            rec.error = 1;
        r->role = rec.pending_role ? rec.pending_role : "?";
        rec.pending_role = NULL;
    }
}

void hqc_trace_product(const char *kind, size_t weight)
{
    if (rec.products == MAX_EVENTS) {
        rec.error = 1;
        return;
    }
    rec.product[rec.products].kind = kind;
    rec.product[rec.products++].weight = weight;
}

static void print_record(const hqc_dialect *d, const hqc_backend *be, const char *op, int run)
{
    printf("{\"level\": %d, \"dialect\": \"%s\", \"backend\": \"%s\", \"op\": \"%s\", \"run\": %d, "
           "\"sponges\": [",
           HQC_LEVEL, d->name, be->name, op, run);
    for (size_t i = 0; i < rec.sponges; i++) {
        const hqc_trace_sponge *s = &rec.sponge[i];
        printf("%s{\"role\": \"%s\", \"absorbed\": %zu, \"squeezed\": %zu, \"x1\": %u, \"x4\": %u}",
               i ? ", " : "", s->role, s->absorbed, s->squeezed, s->perms_x1, s->perms_x4);
    }
    printf("], \"products\": [");
    for (size_t i = 0; i < rec.products; i++)
        printf("%s{\"kind\": \"%s\", \"weight\": %zu}", i ? ", " : "", rec.product[i].kind, rec.product[i].weight);
    printf("]}\n");
}

/* Runs one operation under the hooks and prints its record; 0, or 1 if it failed. */
static int traced(const hqc_dialect *d, const hqc_backend *be, const char *op, int run, int rc)
{
    if (rc != 0 || rec.error || rec.pending_role != NULL) {
        fprintf(stderr, "error: %s %s %s: rc %d, tracing %s\n", d->name, be->name, op, rc,
                rec.error || rec.pending_role ? "inconsistent (a role without its sponge)" : "fine");
        return 1;
    }
    print_record(d, be, op, run);
    memset(&rec, 0, sizeof rec);
    return 0;
}

static int run_one(const hqc_dialect *d, const hqc_backend *be, int run)
{
    static uint8_t pk[HQC_PK_BYTES], sk[HQC_SK_BYTES], ct[HQC_CT_BYTES];
    uint8_t seed[HQC_SEED_BYTES], m[HQC_SEC_BYTES], salt[HQC_SALT_BYTES];
    uint8_t ss[HQC_SS_BYTES], ss2[HQC_SS_BYTES];
    int bad = 0;
    if (hqc_randombytes(seed, sizeof seed) != 0 || hqc_randombytes(m, sizeof m) != 0 ||
        hqc_randombytes(salt, sizeof salt) != 0) {
        fprintf(stderr, "error: no randomness from the system\n");
        return 1;
    }
    memset(&rec, 0, sizeof rec);
    bad |= traced(d, be, "keygen", run, kem_keypair_derand(d, be, pk, sk, seed));
    bad |= traced(d, be, "encaps", run, kem_enc_derand(d, be, ct, ss, pk, m, salt));
    bad |= traced(d, be, "decaps", run, kem_dec(d, be, ss2, ct, sk));
    if (memcmp(ss, ss2, sizeof ss) != 0) {
        fprintf(stderr, "error: %s %s: decapsulation differs\n", d->name, be->name);
        bad = 1;
    }
    return bad;
}

int main(int argc, char **argv)
{
    int runs = 1;
    const char *only_backend = NULL, *only_dialect = NULL;
    for (int i = 1; i < argc; i++) {
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(argv[i], "--runs") == 0 && v && atoi(v) > 0)
            runs = atoi(v), i++;
        else if (strcmp(argv[i], "--backend") == 0 && v)
            only_backend = v, i++;
        else if (strcmp(argv[i], "--dialect") == 0 && v)
            only_dialect = v, i++;
        else {
            fprintf(stderr, "usage: %s [--runs N] [--backend NAME] [--dialect NAME]\n", argv[0]);
            return 2;
        }
    }
    if (only_backend && HQC_NS(backend_by_name)(only_backend) == NULL) {
        fprintf(stderr, "error: backend '%s' is not compiled in or this CPU cannot run it\n", only_backend);
        return 2;
    }
    if (only_dialect && dialect_by_name(only_dialect) == NULL) {
        fprintf(stderr, "error: unknown dialect '%s'\n", only_dialect);
        return 2;
    }
    int bad = 0;
    for (const hqc_dialect *const *d = dialect_list(); *d; d++) {
        if (only_dialect && strcmp((*d)->name, only_dialect) != 0)
            continue;
        for (const hqc_backend *const *b = HQC_NS(backend_list)(); *b; b++) {
            const hqc_backend *be = HQC_NS(backend_by_name)((*b)->name); /* NULL: not on this CPU */
            if (be == NULL || (only_backend && strcmp(be->name, only_backend) != 0))
                continue;
            for (int r = 0; r < runs; r++)
                bad |= run_one(*d, be, r);
        }
    }
    return bad;
}
