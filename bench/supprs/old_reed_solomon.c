/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* old_reed_solomon.c: the RS decoder as it was before issue 13 (inversion-free
 * Berlekamp-Massey and Chien/Forney, eight GF(2^8) lanes per uint64_t, a bit-serial lane
 * product), frozen here under another name with its GF(2^8) helpers so that bench_supprs can
 * time it against the current decoder in one process. Not part of the library. */
#include <string.h>

#include "backend.h"
#include "ct.h"
#include "rs_generator.h"
#include "zeroize.h"

void old_rs_decode(uint8_t msg[HQC_K], const uint8_t cdw[HQC_N1], const hqc_backend *be);

#define OLD_ONES 0x0101010101010101ULL

static inline uint64_t old_gf256x8_broadcast(uint8_t c)
{
    return (uint64_t)c * OLD_ONES;
}

/* Every lane times alpha: shift each byte left and fold its top bit back as 0x1d. */
static inline uint64_t old_gf256x8_xtime(uint64_t a)
{
    uint64_t top = (a >> 7) & OLD_ONES;
    return ((a & 0x7f7f7f7f7f7f7f7fULL) << 1) ^ (top * 0x1d);
}

/* Lane-wise a * b: sum over bit k of b of a * alpha^k, selected by a 0x00/0xff lane mask. */
static inline uint64_t old_gf256x8_mul(uint64_t a, uint64_t b)
{
    uint64_t r = 0;
    for (int k = 0; k < 8; k++) {
        r ^= a & (((b >> k) & OLD_ONES) * 0xff);
        a = old_gf256x8_xtime(a);
    }
    return r;
}

/* XOR of the eight lanes. */
static inline uint8_t old_gf256x8_sum(uint64_t a)
{
    a ^= a >> 32;
    a ^= a >> 16;
    a ^= a >> 8;
    return (uint8_t)a;
}


#define TWO_DELTA (2 * HQC_DELTA)
#define LANES(n) (((n) + 7) / 8)
#define PARITY_WORDS LANES(TWO_DELTA)
#define LOC_WORDS LANES(HQC_DELTA + 1)   /* sigma has degree <= delta */
#define POS_WORDS LANES(HQC_N1)

/* w * x as polynomials in lanes: every lane moves up by one, lane 0 becomes zero. */
static void shift_up_one_lane(uint64_t *out, const uint64_t *w, size_t words)
{
    for (size_t i = words; i-- > 0;)
        out[i] = (w[i] << 8) | (i ? w[i - 1] >> 56 : 0);
}

/* Lanes at index >= n of an array of LANES(n) words are kept zero. */
static uint64_t top_word_mask(unsigned n)
{
    return n % 8 ? (1ULL << (8 * (n % 8))) - 1 : ~0ULL;
}

/* Inversion-free Berlekamp-Massey (Reed, Shih and Truong 1991): sigma is found up to a
 * non-zero factor, which neither its roots nor Forney's quotient depend on. Every iteration
 * does the same work; degrees above delta are dropped since they only arise beyond the
 * decoding radius. */
static void error_locator(uint64_t sigma[LOC_WORDS], const uint8_t syn[TWO_DELTA])
{
    uint64_t prev[LOC_WORDS] = {1}, xprev[LOC_WORDS], window[LOC_WORDS];
    uint8_t gamma = 1;
    uint32_t len = 0; /* the current LFSR length L */
    uint8_t window_bytes[8 * LOC_WORDS];
    memset(sigma, 0, LOC_WORDS * sizeof *sigma);
    sigma[0] = 1;

    for (uint32_t r = 0; r < TWO_DELTA; r++) {
        /* window lane i = S_(r-i) for i <= min(r, delta), else 0 (indices are public). */
        memset(window_bytes, 0, sizeof window_bytes);
        for (uint32_t i = 0; i <= r && i <= HQC_DELTA; i++)
            window_bytes[i] = syn[r - i];
        memcpy(window, window_bytes, sizeof window);
        uint64_t acc = 0;
        for (int w = 0; w < LOC_WORDS; w++)
            acc ^= old_gf256x8_mul(sigma[w], window[w]);
        uint8_t disc = old_gf256x8_sum(acc);

        /* sigma' = gamma sigma + disc x prev */
        shift_up_one_lane(xprev, prev, LOC_WORDS);
        xprev[LOC_WORDS - 1] &= top_word_mask(HQC_DELTA + 1);
        uint64_t bg = old_gf256x8_broadcast(gamma), bd = old_gf256x8_broadcast(disc);
        /* The barrier hides that grow is all-ones or zero: knowing it, clang 16 -O3 turned
         * the selections below into a branch on grow at HQC-5. */
        uint32_t grow = ct_barrier32(ct_mask_nonzero32(disc) & ~ct_mask_lt32(r, 2 * len));
        uint64_t g64 = ((uint64_t)grow << 32) | grow;
        for (int w = 0; w < LOC_WORDS; w++) {
            uint64_t next = old_gf256x8_mul(sigma[w], bg) ^ old_gf256x8_mul(xprev[w], bd);
            prev[w] = (g64 & sigma[w]) | (~g64 & xprev[w]);
            sigma[w] = next;
        }
        len = (grow & (r + 1 - len)) | (~grow & len);
        gamma = (uint8_t)((grow & disc) | (~grow & gamma));
    }
    zeroize(prev, sizeof prev);
    zeroize(xprev, sizeof xprev);
    zeroize(window, sizeof window);
    zeroize(window_bytes, sizeof window_bytes);
}

/* Lane-wise inverse a^254 (0 for 0), as in gf256_inv. */
static uint64_t old_gf256x8_inv(uint64_t a)
{
    uint64_t r = a;
    for (int k = 1; k < 7; k++)
        r = old_gf256x8_mul(old_gf256x8_mul(r, r), a);
    return old_gf256x8_mul(r, r);
}

/* 0xff in every lane that is zero, 0x00 elsewhere. */
static uint64_t old_gf256x8_zero_lanes(uint64_t a)
{
    uint64_t t = a | (a >> 4); /* only bit 0 of each lane is read below */
    t |= t >> 2;
    t |= t >> 1;
    return ((t & OLD_ONES) ^ OLD_ONES) * 0xff;
}

/* Corrects cdw in place. Omega = S(x) sigma(x) mod x^delta suffices: with nu <= delta errors
 * its degree is below nu. All n1 positions are evaluated at once, eight per word. */
static void correct_errors(uint8_t cdw[HQC_N1], const uint64_t sigma[LOC_WORDS], const uint8_t syn[TWO_DELTA])
{
    uint8_t sig[8 * LOC_WORDS], omega[HQC_DELTA] = {0};
    memcpy(sig, sigma, sizeof sig);
    /* Omega_i = sum_{j <= i} sigma_j S_(i-j): broadcast sigma_j times the syndromes shifted
     * up by j lanes. */
    uint8_t shifted[HQC_DELTA + LOC_WORDS * 8] = {0};
    memcpy(shifted + HQC_DELTA, syn, HQC_DELTA);
    uint64_t om[LOC_WORDS] = {0};
    for (int j = 0; j < HQC_DELTA; j++) {
        uint64_t s[LOC_WORDS], b = old_gf256x8_broadcast(sig[j]);
        memcpy(s, shifted + HQC_DELTA - j, sizeof s);
        for (int w = 0; w < LOC_WORDS; w++)
            om[w] ^= old_gf256x8_mul(s[w], b);
    }
    memcpy(omega, om, HQC_DELTA);

    uint64_t x[POS_WORDS] = {0}, x2[POS_WORDS], word[POS_WORDS] = {0};
    memcpy(x, rs_locator_inverses, HQC_N1);
    memcpy(word, cdw, HQC_N1);
    for (int p = 0; p < POS_WORDS; p++) {
        x2[p] = old_gf256x8_mul(x[p], x[p]);
        uint64_t s = 0, o = 0, d = 0;
        for (int i = HQC_DELTA; i >= 0; i--)
            s = old_gf256x8_mul(s, x[p]) ^ old_gf256x8_broadcast(sig[i]);
        for (int i = HQC_DELTA - 1; i >= 0; i--)
            o = old_gf256x8_mul(o, x[p]) ^ old_gf256x8_broadcast(omega[i]);
        /* sigma'(x) = sum over odd i of sigma_i x^(i-1), a polynomial in x^2. */
        for (int i = HQC_DELTA - (HQC_DELTA % 2 == 0); i >= 1; i -= 2)
            d = old_gf256x8_mul(d, x2[p]) ^ old_gf256x8_broadcast(sig[i]);
        word[p] ^= old_gf256x8_zero_lanes(s) & old_gf256x8_mul(o, old_gf256x8_inv(d));
    }
    memcpy(cdw, word, HQC_N1);
    zeroize(sig, sizeof sig);
    zeroize(omega, sizeof omega);
    zeroize(om, sizeof om);
    zeroize(shifted, sizeof shifted);
    zeroize(word, sizeof word);
}

void old_rs_decode(uint8_t msg[HQC_K], const uint8_t cdw[HQC_N1], const hqc_backend *be)
{
    uint8_t syn[TWO_DELTA], word[HQC_N1];
    uint64_t sigma[LOC_WORDS];
    memcpy(word, cdw, HQC_N1);
    be->rs_syndromes(syn, word);
    error_locator(sigma, syn);
    correct_errors(word, sigma, syn);
    memcpy(msg, word + TWO_DELTA, HQC_K);
    zeroize(syn, sizeof syn);
    zeroize(sigma, sizeof sigma);
    zeroize(word, sizeof word);
}
