/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* keccak_f1600_avx512.c: Keccak-f[1600] on one state (FIPS 202 section 3.3, Algorithm 7) in
 * five zmm registers, for latency: HQC's key generation squeezes one SHAKE256 chain, so one
 * permutation's critical path is what counts. Each register holds a line of the 5x5 lane grid
 * (scripts/gen-keccak-avx512 says why): theta's parity is two VPTERNLOGQ, its two shifted
 * parities two VPERMQ, rho one VPROLVQ per register, pi one in-register VPERMQ, chi one
 * VPTERNLOGQ per register; every third round the registers are regathered. All indices and
 * rotation counts come from the generated build/<...>/gen/keccak_avx512_plan.h. No branch or
 * address depends on the state. Built with -mavx512f. */
#include <immintrin.h>

#include "cpu.h"
#include "keccak_avx512_plan.h"
#include "keccak_x86.h"

/* What the kernel needs of the CPU, read by src/fips202/keccak.c; defined here, where the
 * emulated build (mk/emu.mk) clears it along with the instructions. */
const uint32_t hqc_keccak_f1600_avx512_needs = HQC_CPU_AVX512F;

void hqc_keccak_f1600_avx512(uint64_t s[25])
{
    __m512i a0, a1, a2, a3, a4, b0, b1, b2, b3, b4, d0, d1, d2, d3, d4, c, cm, cp, m0, m1, m2, m3;
    KECCAK_AVX512_LOAD(s)
    for (int r = 0; r < 21; r += 3) {
        KECCAK_AVX512_ROUNDS3(r)
        KECCAK_AVX512_RELAYOUT
    }
    KECCAK_AVX512_ROUNDS3(21)
    KECCAK_AVX512_STORE(s)
}
