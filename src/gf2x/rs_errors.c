/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* rs_errors.c: the RS decoder's error values from the syndromes (spec section "Decoding the
 * Reed-Solomon code", steps 2-4): the error locator by inversion-free Berlekamp-Massey, then at
 * every message position a Chien evaluation of the locator and Forney's formula
 * e = Omega(X^-1) / sigma'(X^-1), on 64 bit-sliced lanes (gf256.h). The portable twin of
 * hqc_backend.rs_errors, which every vectorised kernel is tested against. */
#include "rs_errors.h"

#include <string.h>

#include "ct.h"
#include "gf256.h"
#include "rs_generator.h"
#include "zeroize.h"

#define TWO_DELTA (2 * HQC_DELTA)

/* Lanes of the bit-sliced decoder (gf256.h, gf256x64_*): a polynomial of degree <= delta in
 * lanes 0..delta of the low half; two quantities computed together share one product, one in
 * the low 32 lanes and one in the high 32 (delta + 1 <= 32 at every level). */
#define LOW_HALF 0x00000000ffffffffULL
#define LOC_LANES ((2ULL << HQC_DELTA) - 1) /* lanes 0..delta */
#define OMEGA_LANES ((1ULL << HQC_DELTA) - 1) /* lanes 0..delta-1 */

/* Bit 0 of every 32-bit half of x is the XOR of that half's 32 bits. */
/*@ assigns \nothing; */
static uint64_t fold_halves(uint64_t x)
{
    x ^= x >> 16; /* bits 16..31 of each half pick up garbage that no later step reads */
    x ^= x >> 8;
    x ^= x >> 4;
    x ^= x >> 2;
    x ^= x >> 1;
    return x;
}

/* Inversion-free Berlekamp-Massey (Reed, Shih and Truong 1991): sigma is found up to a
 * non-zero factor, which neither its roots nor Forney's quotient depend on. Every iteration
 * does the same work; degrees above delta are dropped since they only arise beyond the
 * decoding radius. sigma and prev are bit-sliced polynomials (lane i = coefficient i); the
 * update gamma sigma + disc x prev is one product, sigma next to x prev and gamma next to disc. */
/*@ requires \valid(sigma + (0 .. 7)) && \valid_read(syn + (0 .. TWO_DELTA - 1));
    requires \separated(sigma + (0 .. 7), syn + (0 .. TWO_DELTA - 1)); */
static void error_locator(uint64_t sigma[8], const uint8_t syn[TWO_DELTA])
{
    /* Everything secret in one struct, so that one zeroize wipes it. */
    struct {
        uint64_t prev[8], window[8], gamma[8], prod[8], pair[8], scale[8], disc[8], xprev[8];
    } scratch = {.prev = {1}};
    uint64_t *prev = scratch.prev, *window = scratch.window, *gamma = scratch.gamma, *prod = scratch.prod;
    uint64_t *pair = scratch.pair, *scale = scratch.scale, *disc = scratch.disc, *xprev = scratch.xprev;
    uint32_t len = 0; /* the current LFSR length L */
    gf256x64_broadcast(gamma, 1);
    memset(sigma, 0, 8 * sizeof *sigma);
    sigma[0] = 1;

    /* The 2 delta iterations of the spec: r counts them, every index below is a constant or r. */
    /*@ loop invariant 0 <= r <= TWO_DELTA;
        loop assigns r, len, scratch, sigma[0 .. 7];
        loop variant TWO_DELTA - r; */
    for (uint32_t r = 0; r < TWO_DELTA; r++) {
        /* window lane i = S_(r-i) for i <= min(r, delta), else 0 */
        /*@ loop invariant 0 <= k <= 8;
            loop assigns k, scratch.window[0 .. 7];
            loop variant 8 - k; */
        for (int k = 0; k < 8; k++)
            window[k] = ((window[k] << 1) | (uint64_t)((syn[r] >> k) & 1)) & LOC_LANES;
        gf256x64_mul(prod, sigma, window);
        /* disc = XOR of the lanes of prod; its bits two planes to a word */
        uint64_t disc_bits = 0;
        /*@ loop invariant 0 <= k <= 8 && k % 2 == 0;
            loop assigns k, disc_bits;
            loop variant 8 - k; */
        for (int k = 0; k < 8; k += 2)
            disc_bits |= (fold_halves(prod[k] | (prod[k + 1] << 32)) & 0x0000000100000001ULL) << (k / 2);
        /*@ loop invariant 0 <= k <= 8 && k % 2 == 0;
            loop assigns k, scratch.disc[0 .. 7];
            loop variant 8 - k; */
        for (int k = 0; k < 8; k += 2) {
            disc[k] = 0ULL - ((disc_bits >> (k / 2)) & 1);
            disc[k + 1] = 0ULL - ((disc_bits >> (32 + k / 2)) & 1);
        }

        /*@ loop invariant 0 <= k <= 8;
            loop assigns k, scratch.xprev[0 .. 7], scratch.pair[0 .. 7], scratch.scale[0 .. 7];
            loop variant 8 - k; */
        for (int k = 0; k < 8; k++) {
            xprev[k] = (prev[k] << 1) & LOC_LANES;
            pair[k] = sigma[k] | (xprev[k] << 32);
            scale[k] = (gamma[k] & LOW_HALF) | (disc[k] & ~LOW_HALF);
        }
        gf256x64_mul(prod, pair, scale);

        /* The barrier hides that grow is all-ones or zero: knowing it, clang 16 -O3 turned
         * the selections below into a branch on grow at HQC-5. */
        uint32_t disc_nonzero = ct_mask_nonzero32((uint32_t)(disc_bits | (disc_bits >> 32)));
        uint32_t grow = ct_barrier32(disc_nonzero & ~ct_mask_lt32(r, 2 * len));
        uint64_t g64 = ((uint64_t)grow << 32) | grow;
        /*@ loop invariant 0 <= k <= 8;
            loop assigns k, scratch.prev[0 .. 7], scratch.gamma[0 .. 7], sigma[0 .. 7];
            loop variant 8 - k; */
        for (int k = 0; k < 8; k++) {
            prev[k] = (g64 & sigma[k]) | (~g64 & xprev[k]);
            sigma[k] = (prod[k] ^ (prod[k] >> 32)) & LOC_LANES;
            gamma[k] = (g64 & disc[k]) | (~g64 & gamma[k]);
        }
        len = (grow & (r + 1 - len)) | (~grow & len);
    }
    zeroize(&scratch, sizeof scratch);
}

/* Lane i of the low half of a, broadcast to every lane. The mask passes through ct_barrier64
 * (ct.h): clang 16 -O2 folded it into error_values' c[k] & LOW_HALF and branched on the bit. */
/*@ requires 0 <= i < 64 && \valid(r + (0 .. 7)) && \valid_read(a + (0 .. 7));
    requires \separated(r + (0 .. 7), a + (0 .. 7));
    assigns r[0 .. 7]; */
static void lane_broadcast(uint64_t r[8], const uint64_t a[8], int i)
{
    /*@ loop invariant 0 <= k <= 8;
        loop assigns k, r[0 .. 7];
        loop variant 8 - k; */
    for (int k = 0; k < 8; k++)
        r[k] = ct_barrier64(0ULL - ((a[k] >> i) & 1));
}

/* Error values at the k message positions 2 delta .. n1-1 (the parity symbols are never
 * returned, so they are not corrected). Omega = S(x) sigma(x) mod x^delta suffices: with
 * nu <= delta errors its degree is below nu. Forney: e = Omega(X^-1) / sigma'(X^-1) where
 * sigma(X^-1) = 0, and 0 elsewhere. sigma and Omega are evaluated together, sigma in the low
 * 32 lanes and Omega in the high ones (k <= 32 positions each). */
/*@ requires \valid(err + (0 .. HQC_K - 1)) && \valid_read(sigma + (0 .. 7));
    requires \valid_read(syn + (0 .. TWO_DELTA - 1));
    requires \separated(err + (0 .. HQC_K - 1), sigma + (0 .. 7), syn + (0 .. TWO_DELTA - 1)); */
static void error_values(uint8_t err[HQC_K], const uint64_t sigma[8], const uint8_t syn[TWO_DELTA])
{
    /* As in error_locator: the secret arrays in one struct, one zeroize. */
    struct {
        uint64_t s[8], omega[8], term[8], c[8], c_next[8], moved[8], both[8], deriv[8], inv[8], quot[8];
    } scratch = {.omega = {0}}; /* omega, both and deriv start at zero */
    uint64_t *s = scratch.s, *omega = scratch.omega, *term = scratch.term, *c = scratch.c;
    uint64_t *c_next = scratch.c_next, *moved = scratch.moved, *both = scratch.both, *deriv = scratch.deriv;
    uint64_t *inv = scratch.inv, *quot = scratch.quot;
    /* Omega_i = sum_{j <= i} sigma_j S_(i-j), i < delta: sigma_j times the syndromes moved up
     * by j lanes, two values of j per product (j in the low half, j + 1 in the high one). */
    gf256x64_load(s, syn, HQC_DELTA);
    /*@ loop invariant 0 <= j <= HQC_DELTA + 1 && j % 2 == 0;
        loop assigns j, scratch;
        loop variant HQC_DELTA - j; */
    for (int j = 0; j < HQC_DELTA; j += 2) {
        lane_broadcast(c, sigma, j);
        lane_broadcast(c_next, sigma, j + 1 < HQC_DELTA ? j + 1 : j);
        /*@ loop invariant 0 <= k <= 8;
            loop assigns k, scratch.moved[0 .. 7], scratch.c[0 .. 7];
            loop variant 8 - k; */
        for (int k = 0; k < 8; k++) {
            uint64_t next = j + 1 < HQC_DELTA ? (s[k] << (j + 1)) & OMEGA_LANES : 0;
            moved[k] = ((s[k] << j) & OMEGA_LANES) | (next << 32);
            c[k] = (c[k] & LOW_HALF) | (c_next[k] & ~LOW_HALF);
        }
        gf256x64_mul(term, moved, c);
        /*@ loop invariant 0 <= k <= 8;
            loop assigns k, scratch.omega[0 .. 7];
            loop variant 8 - k; */
        for (int k = 0; k < 8; k++)
            omega[k] ^= (term[k] ^ (term[k] >> 32)) & LOW_HALF;
    }

    uint64_t x[8], x2[8]; /* public: the locators of the message positions */
    gf256x64_load(x, rs_locator_inverses + TWO_DELTA, HQC_K);
    /*@ loop invariant 0 <= k <= 8;
        loop assigns k, x[0 .. 7];
        loop variant 8 - k; */
    for (int k = 0; k < 8; k++)
        x[k] |= x[k] << 32;
    /* Horner in both halves: sigma has degree <= delta, Omega < delta (its lane delta is 0).
     * Each coefficient bit becomes a mask through ct_barrier64 (ct.h): clang 16 and 19 -O1,
     * tuning for alderlake, compiled both[k] ^= mask & LOW_HALF as a branch on the bit. */
    /*@ loop invariant -1 <= i <= HQC_DELTA;
        loop assigns i, scratch.both[0 .. 7];
        loop variant i; */
    for (int i = HQC_DELTA; i >= 0; i--) {
        gf256x64_mul(both, both, x);
        /*@ loop invariant 0 <= k <= 8;
            loop assigns k, scratch.both[0 .. 7];
            loop variant 8 - k; */
        for (int k = 0; k < 8; k++)
            both[k] ^= ct_barrier64(0ULL - ((sigma[k] >> i) & 1)) & LOW_HALF;
        /*@ loop invariant 0 <= k <= 8;
            loop assigns k, scratch.both[0 .. 7];
            loop variant 8 - k; */
        for (int k = 0; k < 8; k++)
            both[k] ^= ct_barrier64(0ULL - ((omega[k] >> i) & 1)) & ~LOW_HALF;
    }
    /* sigma'(x) = sum over odd i of sigma_i x^(i-1), a polynomial in x^2 (its bit masks
     * through the barrier as above: deriv[k] ^= mask is the same select). */
    gf256x64_mul(x2, x, x);
    /*@ loop invariant -1 <= i <= HQC_DELTA;
        loop assigns i, scratch.deriv[0 .. 7];
        loop variant i + 1; */
    for (int i = HQC_DELTA - (HQC_DELTA % 2 == 0); i >= 1; i -= 2) {
        gf256x64_mul(deriv, deriv, x2);
        /*@ loop invariant 0 <= k <= 8;
            loop assigns k, scratch.deriv[0 .. 7];
            loop variant 8 - k; */
        for (int k = 0; k < 8; k++)
            deriv[k] ^= ct_barrier64(0ULL - ((sigma[k] >> i) & 1));
    }
    uint64_t root = 0;
    gf256x64_inv(inv, deriv);
    /*@ loop invariant 0 <= k <= 8;
        loop assigns k, root, scratch.inv[0 .. 7];
        loop variant 8 - k; */
    for (int k = 0; k < 8; k++) {
        inv[k] <<= 32; /* next to Omega */
        root |= both[k];
    }
    gf256x64_mul(quot, both, inv);
    root = ~root & LOW_HALF; /* lanes where sigma(X^-1) = 0 */
    /*@ loop invariant 0 <= k <= 8;
        loop assigns k, scratch.quot[0 .. 7];
        loop variant 8 - k; */
    for (int k = 0; k < 8; k++)
        quot[k] = (quot[k] >> 32) & root;
    gf256x64_store(err, quot, HQC_K);
    zeroize(&scratch, sizeof scratch);
}

void rs_errors_portable(uint8_t *err, const uint8_t *syn)
{
    uint64_t sigma[8];
    error_locator(sigma, syn);
    error_values(err, sigma, syn);
    zeroize(sigma, sizeof sigma);
}
