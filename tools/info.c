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

void print_env_refusal(FILE *err, const char *prefix)
{
    const char *refused = hqc1_backend_env_refusal();
    const char *value = getenv("HQC_BACKEND");
    if (refused == NULL || value == NULL)
        return;
    fprintf(err, "%sHQC_BACKEND=", prefix);
    print_quoted(err, value, QUOTE_MAX);
    fprintf(err, " refused: %s; constant-time backends this CPU runs: auto", refused);
    for (const struct hqc_backend *const *b = hqc1_backend_list(); *b; b++) {
        const char *n = hqc1_backend_name(*b);
        if (hqc1_backend_by_name(n) && !strstr(n, "-sparse"))
            fprintf(err, " %s", n);
    }
    fputc('\n', err);
}

int print_info_json(FILE *out, FILE *err)
{
    /* A refused HQC_BACKEND is reported, and the default shown is the one the library uses. */
    print_env_refusal(err, "warning: ");
    const char *refused = hqc1_backend_env_refusal();
    char feats[256];
    fprintf(out, "{\"version\": \"%s\", \"cpu_features\": \"%s\", ", hqc_version(),
            hqc_cpu_features_describe(feats, sizeof feats));
    fprintf(out, "\"hqc_backend_refused\": %s%s%s, \"levels\": {", refused ? "\"" : "",
            refused ? refused : "null", refused ? "\"" : "");
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
