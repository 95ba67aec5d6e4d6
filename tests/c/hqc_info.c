/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* hqc_info.c: prints, as JSON, the CPU features this machine has and the OS enabled, and per
 * level the backends compiled into the library with whether this CPU can run them and which
 * one is the default. Tests and benchmarks read it instead of guessing from /proc/cpuinfo. */
#include <stdio.h>

#include "cpu.h"

#define DECLARE_LEVEL(p)                                                                     \
    struct hqc_backend;                                                                      \
    const struct hqc_backend *const *p##backend_list(void);                                 \
    const struct hqc_backend *p##backend_by_name(const char *name);                         \
    const struct hqc_backend *p##backend_default(void);                                     \
    const char *p##backend_name(const struct hqc_backend *be);
DECLARE_LEVEL(hqc1_)
DECLARE_LEVEL(hqc3_)
DECLARE_LEVEL(hqc5_)

typedef struct {
    int level;
    const struct hqc_backend *const *(*list)(void);
    const struct hqc_backend *(*by_name)(const char *);
    const struct hqc_backend *(*def)(void);
    const char *(*name)(const struct hqc_backend *);
} level_api;

int main(void)
{
    const level_api levels[] = {
        {1, hqc1_backend_list, hqc1_backend_by_name, hqc1_backend_default, hqc1_backend_name},
        {3, hqc3_backend_list, hqc3_backend_by_name, hqc3_backend_default, hqc3_backend_name},
        {5, hqc5_backend_list, hqc5_backend_by_name, hqc5_backend_default, hqc5_backend_name},
    };
    char feats[256];
    hqc_cpu_features_string(hqc_cpu_features(), feats, sizeof feats);
    printf("{\"cpu_features\": \"%s\", \"levels\": {", feats);
    for (int i = 0; i < 3; i++) {
        const level_api *l = &levels[i];
        const char *def = l->name(l->def());
        printf("%s\"%d\": {\"default\": %s%s%s, \"backends\": [", i ? ", " : "", l->level, def ? "\"" : "",
               def ? def : "null", def ? "\"" : "");
        int first = 1;
        for (const struct hqc_backend *const *b = l->list(); *b; b++) {
            const char *n = l->name(*b);
            printf("%s{\"name\": \"%s\", \"supported\": %s}", first ? "" : ", ", n, l->by_name(n) ? "true" : "false");
            first = 0;
        }
        printf("]}");
    }
    printf("}}\n");
    return 0;
}
