/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* info.c: the CPU and backend report of `hqc info` and hqc_info, through the public API
 * (info.h). Every level is built with the same backends, so level 1 names the available ones. */
#include "info.h"

#include <stdlib.h>
#include <string.h>

#include <hqc/hqc.h>

#include "text.h"

typedef struct {
    int level;
    const struct hqc_backend *const *(*list)(void);
    const struct hqc_backend *(*by_name)(const char *);
    const struct hqc_backend *(*def)(void);
    const char *(*name)(const struct hqc_backend *);
} level_backends;

static const level_backends levels[] = {
    {1, hqc1_backend_list, hqc1_backend_by_name, hqc1_backend_default, hqc1_backend_name},
    {3, hqc3_backend_list, hqc3_backend_by_name, hqc3_backend_default, hqc3_backend_name},
    {5, hqc5_backend_list, hqc5_backend_by_name, hqc5_backend_default, hqc5_backend_name},
};

void print_available_backends(FILE *f)
{
    for (const struct hqc_backend *const *b = hqc1_backend_list(); *b; b++)
        if (hqc1_backend_by_name(hqc1_backend_name(*b)))
            fprintf(f, " %s", hqc1_backend_name(*b));
}

int print_info_json(FILE *out, FILE *err)
{
    const char *forced = getenv("HQC_BACKEND");
    if (forced && *forced && strcmp(forced, "auto") != 0 && hqc1_backend_by_name(forced) == NULL) {
        fputs("error: HQC_BACKEND=", err);
        print_quoted(err, forced, QUOTE_MAX);
        fputs(" is unknown or not supported by this CPU; available: auto", err);
        print_available_backends(err);
        fputc('\n', err);
        return 2;
    }
    char feats[256];
    fprintf(out, "{\"version\": \"%s\", \"cpu_features\": \"%s\", \"levels\": {", hqc_version(),
            hqc_cpu_features_describe(feats, sizeof feats));
    for (size_t i = 0; i < sizeof levels / sizeof levels[0]; i++) {
        const level_backends *l = &levels[i];
        const char *def = l->name(l->def());
        fprintf(out, "%s\"%d\": {\"default\": %s%s%s, \"backends\": [", i ? ", " : "", l->level,
                def ? "\"" : "", def ? def : "null", def ? "\"" : "");
        int first = 1;
        for (const struct hqc_backend *const *b = l->list(); *b; b++) {
            const char *n = l->name(*b);
            fprintf(out, "%s{\"name\": \"%s\", \"supported\": %s}", first ? "" : ", ", n,
                    l->by_name(n) ? "true" : "false");
            first = 0;
        }
        fputs("]}", out);
    }
    fputs("}}\n", out);
    return 0;
}
