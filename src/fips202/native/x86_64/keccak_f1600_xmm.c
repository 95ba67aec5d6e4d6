/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* keccak_f1600_xmm.c: Keccak-f[1600] on one state (FIPS 202 section 3.3, Algorithm 7), each of
 * the 25 lanes in the low half of its own xmm register, with the generated rounds of the
 * four-state kernels (keccak_tables.h) and AVX-512VL's element operations: VPROLQ, and
 * VPTERNLOGQ for chi and theta's XORs. On AMD Zen 4 a lone squeeze chain runs 0.84x the BMI
 * kernel's time and 0.74x the zmm one's (dev/tuning/keccak_x86.md). Built with -mavx512f
 * -mavx512vl; no branch or address depends on the state. */
#include <immintrin.h>

#include "cpu.h"
#include "keccak_x86.h"
#include "keccak_tables.h"

/* What the kernel needs of the CPU, read by src/fips202/keccak.c; here, where the emulated build
 * (mk/emu.mk) can clear it along with the instructions. */
const uint32_t hqc_keccak_f1600_xmm_needs = HQC_CPU_AVX512F | HQC_CPU_AVX512VL;

#define KECCAK_XOR(x, y) _mm_xor_si128((x), (y))
#define KECCAK_ANDN(x, y) _mm_andnot_si128((x), (y))
#define KECCAK_ROL(x, n) _mm_rol_epi64((x), (n))
#define KECCAK_LOAD(i) _mm_loadl_epi64((const __m128i *)(s + (i)))
#define KECCAK_STORE(i, v) _mm_storel_epi64((__m128i *)(s + (i)), (v))
#define KECCAK_RC(r) _mm_cvtsi64_si128((long long)keccak_round_constants[r])

void hqc_keccak_f1600_xmm(uint64_t s[25])
{
    KECCAK_F1600_BODY(__m128i)
}
