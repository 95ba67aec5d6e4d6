/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* tsc.h: reading the time-stamp counter around one call, serialised so that the measured
 * instructions can neither start before the first read nor finish after the second one
 * (Intel, "How to Benchmark Code Execution Times on Intel IA-32 and IA-64 Instruction Set
 * Architectures", 2010, with lfence in place of cpuid as Intel's SDM vol. 2B RDTSC allows).
 * The counter ticks at a constant rate (the TSC frequency), not at the core clock. On aarch64
 * the counter is the generic timer's virtual count CNTVCT_EL0 (Arm ARM D11, readable from user
 * space on Linux and macOS), fenced by ISB; it ticks at CNTFRQ_EL0, often 24 MHz to 1 GHz, far
 * below the core clock, so its resolution (tsc_resolution_hz) is reported with every result. */
#ifndef HQC_BENCH_TSC_H
#define HQC_BENCH_TSC_H

#include <stdint.h>

#if defined(__aarch64__)
#define TSC_SOURCE "cntvct_el0"

/* ISB before: earlier instructions are done; ISB after: later ones have not started. */
static inline uint64_t tsc_read_fenced(void)
{
    uint64_t t;
    __asm__ volatile("isb\n\tmrs %0, cntvct_el0\n\tisb" : "=r"(t) : : "memory");
    return t;
}

static inline uint64_t tsc_begin(void)
{
    return tsc_read_fenced();
}

static inline uint64_t tsc_end(void)
{
    return tsc_read_fenced();
}

/* The counter's frequency as the firmware reports it (CNTFRQ_EL0): one tick in Hz. */
static inline uint64_t tsc_resolution_hz(void)
{
    uint64_t f;
    __asm__ volatile("mrs %0, cntfrq_el0" : "=r"(f));
    return f;
}

/* The generic timer always counts at a constant rate. */
static inline int tsc_constant_rate(void)
{
    return 1;
}
#elif defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#include <x86intrin.h>
#define TSC_SOURCE "rdtsc"

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

/* The TSC ticks once per TSC period: its resolution is its frequency, which bench.c measures. */
static inline uint64_t tsc_resolution_hz(void)
{
    return 0;
}

/* CPUID 0x80000007 EDX bit 8: the TSC ticks at a constant rate in every power state. */
static inline int tsc_constant_rate(void)
{
    unsigned a, b, c, d;
    if (__get_cpuid_max(0x80000000u, 0) < 0x80000007u)
        return 0;
    __cpuid(0x80000007u, a, b, c, d);
    return (d >> 8) & 1;
}
#else
/* Elsewhere (the tool's speed table on other architectures): nanoseconds of CLOCK_MONOTONIC. */
#include <time.h>
#define TSC_SOURCE "clock_monotonic"

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

static inline uint64_t tsc_resolution_hz(void)
{
    return 1000000000u;
}

static inline int tsc_constant_rate(void)
{
    return 1;
}
#endif

#endif
