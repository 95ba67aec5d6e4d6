/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* rs_errors_gfni.c: the RS decoder's error values from the syndromes (spec section "Decoding
 * the Reed-Solomon code", steps 2-4): inversion-free Berlekamp-Massey, then Chien and Forney at
 * the k message positions, as src/gf2x/rs_errors.c does them, one field element per byte of
 * a ymm register. GF2P8MULB multiplies in the AES field (x^8+x^4+x^3+x+1), not HQC's: the
 * syndromes and locators go into it by a field isomorphism (GF2P8AFFINEQB with a generated
 * matrix), and the errors come back. The isomorphism keeps every product, sum and zero test, so
 * the output equals the portable one for every syndrome vector, within the radius or not. */
#include "rs_errors_gfni.h"

#include <immintrin.h>
#include <string.h>

#include "ct.h"
#include "rs_generator.h"
#include "syndromes_tables.h"
#include "zeroize.h"

#define TWO_DELTA (2 * HQC_DELTA)
_Static_assert(HQC_DELTA < 32 && HQC_K <= 32, "one ymm register holds sigma, and one the positions");

/* The AES field's identity matrix: GF2P8AFFINEINVQB with it is the field inverse (0 -> 0). */
#define AES_IDENTITY 0x0102040810204080ULL

static inline __m256i affine(__m256i x, uint64_t m)
{
    return _mm256_gf2p8affine_epi64_epi8(x, _mm256_set1_epi64x((long long)m), 0);
}

/* lane i <- lane i - 1, lane 0 <- 0 */
static inline __m256i shift_up(__m256i a)
{
    return _mm256_alignr_epi8(a, _mm256_permute2x128_si256(a, a, 0x08), 15);
}

/* the XOR of the 32 lanes, in every lane */
static inline __m256i xor_lanes(__m256i a)
{
    a = _mm256_xor_si256(a, _mm256_permute2x128_si256(a, a, 0x01));
    a = _mm256_xor_si256(a, _mm256_shuffle_epi32(a, 0x4E));
    a = _mm256_xor_si256(a, _mm256_shuffle_epi32(a, 0xB1));
    a = _mm256_xor_si256(a, _mm256_srli_epi32(a, 16));
    a = _mm256_xor_si256(a, _mm256_srli_epi16(a, 8));
    return _mm256_broadcastb_epi8(_mm256_castsi256_si128(a));
}

/* all ones in lanes 0 .. n-1 */
static inline __m256i lanes_below(int n)
{
    return _mm256_cmpgt_epi8(_mm256_set1_epi8((char)n), _mm256_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14,
                                                                          15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26,
                                                                          27, 28, 29, 30, 31));
}

void rs_errors_gfni(uint8_t *err, const uint8_t *syn)
{
    /* Everything secret in one struct, so that one zeroize wipes it. s: the syndromes in the
     * AES field; rev[TWO_DELTA - 1 - j] = S_j with zeros after, so that the 32 bytes at
     * rev + TWO_DELTA - 1 - r are S_r, S_(r-1), ..., 0 (the window of iteration r); shifted:
     * 32 zeros, then S_0 .. S_(delta-1), read at 32 - j for the syndromes moved up j lanes. */
    struct {
        uint8_t padded[64], s[64], rev[TWO_DELTA - 1 + 32], shifted[64], sigma[32], omega[32], out[32];
    } t;
    memset(&t, 0, sizeof t);
    memcpy(t.padded, syn, TWO_DELTA);
    _mm256_storeu_si256((__m256i *)t.s, affine(_mm256_loadu_si256((const __m256i *)t.padded), RS_FIELD_TO_AES));
    _mm256_storeu_si256((__m256i *)(t.s + 32),
                        affine(_mm256_loadu_si256((const __m256i *)(t.padded + 32)), RS_FIELD_TO_AES));
    for (int j = 0; j < TWO_DELTA; j++)
        t.rev[TWO_DELTA - 1 - j] = t.s[j];
    memcpy(t.shifted + 32, t.s, HQC_DELTA);

    /* Berlekamp-Massey as error_locator does it (rs_errors.c): sigma and prev in lanes
     * 0..delta, gamma and the discrepancy broadcast. */
    const __m256i loc = lanes_below(HQC_DELTA + 1);
    __m256i sigma = _mm256_and_si256(_mm256_set1_epi8(1), lanes_below(1));
    __m256i prev = sigma, gamma = _mm256_set1_epi8(1);
    uint32_t len = 0;
    for (uint32_t r = 0; r < TWO_DELTA; r++) {
        __m256i window = _mm256_and_si256(_mm256_loadu_si256((const __m256i *)(t.rev + TWO_DELTA - 1 - r)), loc);
        __m256i disc = xor_lanes(_mm256_gf2p8mul_epi8(sigma, window));
        __m256i xprev = _mm256_and_si256(shift_up(prev), loc);
        __m256i next = _mm256_xor_si256(_mm256_gf2p8mul_epi8(gamma, sigma), _mm256_gf2p8mul_epi8(disc, xprev));
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
    _mm256_storeu_si256((__m256i *)t.sigma, sigma);

    /* Omega_i = sum_{j <= i} sigma_j S_(i-j), i < delta */
    __m256i omega = _mm256_setzero_si256();
    for (int j = 0; j < HQC_DELTA; j++)
        omega = _mm256_xor_si256(omega,
                                 _mm256_gf2p8mul_epi8(_mm256_set1_epi8((char)t.sigma[j]),
                                                      _mm256_loadu_si256((const __m256i *)(t.shifted + 32 - j))));
    _mm256_storeu_si256((__m256i *)t.omega, _mm256_and_si256(omega, lanes_below(HQC_DELTA)));

    /* sigma, Omega and sigma' (a polynomial in x^2 over the odd i) at the locator inverses of
     * the message positions, lane i for position 2 delta + i (public) */
    uint8_t xs[32] = {0};
    memcpy(xs, rs_locator_inverses + TWO_DELTA, HQC_K);
    const __m256i x = affine(_mm256_loadu_si256((const __m256i *)xs), RS_FIELD_TO_AES);
    const __m256i x2 = _mm256_gf2p8mul_epi8(x, x);
    __m256i se = _mm256_setzero_si256(), oe = _mm256_setzero_si256(), de = _mm256_setzero_si256();
    for (int i = HQC_DELTA; i >= 0; i--) {
        se = _mm256_xor_si256(_mm256_gf2p8mul_epi8(se, x), _mm256_set1_epi8((char)t.sigma[i]));
        oe = _mm256_xor_si256(_mm256_gf2p8mul_epi8(oe, x), _mm256_set1_epi8((char)t.omega[i]));
    }
    for (int i = HQC_DELTA - (HQC_DELTA % 2 == 0); i >= 1; i -= 2)
        de = _mm256_xor_si256(_mm256_gf2p8mul_epi8(de, x2), _mm256_set1_epi8((char)t.sigma[i]));
    /* Forney where sigma(X^-1) = 0, else 0 */
    __m256i inv = _mm256_gf2p8affineinv_epi64_epi8(de, _mm256_set1_epi64x((long long)AES_IDENTITY), 0);
    __m256i e = _mm256_and_si256(_mm256_gf2p8mul_epi8(oe, inv), _mm256_cmpeq_epi8(se, _mm256_setzero_si256()));
    _mm256_storeu_si256((__m256i *)t.out, affine(e, RS_FIELD_FROM_AES));
    memcpy(err, t.out, HQC_K);
    zeroize(&t, sizeof t);
}
