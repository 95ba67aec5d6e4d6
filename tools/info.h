/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* info.h: what `hqc info` and the test helper hqc_info print: the CPU features, and per level
 * the backends compiled into libhqc, whether this CPU runs them, and the default. */
#ifndef HQC_TOOL_INFO_H
#define HQC_TOOL_INFO_H

#include <stdio.h>

/* Prints the report as one line of JSON to out and returns 0. If HQC_BACKEND names a backend
 * that is unknown or that this CPU cannot run, prints nothing to out, one line naming it (escaped)
 * and the available backends to err, and returns 2. */
int print_info_json(FILE *out, FILE *err);

/* One line on err, after prefix, when the library refused HQC_BACKEND: the value (escaped),
 * the reason, and the backends the environment may name. Nothing otherwise. */
void print_env_refusal(FILE *err, const char *prefix);

/* Writes " ref avx2 ..." (the backends of level 1 this CPU can run) to f. */
void print_available_backends(FILE *f);

#endif
