/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* selftest.h: `hqc selftest`: what the command (selftest.c) asks of the per-level parts
 * (tools/level/, compiled once per level): every backend operation against ref on random and
 * edge inputs, and a short paired timing of the backends. Results go to a sink, one per
 * (level, backend, operation), so that the command prints text or JSON. */
#ifndef HQC_TOOL_SELFTEST_H
#define HQC_TOOL_SELFTEST_H

#include <stddef.h>
#include <stdint.h>

/* `hqc selftest`: runs every check (a shorter run with quick), prints text or one JSON object,
 * returns 0 when all pass, 1 otherwise (each failure named on stderr too). */
int cmd_selftest(int quick, int json);

/* One checked (level, backend, operation): cases run, and the first disagreement if any. */
typedef struct {
    int level;
    const char *backend, *op;
    unsigned long cases;
    int ok;
    char detail[96]; /* "" when ok */
} selftest_result;

typedef void (*selftest_sink)(void *ctx, const selftest_result *r);

/* Inputs come from SHAKE256(seed); quick runs fewer cases (products: still 1000 pairs per
 * level). Returns the number of failed (backend, operation) pairs. */
int hqc1_selftest_ops(const uint8_t seed[32], int quick, selftest_sink sink, void *ctx);
int hqc3_selftest_ops(const uint8_t seed[32], int quick, selftest_sink sink, void *ctx);
int hqc5_selftest_ops(const uint8_t seed[32], int quick, selftest_sink sink, void *ctx);

/* One row of the speed table: median ticks of backend on op, and the median and quartiles of
 * the per-iteration ratios ref/backend. */
typedef struct {
    int level;
    const char *backend, *op;
    uint64_t median_ticks;
    double ratio_median, ratio_q1, ratio_q3;
} selftest_speed_row;

typedef void (*selftest_speed_sink)(void *ctx, const selftest_speed_row *r);

/* Times mul and decaps of every backend this CPU runs, paired (bench/paired.h), iterations
 * of each; returns 0, or -1 when a call failed or memory ran out (named on stderr). */
int hqc1_selftest_speed(size_t iterations, selftest_speed_sink sink, void *ctx);
int hqc3_selftest_speed(size_t iterations, selftest_speed_sink sink, void *ctx);
int hqc5_selftest_speed(size_t iterations, selftest_speed_sink sink, void *ctx);

#endif
