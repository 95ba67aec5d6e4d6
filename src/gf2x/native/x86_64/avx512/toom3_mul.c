/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* toom3_mul.c: the full W x W-word product by Toom-3 over GF(2): points 0, 1, x, x + 1 and
 * infinity with x = X^w, Bodrato's evaluation and inversion sequence ("Towards optimal
 * Toom-Cook multiplication for univariate and multivariate polynomials in characteristic 2
 * and 0", WAIFI 2007, section 4), as Robert and Veron 2021 use it (section on Toom-Cook). w
 * is a whole number of words, so dividing by x + 1 is a prefix XOR over w-bit words. */
#include <immintrin.h>

#include "gf2x_avx512.h"

#define K TOOM3_PART_WORDS
#define S TOOM3_SHIFT_WORDS
#define MW (TOOM3_MUL_BLOCKS * BLOCK_WORDS) /* words of an evaluated operand */
#define PW TOOM3_PIECE_WORDS                 /* words of a pointwise product */
/* Zero words around every pointwise product: interpolation reads up to 3S words below and S
 * above it, and recomposition windows straddling an end, land there. */
#define PAD ((3 * S + BLOCK_WORDS - 1) / BLOCK_WORDS * BLOCK_WORDS)
/* A slot holds one padded pointwise product, or before that the two evaluated operands of a
 * point (words [0, MW) and [MW, 2 MW)). */
#define SLOT (PAD + PW + PAD)

_Static_assert(PAD >= BLOCK_WORDS && PAD >= 3 * S, "padding covers every shifted read");
_Static_assert(2 * MW <= SLOT, "both evaluated operands of a point fit one slot");

static inline __m512i ldu(const uint64_t *p)
{
    return _mm512_loadu_si512((const void *)p);
}

/* A zero the optimiser cannot see: plain clearing loops would become memset, which gcc
 * expands to rep stosq here, several times slower than these few stores. */
static inline __m512i opaque_zero(void)
{
    __m512i z = _mm512_setzero_si512();
#ifdef __AVX512F__
    __asm__("" : "+v"(z));
#else /* the emulated build (tests/emu/avx512_simde.h): no zmm register can hold z */
    __asm__("" : "+m"(z));
#endif
    return z;
}

static void zero_blocks(uint64_t *p, size_t words)
{
    const __m512i z = opaque_zero();
    for (size_t i = 0; i < words; i += BLOCK_WORDS)
        store_block(p + i, z);
}

/* Block i (words i .. i + 7) of part j of the caller's operand x: words [jK, jK + K) of x
 * that lie below W, zeros elsewhere. A masked load never touches the words it leaves out, so
 * nothing outside [x, x + W) is read whatever the alignment; every mask depends on i only. */
static inline __m512i part_block(const uint64_t *x, size_t j, size_t i)
{
    const size_t from = j * K + i;
    if (i >= K || from >= HQC_WORDS)
        return _mm512_setzero_si512();
    size_t n = K - i < HQC_WORDS - from ? K - i : HQC_WORDS - from;
    __mmask8 keep = n >= BLOCK_WORDS ? (__mmask8)0xff : (__mmask8)((1u << n) - 1);
    return _mm512_maskz_loadu_epi64(keep, x + from);
}

/* The block at v's position of X^(64 d) times the stream ..., back2, back1, v (d <= 16). */
#define SHIFTED(v, back1, back2, d)                                                       \
    ((d) == 2 * BLOCK_WORDS ? (back2)                                                     \
     : (d) == BLOCK_WORDS   ? (back1)                                                     \
                            : _mm512_alignr_epi64((v), (back1), (BLOCK_WORDS - (d)) % BLOCK_WORDS))

/* Split the caller's operand x into u0 + u1 y + u2 y^2 (y = X^(64K)) and evaluate it in one
 * pass that reads x once: e[0] = u0 = U(0), e[1] = U(1), e[2] = U(x), e[3] = U(x + 1) and
 * e[4] = u2 = U(inf), MW words each, e[k] at e + k SLOT. The shifts by x and x^2 take the
 * words they need from the previous blocks, kept in registers. */
static void split_evaluate(uint64_t *e_base, const uint64_t *x)
{
    uint64_t *const e[5] = {e_base, e_base + SLOT, e_base + 2 * SLOT, e_base + 3 * SLOT, e_base + 4 * SLOT};
    __m512i b1 = _mm512_setzero_si512(), c1 = b1, b2 = b1, c2 = b1; /* u1, u2 one and two blocks back */
    for (size_t i = 0; i < MW; i += BLOCK_WORDS) {
        __m512i v0 = part_block(x, 0, i), v1 = part_block(x, 1, i), v2 = part_block(x, 2, i);
        __m512i xs = _mm512_xor_si512(SHIFTED(v1, b1, c1, S), SHIFTED(v2, b2, c2, 2 * S)); /* x u1 + x^2 u2 */
        __m512i one = xor3(v0, v1, v2);
        store_block(e[0] + i, v0);
        store_block(e[1] + i, one);
        store_block(e[2] + i, _mm512_xor_si512(v0, xs));
        store_block(e[3] + i, _mm512_xor_si512(one, xs));
        store_block(e[4] + i, v2);
        c1 = b1, b1 = v1, c2 = b2, b2 = v2;
    }
}

/* Prefix XOR with stride S words inside one block (q_i = v_i + q_(i-S)), continued from the
 * previous block's quotient prev: the division by x + 1 = X^(64S) + 1, lowest word first. */
static inline __m512i prefix_xor(__m512i v, __m512i prev)
{
    const __m512i z = _mm512_setzero_si512();
#if S == 1
    v = _mm512_xor_si512(v, _mm512_alignr_epi64(v, z, 7));
    v = _mm512_xor_si512(v, _mm512_alignr_epi64(v, z, 6));
    v = _mm512_xor_si512(v, _mm512_alignr_epi64(v, z, 4));
    return _mm512_xor_si512(v, _mm512_permutexvar_epi64(_mm512_set1_epi64(7), prev));
#elif S == 2
    v = _mm512_xor_si512(v, _mm512_alignr_epi64(v, z, 6));
    v = _mm512_xor_si512(v, _mm512_alignr_epi64(v, z, 4));
    return _mm512_xor_si512(v, _mm512_shuffle_i64x2(prev, prev, 0xff));
#elif S == 4
    v = _mm512_xor_si512(v, _mm512_alignr_epi64(v, z, 4));
    return _mm512_xor_si512(v, _mm512_shuffle_i64x2(prev, prev, 0xee));
#elif S == 8
    (void)z;
    return _mm512_xor_si512(v, prev);
#else
#error "TOOM3_SHIFT_WORDS must be 1, 2, 4 or 8"
#endif
}

/*
 * Interpolation in one ascending pass, in place: with r(t) = c0 + c1 t + ... + c4 t^4,
 *   w3 = r(x+1) + r(x),   w1 = r(1) + r(0),   w2 = (r(x) + r(0)) / x
 *   c2 + c3 = (w2 + w3 + r(inf) (x^3 + 1)) / (x + 1),   c3 = (w3 + w1) / (x (x + 1))
 *   c1 = w1 + r(inf) + (c2 + c3),   c2 = (c2 + c3) + c3.
 * Every word is read before the store of its block, and reads one block ahead only reach
 * words not yet rewritten, so c1, c2, c3 replace r(1), r(x), r(x+1).
 */
static void interpolate(uint64_t *r0, uint64_t *r1, uint64_t *rx, uint64_t *rx1, const uint64_t *rinf)
{
    __m512i q23 = _mm512_setzero_si512(), q3 = _mm512_setzero_si512();
    for (size_t i = 0; i < PW; i += BLOCK_WORDS) {
        __m512i w3 = _mm512_xor_si512(load_block(rx1 + i), load_block(rx + i));
        __m512i w1 = _mm512_xor_si512(load_block(r1 + i), load_block(r0 + i));
        __m512i up_x = ldu(rx + i + S), up_0 = ldu(r0 + i + S);
        __m512i inf = load_block(rinf + i);
        __m512i v23 = xor3(_mm512_xor_si512(up_x, up_0), w3, inf);
        v23 = _mm512_xor_si512(v23, ldu(rinf + i - 3 * S));
        __m512i v3 = xor3(ldu(rx1 + i + S), up_x, _mm512_xor_si512(ldu(r1 + i + S), up_0));
        q23 = prefix_xor(v23, q23);
        q3 = prefix_xor(v3, q3);
        store_block(r1 + i, xor3(w1, inf, q23));
        store_block(rx + i, _mm512_xor_si512(q23, q3));
        store_block(rx1 + i, q3);
    }
}

void toom3_mul(uint64_t *o, const uint64_t *a, const uint64_t *b)
{
    /*
     * Points in this order: 0, 1, x, x + 1, infinity. The operands at point k wait in slot
     * k + 1 and its product goes to slot k, whose own operands (point k - 1) have been used
     * by then: six slots instead of five products and ten operands (HQC-5: 32.3 KiB instead
     * of 51.9 KiB, for the stack budget of docs/VERIFICATION.md), with the same instructions.
     */
    _Alignas(64) uint64_t slot[6][SLOT];

    split_evaluate(slot[1], a);
    split_evaluate(slot[1] + MW, b);
    for (int k = 0; k < 5; k++) {
        zero_blocks(slot[k], PAD);
        zero_blocks(slot[k] + PAD + PW, PAD);
        TOOM3_INNER(slot[k] + PAD, slot[k + 1], slot[k + 1] + MW);
    }
    interpolate(slot[0] + PAD, slot[1] + PAD, slot[2] + PAD, slot[3] + PAD, slot[4] + PAD);
    const uint64_t *const c[5] = {slot[0] + PAD, slot[1] + PAD, slot[2] + PAD, slot[3] + PAD, slot[4] + PAD};
    reduce_mod_xn_minus_1_avx512(o, c);
}
