/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* kat_check.h: `hqc kat --check` and selftest's KAT step: regenerate a level's KAT files with
 * kat/genkat.c in a temporary directory and compare their SHA-256 with the official digests of
 * kat/levels.json, per dialect, the same check `make kat` does. */
#ifndef HQC_TOOL_KAT_CHECK_H
#define HQC_TOOL_KAT_CHECK_H

/* The dialects with official digests, default first; kat_dialect_name(i) for i < count. */
int kat_dialect_count(void);
const char *kat_dialect_name(int dialect);

/* 1 if official digests of the dialect called dialect are known. */
int kat_dialect_known(const char *dialect);

/* One check, silent: dialect index, level (1, 3, 5), backend name, that level's generator.
 * Returns 0 when both files match, 1 when a digest differs, 2 when generation failed. */
int kat_check_one(int dialect, int level, const char *backend, int (*kat_main)(int, char **));

/* Checks level (1, 3, 5) in the dialect called dialect ("161cd4f", "v5.0.0"), or in every
 * dialect with official digests when dialect is NULL, with the backend called backend, or with
 * every backend this CPU runs when backend is NULL; kat_main is that level's generator. Prints
 * one line per dialect and backend and returns 0 when every digest matches, 1 otherwise. */
int check_kat_level(int level, int (*kat_main)(int, char **), const char *backend, const char *dialect);

#endif
