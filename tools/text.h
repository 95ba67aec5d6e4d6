/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* text.h: printing strings that come from outside (file names, environment variables) into
 * messages: control bytes, quotes and non-ASCII bytes are escaped and long strings cut, so a
 * message stays one readable line whatever the input. */
#ifndef HQC_TOOL_TEXT_H
#define HQC_TOOL_TEXT_H

#include <stdio.h>

/* Writes s between double quotes: printable ASCII as is, '"' and '\\' and every other byte as
 * \xNN; after max_chars input bytes the rest is replaced by "...". */
void print_quoted(FILE *f, const char *s, size_t max_chars);

/* The longest excerpt of an untrusted string a message shows. */
#define QUOTE_MAX 80

#endif
