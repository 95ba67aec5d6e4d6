/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* vec_neon.h: the aarch64 lane type of the Toom-3/Karatsuba skeleton (src/gf2x/native/x86_64/avx2/
 * skeleton_lane.h lists what a lane header provides): four 64-bit words as a generic 32-byte
 * vector, which the compiler keeps in a pair of Q registers (ldp/stp q, two EORs per ^), and
 * uint64x2_t for two-word digits. Only loads, stores, EOR and AND: nothing here depends on
 * data for its timing. */
#ifndef HQC_GF2X_VEC_NEON_H
#define HQC_GF2X_VEC_NEON_H

#include <arm_neon.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define HQC_VEC_INLINE static inline __attribute__((always_inline))

typedef uint64_t vec256 __attribute__((vector_size(32)));
typedef int64_t vec256_signed __attribute__((vector_size(32)));
typedef uint64x2_t vec128;

HQC_VEC_INLINE vec256 vzero(void)
{
    return (vec256){0, 0, 0, 0};
}

HQC_VEC_INLINE vec128 vzero128(void)
{
    return vdupq_n_u64(0);
}

/* Each word shifted right or left by n < 64 bits (zeros shifted in: the words are unsigned). */
HQC_VEC_INLINE vec256 vshr_words(vec256 v, int n)
{
    return v >> n;
}

HQC_VEC_INLINE vec256 vshl_words(vec256 v, int n)
{
    return v << n;
}

HQC_VEC_INLINE vec256 ld(const uint64_t *p)
{
    vec256 v;
    memcpy(&v, p, sizeof v);
    return v;
}

HQC_VEC_INLINE void st(uint64_t *p, vec256 v)
{
    memcpy(p, &v, sizeof v);
}

HQC_VEC_INLINE vec128 ld128(const uint64_t *p)
{
    return vld1q_u64(p);
}

HQC_VEC_INLINE void st128(uint64_t *p, vec128 v)
{
    vst1q_u64(p, v);
}

/* A load through an address the optimiser cannot follow, so that a loop which only copies
 * stays a loop of ldp/stp instead of becoming a call to memcpy (vec256.h says why). */
HQC_VEC_INLINE vec256 ld_opaque(const uint64_t *p)
{
    __asm__("" : "+r"(p));
    return ld(p);
}

HQC_VEC_INLINE void zero_words(uint64_t *p, size_t n)
{
    size_t i = 0;
    for (; i < (n & ~(size_t)3); i += 4) {
        uint64_t *q = p + i;
        __asm__("" : "+r"(q)); /* see ld_opaque: no memset */
        st(q, vzero());
    }
    for (; i < n; i++)
        p[i] = 0;
}

/* v with word t cleared unless 0 <= i + t < len: the mask comes from word positions only. */
HQC_VEC_INLINE vec256 keep_words(vec256 v, ptrdiff_t i, ptrdiff_t len)
{
    vec256_signed idx = {i, i + 1, i + 2, i + 3};
    return v & (vec256)((idx >= 0) & (idx < len));
}

#endif
