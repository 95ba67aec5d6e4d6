/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* test_sampling.c: keygen's fixed-weight sampler (sample_support_keygen, block-wise over the
 * stream head) against a one-draw-at-a-time twin written from the spec's
 * SampleFixedWeightVect$ (read 3 bytes, discard if >= the threshold or if draw mod n is already
 * in the support). Both sample y then x from copies of one stream; the supports, the stream
 * positions and the next stream bytes must be identical. Streams: kem_sponges heads from
 * random seeds, and constructed heads: threshold rejections and duplicates at every place of a
 * block, a y position repeated in x, a repeat of a threshold-rejected draw, heads of many
 * repeats (running out, so the sampler goes on in the sponge), and every 24-bit draw value.
 * Usage: hqcL_test_sampling [random trials] [seed] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* Samples y then x (as keygen does) with both samplers from copies of src and compares
 * everything they produce. Returns the number of draws y and x read (past the head, the
 * stream's position stays at its end). */
static size_t compare_samplers(const xof_stream *src, const char *what, int index)
{
    xof_stream a = *src, b = *src;
    uint32_t ya[HQC_OMEGA], xa[HQC_OMEGA], yb[HQC_OMEGA], xb[HQC_OMEGA];
    memset(ya, 0xa5, sizeof ya);
    memset(xa, 0xa5, sizeof xa);
    memset(yb, 0x5a, sizeof yb);
    memset(xb, 0x5a, sizeof xb);
    sample_support_keygen(&a, ya, HQC_OMEGA);
    size_t draws = twin_sample(&b, yb, HQC_OMEGA);
    CHECK(memcmp(ya, yb, sizeof ya) == 0, "%s: y differs from the twin (%s %d)", HQC_NAME, what, index);
    CHECK(a.pos == b.pos, "%s: stream position after y %zu, twin %zu (%s %d)", HQC_NAME, a.pos, b.pos, what, index);
    sample_support_keygen(&a, xa, HQC_OMEGA);
    draws += twin_sample(&b, xb, HQC_OMEGA);
    CHECK(memcmp(xa, xb, sizeof xa) == 0, "%s: x differs from the twin (%s %d)", HQC_NAME, what, index);
    CHECK(a.pos == b.pos, "%s: stream position after x %zu, twin %zu (%s %d)", HQC_NAME, a.pos, b.pos, what, index);
    /* The stream goes on identically (so a sampler that ran into the sponge read as much). */
    uint8_t ra[40], rb[40];
    xof_stream_read(&a, ra, sizeof ra);
    xof_stream_read(&b, rb, sizeof rb);
    CHECK(memcmp(ra, rb, sizeof ra) == 0, "%s: the stream after x differs (%s %d)", HQC_NAME, what, index);
    cases++;
    return draws;
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
        xof_stream a = s;
        uint32_t y[HQC_OMEGA], x[HQC_OMEGA];
        sample_support_keygen(&a, y, HQC_OMEGA);
        sample_support_keygen(&a, x, HQC_OMEGA);
        for (uint32_t i = 0; i < HQC_OMEGA; i++) {
            CHECK(y[i] == (start + i) % HQC_N, "%s: draw %u gave position %u", HQC_NAME, start + i, y[i]);
            CHECK(x[i] == (start + HQC_OMEGA + i) % HQC_N, "%s: draw %u gave position %u", HQC_NAME,
                  start + HQC_OMEGA + i, x[i]);
        }
        CHECK(a.pos == 3 * 2 * HQC_OMEGA, "%s: draws from %u: position %zu after x", HQC_NAME, start, a.pos);
        cases++;
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

int main(int argc, char **argv)
{
    int trials = argc > 1 ? atoi(argv[1]) : 20000;
    uint64_t st = argc > 2 ? strtoull(argv[2], NULL, 0) : 13;
    if (trials < 0) {
        fprintf(stderr, "usage: %s [random trials >= 0] [seed]\n", argv[0]);
        return 2;
    }
    placed_edges(&st);
    crowded_heads(&st, trials / 10 + 100);
    every_draw_value(&st);
    random_streams(&st, trials);
    printf("%s: %d sampler comparisons ok\n", HQC_NAME, cases);
    return 0;
}
