/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* toom3_skeleton.h: the full HQC_WORDS x HQC_WORDS product by Toom-3 over GF(2) with Bodrato's
 * evaluation points 0, 1, x, x + 1, infinity and his inversion sequence (Bodrato, "Towards
 * optimal Toom-Cook multiplication for univariate and multivariate polynomials in
 * characteristic 2 and 0", WAIFI 2007, section 4), x = X^w with w a multiple of 64 so that
 * multiplying or dividing by x is a word shift and dividing by x + 1 a prefix XOR over w-bit
 * words. The five pointwise products are the backend's TOOM3_INNER_MUL (mul_skeleton.h). */
#include "skeleton_lane.h"

#define K TOOM3_PART_WORDS
#define M TOOM3_MUL_WORDS
#define S TOOM3_SHIFT_WORDS
/* Zero words kept below and above each pointwise product: the interpolation reads 3S words
 * below and S above it. A whole number of vectors. */
#define PAD ((3 * S + 3) / 4 * 4)

_Static_assert(3 * S <= PAD, "shifted reads (3S below, S above) must land in the padding");

enum { POINT_0, POINT_1, POINT_X, POINT_X1, POINT_INF };

/* Words [i, i + 4) of part j of the caller's operand x (words [jK, jK + K) of x that lie
 * below HQC_WORDS, zero elsewhere; i may be negative). A vector inside x is loaded whole and
 * the words outside the part masked off; only where it would run past the end of x is it
 * assembled word by word, so nothing outside [x, x + HQC_WORDS) is read, whatever the
 * alignment. Every branch and mask depends on i and j only, never on the data. */
HQC_VEC_INLINE vec256 part_vec(const uint64_t *x, size_t j, ptrdiff_t i)
{
    const ptrdiff_t len = (ptrdiff_t)(HQC_WORDS - j * K < K ? HQC_WORDS - j * K : K);
    const ptrdiff_t base = (ptrdiff_t)(j * K) + i; /* >= 0: only parts 1 and 2 are shifted */
    if (i + 4 <= 0 || i >= len)
        return vzero();
    if (base + 4 <= (ptrdiff_t)HQC_WORDS) {
        vec256 v = ld(x + base);
        if (i < 0 || i + 4 > len)
            v = keep_words(v, i, len);
        return v;
    }
    uint64_t w[4];
    for (ptrdiff_t t = 0; t < 4; t++)
        w[t] = i + t >= 0 && i + t < len ? x[base + t] : 0;
    return ld(w);
}

/* e = U(point) on M words for U = u0 + u1 y + u2 y^2, the three parts of the caller's x.
 * One point at a time keeps the scratch at two M-word operands instead of ten. Inlined with
 * a constant point, so that each call is one straight loop. */
HQC_VEC_INLINE void evaluate_at(uint64_t *e, const uint64_t *x, int point)
{
    for (size_t v = 0; v < M; v += 4) {
        const ptrdiff_t i = (ptrdiff_t)v;
        vec256 r;
        if (point == POINT_0) {
            r = part_vec(x, 0, i);
        } else if (point == POINT_INF) {
            r = part_vec(x, 2, i);
        } else {
            r = part_vec(x, 0, i);
            if (point != POINT_X)
                r ^= part_vec(x, 1, i) ^ part_vec(x, 2, i);
            if (point != POINT_1) /* x u1 + x^2 u2; U(x + 1) = U(1) + x u1 + x^2 u2 since (x + 1)^2 = x^2 + 1 */
                r ^= part_vec(x, 1, i - S) ^ part_vec(x, 2, i - 2 * S);
        }
        st(e + v, r);
    }
}

/* w + PAD (2M words, PAD zero words on either side) = U(point) V(point). */
HQC_VEC_INLINE void pointwise(uint64_t *w, uint64_t *ea, uint64_t *eb, const uint64_t *a, const uint64_t *b,
                              int point)
{
    zero_words(w, PAD);
    zero_words(w + PAD + 2 * M, PAD);
    evaluate_at(ea, a, point);
    evaluate_at(eb, b, point);
    TOOM3_INNER_MUL(w + PAD, ea, eb);
}

/* p = p / (x + 1) and q = q / (x + 1) in place on n words, both exact: p_i = p_i + p_(i-S)
 * over S-word digits. A prefix XOR is one long dependency chain; running the two divisions
 * in one loop overlaps their chains. */
static void divide_two_by_x_plus_1(uint64_t *p, uint64_t *q, size_t n)
{
#if TOOM3_SHIFT_WORDS == 4
    vec256 cp = vzero(), cq = vzero();
    for (size_t i = 0; i < n; i += 4) {
        cp ^= ld(p + i);
        cq ^= ld(q + i);
        st(p + i, cp);
        st(q + i, cq);
    }
#elif TOOM3_SHIFT_WORDS == 2
    vec128 cp = vzero128(), cq = vzero128();
    for (size_t i = 0; i < n; i += 2) {
        cp ^= ld128(p + i);
        cq ^= ld128(q + i);
        st128(p + i, cp);
        st128(q + i, cq);
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
    /* The whole frame: five products and the two operands of the one being computed
     * (HQC-5: 5 * 664 + 2 * 320 words = 31.7 KiB). */
    _Alignas(32) uint64_t ea[M], eb[M];
    /* w[j] + PAD holds a 2M-word product; the PAD words on either side stay zero. */
    _Alignas(32) uint64_t w[5][PAD + 2 * M + PAD];

    pointwise(w[0], ea, eb, a, b, POINT_0);
    pointwise(w[1], ea, eb, a, b, POINT_1);
    pointwise(w[2], ea, eb, a, b, POINT_X);
    pointwise(w[3], ea, eb, a, b, POINT_X1);
    pointwise(w[4], ea, eb, a, b, POINT_INF);
    uint64_t *w0 = w[0] + PAD, *w1 = w[1] + PAD, *w2 = w[2] + PAD, *w3 = w[3] + PAD, *w4 = w[4] + PAD;

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
        vec256 v0 = ld(w0 + i), v0s = ld(w0 + i + S), v1 = ld(w1 + i), v1s = ld(w1 + i + S);
        vec256 v2 = ld(w2 + i), v2s = ld(w2 + i + S), v3 = ld(w3 + i), v3s = ld(w3 + i + S);
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
        vec256 c0lo = ld_opaque(w0 + i), c0hi = ld(w0 + K + i);
        vec256 c1lo = ld(w1 + i) ^ ld(w4 + i) ^ ld(w2 + i);
        vec256 c1hi = ld(w1 + K + i) ^ ld(w4 + K + i) ^ ld(w2 + K + i);
        vec256 c2lo = ld(w2 + i) ^ ld(w3 + i), c2hi = ld(w2 + K + i) ^ ld(w3 + K + i);
        st(prod + i, c0lo);
        st(prod + K + i, c1lo ^ c0hi);
        st(prod + 2 * K + i, c2lo ^ c1hi);
        st(prod + 3 * K + i, ld(w3 + i) ^ c2hi);
        st(prod + 4 * K + i, ld(w4 + i) ^ ld(w3 + K + i));
        st(prod + 5 * K + i, ld_opaque(w4 + K + i));
    }
}
