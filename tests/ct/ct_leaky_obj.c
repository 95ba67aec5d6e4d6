/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* ct_leaky_obj.c: the object check's leaky twin (scripts/ct-objects --expect-leaks). Each
 * leak_* function reads secret words through its pointer arguments, the way the contract's
 * kernels do, and then branches or indexes on them as the object check must report, in the
 * scalar, AVX2, AVX-512 and NEON forms the backends use; each clean_* one does the same work
 * with masks and must not be reported. Compiled, never run. */
#include <stddef.h>
#include <stdint.h>

#if defined(__x86_64__)
#include <immintrin.h>
#elif defined(__aarch64__)
#include <arm_neon.h>
#endif

/* A branch on a secret word: a loop whose trip count is secret (no compiler can make that a
 * select). */
uint32_t leak_branch(const uint64_t *s, size_t n)
{
    uint32_t acc = 1;
    for (size_t i = 0; i < n; i++)
        for (uint32_t k = 0; k < (uint32_t)(s[i] & 7u); k++)
            acc = acc * 3u + k;
    return acc;
}

/* A table read at a secret index. */
uint32_t leak_index(const uint8_t *s, size_t n, const uint32_t *table)
{
    uint32_t acc = 0;
    for (size_t i = 0; i < n; i++)
        acc ^= table[s[i]];
    return acc;
}

/* The same selection with a mask: public loop branches only. */
uint32_t clean_mask(const uint64_t *s, size_t n)
{
    uint32_t acc = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t m = 0u - (uint32_t)(s[i] & 1u);
        __asm__("" : "+r"(m));
        acc = (m & (acc * 3u + (uint32_t)i)) | (~m & (acc ^ 0x5bd1e995u));
    }
    return acc;
}

/* A table read at public indices (a loop over the whole table), selected by mask. */
uint32_t clean_scan(const uint8_t *s, const uint32_t *table)
{
    uint32_t acc = 0;
    for (uint32_t j = 0; j < 256; j++) {
        uint32_t m = 0u - (uint32_t)(((uint32_t)s[0] ^ j) == 0);
        acc |= m & table[j];
    }
    return acc;
}

#if defined(__x86_64__) && defined(__AVX2__)
/* An early exit on a secret vector (vptest). */
int leak_vptest(const __m256i *a, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (_mm256_testz_si256(_mm256_loadu_si256(a + i), _mm256_loadu_si256(a + i)))
            return (int)i;
    return -1;
}

/* A secret lane moved to a general register and used as an address. */
uint64_t leak_lane_index(const __m256i *a, const uint64_t *table)
{
    __m256i v = _mm256_loadu_si256(a);
    return table[_mm256_extract_epi64(v, 1) & 63];
}

/* Products of secret vectors, xor-accumulated over a public count. */
void clean_clmul(__m128i *o, const __m128i *a, const __m128i *b, size_t n)
{
    __m128i acc = _mm_setzero_si128();
    for (size_t i = 0; i < n; i++)
        acc = _mm_xor_si128(acc, _mm_clmulepi64_si128(_mm_loadu_si128(a + i),
                                                      _mm_loadu_si128(b + i), 0x01));
    _mm_storeu_si128(o, acc);
}
#endif

#if defined(__x86_64__) && defined(__AVX512F__)
/* A branch on an AVX-512 compare mask (kortest). */
int leak_kmask(const __m512i *a, const __m512i *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (_mm512_cmpeq_epi64_mask(_mm512_loadu_si512(a + i), _mm512_loadu_si512(b + i)))
            return (int)i;
    return -1;
}

/* The mask used as one, in a masked blend. */
void clean_kmask(__m512i *o, const __m512i *a, const __m512i *b, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        __m512i x = _mm512_loadu_si512(a + i), y = _mm512_loadu_si512(b + i);
        _mm512_storeu_si512(o + i, _mm512_mask_blend_epi64(_mm512_cmpeq_epi64_mask(x, y), x, y));
    }
}
#endif

#if defined(__aarch64__)
/* An early exit on a secret NEON vector (a lane reduction moved to a register). */
int leak_neon_any(const uint8_t *a, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (vmaxvq_u8(vld1q_u8(a + 16 * i)))
            return (int)i;
    return -1;
}

/* Polynomial products of secret vectors over a public count. */
void clean_pmull(uint8_t *o, const uint64_t *a, const uint64_t *b, size_t n)
{
    poly128_t acc = 0;
    for (size_t i = 0; i < n; i++)
        acc ^= vmull_p64((poly64_t)a[i], (poly64_t)b[i]);
    vst1q_u8(o, vreinterpretq_u8_p128(acc));
}
#endif
