/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* test_sampling.c: keygen's fixed-weight sampler (sample_support_keygen, block-wise over the
 * stream head) against a one-draw-at-a-time twin written from the spec's
 * SampleFixedWeightVect$ (read 3 bytes, discard if >= the threshold or if draw mod n is already
 * in the support). Both sample y then x from copies of one stream; the supports, the stream
 * positions and the next stream bytes must be identical. Streams: kem_sponges heads from
 * random seeds, and constructed heads: threshold rejections and duplicates at every place of a
 * block, a y position repeated in x, a repeat of a threshold-rejected draw, heads of many
 * repeats (running out, so the sampler goes on in the sponge), and every 24-bit draw value.
 * The same for dialect v5.0.0 (dialect.h) against its own spec-literal twin: reads of 3 omega
 * bytes through the word-padded XOF read, big-endian draws, a fresh read per vector; constructed
 * chunks with a rejection or a repeat at every draw position, chunk boundaries (the last draw of
 * a chunk, a vector taking several chunks, chunks running past the head), and random seeds.
 * Encryption's sampler after its read (sample_encrypt_from_draws) against the spec's loop, which
 * compares each position with the final later ones and branches: random draws, draws crowded
 * into few positions, and constructed chains (a duplicate at the end, then each earlier entry
 * drawing the index of the next, replaced, one), cut at every place.
 * Usage: hqcL_test_sampling [random trials] [seed] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "sampling.h"
#include "symmetric.h"
#include "testutil.h"

#define HEAD_DRAWS (XOF_HEAD_BYTES / 3)
#define DRAW_LIMIT (1u << 24)

static int cases;

/* The spec's sampler, one draw at a time, with branches (a test oracle, not constant time).
 * Returns the number of draws read. */
static size_t twin_sample(xof_stream *xof, uint32_t *support, size_t weight)
{
    size_t count = 0, draws = 0;
    for (; count < weight; draws++) {
        uint8_t b[3];
        xof_stream_read(xof, b, 3);
        uint32_t draw = (uint32_t)b[0] | ((uint32_t)b[1] << 8) | ((uint32_t)b[2] << 16);
        if (draw >= HQC_REJECT_THRESHOLD)
            continue;
        uint32_t pos = draw % HQC_N;
        int seen = 0;
        for (size_t j = 0; j < count; j++)
            seen |= support[j] == pos;
        if (!seen)
            support[count++] = pos;
    }
    return draws;
}

typedef size_t (*keygen_twin)(xof_stream *, uint32_t *, size_t);

/* The keygen samplers under test: a dialect's own (the portable comparisons, be NULL) and, in
 * builds with a native backend, the same dialect through every backend that has a
 * keygen_discards kernel (backend.h), found in main. */
typedef struct {
    const hqc_dialect *d;
    const hqc_backend *be;
} keygen_sampler;
static const hqc_backend *kernels[16];
static size_t nkernels;

static void run_sampler(keygen_sampler r, xof_stream *xof, uint32_t *support, size_t weight)
{
#ifdef HQC_BACKEND_NATIVE_OPS
    if (r.be != NULL) {
        sample_keygen_with(r.d, xof, support, weight, r.be);
        return;
    }
#endif
    r.d->sample_keygen(xof, support, weight);
}

/* Samples y then x (as keygen does) with one sampler and the twin from copies of src and
 * compares everything they produce: supports, stream positions and the stream after.
 * dialect: "" or " <name>" in the messages. Returns the number of draws y and x read (past
 * the head too). */
static size_t compare_one(const xof_stream *src, keygen_sampler sampler, keygen_twin twin, const char *dialect,
                          const char *what, int index)
{
    xof_stream a = *src, b = *src;
    uint32_t ya[HQC_OMEGA], xa[HQC_OMEGA], yb[HQC_OMEGA], xb[HQC_OMEGA];
    const char *be = sampler.be != NULL ? sampler.be->name : "portable";
    memset(ya, 0xa5, sizeof ya);
    memset(xa, 0xa5, sizeof xa);
    memset(yb, 0x5a, sizeof yb);
    memset(xb, 0x5a, sizeof xb);
    run_sampler(sampler, &a, ya, HQC_OMEGA);
    size_t draws = twin(&b, yb, HQC_OMEGA);
    CHECK(memcmp(ya, yb, sizeof ya) == 0, "%s%s %s: y differs from the twin (%s %d)", HQC_NAME, dialect, be, what,
          index);
    CHECK(a.pos == b.pos, "%s%s %s: stream position after y %zu, twin %zu (%s %d)", HQC_NAME, dialect, be, a.pos,
          b.pos, what, index);
    run_sampler(sampler, &a, xa, HQC_OMEGA);
    draws += twin(&b, xb, HQC_OMEGA);
    CHECK(memcmp(xa, xb, sizeof xa) == 0, "%s%s %s: x differs from the twin (%s %d)", HQC_NAME, dialect, be, what,
          index);
    CHECK(a.pos == b.pos, "%s%s %s: stream position after x %zu, twin %zu (%s %d)", HQC_NAME, dialect, be, a.pos,
          b.pos, what, index);
    /* The stream goes on identically (so a sampler that ran into the sponge read as much). */
    uint8_t ra[40], rb[40];
    xof_stream_read(&a, ra, sizeof ra);
    xof_stream_read(&b, rb, sizeof rb);
    CHECK(memcmp(ra, rb, sizeof ra) == 0, "%s%s %s: the stream after x differs (%s %d)", HQC_NAME, dialect, be,
          what, index);
    cases++;
    return draws;
}

/* compare_one for the dialect's own sampler and then through every kernel. */
static size_t compare_with_twin(const xof_stream *src, const hqc_dialect *d, keygen_twin twin, const char *dialect,
                                const char *what, int index)
{
    size_t draws = compare_one(src, (keygen_sampler){d, NULL}, twin, dialect, what, index);
    for (size_t k = 0; k < nkernels; k++)
        compare_one(src, (keygen_sampler){d, kernels[k]}, twin, dialect, what, index);
    return draws;
}

/* 161cd4f's keygen sampler against its twin. */
static size_t compare_samplers(const xof_stream *src, const char *what, int index)
{
    return compare_with_twin(src, &HQC_DIALECT_TABLE(161cd4f), twin_sample, "", what, index);
}

static void set_draw(xof_stream *s, size_t i, uint32_t draw)
{
    s->head[3 * i] = (uint8_t)draw;
    s->head[3 * i + 1] = (uint8_t)(draw >> 8);
    s->head[3 * i + 2] = (uint8_t)(draw >> 16);
}

/* A stream whose head holds distinct accepted draws 1000 + 7 i (positions 1000 + 7 i, all
 * distinct since 7 (HEAD_DRAWS) < n), and whose sponge is XOF(seed) for a seed from st. */
static void plain_stream(xof_stream *s, uint64_t *st)
{
    uint8_t seed[HQC_SEED_BYTES];
    random_bytes(st, seed, sizeof seed);
    memset(s, 0, sizeof *s);
    xof_init(&s->rest, seed);
    random_bytes(st, s->head, XOF_HEAD_BYTES);
    for (size_t i = 0; i < HEAD_DRAWS; i++)
        set_draw(s, i, 1000 + 7 * (uint32_t)i);
}

/* A draw >= the threshold, chosen by k among the edge values. */
static uint32_t rejected_draw(unsigned k)
{
    static const uint32_t v[] = {HQC_REJECT_THRESHOLD, HQC_REJECT_THRESHOLD + 1, DRAW_LIMIT - 1,
                                 HQC_REJECT_THRESHOLD + HQC_N / 2};
    return v[k % (sizeof v / sizeof v[0])];
}

/* Draws placed at every index of the first blocks of y and around the start of x. */
static void placed_edges(uint64_t *st)
{
    xof_stream s;
    /* Where x starts when y has no discard, and a little after. */
    const size_t x0 = HQC_OMEGA;
    for (size_t i = 0; i < 40; i++) {
        /* i-th draw (and x0 + i) fails the threshold. */
        plain_stream(&s, st);
        set_draw(&s, i, rejected_draw((unsigned)i));
        set_draw(&s, x0 + i + 1, rejected_draw((unsigned)i + 1));
        compare_samplers(&s, "threshold rejection", (int)i);

        /* Draw i repeats draw j < i by value, and draw x0 + 1 + i repeats x0 + 1 + j by
         * position (a different draw: + n). */
        for (size_t j = 0; j < i; j += 1 + i / 8) {
            plain_stream(&s, st);
            set_draw(&s, i, 1000 + 7 * (uint32_t)j);
            set_draw(&s, x0 + 1 + i, 1000 + 7 * (uint32_t)(x0 + 1 + j) + HQC_N);
            compare_samplers(&s, "repeats in y and in x", (int)(i * 100 + j));
        }

        /* A y position repeated in x: must be kept in x. */
        plain_stream(&s, st);
        set_draw(&s, x0 + i, 1000 + 7 * (uint32_t)(i % x0));
        size_t draws = compare_samplers(&s, "y position in x", (int)i);
        CHECK(draws == 2 * HQC_OMEGA, "%s: x discarded a y position (case %zu)", HQC_NAME, i);

        /* A repeat of a threshold-rejected draw's position: kept (the rejected draw is not in
         * the support). Both the rejected draw and its position twin are placed. */
        plain_stream(&s, st);
        uint32_t bad = HQC_REJECT_THRESHOLD + (uint32_t)i;
        set_draw(&s, i, bad);
        set_draw(&s, i + 1 + i % 9, bad % HQC_N);
        set_draw(&s, x0 + i, bad);
        set_draw(&s, x0 + i + 3, bad);
        set_draw(&s, x0 + i + 5, bad - HQC_N * (bad / HQC_N));
        compare_samplers(&s, "repeat of a rejected draw", (int)i);
    }
    /* The extreme accepted draws and positions: 0, n - 1, n, the last accepted draw T - 1
     * (position n - 1) and T - n (position 0), side by side and repeated. */
    static const uint32_t ext[] = {0, HQC_N - 1, HQC_N, HQC_REJECT_THRESHOLD - 1, HQC_REJECT_THRESHOLD - HQC_N,
                                   2 * HQC_N - 1, HQC_REJECT_THRESHOLD, DRAW_LIMIT - 1};
    for (size_t i = 0; i < 24; i++) {
        plain_stream(&s, st);
        for (size_t k = 0; k < sizeof ext / sizeof ext[0]; k++) {
            set_draw(&s, i + 3 * k, ext[k]);
            set_draw(&s, x0 + i + 2 * k, ext[(k + i) % (sizeof ext / sizeof ext[0])]);
        }
        compare_samplers(&s, "extreme draws", (int)i);
    }
}

/* Heads drawn from a few values (many repeats and rejections), so that y and x often need
 * more than the head and the sampler goes on in the sponge; and heads all of one draw. */
static void crowded_heads(uint64_t *st, int trials)
{
    xof_stream s;
    int exhausted = 0;
    for (int t = 0; t < trials; t++) {
        plain_stream(&s, st);
        uint32_t pool = 2 * HQC_OMEGA + 8 + (uint32_t)(splitmix64(st) % 64);
        uint32_t reject_per_256 = (uint32_t)(splitmix64(st) % 48);
        for (size_t i = 0; i < HEAD_DRAWS; i++) {
            uint64_t r = splitmix64(st);
            uint32_t draw = (uint32_t)(r % pool) * 977 + HQC_N * (uint32_t)((r >> 32) % 3);
            if ((r >> 40) % 256 < reject_per_256)
                draw = rejected_draw((unsigned)(r >> 50));
            set_draw(&s, i, draw);
        }
        if (compare_samplers(&s, "crowded head", t) > HEAD_DRAWS)
            exhausted++;
    }
    CHECK(trials == 0 || exhausted > 0, "%s: no crowded head ran out (the sponge path was not tested)", HQC_NAME);
    /* Every head draw the same accepted value: y keeps one and reads the rest from the sponge. */
    for (int t = 0; t < 4; t++) {
        plain_stream(&s, st);
        for (size_t i = 0; i < HEAD_DRAWS; i++)
            set_draw(&s, i, t < 2 ? (uint32_t)t * (HQC_N - 1) : rejected_draw((unsigned)t));
        compare_samplers(&s, "one draw repeated", t);
    }
}

/* Every 24-bit draw value passes through the sampler: heads whose y and x are consecutive
 * draws (distinct positions, 2 omega < n). Where they are all accepted, y and x must be
 * exactly the draws mod n, which checks the sampler's division without the twin's %; near
 * 2^24 the rejections send it into the sponge, checked against the twin. */
static void every_draw_value(uint64_t *st)
{
    xof_stream s;
    plain_stream(&s, st);
    for (uint32_t start = 0; start < DRAW_LIMIT; start += 2 * HQC_OMEGA) {
        for (size_t i = 0; i < HEAD_DRAWS; i++)
            set_draw(&s, i, start + (uint32_t)i < DRAW_LIMIT ? start + (uint32_t)i : DRAW_LIMIT - 1);
        if (start + 2 * HQC_OMEGA > HQC_REJECT_THRESHOLD) {
            compare_samplers(&s, "draws near 2^24", (int)start);
            continue;
        }
        /* The portable comparisons (k = nkernels) and every kernel. */
        for (size_t k = 0; k <= nkernels; k++) {
            const keygen_sampler r = {&HQC_DIALECT_TABLE(161cd4f), k < nkernels ? kernels[k] : NULL};
            xof_stream a = s;
            uint32_t y[HQC_OMEGA], x[HQC_OMEGA];
            run_sampler(r, &a, y, HQC_OMEGA);
            run_sampler(r, &a, x, HQC_OMEGA);
            for (uint32_t i = 0; i < HQC_OMEGA; i++) {
                CHECK(y[i] == (start + i) % HQC_N, "%s: draw %u gave position %u (kernel %zu)", HQC_NAME, start + i,
                      y[i], k);
                CHECK(x[i] == (start + HQC_OMEGA + i) % HQC_N, "%s: draw %u gave position %u (kernel %zu)", HQC_NAME,
                      start + HQC_OMEGA + i, x[i], k);
            }
            CHECK(a.pos == 3 * 2 * HQC_OMEGA, "%s: draws from %u: position %zu after x (kernel %zu)", HQC_NAME, start,
                  a.pos, k);
            cases++;
        }
    }
}

static void random_streams(uint64_t *st, int trials)
{
    for (int t = 0; t < trials; t++) {
        uint8_t seed[HQC_SEED_BYTES];
        random_bytes(st, seed, sizeof seed);
        xof_stream s;
        CHECK(kem_sponges(NULL, NULL, NULL, NULL, &s, seed) == 0, "kem_sponges failed");
        compare_samplers(&s, "random seed", t);
    }
}

/* --- dialect v5.0.0 ------------------------------------------------------------------ */

/* v5.0.0's XOF read, as its reference describes it: a request of len bytes reads
 * floor(len / 8) * 8 bytes, then, if len % 8 != 0, 8 more of which it keeps len % 8. */
static void v5_xof_get_bytes(xof_stream *xof, uint8_t *out, size_t len)
{
    size_t whole = len / 8 * 8;
    xof_stream_read(xof, out, whole);
    if (len % 8 != 0) {
        uint8_t word[8];
        xof_stream_read(xof, word, 8);
        memcpy(out + whole, word, len % 8);
    }
}

/* v5.0.0's keygen sampler, literally: a buffer of 3 weight bytes from one padded read, draws
 * b0 << 16 | b1 << 8 | b2, a new buffer when one is used up, the rest of the last one dropped.
 * Returns the number of draws decided. */
static size_t twin_sample_v5(xof_stream *xof, uint32_t *support, size_t weight)
{
    uint8_t buf[3 * HQC_OMEGA];
    size_t count = 0, draws = 0, j = weight;
    while (count < weight) {
        if (j == weight) {
            v5_xof_get_bytes(xof, buf, 3 * weight);
            j = 0;
        }
        uint32_t draw = ((uint32_t)buf[3 * j] << 16) | ((uint32_t)buf[3 * j + 1] << 8) | buf[3 * j + 2];
        j++;
        draws++;
        if (draw >= HQC_REJECT_THRESHOLD)
            continue;
        uint32_t pos = draw % HQC_N;
        int seen = 0;
        for (size_t k = 0; k < count; k++)
            seen |= support[k] == pos;
        if (!seen)
            support[count++] = pos;
    }
    return draws;
}

#define V5_CHUNK (3 * HQC_OMEGA)
#define V5_STRIDE ((V5_CHUNK + 7) / 8 * 8) /* bytes a chunk advances the stream */
#define V5_HEAD_CHUNKS ((XOF_HEAD_BYTES + V5_STRIDE - 1) / V5_STRIDE)

/* v5.0.0's keygen sampler against its twin (compare_with_twin). */
static size_t compare_v5(const xof_stream *src, const char *what, int index)
{
    return compare_with_twin(src, &HQC_DIALECT_TABLE(v5_0_0), twin_sample_v5, " v5.0.0", what, index);
}

/* Draw j of chunk c (big-endian), where the chunk lies in the head. */
static void set_draw_v5(xof_stream *s, size_t c, size_t j, uint32_t draw)
{
    uint8_t *p = s->head + c * V5_STRIDE + 3 * j;
    if (c * V5_STRIDE + 3 * j + 3 > XOF_HEAD_BYTES)
        return;
    p[0] = (uint8_t)(draw >> 16);
    p[1] = (uint8_t)(draw >> 8);
    p[2] = (uint8_t)draw;
}

/* Every chunk of the head full of distinct accepted draws (chunk c, draw j: 1000 + 7 (c omega +
 * j)), the padding bytes random; the sponge XOF(seed) for a seed from st. */
static void plain_stream_v5(xof_stream *s, uint64_t *st)
{
    plain_stream(s, st);
    for (size_t c = 0; c < V5_HEAD_CHUNKS; c++)
        for (size_t j = 0; j < HQC_OMEGA; j++)
            set_draw_v5(s, c, j, 1000 + 7 * (uint32_t)(c * HQC_OMEGA + j));
}

static void v5_placed_edges(uint64_t *st)
{
    xof_stream s;
    for (size_t i = 0; i < HQC_OMEGA; i++) {
        /* A threshold rejection at draw i of y's chunk: y takes one draw of a second chunk and
         * x starts on the third. The same in x's first chunk (x needs a second one, which
         * runs past the head at every level). */
        plain_stream_v5(&s, st);
        set_draw_v5(&s, 0, i, rejected_draw((unsigned)i));
        compare_v5(&s, "rejection in y", (int)i);
        xof_stream a = s;
        uint32_t y[HQC_OMEGA];
        HQC_DIALECT_TABLE(v5_0_0).sample_keygen(&a, y, HQC_OMEGA);
        /* (rejected_draw's T + n/2 exceeds 24 bits at HQC-5: its low 24 bits are accepted) */
        int rejected = (rejected_draw((unsigned)i) & 0xFFFFFFu) >= HQC_REJECT_THRESHOLD;
        CHECK(!rejected || (a.pos == 2 * V5_STRIDE && y[HQC_OMEGA - 1] == 1000 + 7 * (uint32_t)HQC_OMEGA),
              "%s v5.0.0: y did not end on the first draw of its second chunk (case %zu)", HQC_NAME, i);
        plain_stream_v5(&s, st);
        set_draw_v5(&s, 1, i, rejected_draw((unsigned)i + 1));
        compare_v5(&s, "rejection in x", (int)i);
        /* Draw i repeats draw j < i by position (+ n: a different draw). */
        for (size_t j = 0; j < i; j += 1 + i / 6) {
            plain_stream_v5(&s, st);
            set_draw_v5(&s, 0, i, 1000 + 7 * (uint32_t)j + HQC_N);
            set_draw_v5(&s, 1, i, 1000 + 7 * (uint32_t)(HQC_OMEGA + j));
            compare_v5(&s, "repeats in y and x", (int)(i * 1000 + j));
        }
        /* A y position in x: kept. */
        plain_stream_v5(&s, st);
        set_draw_v5(&s, 1, i, 1000 + 7 * (uint32_t)i);
        compare_v5(&s, "y position in x", (int)i);
    }
    /* The last draw of a chunk rejected, and of the second chunk too: a vector over three
     * chunks (past the head at every level); and a whole chunk of one repeated value. */
    for (int t = 0; t < 8; t++) {
        plain_stream_v5(&s, st);
        set_draw_v5(&s, 0, HQC_OMEGA - 1, rejected_draw((unsigned)t));
        if (t & 1)
            set_draw_v5(&s, 1, 0, rejected_draw((unsigned)t + 1));
        if (t & 2)
            for (size_t j = 0; j < HQC_OMEGA; j++)
                set_draw_v5(&s, 1, j, (uint32_t)t * 5);
        if (t & 4)
            for (size_t j = 0; j < HQC_OMEGA; j++)
                set_draw_v5(&s, 0, j, j < HQC_OMEGA / 2 ? rejected_draw((unsigned)j) : 77 + HQC_N * (uint32_t)(j % 3));
        compare_v5(&s, "chunk boundaries", t);
    }
    /* Extreme draws: 0, n - 1, n, T - 1, T - n, T, 2^24 - 1 around the chunk starts. */
    static const uint32_t ext[] = {0, HQC_N - 1, HQC_N, HQC_REJECT_THRESHOLD - 1, HQC_REJECT_THRESHOLD - HQC_N,
                                   2 * HQC_N - 1, HQC_REJECT_THRESHOLD, DRAW_LIMIT - 1};
    for (size_t i = 0; i < 16; i++) {
        plain_stream_v5(&s, st);
        for (size_t k = 0; k < sizeof ext / sizeof ext[0]; k++) {
            set_draw_v5(&s, 0, (i + 3 * k) % HQC_OMEGA, ext[k]);
            set_draw_v5(&s, 1, (i + 2 * k) % HQC_OMEGA, ext[(k + i) % (sizeof ext / sizeof ext[0])]);
        }
        compare_v5(&s, "extreme draws", (int)i);
    }
}

/* Crowded heads (few values, many rejections): vectors over several chunks, past the head. */
static void v5_crowded_and_random(uint64_t *st, int trials)
{
    xof_stream s;
    int long_vectors = 0;
    for (int t = 0; t < trials / 10 + 100; t++) {
        plain_stream_v5(&s, st);
        uint32_t pool = HQC_OMEGA + 8 + (uint32_t)(splitmix64(st) % 64);
        for (size_t c = 0; c < V5_HEAD_CHUNKS; c++)
            for (size_t j = 0; j < HQC_OMEGA; j++) {
                uint64_t r = splitmix64(st);
                uint32_t draw = (uint32_t)(r % pool) * 977 + HQC_N * (uint32_t)((r >> 32) % 3);
                if ((r >> 40) % 256 < 24)
                    draw = rejected_draw((unsigned)(r >> 50));
                set_draw_v5(&s, c, j, draw);
            }
        if (compare_v5(&s, "crowded head", t) > 3 * HQC_OMEGA)
            long_vectors++;
    }
    CHECK(long_vectors > 0, "%s v5.0.0: no vector took more than two chunks", HQC_NAME);
    for (int t = 0; t < trials; t++) {
        uint8_t seed[HQC_SEED_BYTES];
        random_bytes(st, seed, sizeof seed);
        CHECK(kem_sponges(NULL, NULL, NULL, NULL, &s, seed) == 0, "kem_sponges failed");
        compare_v5(&s, "random seed", t);
    }
}

/* Entry i's drawn position: i + floor(r_i (n - i) / 2^32), r_i little-endian at bytes + 4 i. */
static uint32_t drawn_position(const uint8_t *bytes, size_t i)
{
    uint32_t r = (uint32_t)bytes[4 * i] | (uint32_t)bytes[4 * i + 1] << 8 | (uint32_t)bytes[4 * i + 2] << 16 |
                 (uint32_t)bytes[4 * i + 3] << 24;
    return (uint32_t)(i + (((uint64_t)r * (HQC_N - i)) >> 32));
}

/* The spec's encryption sampler (Sendrier's Algorithm 5) on the draws in bytes, with branches. */
static void twin_encrypt(uint32_t *support, const uint8_t *bytes, size_t weight)
{
    for (size_t i = 0; i < weight; i++)
        support[i] = drawn_position(bytes, i);
    for (size_t i = weight - 1; i-- > 0;)
        for (size_t k = i + 1; k < weight; k++)
            if (support[k] == support[i]) {
                support[i] = (uint32_t)i;
                break;
            }
}

/* The draw r_i that puts entry i at position t (i <= t < n): the least r with
 * i + floor(r (n - i) / 2^32) = t. */
static void set_encrypt_target(uint8_t *bytes, size_t i, uint32_t t)
{
    uint64_t r = (((uint64_t)(t - i) << 32) + (HQC_N - i) - 1) / (HQC_N - i);
    CHECK(r < ((uint64_t)1 << 32), "no draw puts entry %zu at %u", i, t);
    for (int b = 0; b < 4; b++)
        bytes[4 * i + (size_t)b] = (uint8_t)(r >> (8 * b));
    CHECK(drawn_position(bytes, i) == t, "no draw puts entry %zu at %u", i, t);
}

static void compare_encrypt(const uint8_t *bytes, size_t weight, const char *what)
{
    uint32_t want[HQC_WEIGHT_MAX], got[HQC_WEIGHT_MAX];
    twin_encrypt(want, bytes, weight);
    sample_encrypt_from_draws(got, bytes, weight);
    CHECK(memcmp(got, want, weight * sizeof *got) == 0, "%s: encryption sampler differs from the spec's (%s, weight %zu)",
          HQC_NAME, what, weight);
    cases++;
}

static void encrypt_sampler(uint64_t *st, int trials)
{
    static uint8_t bytes[4 * HQC_WEIGHT_MAX];
    const size_t weights[] = {2, 3, HQC_OMEGA_R, HQC_WEIGHT_MAX};
    for (size_t wi = 0; wi < sizeof weights / sizeof weights[0]; wi++) {
        const size_t w = weights[wi];
        for (int t = 0; t < trials / 4 + 1; t++) {
            random_bytes(st, bytes, 4 * w);
            compare_encrypt(bytes, w, "random draws");
            /* Crowded: each entry draws a random position, one just above its index (often
             * the index of a later entry), or a later entry's position. */
            for (size_t i = w; i-- > 0;) {
                uint64_t x = splitmix64(st);
                uint32_t lo = (uint32_t)i;
                if (x % 3 == 0 || i + 1 == w)
                    set_encrypt_target(bytes, i, lo + (uint32_t)(x >> 8) % 6 % (uint32_t)(HQC_N - i));
                else if (x % 3 == 1) {
                    size_t k = i + 1 + (size_t)(x >> 8) % (w - 1 - i);
                    set_encrypt_target(bytes, i, drawn_position(bytes, k));
                } else
                    set_encrypt_target(bytes, i, lo + (uint32_t)((x >> 8) % (HQC_N - i)));
            }
            compare_encrypt(bytes, w, "crowded draws");
        }
        /* Chains: the last two entries collide, then entry i draws i + 1 (replaced, holding
         * i + 1), so every entry is replaced; cut at every place c (entry c draws a free
         * position instead, and the entries below it keep theirs). */
        for (size_t c = 0; c + 2 < w; c++) {
            set_encrypt_target(bytes, w - 1, (uint32_t)(HQC_N - 1));
            set_encrypt_target(bytes, w - 2, (uint32_t)(HQC_N - 1));
            for (size_t i = w - 2; i-- > 0;)
                set_encrypt_target(bytes, i, (uint32_t)(i + 1));
            set_encrypt_target(bytes, c, (uint32_t)(HQC_N - 2));
            compare_encrypt(bytes, w, "chain with a cut");
        }
        set_encrypt_target(bytes, 0, 1);
        compare_encrypt(bytes, w, "chain through every entry");
    }
}

#ifdef HQC_BACKEND_NATIVE_OPS
/* Each keygen_discards kernel called directly, against its contract in backend.h: the keys it
 * writes after the rows, every bit of every discard word (the bits past ndraws clear), the rows
 * before nrows and after the room it may write unchanged. Rows and draws come from a few
 * values, so that repeats fall everywhere (against the rows, inside a block, across blocks),
 * with draws at or above the threshold and rows of 0xFFFF among them; bytes are exactly
 * 3 ndraws long in their own allocation, for the sanitizer builds to catch a read past them. */
#define KERNEL_ROOM (512 + 32 * HQC_KEYGEN_BLOCKS + 16)
static void kernel_contract(uint64_t *st, int trials)
{
    static uint16_t rows[KERNEL_ROOM], want_rows[KERNEL_ROOM];
    for (size_t k = 0; k < nkernels; k++)
        for (int t = 0; t < trials; t++) {
            const uint64_t x = splitmix64(st);
            const size_t nrows = t % 7 == 0 ? 0 : (size_t)(x % 400);
            const size_t ndraws = 1 + (size_t)((x >> 16) % (32 * HQC_KEYGEN_BLOCKS));
            const size_t blocks = (ndraws + 31) / 32;
            const int big_endian = (int)((x >> 32) & 1);
            const uint32_t spread = (x >> 33) % 3 == 0 ? HQC_N : 40; /* keys among few values, or any */
            uint8_t *bytes = malloc(3 * ndraws);
            uint32_t discard[HQC_KEYGEN_BLOCKS + 1], want[HQC_KEYGEN_BLOCKS + 1];
            CHECK(bytes != NULL, "out of memory");
            for (size_t i = 0; i < KERNEL_ROOM; i++)
                rows[i] = (uint16_t)(splitmix64(st) % 7 == 0 ? 0xFFFF : splitmix64(st) % spread);
            memset(want, 0, sizeof want);
            memcpy(want_rows, rows, sizeof rows);
            for (size_t j = 0; j < ndraws; j++) {
                const uint64_t y = splitmix64(st);
                uint32_t draw = (uint32_t)(y % spread) + HQC_N * (uint32_t)((y >> 20) % (HQC_REJECT_THRESHOLD / HQC_N));
                if (y % 11 == 0)
                    draw = (uint32_t)(HQC_REJECT_THRESHOLD + (y >> 40) % (DRAW_LIMIT - HQC_REJECT_THRESHOLD));
                for (int b = 0; b < 3; b++)
                    bytes[3 * j + (size_t)b] = (uint8_t)(draw >> (8 * (big_endian ? 2 - b : b)));
                const uint16_t key = draw >= HQC_REJECT_THRESHOLD ? 0xFFFF : (uint16_t)(draw % HQC_N);
                int repeat = key == 0xFFFF;
                for (size_t i = 0; i < nrows + j; i++)
                    repeat |= want_rows[i] == key;
                want_rows[nrows + j] = key;
                want[j / 32] |= (uint32_t)repeat << (j % 32);
            }
            discard[blocks] = want[blocks] = 0x5A5A5A5Au; /* past the words it may write */
            kernels[k]->keygen_discards(rows, nrows, bytes, ndraws, big_endian, discard);
            CHECK(memcmp(discard, want, (blocks + 1) * sizeof *want) == 0,
                  "%s: %s keygen_discards: discard words differ (nrows %zu, ndraws %zu, big-endian %d)", HQC_NAME,
                  kernels[k]->name, nrows, ndraws, big_endian);
            CHECK(memcmp(rows, want_rows, (nrows + ndraws) * sizeof *rows) == 0 &&
                      memcmp(rows + nrows + 32 * blocks, want_rows + nrows + 32 * blocks,
                             (KERNEL_ROOM - nrows - 32 * blocks) * sizeof *rows) == 0,
                  "%s: %s keygen_discards: rows differ (nrows %zu, ndraws %zu, big-endian %d)", HQC_NAME,
                  kernels[k]->name, nrows, ndraws, big_endian);
            free(bytes);
            cases++;
        }
}
#endif

int main(int argc, char **argv)
{
    int trials = argc > 1 ? atoi(argv[1]) : 20000;
    uint64_t st = argc > 2 ? strtoull(argv[2], NULL, 0) : 13;
    if (trials < 0) {
        fprintf(stderr, "usage: %s [random trials >= 0] [seed]\n", argv[0]);
        return 2;
    }
#ifdef HQC_BACKEND_NATIVE_OPS
    for (const hqc_backend *const *b = HQC_NS(backend_list)(); *b != NULL; b++)
        if ((*b)->keygen_discards != NULL && HQC_NS(backend_usable)(*b) && nkernels < sizeof kernels / sizeof kernels[0])
            kernels[nkernels++] = *b;
#endif
    placed_edges(&st);
    crowded_heads(&st, trials / 10 + 100);
    every_draw_value(&st);
    random_streams(&st, trials);
    v5_placed_edges(&st);
    v5_crowded_and_random(&st, trials);
    encrypt_sampler(&st, trials);
#ifdef HQC_BACKEND_NATIVE_OPS
    kernel_contract(&st, trials / 4 + 200);
#endif
    printf("%s: %d sampler comparisons ok (keygen: the portable sampler and %zu backends with a keygen_discards kernel",
           HQC_NAME, cases, nkernels);
    for (size_t k = 0; k < nkernels; k++)
        printf("%s%s", k ? ", " : ": ", kernels[k]->name);
    printf(")\n");
    return 0;
}
