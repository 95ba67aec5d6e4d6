/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* backend.c: the dispatcher. It lists the backends compiled into this level, checks each
 * one's CPU features against CPUID + XCR0, and resolves the default once (docs/ARCHITECTURE.md,
 * "The contract"). Nothing above this file names a backend. HQC_BACKEND from the environment
 * may choose among the constant-time backends the CPU runs, nothing else: a variable-time
 * (-sparse), unknown or unsupported name is refused and the default stays the fastest
 * constant-time backend. It is read with secure_getenv (or not at all in a set-user-ID
 * program), and never in an HQC_EMBEDDED build (the liboqs series): a library linked into
 * other programs must not let a variable of theirs choose its code. */
/* secure_getenv is a GNU extension (glibc, musl); it must be asked for before any header. */
#define _GNU_SOURCE
#include "backend.h"
#include "kem.h" /* HQC_API on the public functions defined here */

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#if defined(__APPLE__)
#include <unistd.h> /* issetugid */
#endif

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

static const hqc_backend *find(const char *name)
{
    for (size_t i = 0; name && all_backends[i]; i++)
        if (strcmp(all_backends[i]->name, name) == 0)
            return all_backends[i];
    return NULL;
}

const hqc_backend *HQC_NS(backend_by_name)(const char *name)
{
    const hqc_backend *be = find(name);
    return be && supported(be, hqc_cpu_features()) ? be : NULL;
}

int HQC_NS(backend_usable)(const hqc_backend *be)
{
    for (size_t i = 0; be && all_backends[i]; i++)
        if (all_backends[i] == be)
            return supported(be, hqc_cpu_features_cached());
    return 0;
}

/* HQC_BACKEND as this process may trust it: NULL in a set-user-ID or set-group-ID program
 * (secure_getenv, issetugid), and where neither check exists. */
static const char *backend_from_env(void)
{
#if defined(HQC_EMBEDDED)
    return NULL;
#elif defined(__APPLE__)
    return issetugid() ? NULL : getenv("HQC_BACKEND");
#elif defined(__linux__)
    return secure_getenv("HQC_BACKEND");
#else
    return NULL;
#endif
}

const char *HQC_NS(backend_env_refusal)(void)
{
    const char *name = backend_from_env();
    if (name == NULL || *name == '\0' || strcmp(name, "auto") == 0)
        return NULL;
    const hqc_backend *be = find(name);
    if (be == NULL)
        return "no such backend";
    if (!be->constant_time)
        return "a variable-time backend (the environment may choose constant-time ones only)";
    if (!supported(be, hqc_cpu_features()))
        return "this CPU lacks its features";
    return NULL;
}

static const hqc_backend *resolve_default(void)
{
    const char *forced = backend_from_env();
    if (forced && HQC_NS(backend_env_refusal)() == NULL) {
        const hqc_backend *be = find(forced);
        if (be != NULL)
            return be;
    }
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
    static const hqc_backend *_Atomic cached; /* qualifier form: Frama-C 25 cannot parse _Atomic(T) */
    const hqc_backend *be = atomic_load_explicit(&cached, memory_order_acquire);
    if (be == NULL) {
        be = resolve_default();
        if (be != NULL)
            atomic_store_explicit(&cached, be, memory_order_release);
    }
    return be;
}
