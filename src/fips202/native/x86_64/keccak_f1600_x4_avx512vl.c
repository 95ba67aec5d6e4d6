/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* keccak_f1600_x4_avx512vl.c: four Keccak-f[1600] permutations at once (FIPS 202 section 3.3),
 * the layout and generated rounds of keccak_f1600_x4_avx2.c on 256-bit vectors, with
 * AVX-512VL's element operations: VPROLQ rotates in one instruction instead of two shifts and
 * an OR, 32 vector registers hold the 25 lanes without spilling, and gcc 12 and clang 16 fold
 * chi's x ^ (~y & z) and theta's chained XORs into VPTERNLOGQ. Built with -mavx512f -mavx512vl. */
#include <immintrin.h>

#include "cpu.h"
#include "keccak_x86.h"
#include "keccak_tables.h"

/* What the kernel needs of the CPU, read by src/fips202/keccak.c; here, where the emulated build
 * (mk/emu.mk) can clear it along with the instructions. */
const uint32_t hqc_keccak_f1600_x4_avx512vl_needs = HQC_CPU_AVX512F | HQC_CPU_AVX512VL;

#define KECCAK_XOR(x, y) _mm256_xor_si256((x), (y))
#define KECCAK_ANDN(x, y) _mm256_andnot_si256((x), (y))
#define KECCAK_ROL(x, n) _mm256_rol_epi64((x), (n))
#define KECCAK_LOAD(i) _mm256_loadu_si256((const __m256i *)(s + 4 * (i)))
#define KECCAK_STORE(i, v) _mm256_storeu_si256((__m256i *)(s + 4 * (i)), (v))
#define KECCAK_RC(r) _mm256_set1_epi64x((long long)keccak_round_constants[r])

void hqc_keccak_f1600_x4_avx512vl(uint64_t s[100])
{
    KECCAK_F1600_BODY(__m256i)
}
