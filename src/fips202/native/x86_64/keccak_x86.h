/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* keccak_x86.h: the x86 Keccak-f[1600] kernels, each compiled with the instruction-set flags
 * its file name says (Makefile, ISA_<file name>) and called only after src/fips202/keccak.c has
 * checked CPUID (and XCR0 for AVX2 and AVX-512). */
#ifndef HQC_KECCAK_X86_H
#define HQC_KECCAK_X86_H

#include <stddef.h>
#include <stdint.h>

/* One state, rounds compiled with BMI1 (ANDN) and BMI2 (RORX). */
void hqc_keccak_f1600_bmi(uint64_t s[25]);

/* One state in five zmm registers (AVX-512F), and the CPU features it needs. */
void hqc_keccak_f1600_avx512(uint64_t s[25]);
extern const uint32_t hqc_keccak_f1600_avx512_needs;
/* The same after s ^= the first lanes (<= 24) words of in: one absorbed block. */
void hqc_keccak_f1600_avx512_absorb(uint64_t s[25], const uint8_t *in, size_t lanes);

/* One state, a lane per xmm register, with AVX-512VL's VPROLQ and VPTERNLOGQ, and the CPU
 * features it needs. */
void hqc_keccak_f1600_xmm(uint64_t s[25]);
extern const uint32_t hqc_keccak_f1600_xmm_needs;

/* Four states interleaved: lane i of state j is s[4 i + j]. */
void hqc_keccak_f1600_x4_avx2(uint64_t s[100]);

/* The same with AVX-512VL (AVX-512F and VL on 256-bit vectors), and the CPU features it
 * needs (HQC_CPU_* of src/hqc/cpu.h). */
void hqc_keccak_f1600_x4_avx512vl(uint64_t s[100]);
extern const uint32_t hqc_keccak_f1600_x4_avx512vl_needs;

#endif
