/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* fuzz_backend_name.c: libFuzzer target for the backend-selection inputs of the dispatcher
 * (docs/ARCHITECTURE.md "one dispatcher"): a backend name given to backend_by_name and the HQC_BACKEND
 * environment variable. src/hqc/backend.c is included so that resolve_default, which reads
 * HQC_BACKEND and is otherwise run once per process behind the cache, can be run per input;
 * this translation unit then supplies the level-1 dispatcher in place of the library's.
 * Properties: a name resolves only to the supported backend of exactly that name; HQC_BACKEND
 * picks the backend of that name when it is constant time and supported, and the fastest
 * supported constant-time backend for anything else (empty, "auto", unknown, variable time,
 * unsupported), never NULL; backend_env_refusal gives a reason exactly in the last three cases. */
/* backend.c asks for secure_getenv with _GNU_SOURCE; it must come before any header here too. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/hqc/backend.c"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char name[256];
    size_t len = size < sizeof name - 1 ? size : sizeof name - 1;
    memcpy(name, data, len);
    name[len] = '\0';

    uint32_t cpu = hqc_cpu_features();
    const hqc_backend *be = HQC_NS(backend_by_name)(name);
    const hqc_backend *listed = NULL;
    for (const hqc_backend *const *l = HQC_NS(backend_list)(); *l; l++)
        if (strcmp((*l)->name, name) == 0)
            listed = *l;
    if (be != NULL && (be != listed || !supported(be, cpu)))
        abort();
    if (be == NULL && listed != NULL && supported(listed, cpu))
        abort();

    if (setenv("HQC_BACKEND", name, 1) != 0)
        abort();
    const hqc_backend *chosen = resolve_default();
    int followed = be != NULL && be->constant_time;
    int refused = !followed && name[0] != '\0' && strcmp(name, "auto") != 0;
    if ((HQC_NS(backend_env_refusal)() != NULL) != refused)
        abort();
    if (!followed) {
        if (chosen == NULL || !chosen->constant_time || !supported(chosen, cpu))
            abort();
        /* The list is ordered fastest last: nothing after the choice may qualify. */
        int after = 0;
        for (const hqc_backend *const *l = HQC_NS(backend_list)(); *l; l++) {
            if (after && (*l)->constant_time && supported(*l, cpu))
                abort();
            if (*l == chosen)
                after = 1;
        }
        if (!after)
            abort();
    } else if (chosen != be) {
        abort();
    }
    unsetenv("HQC_BACKEND");
    return 0;
}
