/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* old_new_report.h: the report line of a program that times two versions of the KEM paired in
 * one process (bench_dialects.c: 161cd4f as "old", v5.0.0 as "new"): the medians (q1-q3) of
 * each one's ticks and the median (q1-q3) of the per-iteration ratios old/new, on HQC_NAME's
 * level. */
#ifndef HQC_BENCH_OLD_NEW_REPORT_H
#define HQC_BENCH_OLD_NEW_REPORT_H

#include <stdio.h>

#include "params.h"
#include "sample_stats.h"

/* label: what was timed, padded to 6 columns; width: the columns of each median; decimals:
 * of the ratios. Sorts old_t and new_t in place (after the ratios are taken); tmp: n words. */
static void report_old_new(const char *label, int width, int decimals, uint64_t *old_t, uint64_t *new_t,
                           uint64_t *tmp, size_t n)
{
    sample_summary r = summarise_ratios(old_t, new_t, tmp, n);
    sample_summary o = summarise_samples(old_t, n);
    sample_summary w = summarise_samples(new_t, n);
    printf("%s %-6s old %*llu (%llu-%llu)  new %*llu (%llu-%llu)  ratio old/new %.*f (%.*f-%.*f)\n", HQC_NAME,
           label, width, (unsigned long long)o.median, (unsigned long long)o.q1, (unsigned long long)o.q3, width,
           (unsigned long long)w.median, (unsigned long long)w.q1, (unsigned long long)w.q3, decimals,
           r.median / 1000.0, decimals, r.q1 / 1000.0, decimals, r.q3 / 1000.0);
}

#endif
