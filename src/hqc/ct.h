/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* ct.h: branch-free comparisons and selections on secret words. Each returns an all-ones or
 * all-zero mask so callers combine values with AND/OR instead of branching. */
#ifndef HQC_CT_H
#define HQC_CT_H

#include <stdint.h>

/* x, through a volatile stack slot the optimiser cannot see through: it can then no longer
 * prove that a mask is all-ones or all-zero and turn a masked selection back into a branch or
 * a secret-indexed load (clang 16 -O2 turned the shared-secret selection of kem.c into a cmov
 * between the addresses of two buffers). Not an empty asm statement, because MemorySanitizer
 * reports every secret passed into inline assembly; not a volatile global, which would be
 * writable static data. */
/*@ assigns \nothing;
    ensures \result == x; */
static inline uint32_t ct_barrier32(uint32_t x)
{
    volatile uint32_t opaque = x;
    return opaque;
}

/* The same for a 64-bit word. */
/*@ assigns \nothing;
    ensures \result == x; */
static inline uint64_t ct_barrier64(uint64_t x)
{
    volatile uint64_t opaque = x;
    return opaque;
}

/* The rule, for every backend: a mask that selects between values by secret data, as in
 * (m & a) | (~m & b), passes through ct_barrier32/64 between the comparison that makes it and
 * the selection that uses it. Without the barrier the compiler sees that m is 0 or all ones,
 * turns the pair back into a select, and may lower the select to a branch: clang 14-19 did so
 * in the portable RM decoder when tuning for znver3/znver4/alderlake (its x86-cmov-converter
 * prefers a branch there), and for riscv64 (bltz). A mask merged into a value, d |= m or
 * d ^= m & c, is the same select (d = m ? ... : d): clang 16 -O1 branched on the keygen
 * sampler's d |= (a == b) mask, and clang 16/19 -O1 tuning for alderlake on the RS error
 * values' coefficient bits. Masks built inside vector registers (compare instructions) and
 * the one-bit masks of GF(2) products (r ^= (0 - bit) & a) are checked by the constant-time
 * matrix instead (docs/VERIFICATION.md); the two named above got barriers once it found them. */

/* HQC_OPAQUE_VEC(v): an empty asm statement that hides the vector v from the optimiser, for
 * barriers that only steer code generation (say, to keep a copy loop from becoming a call to
 * memcpy). MemorySanitizer reports every secret that enters inline assembly and marks what
 * leaves it public, so the MSan constant-time build (-DHQC_CT_MSAN, docs/VERIFICATION.md)
 * compiles it to nothing: there it would hide the data flow the check follows. */
#if defined(HQC_CT_MSAN)
#define HQC_OPAQUE_VEC(v) ((void)(v))
#elif defined(__aarch64__)
#define HQC_OPAQUE_VEC(v) __asm__("" : "+w"(v)) /* a NEON register */
#else
#define HQC_OPAQUE_VEC(v) __asm__("" : "+x"(v))
#endif

/*@ assigns \nothing; */
static inline uint32_t ct_mask_nonzero32(uint32_t x)
{
    return 0u - ((x | (0u - x)) >> 31);
}

/*@ assigns \nothing; */
static inline uint32_t ct_mask_eq32(uint32_t a, uint32_t b)
{
    return ~ct_mask_nonzero32(a ^ b);
}

/* a < b for a, b < 2^31. The sign bit times all ones rather than negated: gcc 12 and clang 14
 * and 19 emit the same arithmetic shift for both, but WP's solvers prove the product's two
 * values and fail on the wrap of 0 - 1 (scripts/prove). */
/*@ assigns \nothing;
    ensures wp_mask: \result == 0 || \result == 0xFFFFFFFF;
    ensures wp_lt: a < 0x80000000 && b < 0x80000000 ==> (\result == 0xFFFFFFFF <==> a < b); */
static inline uint32_t ct_mask_lt32(uint32_t a, uint32_t b)
{
    return ((a - b) >> 31) * 0xFFFFFFFFu;
}

/*@ assigns \nothing; */
static inline uint64_t ct_mask_eq64_32(uint32_t a, uint32_t b)
{
    return (uint64_t)0 - (uint64_t)(ct_mask_eq32(a, b) & 1u);
}

#endif
