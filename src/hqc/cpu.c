/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* cpu.c: CPU feature detection. x86: CPUID leaves 1 and 7 and XCR0 (Intel SDM vol. 2A, CPUID;
 * vol. 1, 13.3 "Enabling the XSAVE feature set"); a feature counts only when the OS saves the
 * register state it needs, because otherwise the first vector instruction faults. aarch64:
 * the ID registers are privileged, so the OS's view is read instead: getauxval(AT_HWCAP) on
 * Linux (Documentation/arch/arm64/elf_hwcaps.rst), sysctlbyname("hw.optional...") on macOS. */
#include "cpu.h"

#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>

static uint64_t read_xcr0(void)
{
    uint32_t lo, hi;
    /* xgetbv with ecx = 0; spelled as bytes so no -mxsave is needed in this file. */
    __asm__ volatile(".byte 0x0f, 0x01, 0xd0" : "=a"(lo), "=d"(hi) : "c"(0));
    return ((uint64_t)hi << 32) | lo;
}

uint32_t hqc_cpu_features(void)
{
    unsigned a, b, c, d;
    uint32_t f = 0;
    if (!__get_cpuid(1, &a, &b, &c, &d))
        return 0;
    int pclmul = (c >> 1) & 1, osxsave = (c >> 27) & 1, avx = (c >> 28) & 1;
    if (pclmul)
        f |= HQC_CPU_PCLMUL;
    if (!osxsave || !avx)
        return f;
    uint64_t xcr0 = read_xcr0();
    int ymm_ok = (xcr0 & 0x6) == 0x6;          /* SSE and AVX state */
    int zmm_ok = ymm_ok && (xcr0 & 0xe0) == 0xe0; /* opmask, ZMM_Hi256, Hi16_ZMM */
    if (__get_cpuid_max(0, 0) < 7)
        return f;
    __cpuid_count(7, 0, a, b, c, d);
    if (ymm_ok && ((b >> 5) & 1))
        f |= HQC_CPU_AVX2;
    if ((b >> 3) & 1)
        f |= HQC_CPU_BMI1;
    if ((b >> 8) & 1)
        f |= HQC_CPU_BMI2;
    if (ymm_ok && ((c >> 10) & 1))
        f |= HQC_CPU_VPCLMULQDQ;
    if (ymm_ok && ((c >> 8) & 1))
        f |= HQC_CPU_GFNI;
    if (zmm_ok) {
        if ((b >> 16) & 1)
            f |= HQC_CPU_AVX512F;
        if ((b >> 17) & 1)
            f |= HQC_CPU_AVX512DQ;
        if ((b >> 30) & 1)
            f |= HQC_CPU_AVX512BW;
        if ((b >> 31) & 1)
            f |= HQC_CPU_AVX512VL;
        if ((c >> 1) & 1)
            f |= HQC_CPU_AVX512VBMI;
    }
    return f;
}

int hqc_cpu_is_amd(void)
{
    unsigned a, b, c, d;
    if (!__get_cpuid(0, &a, &b, &c, &d))
        return 0;
    /* "AuthenticAMD" in EBX, EDX, ECX, four little-endian bytes each. */
    return b == 0x68747541u && d == 0x69746e65u && c == 0x444d4163u;
}

int hqc_cpu_is_amd_cached(void)
{
    static _Atomic int cached; /* 0: not read yet, 1: another vendor, 2: AMD */
    int v = atomic_load_explicit(&cached, memory_order_relaxed);
    if (v == 0) {
        v = hqc_cpu_is_amd() ? 2 : 1;
        atomic_store_explicit(&cached, v, memory_order_relaxed);
    }
    return v == 2;
}
#elif defined(__aarch64__) && defined(__linux__)
#include <sys/auxv.h>

/* The AT_HWCAP bits of arch/arm64/include/uapi/asm/hwcap.h, stable kernel ABI. */
enum { HWCAP_BIT_ASIMD = 1 << 1, HWCAP_BIT_PMULL = 1 << 4, HWCAP_BIT_SHA3 = 1 << 17 };

uint32_t hqc_cpu_features(void)
{
    unsigned long hw = getauxval(AT_HWCAP);
    uint32_t f = 0;
    if (hw & HWCAP_BIT_ASIMD)
        f |= HQC_CPU_ASIMD;
    if (hw & HWCAP_BIT_PMULL)
        f |= HQC_CPU_PMULL;
    if (hw & HWCAP_BIT_SHA3)
        f |= HQC_CPU_SHA3;
    return f;
}
#elif defined(__aarch64__) && defined(__APPLE__)
#include <sys/sysctl.h>

static int sysctl_flag(const char *name)
{
    int v = 0;
    size_t len = sizeof v;
    return sysctlbyname(name, &v, &len, NULL, 0) == 0 && v != 0;
}

uint32_t hqc_cpu_features(void)
{
    uint32_t f = 0;
    if (sysctl_flag("hw.optional.AdvSIMD") || sysctl_flag("hw.optional.arm.AdvSIMD"))
        f |= HQC_CPU_ASIMD;
    if (sysctl_flag("hw.optional.arm.FEAT_PMULL"))
        f |= HQC_CPU_PMULL;
    if (sysctl_flag("hw.optional.arm.FEAT_SHA3"))
        f |= HQC_CPU_SHA3;
    return f;
}
#else
uint32_t hqc_cpu_features(void)
{
    return 0;
}
#endif
#if !defined(__x86_64__) && !defined(__i386__)
int hqc_cpu_is_amd(void)
{
    return 0;
}
#endif

void hqc_cpu_features_string(uint32_t mask, char *buf, unsigned long len)
{
    static const char *const names[] = {"pclmul",   "avx2",     "bmi2",       "avx512f", "avx512bw",
                                        "avx512dq", "avx512vl", "vpclmulqdq", "gfni",    "bmi1",
                                        "asimd",    "pmull",    "sha3",       "avx512vbmi"};
    size_t used = 0;
    if (len == 0)
        return;
    buf[0] = '\0';
    for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++) {
        if (!(mask & (1u << i)))
            continue;
        int n = snprintf(buf + used, len - used, "%s%s", used ? " " : "", names[i]);
        if (n < 0 || (size_t)n >= len - used)
            break;
        used += (size_t)n;
    }
}

/* Bit 31 marks the cache as filled (no HQC_CPU_* bit uses it), so a CPU with no feature at all
 * is cached too. */
#define CPU_CACHE_FILLED (1u << 31)

uint32_t hqc_cpu_features_cached(void)
{
    static _Atomic uint32_t cached;
    uint32_t f = atomic_load_explicit(&cached, memory_order_relaxed);
    if (f == 0) {
        f = hqc_cpu_features() | CPU_CACHE_FILLED;
        atomic_store_explicit(&cached, f, memory_order_relaxed);
    }
    return f & ~CPU_CACHE_FILLED;
}
