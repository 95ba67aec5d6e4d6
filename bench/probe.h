/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* probe.h: how fast the core runs independent integer work at this moment, timed around every
 * iteration of the paired loop (bench/paired.h), so that iterations run while the core was
 * shared (a busy SMT sibling on a cloud vCPU) or clocked down can be told from quiet ones
 * (bench/README.md, "Quiet iterations"; the rule: quiet_mask, scripts/hqctools/bench_table.py).
 * Four independent chains of register additions: twice the ticks when the ports are shared. */
#ifndef HQC_BENCH_PROBE_H
#define HQC_BENCH_PROBE_H

#include <stdint.h>

#include "tsc.h"

#if defined(__x86_64__)
#define PROBE_AVAILABLE 1

/* 256 loop iterations of 12 additions in four chains of three: on a core of its own, three
 * cycles an iteration (the chains' latency, and 13 operations on four ALU ports), about 800
 * cycles in all; twice that when a sibling thread keeps the ports busy. */
static inline uint64_t probe_ticks(void)
{
    uint64_t t0 = tsc_begin();
    __asm__ volatile("mov $256, %%ecx\n"
                     "1:\n\t"
                     "add %%r8, %%r8\n\tadd %%r9, %%r9\n\tadd %%r10, %%r10\n\tadd %%r11, %%r11\n\t"
                     "add %%r8, %%r8\n\tadd %%r9, %%r9\n\tadd %%r10, %%r10\n\tadd %%r11, %%r11\n\t"
                     "add %%r8, %%r8\n\tadd %%r9, %%r9\n\tadd %%r10, %%r10\n\tadd %%r11, %%r11\n\t"
                     "dec %%ecx\n\tjnz 1b"
                     :
                     :
                     : "rcx", "r8", "r9", "r10", "r11", "cc");
    uint64_t t1 = tsc_end();
    return t1 - t0;
}
#else
/* Elsewhere the counter is too coarse for a probe this short (aarch64's generic timer runs at
 * 24 MHz to 1 GHz) and the speed figures are estimates anyway: no probe, every iteration
 * counts as quiet. */
#define PROBE_AVAILABLE 0

static inline uint64_t probe_ticks(void)
{
    return 0;
}
#endif

#endif
