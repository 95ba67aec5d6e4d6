/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* keccak_f1600_avx512.c: Keccak-f[1600] on one state (FIPS 202 section 3.3, Algorithm 7) in
 * five zmm registers, for latency: HQC's key generation squeezes one SHAKE256 chain, so one
 * permutation's critical path is what counts. Each register holds a line of the 5x5 lane grid
 * (scripts/gen-keccak-avx512 says why): theta's parity is two VPTERNLOGQ, its two shifted
 * parities two VPERMQ, rho one VPROLVQ per register, pi one in-register VPERMQ, chi one
 * VPTERNLOGQ per register; every third round the registers are regathered. All indices and
 * rotation counts come from the generated build/<...>/gen/keccak_avx512_plan.h. No branch or
 * address depends on the state. Also the permutation of a block just xored in (a sponge's absorb
 * step, FIPS 202 Algorithm 8). Built with -mavx512f. */
#include <immintrin.h>

#include "cpu.h"
#include "keccak_x86.h"

/* The plan's three-input functions (theta's parity, chi, the regathers' ORs) are VPTERNLOGQ.
 * MemorySanitizer (clang 16) does not model it: it would report every secret operand and mark
 * the result public. So the MSan constant-time build (-DHQC_CT_MSAN, docs/VERIFICATION.md) gets
 * each as the OR of its minterms in AND/OR/XOR, which it models, as gf2x_avx512.h does for the
 * products. imm bit (a << 2 | b << 1 | c) is the value for those input bits, as in VPTERNLOGQ. */
#ifdef HQC_CT_MSAN
static inline __m512i ternlog_minterms(__m512i a, __m512i b, __m512i c, int imm)
{
    const __m512i ones = _mm512_set1_epi64(-1);
    __m512i r = _mm512_setzero_si512();
    for (int k = 0; k < 8; k++)
        if (imm >> k & 1) {
            __m512i x = (k & 4) ? a : _mm512_xor_si512(a, ones);
            __m512i y = (k & 2) ? b : _mm512_xor_si512(b, ones);
            __m512i z = (k & 1) ? c : _mm512_xor_si512(c, ones);
            r = _mm512_or_si512(r, _mm512_and_si512(x, _mm512_and_si512(y, z)));
        }
    return r;
}
#define KECCAK_TERNLOG(a, b, c, imm) ternlog_minterms(a, b, c, imm)
#define KECCAK_MASK_TERNLOG(src, k, a, b, imm) _mm512_mask_blend_epi64(k, src, ternlog_minterms(src, a, b, imm))
#else
#define KECCAK_TERNLOG(a, b, c, imm) _mm512_ternarylogic_epi64(a, b, c, imm)
#define KECCAK_MASK_TERNLOG(src, k, a, b, imm) _mm512_mask_ternarylogic_epi64(src, k, a, b, imm)
#endif

#include "keccak_avx512_plan.h"

/* What the kernel needs of the CPU, read by src/fips202/keccak.c; defined here, where the
 * emulated build (mk/emu.mk) clears it along with the instructions. */
const uint32_t hqc_keccak_f1600_avx512_needs = HQC_CPU_AVX512F;

static inline __attribute__((always_inline)) void permute(uint64_t s[25])
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

void hqc_keccak_f1600_avx512(uint64_t s[25])
{
    permute(s);
}

/* One sponge block: lanes 0 .. lanes - 1 of s ^= the little-endian words of in, then the
 * permutation (FIPS 202 Algorithm 8, step 6). The xor reads and writes s in the 64-byte pieces
 * the permutation's load reads, so that load is served from these stores; after a lane-by-lane
 * xor it waited for eight-byte stores to reach the cache instead (dev/tuning/keccak_x86.md,
 * "Absorbing in the zmm kernel"). The masks depend on lanes, the rate, alone. */
void hqc_keccak_f1600_avx512_absorb(uint64_t s[25], const uint8_t *in, size_t lanes)
{
    for (size_t w = 0; w < 24; w += 8) {
        const size_t n = lanes > w ? lanes - w : 0;
        const __mmask8 m = (__mmask8)(n >= 8 ? 0xff : (1u << n) - 1);
        const __m512i x = _mm512_maskz_loadu_epi64(m, in + 8 * w);
        _mm512_storeu_si512((void *)(s + w), _mm512_xor_si512(_mm512_loadu_si512((const void *)(s + w)), x));
    }
    permute(s);
}
