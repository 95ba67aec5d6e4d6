/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* oqs_dispatch.c: the backend choice of one HQC level inside liboqs, in place of
 * src/hqc/backend.c: only the constant-time backends (ref, avx2, avx512) are listed, the default
 * is the fastest one CPUID + XCR0 allow (hqc_cpu_features), and no environment variable can
 * change it, as a library linked into other programs should not. liboqs's kem_hqc_<L>.c calls
 * this KEM after OQS_CPU_has_extension confirmed AVX2, PCLMULQDQ and BMI2; the derandomised
 * entry points may also arrive on older CPUs, where the portable ref backend serves them. */
#include <stdatomic.h>
#include <string.h>

#include "backend.h"

static const hqc_backend *const constant_time_backends[] = {
    &HQC_NS(backend_ref),
    &HQC_NS(backend_avx2),
    &HQC_NS(backend_avx512),
    NULL,
};

const hqc_backend *const *HQC_NS(backend_list)(void)
{
    return constant_time_backends;
}

static int runs_here(const hqc_backend *be, uint32_t cpu)
{
    return (be->cpu_features & cpu) == be->cpu_features;
}

const hqc_backend *HQC_NS(backend_by_name)(const char *name)
{
    if (name == NULL)
        return NULL;
    for (size_t i = 0; constant_time_backends[i]; i++)
        if (strcmp(constant_time_backends[i]->name, name) == 0)
            return runs_here(constant_time_backends[i], hqc_cpu_features())
                       ? constant_time_backends[i] : NULL;
    return NULL;
}

const hqc_backend *HQC_NS(backend_default)(void)
{
    /* CPUID traps in many hypervisors, so the answer is kept; every thread that fills the
     * cache computes the same pointer. */
    static _Atomic(const hqc_backend *) chosen;
    const hqc_backend *be = atomic_load_explicit(&chosen, memory_order_acquire);
    if (be == NULL) {
        uint32_t cpu = hqc_cpu_features();
        for (size_t i = 0; constant_time_backends[i]; i++)
            if (runs_here(constant_time_backends[i], cpu))
                be = constant_time_backends[i];
        atomic_store_explicit(&chosen, be, memory_order_release);
    }
    return be;
}
