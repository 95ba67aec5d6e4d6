/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* kat_check.h: `hqc kat --check` and `hqc selftest`: regenerate a level's KAT files with
 * kat/genkat.c (its built-in SHAKE256 PRNG, no input file) in a temporary directory and compare
 * their SHA-256 with the official digests of kat/levels.json, for every dialect the library
 * speaks (the table in kat_check.c), the same check `make kat` does. */
#ifndef HQC_TOOL_KAT_CHECK_H
#define HQC_TOOL_KAT_CHECK_H

/* The dialects with official digests, default first; names[i] for i < n. */
int kat_dialect_count(void);
const char *kat_dialect_name(int dialect);

/* One check, silent: dialect index, level (1, 3, 5), backend name, that level's generator.
 * Returns 0 when both files match, 1 when a digest differs, 2 when generation failed. */
int kat_check_one(int dialect, int level, const char *backend, int (*kat_main)(int, char **));

/* Checks level (1, 3, 5) in every dialect with the backend called backend, or with every
 * backend this CPU runs when backend is NULL; kat_main is that level's generator. Prints one
 * line per dialect and backend and returns 0 when every digest matches, 1 otherwise. */
int check_kat_level(int level, int (*kat_main)(int, char **), const char *backend);

#endif
