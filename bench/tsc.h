/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* tsc.h: reading the time-stamp counter around one call, serialised so that the measured
 * instructions can neither start before the first read nor finish after the second one
 * (Intel, "How to Benchmark Code Execution Times on Intel IA-32 and IA-64 Instruction Set
 * Architectures", 2010, with lfence in place of cpuid as Intel's SDM vol. 2B RDTSC allows).
 * The counter ticks at a constant rate (the TSC frequency), not at the core clock. */
#ifndef HQC_BENCH_TSC_H
#define HQC_BENCH_TSC_H

#include <stdint.h>

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>

/* lfence before rdtsc waits for earlier instructions; lfence after keeps later ones from
 * being executed before the counter is read. */
static inline uint64_t tsc_begin(void)
{
    _mm_lfence();
    uint64_t t = __rdtsc();
    _mm_lfence();
    return t;
}

/* rdtscp waits for every earlier instruction to complete; the lfence keeps the code after
 * it (storing the sample) out of the measured window. */
static inline uint64_t tsc_end(void)
{
    unsigned int aux;
    uint64_t t = __rdtscp(&aux);
    _mm_lfence();
    return t;
}
#else
/* Elsewhere (the tool's speed table on other architectures): nanoseconds of CLOCK_MONOTONIC. */
#include <time.h>

static inline uint64_t tsc_begin(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static inline uint64_t tsc_end(void)
{
    return tsc_begin();
}
#endif

#endif
