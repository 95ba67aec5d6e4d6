/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* backend.c: the dispatcher. It lists the backends compiled into this level, checks each
 * one's CPU features against CPUID + XCR0, and resolves the default once (docs/ARCHITECTURE.md, "one
 * dispatcher"). Nothing above this file names a backend. Built with HQC_EMBEDDED (the liboqs
 * series), it lists the constant-time backends only and reads no environment: a library linked
 * into other programs must not let a variable of theirs choose its code. */
#include "backend.h"
#include "kem.h" /* HQC_API on the public functions defined here */

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

static const hqc_backend *const all_backends[] = {
    &HQC_NS(backend_ref),
#ifdef HQC_HAVE_AVX2
    &HQC_NS(backend_avx2),
#endif
#ifdef HQC_HAVE_VPCLMUL
    &HQC_NS(backend_vpclmul),
#endif
#ifdef HQC_HAVE_AVX512
    &HQC_NS(backend_avx512),
#endif
#ifdef HQC_HAVE_NEON
    &HQC_NS(backend_neon),
#endif
#if defined(HQC_HAVE_AVX2) && !defined(HQC_EMBEDDED)
    &HQC_NS(backend_avx2_sparse),
#endif
#if defined(HQC_HAVE_AVX512) && !defined(HQC_EMBEDDED)
    &HQC_NS(backend_avx512_sparse),
#endif
    NULL,
};

const hqc_backend *const *HQC_NS(backend_list)(void)
{
    return all_backends;
}

static int supported(const hqc_backend *be, uint32_t cpu)
{
    return (be->cpu_features & cpu) == be->cpu_features;
}

const hqc_backend *HQC_NS(backend_by_name)(const char *name)
{
    if (name == NULL)
        return NULL;
    uint32_t cpu = hqc_cpu_features();
    for (size_t i = 0; all_backends[i]; i++)
        if (strcmp(all_backends[i]->name, name) == 0)
            return supported(all_backends[i], cpu) ? all_backends[i] : NULL;
    return NULL;
}

static const hqc_backend *resolve_default(void)
{
#ifndef HQC_EMBEDDED
    const char *forced = getenv("HQC_BACKEND");
    if (forced && *forced && strcmp(forced, "auto") != 0)
        return HQC_NS(backend_by_name)(forced);
#endif
    uint32_t cpu = hqc_cpu_features();
    const hqc_backend *best = NULL;
    for (size_t i = 0; all_backends[i]; i++)
        if (all_backends[i]->constant_time && supported(all_backends[i], cpu))
            best = all_backends[i];
    return best;
}

const hqc_backend *HQC_NS(backend_default)(void)
{
    /* An idempotent cache: every thread that fills it computes the same pointer. */
    static _Atomic(const hqc_backend *) cached;
    const hqc_backend *be = atomic_load_explicit(&cached, memory_order_acquire);
    if (be == NULL) {
        be = resolve_default();
        if (be != NULL)
            atomic_store_explicit(&cached, be, memory_order_release);
    }
    return be;
}
