/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* toom3_skeleton.h: the full HQC_WORDS x HQC_WORDS product by Toom-3 over GF(2) with Bodrato's
 * evaluation points 0, 1, x, x + 1, infinity and his inversion sequence (Bodrato, "Towards
 * optimal Toom-Cook multiplication for univariate and multivariate polynomials in
 * characteristic 2 and 0", WAIFI 2007, section 4), x = X^w with w a multiple of 64 so that
 * multiplying or dividing by x is a word shift and dividing by x + 1 a prefix XOR over w-bit
 * words. The five pointwise products are the backend's TOOM3_INNER_MUL (mul_skeleton.h). */
#include "vec256.h"

#define K TOOM3_PART_WORDS
#define M TOOM3_MUL_WORDS
#define S TOOM3_SHIFT_WORDS
#define PAD 16 /* zero words kept below each part and product: shifted reads land there */

_Static_assert(3 * S <= PAD, "x^3 times a product must read only padding below it");

HQC_VEC_INLINE void copy_words(uint64_t *d, const uint64_t *s, size_t n)
{
    size_t i = 0;
    for (; i < (n & ~(size_t)3); i += 4)
        st(d + i, ld_opaque(s + i));
    for (; i < n; i++)
        d[i] = s[i];
}

/* Split a (HQC_WORDS words) into three K-word parts, each at the start of its M-word slot in
 * part[j] + PAD, with zeros around it. Copying first is what makes the tail of the operand
 * and unaligned callers harmless: nothing below reads the caller's buffers. */
static void split3(uint64_t part[3][PAD + M + PAD], const uint64_t *a)
{
    for (size_t j = 0; j < 3; j++) {
        size_t from = j * K, len = HQC_WORDS > from ? HQC_WORDS - from : 0;
        if (len > K)
            len = K;
        zero_words(part[j], PAD + M + PAD);
        copy_words(part[j] + PAD, a + from, len);
    }
}

/* e1 = U(1), ex = U(x), ex1 = U(x + 1) on M words. */
static void evaluate(uint64_t *e1, uint64_t *ex, uint64_t *ex1, uint64_t part[3][PAD + M + PAD])
{
    const uint64_t *u0 = part[0] + PAD, *u1 = part[1] + PAD, *u2 = part[2] + PAD;
    for (size_t i = 0; i < M; i += 4) {
        __m256i one = ld(u0 + i) ^ ld(u1 + i) ^ ld(u2 + i);
        __m256i shifted = ld(u1 + i - S) ^ ld(u2 + i - 2 * S); /* x U1 + x^2 U2 */
        st(e1 + i, one);
        st(ex + i, ld(u0 + i) ^ shifted);
        st(ex1 + i, one ^ shifted);
    }
}

/* p = p / (x + 1) and q = q / (x + 1) in place on n words, both exact: p_i = p_i + p_(i-S)
 * over S-word digits. A prefix XOR is one long dependency chain; running the two divisions
 * in one loop overlaps their chains. */
static void divide_two_by_x_plus_1(uint64_t *p, uint64_t *q, size_t n)
{
#if TOOM3_SHIFT_WORDS == 4
    __m256i cp = _mm256_setzero_si256(), cq = _mm256_setzero_si256();
    for (size_t i = 0; i < n; i += 4) {
        cp ^= ld(p + i);
        cq ^= ld(q + i);
        st(p + i, cp);
        st(q + i, cq);
    }
#elif TOOM3_SHIFT_WORDS == 2
    __m128i cp = _mm_setzero_si128(), cq = _mm_setzero_si128();
    for (size_t i = 0; i < n; i += 2) {
        cp ^= _mm_loadu_si128((const __m128i *)(p + i));
        cq ^= _mm_loadu_si128((const __m128i *)(q + i));
        _mm_storeu_si128((__m128i *)(p + i), cp);
        _mm_storeu_si128((__m128i *)(q + i), cq);
    }
#elif TOOM3_SHIFT_WORDS == 1
    uint64_t cp = 0, cq = 0;
    for (size_t i = 0; i < n; i++) {
        cp ^= p[i];
        cq ^= q[i];
        p[i] = cp;
        q[i] = cq;
    }
#else
#error "TOOM3_SHIFT_WORDS must be 1, 2 or 4"
#endif
}

void toom3_mul(uint64_t *prod, const uint64_t *a, const uint64_t *b)
{
    _Alignas(32) uint64_t pa[3][PAD + M + PAD], pb[3][PAD + M + PAD];
    _Alignas(32) uint64_t e1a[M], exa[M], ex1a[M], e1b[M], exb[M], ex1b[M];
    /* w[j] + PAD holds a 2M-word product; the PAD words on either side stay zero. */
    _Alignas(32) uint64_t w[5][PAD + 2 * M + PAD];

    split3(pa, a);
    split3(pb, b);
    evaluate(e1a, exa, ex1a, pa);
    evaluate(e1b, exb, ex1b, pb);
    for (size_t j = 0; j < 5; j++) {
        zero_words(w[j], PAD);
        zero_words(w[j] + PAD + 2 * M, PAD);
    }
    uint64_t *w0 = w[0] + PAD, *w1 = w[1] + PAD, *w2 = w[2] + PAD, *w3 = w[3] + PAD, *w4 = w[4] + PAD;
    TOOM3_INNER_MUL(w0, pa[0] + PAD, pb[0] + PAD); /* C(0)        */
    TOOM3_INNER_MUL(w1, e1a, e1b);                 /* C(1)        */
    TOOM3_INNER_MUL(w2, exa, exb);                 /* C(x)        */
    TOOM3_INNER_MUL(w3, ex1a, ex1b);               /* C(x + 1)    */
    TOOM3_INNER_MUL(w4, pa[2] + PAD, pb[2] + PAD); /* C(infinity) */

    /* Bodrato's sequence with C = c0 + c1 y + ... + c4 y^4:
     *   w3 += w2            c1 + c2 + (x^2+x+1) c3 + c4
     *   w1 += w0            c1 + c2 + c3 + c4
     *   w2 = (w2 + w0) / x  c1 + x c2 + x^2 c3 + x^3 c4
     *   w2 = (w2 + w3 + (x^3+1) w4) / (x+1)    c2 + c3
     *   w3 = (w3 + w1) / (x (x+1))             c3
     *   w1 += w4 + w2       c1
     *   w2 += w3            c2
     * The first five steps up to the divisions are one pass: at word i it reads the old
     * values at i and i + S only, and writes at i, so the updates can be made in place. */
    for (size_t i = 0; i < 2 * M; i += 4) {
        __m256i v0 = ld(w0 + i), v0s = ld(w0 + i + S), v1 = ld(w1 + i), v1s = ld(w1 + i + S);
        __m256i v2 = ld(w2 + i), v2s = ld(w2 + i + S), v3 = ld(w3 + i), v3s = ld(w3 + i + S);
        st(w1 + i, v1 ^ v0);
        st(w2 + i, v2s ^ v0s ^ v3 ^ v2 ^ ld(w4 + i) ^ ld(w4 + i - 3 * S));
        st(w3 + i, v3s ^ v2s ^ v1s ^ v0s);
    }
    divide_two_by_x_plus_1(w2, w3, 2 * M);

    /* prod = sum c_j y^j, y = X^(64K): block j (K words) is c_j lo + c_(j-1) hi, with
     * c1 = w1 + w4 + w2 and c2 = w2 + w3 formed on the fly. Each c_j is below 2K words. When
     * K % 4 != 0 the last vector of a block runs into the next one; going down from the top
     * lets the next block's first vector (i = 0) be written after it, and the last block runs
     * into the slack of TOOM3_PROD_ALLOC. */
    for (size_t v = (K + 3) / 4; v-- > 0;) {
        size_t i = 4 * v;
        __m256i c0lo = ld_opaque(w0 + i), c0hi = ld(w0 + K + i);
        __m256i c1lo = ld(w1 + i) ^ ld(w4 + i) ^ ld(w2 + i);
        __m256i c1hi = ld(w1 + K + i) ^ ld(w4 + K + i) ^ ld(w2 + K + i);
        __m256i c2lo = ld(w2 + i) ^ ld(w3 + i), c2hi = ld(w2 + K + i) ^ ld(w3 + K + i);
        st(prod + i, c0lo);
        st(prod + K + i, c1lo ^ c0hi);
        st(prod + 2 * K + i, c2lo ^ c1hi);
        st(prod + 3 * K + i, ld(w3 + i) ^ c2hi);
        st(prod + 4 * K + i, ld(w4 + i) ^ ld(w3 + K + i));
        st(prod + 5 * K + i, ld_opaque(w4 + K + i));
    }
}
