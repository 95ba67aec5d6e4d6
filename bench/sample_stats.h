/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* sample_stats.h: order statistics of timing samples: quartiles by linear interpolation
 * between closest ranks (Hyndman and Fan 1996, definition 7, numpy's default), computed in
 * integers so that q1 <= median <= q3 holds exactly after rounding. */
#ifndef HQC_BENCH_SAMPLE_STATS_H
#define HQC_BENCH_SAMPLE_STATS_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

typedef struct {
    uint64_t q1, median, q3, min, max;
} sample_summary;

static int compare_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* The quarter-th quartile (0..4) of sorted s[0..n-1], n >= 1: the value at position
 * quarter * (n - 1) / 4, interpolated between its two neighbouring ranks and rounded. */
static uint64_t sorted_quartile(const uint64_t *s, size_t n, unsigned quarter)
{
    size_t pos4 = quarter * (n - 1);
    size_t lo = pos4 / 4, rem = pos4 % 4;
    if (rem == 0)
        return s[lo];
    return s[lo] + (rem * (s[lo + 1] - s[lo]) + 2) / 4;
}

/* Sorts s in place and summarises it; n >= 1. */
static sample_summary summarise_samples(uint64_t *s, size_t n)
{
    qsort(s, n, sizeof s[0], compare_u64);
    sample_summary r = {
        .q1 = sorted_quartile(s, n, 1),
        .median = sorted_quartile(s, n, 2),
        .q3 = sorted_quartile(s, n, 3),
        .min = s[0],
        .max = s[n - 1],
    };
    return r;
}

/* The per-iteration ratios a[i] / b[i] in units of 1/scale, rounded to nearest, written to
 * out[0..n-1] and summarised; n >= 1, every b[i] > 0, a[i] * scale below 2^64. */
static inline sample_summary summarise_ratios_scaled(const uint64_t *a, const uint64_t *b, uint64_t *out,
                                                     size_t n, uint64_t scale)
{
    for (size_t i = 0; i < n; i++)
        out[i] = (scale * a[i] + b[i] / 2) / b[i];
    return summarise_samples(out, n);
}

/* The same in thousandths, written to milli[0..n-1]. */
static inline sample_summary summarise_ratios(const uint64_t *a, const uint64_t *b, uint64_t *milli, size_t n)
{
    return summarise_ratios_scaled(a, b, milli, n, 1000);
}

/* k arrays of n zeroed samples each in t[0..k-1]; 0, or -1 (nothing left allocated) when
 * memory runs out. */
static inline int alloc_sample_arrays(uint64_t **t, size_t k, size_t n)
{
    for (size_t i = 0; i < k; i++)
        if (!(t[i] = calloc(n, sizeof(uint64_t)))) {
            while (i > 0)
                free(t[--i]);
            return -1;
        }
    return 0;
}

#endif
