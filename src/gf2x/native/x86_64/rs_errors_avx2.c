/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* rs_errors_avx2.c: the RS decoder's error values (spec section "Decoding the Reed-Solomon
 * code", steps 2-4) for CPUs without GFNI (the avx2 and vpclmul backends): rs_errors_body.h
 * over a product of 32 pairs of bytes in HQC's own field GF(2)[x]/(x^8+x^4+x^3+x^2+1), so no
 * change of field. The product is shift-and-add: early x^i for i < 8 (seven doublings that
 * need only the operand known sooner), each kept where bit i of the later operand is set, and
 * the eight summed as a tree, so an iteration waits about six operations for the later one. */
#include "rs_errors_avx2.h"

#include <immintrin.h>

#include "gf256_avx2.h"

/* p[i] where bit i of every byte of b is set, else 0: the bit moved to the byte's top bit,
 * which VPBLENDVB reads (a 16-bit shift keeps each byte's top bit from the same byte). */
static inline __m256i term(__m256i p, __m256i b, int i)
{
    return _mm256_blendv_epi8(_mm256_setzero_si256(), p, _mm256_slli_epi16(b, 7 - i));
}

static inline __m256i field_mul(__m256i early, __m256i late)
{
    __m256i p[8];
    p[0] = early;
    for (int i = 1; i < 8; i++)
        p[i] = gf256_times_x(p[i - 1]);
    const __m256i s01 = _mm256_xor_si256(term(p[0], late, 0), term(p[1], late, 1));
    const __m256i s23 = _mm256_xor_si256(term(p[2], late, 2), term(p[3], late, 3));
    const __m256i s45 = _mm256_xor_si256(term(p[4], late, 4), term(p[5], late, 5));
    const __m256i s67 = _mm256_xor_si256(term(p[6], late, 6), term(p[7], late, 7));
    return _mm256_xor_si256(_mm256_xor_si256(s01, s23), _mm256_xor_si256(s45, s67));
}

/* a^254 = a^-1 (0 -> 0): a^2, a^3, a^6, a^12, a^15, then a^240 by four squarings, a^252, a^254 */
static inline __m256i field_inv(__m256i a)
{
    const __m256i a2 = field_mul(a, a), a3 = field_mul(a, a2), a6 = field_mul(a3, a3), a12 = field_mul(a6, a6);
    const __m256i a15 = field_mul(a3, a12);
    __m256i a240 = a15;
    for (int i = 0; i < 4; i++)
        a240 = field_mul(a240, a240);
    return field_mul(a2, field_mul(a12, a240));
}

#define RS_ERRORS rs_errors_avx2
#define FIELD_IN(v) (v)
#define FIELD_OUT(v) (v)
#define RS_MUL(early, late) field_mul((early), (late))
#define RS_INV(v) field_inv(v)
#include "rs_errors_body.h"
