/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* reed_solomon.c: systematic RS encoding by LFSR division by g(x), and constant-time decoding
 * (spec section "Decoding the Reed-Solomon code"): the syndromes and then the error values at
 * the k message positions come from the backend (rs_syndromes, rs_errors; portable twins in
 * src/gf2x/syndromes.c and src/gf2x/rs_errors.c), and the message is corrected by them; the
 * parity symbols are dropped. The encoder works on eight field elements per uint64_t. */
#include "reed_solomon.h"

#include <string.h>

#include "gf256.h"
#include "rs_generator.h"
#include "zeroize.h"

#define TWO_DELTA (2 * HQC_DELTA)
#define LANES(n) (((n) + 7) / 8)
#define PARITY_WORDS LANES(TWO_DELTA)

static uint8_t lane(const uint64_t *w, unsigned i)
{
    return (uint8_t)(w[i / 8] >> (8 * (i % 8)));
}

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

void rs_encode(uint8_t cdw[HQC_N1], const uint8_t msg[HQC_K])
{
    /* g_alpha[k] = g * alpha^k lane-wise, so gate * g is a masked sum over the bits of gate. */
    /* g_alpha zeroed by memset rather than an initializer: Frama-C 25 crashes (an assertion
     * in Ast_info.array_size) on the implicit initializer of a 2-D array whose inner length
     * is not a literal. */
    uint64_t g_alpha[8][PARITY_WORDS], parity[PARITY_WORDS] = {0};
    memset(g_alpha, 0, sizeof g_alpha);
    memcpy(g_alpha[0], rs_generator, TWO_DELTA);
    for (int k = 1; k < 8; k++)
        for (int w = 0; w < PARITY_WORDS; w++)
            g_alpha[k][w] = gf256x8_xtime(g_alpha[k - 1][w]);

    for (int i = HQC_K - 1; i >= 0; i--) {
        uint8_t gate = msg[i] ^ lane(parity, TWO_DELTA - 1);
        shift_up_one_lane(parity, parity, PARITY_WORDS);
        for (int k = 0; k < 8; k++) {
            uint64_t m = 0ULL - (uint64_t)((gate >> k) & 1);
            for (int w = 0; w < PARITY_WORDS; w++)
                parity[w] ^= m & g_alpha[k][w];
        }
        parity[PARITY_WORDS - 1] &= top_word_mask(TWO_DELTA);
    }
    memcpy(cdw, parity, TWO_DELTA);
    memcpy(cdw + TWO_DELTA, msg, HQC_K);
    zeroize(parity, sizeof parity);
}

void rs_decode(uint8_t msg[HQC_K], const uint8_t cdw[HQC_N1], const hqc_backend *be)
{
    uint8_t syn[TWO_DELTA], err[HQC_K];
    be->rs_syndromes(syn, cdw);
    be->rs_errors(err, syn);
    for (int i = 0; i < HQC_K; i++)
        msg[i] = cdw[TWO_DELTA + i] ^ err[i];
    zeroize(syn, sizeof syn);
    zeroize(err, sizeof err);
}
