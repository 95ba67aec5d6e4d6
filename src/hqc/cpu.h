/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* cpu.h: which features this CPU has and the OS has enabled. x86: CPUID leaves 1 and 7
 * together with XCR0, as the liboqs dispatcher does: AVX state must be enabled for AVX2, and
 * opmask plus ZMM state for AVX-512. aarch64: the kernel's HWCAP bits (Linux getauxval) or
 * hw.optional sysctls (macOS), which already say what user space may execute. */
#ifndef HQC_CPU_H
#define HQC_CPU_H

#include <stdint.h>

#define HQC_CPU_PCLMUL     (1u << 0)
#define HQC_CPU_AVX2       (1u << 1)
#define HQC_CPU_BMI2       (1u << 2)
#define HQC_CPU_AVX512F    (1u << 3)
#define HQC_CPU_AVX512BW   (1u << 4)
#define HQC_CPU_AVX512DQ   (1u << 5)
#define HQC_CPU_AVX512VL   (1u << 6)
#define HQC_CPU_VPCLMULQDQ (1u << 7)
#define HQC_CPU_GFNI       (1u << 8)
#define HQC_CPU_BMI1       (1u << 9)
#define HQC_CPU_ASIMD      (1u << 10) /* aarch64 Advanced SIMD (NEON) */
#define HQC_CPU_PMULL      (1u << 11) /* aarch64 PMULL/PMULL2 on 64-bit lanes (FEAT_PMULL) */
#define HQC_CPU_SHA3       (1u << 12) /* aarch64 EOR3, RAX1, XAR, BCAX (FEAT_SHA3) */
#define HQC_CPU_AVX512VBMI (1u << 13) /* VPERMB, VPERMI2B (CPUID.7.0:ECX[1]) */

/* Features present and OS-enabled. Pure: it reads CPUID and XGETBV (or the HWCAPs) every call. */
uint32_t hqc_cpu_features(void);

/* The same, read once per process: CPUID traps to the hypervisor in a VM (microseconds), too
 * slow for a check on every KEM call. The cache is one atomic word; every thread that fills
 * it writes the same value. */
uint32_t hqc_cpu_features_cached(void);

/* Whether the vendor string of CPUID leaf 0 is AMD's ("AuthenticAMD"); 0 off x86. Not a feature:
 * src/fips202/keccak.c reads it to order Keccak kernels that all run, and the avx2 backend to
 * pick between two product trees that both run, where AMD's cores are measurably faster with
 * another than Intel's. Pure, like hqc_cpu_features. */
int hqc_cpu_is_amd(void);

#if defined(__x86_64__) || defined(__i386__)
/* The same, read once per process like hqc_cpu_features_cached: the avx2 backend's product asks
 * it on every call (src/gf2x/native/x86_64/avx2/backend_avx2.c). */
int hqc_cpu_is_amd_cached(void);
#endif

/* "avx2 pclmul ..." for the features in MASK, written to BUF (always NUL-terminated). */
void hqc_cpu_features_string(uint32_t mask, char *buf, unsigned long len);

#endif
