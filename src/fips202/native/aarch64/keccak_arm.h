/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* keccak_arm.h: the aarch64 Keccak-f[1600] kernels, each compiled with the flags its file name
 * says (mk/arch/aarch64.mk, ISA_<file name>) and called only after src/fips202/keccak.c has seen
 * the HWCAP bit it needs. */
#ifndef HQC_KECCAK_ARM_H
#define HQC_KECCAK_ARM_H

#include <stdint.h>

/* Four states in the layout of keccak_f1600_x4 (lane i of state j at s[4 i + j]): two passes
 * of the two-state SHA3-extension kernel. */
void hqc_keccak_f1600_x4_sha3(uint64_t s[100]);

#endif
