/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* selftest_ops.c: the differential part of `hqc selftest` for one level (compiled once per
 * level): every operation of the backend contract (src/hqc/backend.h: mul, mul_sparse,
 * support_to_vector, rm_decode, rs_syndromes, rs_errors, fixed_weight, and in builds with a
 * native backend encode_rs, encode_rm and keygen_discards) of every backend this CPU runs,
 * against the portable backend ref (fixed_weight, encode_rs, encode_rm, keygen_discards: the
 * portable code, which ref's NULL stands for), on edge inputs and on inputs drawn from
 * SHAKE256(seed). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "keccak.h"
#include "params.h"
#include "reed_muller.h"
#include "reed_solomon.h"
#include "sampling.h"
#include "selftest.h"

#define MAX_BACKENDS 16

/* The backends under test for one operation and how each fared. */
typedef struct {
    const hqc_backend *be[MAX_BACKENDS];
    selftest_result res[MAX_BACKENDS];
    size_t n;
} op_check;

#ifdef HQC_SELFTEST_FAULT
/* Test builds only (mk/tool.mk's hqc-fault, never installed): HQC_SELFTEST_FAULT=NAME:LEVEL:OP
 * flips the lowest bit of the first byte of that backend's output, so that the tests can show
 * the check naming what broke. */
static void inject_fault(const hqc_backend *be, const char *op, void *out)
{
    const char *spec = getenv("HQC_SELFTEST_FAULT");
    char here[64];
    snprintf(here, sizeof here, "%s:%d:%s", be->name, HQC_LEVEL, op);
    if (spec && strcmp(spec, here) == 0)
        ((unsigned char *)out)[0] ^= 1;
}
#define FAULT(be, op, out) inject_fault(be, op, out)
#else
#define FAULT(be, op, out) ((void)0)
#endif

/* Every backend this CPU runs except ref; only those with mul_sparse when sparse is set. */
static void begin(op_check *c, const char *op, int sparse)
{
    c->n = 0;
    for (const hqc_backend *const *b = HQC_NS(backend_list)(); *b && c->n < MAX_BACKENDS; b++) {
        if (*b == &HQC_NS(backend_ref) || !HQC_NS(backend_by_name)((*b)->name))
            continue;
        if (sparse && !(*b)->mul_sparse)
            continue;
        c->be[c->n] = *b;
        c->res[c->n] = (selftest_result){.level = HQC_LEVEL, .backend = (*b)->name, .op = op, .ok = 1};
        c->n++;
    }
}

/* Only the backends that have a kernel for an optional operation (has(be) != 0). */
static void keep_kernels(op_check *c, int (*has)(const hqc_backend *))
{
    size_t kept = 0;
    for (size_t i = 0; i < c->n; i++)
        if (has(c->be[i]))
            c->be[kept] = c->be[i], c->res[kept++] = c->res[i];
    c->n = kept;
}

/* Backend i's output against ref's on input number `input` (what: "random" or "edge"). */
static void compare(op_check *c, size_t i, const void *got, const void *want, size_t len, const char *what,
                    unsigned long input)
{
    selftest_result *r = &c->res[i];
    r->cases++;
    if (!r->ok || memcmp(got, want, len) == 0)
        return;
    size_t at = 0;
    while (((const unsigned char *)got)[at] == ((const unsigned char *)want)[at])
        at++;
    r->ok = 0;
    snprintf(r->detail, sizeof r->detail, "%s input %lu: output byte %zu differs from ref", what, input, at);
}

static int finish(const op_check *c, selftest_sink sink, void *ctx)
{
    int failed = 0;
    for (size_t i = 0; i < c->n; i++) {
        sink(ctx, &c->res[i]);
        failed += !c->res[i].ok;
    }
    return failed;
}

/* The inputs of one operation: SHAKE256(seed || level || op name). */
static void rng_init(shake256_ctx *x, const uint8_t seed[32], const char *op)
{
    const uint8_t level = HQC_LEVEL;
    shake256_init(x);
    shake256_absorb(x, seed, 32);
    shake256_absorb(x, &level, 1);
    shake256_absorb(x, (const uint8_t *)op, strlen(op));
    shake256_finalize(x);
}

static uint32_t rng_below(shake256_ctx *x, uint32_t bound)
{
    uint8_t b[4];
    shake256_squeeze(x, b, sizeof b);
    return (uint32_t)(((uint64_t)(b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24) * bound) >> 32);
}

static void random_vector(shake256_ctx *x, uint64_t *v)
{
    shake256_squeeze(x, (uint8_t *)v, HQC_WORDS * sizeof v[0]);
    v[HQC_WORDS - 1] &= HQC_TOP_MASK;
}

/* weight distinct positions below n. */
static void random_support(shake256_ctx *x, uint32_t *pos, size_t weight)
{
    for (size_t i = 0; i < weight; i++) {
        int again;
        do {
            pos[i] = rng_below(x, HQC_N);
            again = 0;
            for (size_t j = 0; j < i; j++)
                again |= pos[j] == pos[i];
        } while (again);
    }
}

/* Edge vector number k (< EDGE_VECTORS): zero, all n bits, bit 0, bit n-1, the top word, every
 * other bit. */
#define EDGE_VECTORS 6
static void edge_vector(uint64_t *v, int k)
{
    for (size_t i = 0; i < HQC_WORDS; i++)
        v[i] = k == 1 ? ~0ULL : k == 5 ? 0x5555555555555555ULL : 0;
    if (k == 2)
        v[0] = 1;
    if (k == 3)
        v[(HQC_N - 1) / 64] = 1ULL << ((HQC_N - 1) % 64);
    if (k == 4)
        v[HQC_WORDS - 1] = ~0ULL;
    v[HQC_WORDS - 1] &= HQC_TOP_MASK;
}

/* mul on every pair of edge vectors, then random pairs up to `pairs`; every eighth pair also
 * with the output aliasing the first input, as the contract allows. */
static int check_mul(const uint8_t seed[32], unsigned long pairs, selftest_sink sink, void *ctx)
{
    static uint64_t a[HQC_WORDS], b[HQC_WORDS], want[HQC_WORDS], got[HQC_WORDS];
    op_check c;
    begin(&c, "mul", 0);
    shake256_ctx x;
    rng_init(&x, seed, "mul");
    for (unsigned long t = 0; t < pairs; t++) {
        int edge = t < EDGE_VECTORS * EDGE_VECTORS;
        if (edge) {
            edge_vector(a, (int)(t / EDGE_VECTORS));
            edge_vector(b, (int)(t % EDGE_VECTORS));
        } else {
            random_vector(&x, a);
            random_vector(&x, b);
        }
        HQC_NS(backend_ref).mul(want, a, b);
        for (size_t i = 0; i < c.n; i++) {
            memset(got, 0xa5, sizeof got);
            c.be[i]->mul(got, a, b);
            FAULT(c.be[i], "mul", got);
            compare(&c, i, got, want, sizeof got, edge ? "edge" : "random", t);
            if (t % 8 == 0) {
                memcpy(got, a, sizeof got);
                c.be[i]->mul(got, got, b);
                compare(&c, i, got, want, sizeof got, "aliased", t);
            }
        }
    }
    shake256_wipe(&x);
    return finish(&c, sink, ctx);
}

/* The weights a support takes in the KEM, and the extremes. */
static const size_t weights[] = {0, 1, 2, HQC_OMEGA, HQC_OMEGA_R};
#define N_WEIGHTS (sizeof weights / sizeof weights[0])

/* Support number t: the first few are the lowest and highest positions (runs of weight
 * OMEGA_R), then random supports of every weight in turn. Returns the weight. */
static size_t support_case(shake256_ctx *x, unsigned long t, uint32_t *pos)
{
    if (t < 2) {
        for (size_t i = 0; i < HQC_OMEGA_R; i++)
            pos[i] = t == 0 ? (uint32_t)i : (uint32_t)(HQC_N - 1 - i);
        return HQC_OMEGA_R;
    }
    size_t w = weights[t % N_WEIGHTS];
    random_support(x, pos, w);
    return w;
}

static int check_support(const uint8_t seed[32], unsigned long cases, selftest_sink sink, void *ctx)
{
    static uint64_t want[HQC_WORDS], got[HQC_WORDS];
    uint32_t pos[HQC_OMEGA_R];
    op_check c;
    begin(&c, "support_to_vector", 0);
    shake256_ctx x;
    rng_init(&x, seed, "support_to_vector");
    for (unsigned long t = 0; t < cases; t++) {
        size_t w = support_case(&x, t, pos);
        HQC_NS(backend_ref).support_to_vector(want, pos, w);
        for (size_t i = 0; i < c.n; i++) {
            memset(got, 0xff, sizeof got); /* every bit must be written */
            c.be[i]->support_to_vector(got, pos, w);
            FAULT(c.be[i], "support_to_vector", got);
            compare(&c, i, got, want, sizeof got, t < 2 ? "edge" : "random", t);
        }
    }
    shake256_wipe(&x);
    return finish(&c, sink, ctx);
}

/* mul_sparse (variable-time backends only) against ref's dense product with the support. */
static int check_mul_sparse(const uint8_t seed[32], unsigned long cases, selftest_sink sink, void *ctx)
{
    static uint64_t a[HQC_WORDS], dense[HQC_WORDS], want[HQC_WORDS], got[HQC_WORDS];
    uint32_t pos[HQC_OMEGA_R];
    op_check c;
    begin(&c, "mul_sparse", 1);
    shake256_ctx x;
    rng_init(&x, seed, "mul_sparse");
    for (unsigned long t = 0; t < cases && c.n; t++) {
        size_t w = support_case(&x, t, pos);
        if (t < EDGE_VECTORS)
            edge_vector(a, (int)t);
        else
            random_vector(&x, a);
        HQC_NS(backend_ref).support_to_vector(dense, pos, w);
        HQC_NS(backend_ref).mul(want, a, dense);
        for (size_t i = 0; i < c.n; i++) {
            c.be[i]->mul_sparse(got, a, pos, w);
            FAULT(c.be[i], "mul_sparse", got);
            compare(&c, i, got, want, sizeof got, t < EDGE_VECTORS ? "edge" : "random", t);
        }
    }
    shake256_wipe(&x);
    return finish(&c, sink, ctx);
}

/* rm_decode on all-zero, all-one and alternating words, then random ones. */
static int check_rm_decode(const uint8_t seed[32], unsigned long cases, selftest_sink sink, void *ctx)
{
    static uint64_t cdw[HQC_N1N2_WORDS];
    uint8_t want[HQC_N1], got[HQC_N1];
    op_check c;
    begin(&c, "rm_decode", 0);
    shake256_ctx x;
    rng_init(&x, seed, "rm_decode");
    for (unsigned long t = 0; t < cases; t++) {
        if (t < 3)
            memset(cdw, t == 0 ? 0 : t == 1 ? 0xff : 0x55, sizeof cdw);
        else
            shake256_squeeze(&x, (uint8_t *)cdw, sizeof cdw);
        HQC_NS(backend_ref).rm_decode(want, cdw);
        for (size_t i = 0; i < c.n; i++) {
            c.be[i]->rm_decode(got, cdw);
            FAULT(c.be[i], "rm_decode", got);
            compare(&c, i, got, want, sizeof got, t < 3 ? "edge" : "random", t);
        }
    }
    shake256_wipe(&x);
    return finish(&c, sink, ctx);
}

/* rs_syndromes on zero and all-0xff words, on every single non-zero byte position, then on
 * random words. */
static int check_rs_syndromes(const uint8_t seed[32], unsigned long cases, selftest_sink sink, void *ctx)
{
    uint8_t cdw[HQC_N1], want[2 * HQC_DELTA], got[2 * HQC_DELTA];
    op_check c;
    begin(&c, "rs_syndromes", 0);
    shake256_ctx x;
    rng_init(&x, seed, "rs_syndromes");
    unsigned long edges = 2 + HQC_N1;
    for (unsigned long t = 0; t < cases + edges; t++) {
        if (t < 2) {
            memset(cdw, t ? 0xff : 0, sizeof cdw);
        } else if (t < edges) {
            memset(cdw, 0, sizeof cdw);
            cdw[t - 2] = (uint8_t)(t * 37 + 1) ? (uint8_t)(t * 37 + 1) : 1;
        } else {
            shake256_squeeze(&x, cdw, sizeof cdw);
        }
        HQC_NS(backend_ref).rs_syndromes(want, cdw);
        for (size_t i = 0; i < c.n; i++) {
            c.be[i]->rs_syndromes(got, cdw);
            FAULT(c.be[i], "rs_syndromes", got);
            compare(&c, i, got, want, sizeof got, t < edges ? "edge" : "random", t);
        }
    }
    shake256_wipe(&x);
    return finish(&c, sink, ctx);
}

/* rs_errors on zero syndromes, on every single non-zero syndrome, then on random syndromes
 * (beyond the decoding radius: the contract holds there too) and on the syndromes of random
 * words whose first few symbols are changed (within it). */
static int check_rs_errors(const uint8_t seed[32], unsigned long cases, selftest_sink sink, void *ctx)
{
    uint8_t syn[2 * HQC_DELTA], cdw[HQC_N1], want[HQC_K], got[HQC_K];
    op_check c;
    begin(&c, "rs_errors", 0);
    shake256_ctx x;
    rng_init(&x, seed, "rs_errors");
    unsigned long edges = 1 + 2 * HQC_DELTA;
    for (unsigned long t = 0; t < cases + edges; t++) {
        if (t < edges) {
            memset(syn, 0, sizeof syn);
            if (t > 0)
                syn[t - 1] = (uint8_t)(t * 37 + 1) ? (uint8_t)(t * 37 + 1) : 1;
        } else if (t % 2) {
            shake256_squeeze(&x, syn, sizeof syn);
        } else {
            /* a codeword (the zero word) with t % (delta + 1) symbols changed */
            memset(cdw, 0, sizeof cdw);
            shake256_squeeze(&x, cdw, t % (HQC_DELTA + 1));
            HQC_NS(backend_ref).rs_syndromes(syn, cdw);
        }
        HQC_NS(backend_ref).rs_errors(want, syn);
        for (size_t i = 0; i < c.n; i++) {
            c.be[i]->rs_errors(got, syn);
            FAULT(c.be[i], "rs_errors", got);
            compare(&c, i, got, want, sizeof got, t < edges ? "edge" : "random", t);
        }
    }
    shake256_wipe(&x);
    return finish(&c, sink, ctx);
}

static int has_fixed_weight(const hqc_backend *be)
{
    return be->fixed_weight != NULL;
}

/* fixed_weight (the backends that have a kernel) against the portable sampler: draws all zero
 * and all ones (every position n - 1), then uniform draws and crowded ones (r_i below
 * 2^32 2 weight / n: many repeats, and repeats of replaced entries' indices), at weight omega_r
 * and at random weights from 2 to HQC_WEIGHT_MAX. */
static int check_fixed_weight(const uint8_t seed[32], unsigned long cases, selftest_sink sink, void *ctx)
{
    uint8_t bytes[4 * HQC_WEIGHT_MAX];
    uint32_t want[HQC_WEIGHT_MAX], got[HQC_WEIGHT_MAX];
    op_check c;
    begin(&c, "fixed_weight", 0);
    keep_kernels(&c, has_fixed_weight);
    shake256_ctx x;
    rng_init(&x, seed, "fixed_weight");
    for (unsigned long t = 0; t < cases + 2; t++) {
        const size_t weight = t % 2 ? HQC_OMEGA_R : 2 + rng_below(&x, HQC_WEIGHT_MAX - 1);
        const uint32_t crowd = (uint32_t)(((uint64_t)(2 * weight) << 32) / HQC_N);
        if (t < 2) {
            memset(bytes, t ? 0xff : 0x00, sizeof bytes);
        } else {
            shake256_squeeze(&x, bytes, 4 * weight);
            for (size_t i = 0; t % 4 >= 2 && i < weight; i++) {
                uint32_t r = rng_below(&x, crowd); /* little-endian, as the draws are read */
                for (unsigned b = 0; b < 4; b++)
                    bytes[4 * i + b] = (uint8_t)(r >> (8 * b));
            }
        }
        sample_encrypt_from_draws(want, bytes, weight);
        for (size_t i = 0; i < c.n; i++) {
            c.be[i]->fixed_weight(got, bytes, weight);
            FAULT(c.be[i], "fixed_weight", got);
            compare(&c, i, got, want, weight * sizeof got[0], t < 2 ? "edge" : "random", t);
        }
    }
    shake256_wipe(&x);
    return finish(&c, sink, ctx);
}

#ifdef HQC_BACKEND_NATIVE_OPS
static int has_encode_rs(const hqc_backend *be)
{
    return be->encode_rs != NULL;
}

static int has_encode_rm(const hqc_backend *be)
{
    return be->encode_rm != NULL;
}

/* encode_rs and encode_rm (the backends that have kernels) against the portable encoders: all
 * zero and all one messages, then random ones. */
static int check_encoders(const uint8_t seed[32], unsigned long cases, selftest_sink sink, void *ctx)
{
    uint8_t msg[HQC_N1], want_rs[HQC_N1], got_rs[HQC_N1];
    static uint64_t want_rm[HQC_N1N2_WORDS], got_rm[HQC_N1N2_WORDS];
    op_check rs, rm;
    begin(&rs, "encode_rs", 0);
    keep_kernels(&rs, has_encode_rs);
    begin(&rm, "encode_rm", 0);
    keep_kernels(&rm, has_encode_rm);
    shake256_ctx x;
    rng_init(&x, seed, "encoders");
    for (unsigned long t = 0; t < cases + 2; t++) {
        if (t < 2)
            memset(msg, t ? 0xff : 0x00, sizeof msg);
        else
            shake256_squeeze(&x, msg, sizeof msg);
        rs_encode(want_rs, msg);
        for (size_t i = 0; i < rs.n; i++) {
            rs.be[i]->encode_rs(got_rs, msg);
            FAULT(rs.be[i], "encode_rs", got_rs);
            compare(&rs, i, got_rs, want_rs, sizeof got_rs, t < 2 ? "edge" : "random", t);
        }
        rm_encode(want_rm, msg);
        for (size_t i = 0; i < rm.n; i++) {
            rm.be[i]->encode_rm(got_rm, msg);
            FAULT(rm.be[i], "encode_rm", got_rm);
            compare(&rm, i, got_rm, want_rm, sizeof got_rm, t < 2 ? "edge" : "random", t);
        }
    }
    shake256_wipe(&x);
    return finish(&rs, sink, ctx) + finish(&rm, sink, ctx);
}

static int has_keygen_discards(const hqc_backend *be)
{
    return be->keygen_discards != NULL;
}

/* keygen_discards (the backends that have a kernel) through keygen's sampler, y then x, against
 * each dialect's portable sampler (ref's): both supports and the stream position after each.
 * Streams: random heads, and crowded ones (draws from a few values, some past the rejection
 * threshold), whose vectors run past the head into the sponge; the dialects in turn. */
static int check_keygen_discards(const uint8_t seed[32], unsigned long cases, selftest_sink sink, void *ctx)
{
    enum { OUT = 2 * HQC_OMEGA_MAX + 2 };
    uint32_t want[OUT], got[OUT];
    size_t ndialects = 0;
    op_check c;
    begin(&c, "keygen_discards", 0);
    keep_kernels(&c, has_keygen_discards);
    while (dialect_list()[ndialects] != NULL)
        ndialects++;
    shake256_ctx x;
    rng_init(&x, seed, "keygen_discards");
    for (unsigned long t = 0; t < cases; t++) {
        const hqc_dialect *d = dialect_list()[t % ndialects];
        uint8_t sponge_seed[HQC_SEED_BYTES];
        xof_stream s;
        shake256_squeeze(&x, sponge_seed, sizeof sponge_seed);
        xof_init(&s.rest, sponge_seed);
        shake256_squeeze(&x, s.head, sizeof s.head);
        s.pos = 0;
        const uint32_t pool = 2 * (uint32_t)d->omega + 8 + rng_below(&x, 64);
        for (size_t i = 0; t % 2 && i + 3 <= sizeof s.head; i += 3) {
            uint32_t draw = rng_below(&x, pool) * 977 + HQC_N * rng_below(&x, 3);
            if (rng_below(&x, 256) < 24)
                draw = HQC_REJECT_THRESHOLD + rng_below(&x, (1u << 24) - HQC_REJECT_THRESHOLD);
            s.head[i] = (uint8_t)draw, s.head[i + 1] = (uint8_t)(draw >> 8), s.head[i + 2] = (uint8_t)(draw >> 16);
        }
        memset(want, 0, sizeof want);
        xof_stream a = s;
        d->sample_keygen(&a, want, d->omega);
        want[2 * HQC_OMEGA_MAX] = (uint32_t)a.pos;
        d->sample_keygen(&a, want + HQC_OMEGA_MAX, d->omega);
        want[2 * HQC_OMEGA_MAX + 1] = (uint32_t)a.pos;
        for (size_t i = 0; i < c.n; i++) {
            memset(got, 0, sizeof got);
            xof_stream b = s;
            sample_keygen_with(d, &b, got, d->omega, c.be[i]);
            got[2 * HQC_OMEGA_MAX] = (uint32_t)b.pos;
            sample_keygen_with(d, &b, got + HQC_OMEGA_MAX, d->omega, c.be[i]);
            got[2 * HQC_OMEGA_MAX + 1] = (uint32_t)b.pos;
            FAULT(c.be[i], "keygen_discards", got);
            compare(&c, i, got, want, sizeof got, t % 2 ? "crowded" : "random", t);
            xof_stream_wipe(&b);
        }
        xof_stream_wipe(&a);
        xof_stream_wipe(&s);
    }
    shake256_wipe(&x);
    return finish(&c, sink, ctx);
}
#endif

int HQC_NS(selftest_ops)(const uint8_t seed[32], int quick, selftest_sink sink, void *ctx)
{
    unsigned long scale = quick ? 1 : 4;
    return check_mul(seed, 1000 * scale, sink, ctx) + check_mul_sparse(seed, 100 * scale, sink, ctx) +
           check_support(seed, 250 * scale, sink, ctx) + check_rm_decode(seed, 100 * scale, sink, ctx) +
           check_rs_syndromes(seed, 500 * scale, sink, ctx) + check_rs_errors(seed, 500 * scale, sink, ctx) +
           check_fixed_weight(seed, 500 * scale, sink, ctx)
#ifdef HQC_BACKEND_NATIVE_OPS
           + check_encoders(seed, 250 * scale, sink, ctx) + check_keygen_discards(seed, 250 * scale, sink, ctx)
#endif
        ;
}
