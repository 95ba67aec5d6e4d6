/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* text.c: quoted, escaped rendering of untrusted strings for one-line messages (text.h). */
#include "text.h"

void print_quoted(FILE *f, const char *s, size_t max_chars)
{
    fputc('"', f);
    size_t i = 0;
    for (; s[i] && i < max_chars; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\')
            fputc(c, f);
        else
            fprintf(f, "\\x%02x", c);
    }
    fputc('"', f);
    if (s[i])
        fputs("...", f);
}
