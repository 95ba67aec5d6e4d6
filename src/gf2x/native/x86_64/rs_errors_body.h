/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* rs_errors_body.h: the RS decoder's error values from the syndromes (spec section "Decoding
 * the Reed-Solomon code", steps 2-4): inversion-free Berlekamp-Massey, then Chien and Forney at
 * the k message positions, as src/gf2x/rs_errors.c does them, one field element per byte of a
 * ymm register. Written once for both field arithmetics: the including file defines RS_ERRORS
 * (the function's name), FIELD_IN and FIELD_OUT (HQC's field to the one RS_MUL works in and
 * back), RS_MUL(early, late) (the product; early is the operand known sooner, which a kernel
 * may precompute from) and RS_INV (the inverse, 0 -> 0); and RS_LOOKAHEAD where the product is
 * cheap enough that Berlekamp-Massey's chain of latencies, not its operations, sets the pace. */
#include <immintrin.h>
#include <string.h>

#include "ct.h"
#include "rs_generator.h"
#include "zeroize.h"

#define TWO_DELTA (2 * HQC_DELTA)
_Static_assert(HQC_DELTA < 32 && HQC_K <= 32, "one ymm register holds sigma, and one the positions");

/* lane i <- lane i - 1, lane 0 <- 0 */
static inline __m256i shift_up(__m256i a)
{
    return _mm256_alignr_epi8(a, _mm256_permute2x128_si256(a, a, 0x08), 15);
}

/* the XOR of the 32 lanes, in every lane: the halves, then rotations of each half by 8, 4, 2
 * and 1 bytes, so that no broadcast follows (it would add its latency to every discrepancy) */
static inline __m256i xor_lanes(__m256i a)
{
    a = _mm256_xor_si256(a, _mm256_permute2x128_si256(a, a, 0x01));
    a = _mm256_xor_si256(a, _mm256_alignr_epi8(a, a, 8));
    a = _mm256_xor_si256(a, _mm256_alignr_epi8(a, a, 4));
    a = _mm256_xor_si256(a, _mm256_alignr_epi8(a, a, 2));
    return _mm256_xor_si256(a, _mm256_alignr_epi8(a, a, 1));
}

/* the window of iteration r (RS_ERRORS's rev): S_r, S_(r-1), ..., S_0 in the lanes of loc */
static inline __m256i window_of(const uint8_t *rev, int r, __m256i loc)
{
    return _mm256_and_si256(_mm256_loadu_si256((const __m256i *)(rev + TWO_DELTA - 1 - r)), loc);
}

/* all ones in lanes 0 .. n-1 */
static inline __m256i lanes_below(int n)
{
    return _mm256_cmpgt_epi8(_mm256_set1_epi8((char)n), _mm256_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14,
                                                                          15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26,
                                                                          27, 28, 29, 30, 31));
}

void RS_ERRORS(uint8_t *err, const uint8_t *syn)
{
    /* Everything secret in one struct, so that one zeroize wipes it. s: the syndromes in the
     * working field; rev[TWO_DELTA - 1 - j] = S_j with zeros after, so that the 32 bytes at
     * rev + TWO_DELTA - 1 - r are S_r, S_(r-1), ..., 0 (the window of iteration r); shifted:
     * 32 zeros, then S_0 .. S_(delta-1), read at 32 - j for the syndromes moved up j lanes. */
    struct {
        uint8_t padded[64], s[64], rev[TWO_DELTA - 1 + 32], shifted[64], sigma[32], omega[32], out[32];
    } t;
    memset(&t, 0, sizeof t);
    memcpy(t.padded, syn, TWO_DELTA);
    _mm256_storeu_si256((__m256i *)t.s, FIELD_IN(_mm256_loadu_si256((const __m256i *)t.padded)));
    _mm256_storeu_si256((__m256i *)(t.s + 32), FIELD_IN(_mm256_loadu_si256((const __m256i *)(t.padded + 32))));
    for (int j = 0; j < TWO_DELTA; j++)
        t.rev[TWO_DELTA - 1 - j] = t.s[j];
    memcpy(t.shifted + 32, t.s, HQC_DELTA);

    /* Berlekamp-Massey as error_locator does it (rs_errors.c): sigma and prev in lanes
     * 0..delta, gamma and the discrepancy broadcast. The window and prev are known before
     * sigma and the discrepancy, which each iteration waits for. */
    const __m256i loc = lanes_below(HQC_DELTA + 1);
    __m256i sigma = _mm256_and_si256(_mm256_set1_epi8(1), lanes_below(1));
    __m256i prev = sigma, gamma = _mm256_set1_epi8(1);
#ifdef RS_LOOKAHEAD
    /* The same iterations with the discrepancy found one ahead. sigma_(r+1) = gamma_r sigma_r
     * + disc_r xprev_r and the window is masked to loc, so by linearity disc_(r+1) = gamma_r A
     * + disc_r B, with A and B the window of r + 1 summed against sigma_r and against xprev_r:
     * both wait only for what iteration r starts with, not for sigma_(r+1). The growth test and
     * len (lanes, every lane alike; 2 len <= 2 (2 delta) < 128 as int8) stay in vectors, so no
     * round trip through a general register lies on the way either. */
    __m256i disc = xor_lanes(RS_MUL(window_of(t.rev, 0, loc), sigma));
    __m256i lenv = _mm256_setzero_si256();
    for (int r = 0; r < TWO_DELTA; r++) {
        const __m256i xprev = _mm256_and_si256(shift_up(prev), loc);
        __m256i disc_next = _mm256_setzero_si256();
        if (r + 1 < TWO_DELTA) { /* public */
            const __m256i window = window_of(t.rev, r + 1, loc);
            const __m256i a = xor_lanes(RS_MUL(window, sigma)), b = xor_lanes(RS_MUL(window, xprev));
            disc_next = _mm256_xor_si256(RS_MUL(gamma, a), RS_MUL(b, disc));
        }
        const __m256i next = _mm256_xor_si256(RS_MUL(gamma, sigma), RS_MUL(xprev, disc));
        const __m256i rv = _mm256_set1_epi8((char)r);
        /* all ones where disc != 0 and r >= 2 len */
        const __m256i grow = _mm256_xor_si256(
            _mm256_or_si256(_mm256_cmpgt_epi8(_mm256_add_epi8(lenv, lenv), rv),
                            _mm256_cmpeq_epi8(disc, _mm256_setzero_si256())),
            _mm256_set1_epi8(-1));
        prev = _mm256_blendv_epi8(xprev, sigma, grow);
        gamma = _mm256_blendv_epi8(gamma, disc, grow);
        lenv = _mm256_blendv_epi8(lenv, _mm256_sub_epi8(_mm256_set1_epi8((char)(r + 1)), lenv), grow);
        sigma = _mm256_and_si256(next, loc);
        disc = disc_next;
    }
#else
    uint32_t len = 0;
    for (uint32_t r = 0; r < TWO_DELTA; r++) {
        __m256i window = window_of(t.rev, (int)r, loc);
        __m256i disc = xor_lanes(RS_MUL(window, sigma));
        __m256i xprev = _mm256_and_si256(shift_up(prev), loc);
        __m256i next = _mm256_xor_si256(RS_MUL(gamma, sigma), RS_MUL(xprev, disc));
        uint32_t d = (uint32_t)_mm_cvtsi128_si32(_mm256_castsi256_si128(disc)) & 0xFF;
        /* The barrier, as in error_locator: a compiler that knows grow is all ones or zero may
         * branch on it. */
        uint32_t grow = ct_barrier32(ct_mask_nonzero32(d) & ~ct_mask_lt32(r, 2 * len));
        __m256i g = _mm256_set1_epi32((int)grow);
        prev = _mm256_blendv_epi8(xprev, sigma, g);
        gamma = _mm256_blendv_epi8(gamma, disc, g);
        sigma = _mm256_and_si256(next, loc);
        len = (grow & (r + 1 - len)) | (~grow & len);
    }
#endif
    _mm256_storeu_si256((__m256i *)t.sigma, sigma);

    /* Omega_i = sum_{j <= i} sigma_j S_(i-j), i < delta */
    __m256i omega = _mm256_setzero_si256();
    for (int j = 0; j < HQC_DELTA; j++)
        omega = _mm256_xor_si256(omega, RS_MUL(_mm256_loadu_si256((const __m256i *)(t.shifted + 32 - j)),
                                               _mm256_set1_epi8((char)t.sigma[j])));
    _mm256_storeu_si256((__m256i *)t.omega, _mm256_and_si256(omega, lanes_below(HQC_DELTA)));

    /* sigma, Omega and sigma' (a polynomial in x^2 over the odd i) at the locator inverses of
     * the message positions, lane i for position 2 delta + i (public) */
    uint8_t xs[32] = {0};
    memcpy(xs, rs_locator_inverses + TWO_DELTA, HQC_K);
    const __m256i x = FIELD_IN(_mm256_loadu_si256((const __m256i *)xs));
    const __m256i x2 = RS_MUL(x, x);
    __m256i se = _mm256_setzero_si256(), oe = _mm256_setzero_si256(), de = _mm256_setzero_si256();
    for (int i = HQC_DELTA; i >= 0; i--) {
        se = _mm256_xor_si256(RS_MUL(x, se), _mm256_set1_epi8((char)t.sigma[i]));
        oe = _mm256_xor_si256(RS_MUL(x, oe), _mm256_set1_epi8((char)t.omega[i]));
    }
    for (int i = HQC_DELTA - (HQC_DELTA % 2 == 0); i >= 1; i -= 2)
        de = _mm256_xor_si256(RS_MUL(x2, de), _mm256_set1_epi8((char)t.sigma[i]));
    /* Forney where sigma(X^-1) = 0, else 0 */
    __m256i e = _mm256_and_si256(RS_MUL(oe, RS_INV(de)), _mm256_cmpeq_epi8(se, _mm256_setzero_si256()));
    _mm256_storeu_si256((__m256i *)t.out, FIELD_OUT(e));
    memcpy(err, t.out, HQC_K);
    zeroize(&t, sizeof t);
}
