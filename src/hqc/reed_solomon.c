/* reed_solomon.c: systematic RS encoding by LFSR division by g(x), and constant-time decoding
 * (spec section "Decoding the Reed-Solomon code"): syndromes (from the backend), the error
 * locator by inversion-free Berlekamp-Massey, then at every position a Chien evaluation of
 * the locator and Forney's formula e = Omega(X^-1) / sigma'(X^-1) for the error value. */
#include "reed_solomon.h"

#include <string.h>

#include "ct.h"
#include "gf256.h"
#include "rs_generator.h"
#include "zeroize.h"

#define TWO_DELTA (2 * HQC_DELTA)

void rs_encode(uint8_t cdw[HQC_N1], const uint8_t msg[HQC_K])
{
    uint8_t parity[TWO_DELTA] = {0};
    for (int i = HQC_K - 1; i >= 0; i--) {
        uint8_t gate = msg[i] ^ parity[TWO_DELTA - 1];
        for (int j = TWO_DELTA - 1; j > 0; j--)
            parity[j] = parity[j - 1] ^ gf256_mul(gate, rs_generator[j]);
        parity[0] = gf256_mul(gate, rs_generator[0]);
    }
    memcpy(cdw, parity, TWO_DELTA);
    memcpy(cdw + TWO_DELTA, msg, HQC_K);
    zeroize(parity, sizeof parity);
}

static uint8_t mask8(uint32_t m)
{
    return (uint8_t)m;
}

/* Inversion-free Berlekamp-Massey (Reed, Shih and Truong 1991): sigma is found up to a
 * non-zero factor, which neither its roots nor Forney's quotient depend on. Every iteration
 * does the same work; degrees above delta are dropped since they only arise beyond the
 * decoding radius. */
static void error_locator(uint8_t sigma[HQC_DELTA + 1], const uint8_t syn[TWO_DELTA])
{
    uint8_t prev[HQC_DELTA + 1] = {1}, next[HQC_DELTA + 1];
    uint8_t gamma = 1;
    uint32_t len = 0; /* the current LFSR length L */
    memset(sigma, 0, HQC_DELTA + 1);
    sigma[0] = 1;
    for (uint32_t r = 0; r < TWO_DELTA; r++) {
        uint8_t disc = 0;
        for (uint32_t i = 0; i <= r && i <= HQC_DELTA; i++)
            disc ^= gf256_mul(sigma[i], syn[r - i]);
        next[0] = gf256_mul(gamma, sigma[0]);
        for (int i = 1; i <= HQC_DELTA; i++)
            next[i] = gf256_mul(gamma, sigma[i]) ^ gf256_mul(disc, prev[i - 1]);
        uint32_t grow = ct_mask_nonzero32(disc) & ~ct_mask_lt32(r, 2 * len);
        uint8_t g8 = mask8(grow);
        /* prev becomes the old sigma when the length grows, else prev * x. */
        for (int i = HQC_DELTA; i >= 0; i--) {
            uint8_t shifted = i > 0 ? prev[i - 1] : 0;
            prev[i] = (g8 & sigma[i]) | (~g8 & shifted);
        }
        len = (grow & (r + 1 - len)) | (~grow & len);
        gamma = (g8 & disc) | (~g8 & gamma);
        memcpy(sigma, next, HQC_DELTA + 1);
    }
    zeroize(prev, sizeof prev);
    zeroize(next, sizeof next);
}

/* Corrects cdw in place. Omega = S(x) sigma(x) mod x^delta suffices: with nu <= delta errors
 * its degree is below nu. */
static void correct_errors(uint8_t cdw[HQC_N1], const uint8_t sigma[HQC_DELTA + 1],
                           const uint8_t syn[TWO_DELTA])
{
    uint8_t omega[HQC_DELTA] = {0};
    for (int i = 0; i < HQC_DELTA; i++)
        for (int j = 0; j <= i; j++)
            omega[i] ^= gf256_mul(sigma[j], syn[i - j]);

    const uint8_t alpha_inv = gf256_inv(2);
    uint8_t x = 1; /* alpha^-j, the inverse of the locator of position j */
    for (int j = 0; j < HQC_N1; j++) {
        uint8_t s = 0, o = 0, d = 0;
        for (int i = HQC_DELTA; i >= 0; i--)
            s = gf256_mul(s, x) ^ sigma[i];
        for (int i = HQC_DELTA - 1; i >= 0; i--)
            o = gf256_mul(o, x) ^ omega[i];
        /* sigma'(x) = sum over odd i of sigma_i x^(i-1), a polynomial in x^2. */
        uint8_t x2 = gf256_mul(x, x);
        for (int i = HQC_DELTA - (HQC_DELTA % 2 == 0); i >= 1; i -= 2)
            d = gf256_mul(d, x2) ^ sigma[i];
        uint8_t value = gf256_mul(o, gf256_inv(d));
        cdw[j] ^= mask8(~ct_mask_nonzero32(s)) & value;
        x = gf256_mul(x, alpha_inv);
    }
    zeroize(omega, sizeof omega);
}

void rs_decode(uint8_t msg[HQC_K], const uint8_t cdw[HQC_N1], const hqc_backend *be)
{
    uint8_t syn[TWO_DELTA], sigma[HQC_DELTA + 1], word[HQC_N1];
    memcpy(word, cdw, HQC_N1);
    be->rs_syndromes(syn, word);
    error_locator(sigma, syn);
    correct_errors(word, sigma, syn);
    memcpy(msg, word + TWO_DELTA, HQC_K);
    zeroize(syn, sizeof syn);
    zeroize(sigma, sizeof sigma);
    zeroize(word, sizeof word);
}
