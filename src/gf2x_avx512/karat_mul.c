/* karat_mul.c: n-word x n-word carry-less product for n = 8 * 2^i * 3^j by recursive two-
 * and three-way Karatsuba (Weimerskirch and Paar, "Generalizations of the Karatsuba
 * algorithm", section 4) with 512-bit XORs, down to the VPCLMULQDQ kernel of karat_mul_512.h
 * (Robert and Veron 2021, section 3). Scratch comes from the caller's stack buffer. */
#include <immintrin.h>

#include "gf2x_avx512.h"
#include "karat_mul_512.h"

static inline __m512i ld(const uint64_t *p)
{
    return _mm512_loadu_si512((const void *)p);
}

static inline void st(uint64_t *p, __m512i v)
{
    _mm512_storeu_si512((void *)p, v);
}

static void mul8(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    __m512i lo, hi;
    karat_mul_512(&lo, &hi, ld(a), ld(b));
    st(r, lo);
    st(r + 8, hi);
}

size_t karat_mul_scratch_words(size_t n)
{
    if (n == 8)
        return 0;
    if (n % 24 == 0)
        return 14 * (n / 3) + karat_mul_scratch_words(n / 3);
    return 2 * n + karat_mul_scratch_words(n / 2);
}

/* a = a0 + X a1, X = x^(64h): r = a0b0 + X (a0b0 + a1b1 + (a0+a1)(b0+b1)) + X^2 a1b1. */
static void karat2(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n, uint64_t *scratch)
{
    const size_t h = n / 2;
    uint64_t *sa = scratch, *sb = scratch + h, *pm = scratch + 2 * h, *rest = scratch + 2 * n;
    for (size_t i = 0; i < h; i += 8) {
        st(sa + i, ld(a + i) ^ ld(a + h + i));
        st(sb + i, ld(b + i) ^ ld(b + h + i));
    }
    karat_mul(pm, sa, sb, h, rest);
    karat_mul(r, a, b, h, rest);
    karat_mul(r + n, a + h, b + h, h, rest);
    for (size_t i = 0; i < h; i += 8) {
        __m512i t = ld(r + h + i) ^ ld(r + n + i);
        st(r + h + i, t ^ ld(r + i) ^ ld(pm + i));
        st(r + n + i, t ^ ld(r + n + h + i) ^ ld(pm + h + i));
    }
}

/* a = a0 + X a1 + X^2 a2: six products of m = n/3 words, the five coefficients
 * c0 = p0, c1 = p01 + p0 + p1, c2 = p02 + p0 + p1 + p2, c3 = p12 + p1 + p2, c4 = p2. */
static void karat3(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n, uint64_t *scratch)
{
    const size_t m = n / 3, m2 = 2 * m;
    uint64_t *s = scratch, *p = scratch + 6 * m, *rest = scratch + 14 * m;
    uint64_t *sa01 = s, *sa02 = s + m, *sa12 = s + 2 * m, *sb01 = s + 3 * m, *sb02 = s + 4 * m, *sb12 = s + 5 * m;
    uint64_t *p1 = p, *p01 = p + m2, *p02 = p + 2 * m2, *p12 = p + 3 * m2;
    for (size_t i = 0; i < m; i += 8) {
        __m512i a0 = ld(a + i), a1 = ld(a + m + i), a2 = ld(a + m2 + i);
        __m512i b0 = ld(b + i), b1 = ld(b + m + i), b2 = ld(b + m2 + i);
        st(sa01 + i, a0 ^ a1), st(sa02 + i, a0 ^ a2), st(sa12 + i, a1 ^ a2);
        st(sb01 + i, b0 ^ b1), st(sb02 + i, b0 ^ b2), st(sb12 + i, b1 ^ b2);
    }
    karat_mul(r, a, b, m, rest);                  /* p0 in r[0, 2m) */
    karat_mul(r + 2 * m2, a + m2, b + m2, m, rest); /* p2 in r[4m, 6m) */
    karat_mul(p1, a + m, b + m, m, rest);
    karat_mul(p01, sa01, sb01, m, rest);
    karat_mul(p02, sa02, sb02, m, rest);
    karat_mul(p12, sa12, sb12, m, rest);
    /* In halves of m words: p0 = (A0, A1), p1 = (B0, B1), p2 = (C0, C1), and the result
     * words [m, 4m) are built from them and the three mixed products in one pass. */
    for (size_t i = 0; i < m; i += 8) {
        __m512i A0 = ld(r + i), A1 = ld(r + m + i), C0 = ld(r + 2 * m2 + i), C1 = ld(r + 2 * m2 + m + i);
        __m512i B0 = ld(p1 + i), B1 = ld(p1 + m + i);
        __m512i s01 = A0 ^ B0, s12 = B1 ^ C1, all0 = s01 ^ C0, all1 = A1 ^ s12;
        /* c1 at [m, 3m), c2 at [2m, 4m), c3 at [3m, 5m) */
        st(r + m + i, A1 ^ s01 ^ ld(p01 + i));
        st(r + m2 + i, A1 ^ B1 ^ ld(p01 + m + i) ^ all0 ^ ld(p02 + i));
        st(r + m2 + m + i, all1 ^ ld(p02 + m + i) ^ B0 ^ C0 ^ ld(p12 + i));
        st(r + 2 * m2 + i, C0 ^ s12 ^ ld(p12 + m + i));
    }
}

void karat_mul(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n, uint64_t *scratch)
{
    /* n is a property of the level, not of the data. */
    if (n == 8)
        mul8(r, a, b);
    else if (n % 24 == 0)
        karat3(r, a, b, n, scratch);
    else
        karat2(r, a, b, n, scratch);
}
