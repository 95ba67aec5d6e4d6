/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* rs_errors_try.c: tuning experiment (nothing in the build compiles dev/): the RS decoder's
 * error locator (inversion-free Berlekamp-Massey) and error values (Chien and Forney) of
 * src/hqc/reed_solomon.c, one field element per byte of a ymm register with GF2P8MULB. That
 * instruction multiplies in the AES field (x^8+x^4+x^3+x+1), not HQC's (x^8+x^4+x^3+x^2+1):
 * the syndromes and locators are mapped into it by a field isomorphism (an 8x8 bit matrix,
 * GF2P8AFFINEQB), the decoder runs there unchanged, and the errors are mapped back. A field
 * isomorphism keeps every product, sum and zero test, so the result equals the portable one
 * for every syndrome vector, inside the decoding radius or not; this harness checks that on
 * random syndromes and on codewords with up to delta + 2 errors, then times both, paired.
 * Zen 4 (AMD EPYC, family 25 model 17), 2026-12-03: 200,000 cases equal at each level; the
 * kernel takes 650 / 730 / 1,170 ticks at HQC-1 / 3 / 5 (the portable decoder here, built at
 * -O2, takes 24k at HQC-1, far more than in the -O3 library, where the kernel saved 5.5k).
 * Wired in as a backend operation (the avx512 table's rs_errors, with a twin test in test_mul),
 * paired against fbdb979 with dev/tune/rev/rev-paired (301 iterations, three dialects): avx512
 * decaps 1.070-1.092x at HQC-1, 1.034-1.040x at HQC-3, 1.035-1.036x at HQC-5, keygen and encaps
 * unchanged. Not yet shipped: the portable twin must move to src/gf2x (the official tree's
 * patch series takes its sources from there: scripts/make-patches), and the proofs' unit paths
 * follow it.
 *   L=1; cc -std=c11 -O2 -mavx2 -mgfni -Isrc/hqc -Isrc/gf2x -Iinclude -Ibench -Ibuild/auto/gen -DHQC_LEVEL=$L \
 *      dev/tune/avx512/rs_errors_try.c -o rs_errors_try && ./rs_errors_try [iterations] */
#include <immintrin.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The portable decoder's statics, and gf256_mul for the checks. */
#include "../../../src/hqc/reed_solomon.c"
#include "../../../src/gf2x/syndromes.c"
#include "tsc.h"

/* --- the isomorphism ------------------------------------------------------------------ */
static uint8_t aes_mul(uint8_t a, uint8_t b)
{
    uint32_t r = 0;
    for (int i = 0; i < 8; i++)
        r ^= (0u - ((uint32_t)(b >> i) & 1u)) & ((uint32_t)a << i);
    for (int k = 14; k >= 8; k--)
        if (r >> k & 1)
            r ^= 0x11Bu << (k - 8);
    return (uint8_t)r;
}

/* GF2P8AFFINEQB's layout: bit k of byte 7 - b is bit b of the image of x^k. */
static uint64_t matrix_of(const uint8_t image[8])
{
    uint64_t m = 0;
    for (int b = 0; b < 8; b++) {
        uint64_t row = 0;
        for (int k = 0; k < 8; k++)
            row |= (uint64_t)((image[k] >> b) & 1) << k;
        m |= row << (8 * (7 - b));
    }
    return m;
}

static uint64_t to_aes, from_aes;

static void make_matrices(void)
{
    /* beta: the least root of HQC's polynomial in the AES field; x -> beta is then a field
     * isomorphism, x^k -> beta^k its matrix. */
    uint8_t beta = 0, fwd[256], img[8];
    for (int c = 2; c < 256 && !beta; c++) {
        uint8_t p = 1, v = 0;
        for (int k = 0; k <= 8; k++) {
            if ((0x11D >> k) & 1)
                v ^= p;
            p = aes_mul(p, (uint8_t)c);
        }
        if (v == 0)
            beta = (uint8_t)c;
    }
    for (int a = 0; a < 256; a++) {
        uint8_t r = 0, p = 1;
        for (int k = 0; k < 8; k++, p = aes_mul(p, beta))
            if ((a >> k) & 1)
                r ^= p;
        fwd[a] = r;
    }
    for (int k = 0; k < 8; k++)
        img[k] = fwd[1 << k];
    to_aes = matrix_of(img);
    for (int k = 0; k < 8; k++)
        for (int a = 0; a < 256; a++)
            if (fwd[a] == (1 << k))
                img[k] = (uint8_t)a;
    from_aes = matrix_of(img);
}

/* --- the kernel ----------------------------------------------------------------------- */
#define AFFINE(x, m) _mm256_gf2p8affine_epi64_epi8((x), _mm256_set1_epi64x((long long)(m)), 0)
#define AES_IDENTITY 0x0102040810204080ULL

/* lane i <- lane i - 1, lane 0 <- 0 */
static inline __m256i shift_up(__m256i a)
{
    return _mm256_alignr_epi8(a, _mm256_permute2x128_si256(a, a, 0x08), 15);
}

/* the XOR of all 32 lanes, in every lane */
static inline __m256i xor_lanes(__m256i a)
{
    a = _mm256_xor_si256(a, _mm256_permute2x128_si256(a, a, 0x01));
    a = _mm256_xor_si256(a, _mm256_shuffle_epi32(a, 0x4E));
    a = _mm256_xor_si256(a, _mm256_shuffle_epi32(a, 0xB1));
    a = _mm256_xor_si256(a, _mm256_srli_epi32(a, 16));
    a = _mm256_xor_si256(a, _mm256_srli_epi16(a, 8));
    return _mm256_broadcastb_epi8(_mm256_castsi256_si128(a));
}

static inline __m256i lanes_below(int n)
{
    uint8_t m[32];
    for (int i = 0; i < 32; i++)
        m[i] = (uint8_t)(i < n ? 0xFF : 0);
    return _mm256_loadu_si256((const __m256i *)m);
}

static void rs_errors_gfni(uint8_t err[HQC_K], const uint8_t syn[TWO_DELTA])
{
    _Static_assert(HQC_DELTA < 32 && HQC_K <= 32, "one ymm register holds sigma and the positions");
    /* the syndromes in the AES field; rev[TWO_DELTA - 1 - j] = S_j, 32 zero bytes after */
    uint8_t padded[64] = {0}, s[64], rev[TWO_DELTA - 1 + 32] = {0}, sg[32], om[32];
    uint8_t shifted[32 + 32] = {0};
    memcpy(padded, syn, TWO_DELTA);
    _mm256_storeu_si256((__m256i *)s, AFFINE(_mm256_loadu_si256((const __m256i *)padded), to_aes));
    _mm256_storeu_si256((__m256i *)(s + 32), AFFINE(_mm256_loadu_si256((const __m256i *)(padded + 32)), to_aes));
    for (int j = 0; j < TWO_DELTA; j++)
        rev[TWO_DELTA - 1 - j] = s[j];

    const __m256i loc = lanes_below(HQC_DELTA + 1), low = lanes_below(HQC_DELTA);
    __m256i sigma = _mm256_and_si256(_mm256_set1_epi8(1), lanes_below(1));
    __m256i prev = sigma, gamma = _mm256_set1_epi8(1);
    uint32_t len = 0;
    for (uint32_t r = 0; r < TWO_DELTA; r++) {
        /* lane i = S_(r-i) for i <= min(r, delta) */
        __m256i window = _mm256_and_si256(_mm256_loadu_si256((const __m256i *)(rev + TWO_DELTA - 1 - r)), loc);
        __m256i disc = xor_lanes(_mm256_gf2p8mul_epi8(sigma, window));
        __m256i xprev = _mm256_and_si256(shift_up(prev), loc);
        __m256i next = _mm256_xor_si256(_mm256_gf2p8mul_epi8(gamma, sigma), _mm256_gf2p8mul_epi8(disc, xprev));
        uint32_t d = (uint32_t)_mm_cvtsi128_si32(_mm256_castsi256_si128(disc)) & 0xFF;
        uint32_t grow = ct_barrier32(ct_mask_nonzero32(d) & ~ct_mask_lt32(r, 2 * len));
        __m256i g = _mm256_set1_epi32((int)grow);
        prev = _mm256_blendv_epi8(xprev, sigma, g);
        gamma = _mm256_blendv_epi8(gamma, disc, g);
        sigma = _mm256_and_si256(next, loc);
        len = (grow & (r + 1 - len)) | (~grow & len);
    }
    _mm256_storeu_si256((__m256i *)sg, sigma);

    /* Omega_i = sum_{j <= i} sigma_j S_(i-j), i < delta */
    memcpy(shifted + 32, s, HQC_DELTA);
    __m256i omega = _mm256_setzero_si256();
    for (int j = 0; j < HQC_DELTA; j++)
        omega = _mm256_xor_si256(omega, _mm256_gf2p8mul_epi8(_mm256_set1_epi8((char)sg[j]),
                                                               _mm256_loadu_si256((const __m256i *)(shifted + 32 - j))));
    omega = _mm256_and_si256(omega, low);
    _mm256_storeu_si256((__m256i *)om, omega);

    /* sigma, Omega and sigma' at the message positions' locator inverses, lane i = position
     * 2 delta + i */
    uint8_t xs[32] = {0};
    memcpy(xs, rs_locator_inverses + TWO_DELTA, HQC_K);
    const __m256i x = AFFINE(_mm256_loadu_si256((const __m256i *)xs), to_aes);
    const __m256i x2 = _mm256_gf2p8mul_epi8(x, x);
    __m256i se = _mm256_setzero_si256(), oe = _mm256_setzero_si256(), de = _mm256_setzero_si256();
    for (int i = HQC_DELTA; i >= 0; i--) {
        se = _mm256_xor_si256(_mm256_gf2p8mul_epi8(se, x), _mm256_set1_epi8((char)sg[i]));
        oe = _mm256_xor_si256(_mm256_gf2p8mul_epi8(oe, x), _mm256_set1_epi8((char)(i < HQC_DELTA ? om[i] : 0)));
    }
    for (int i = HQC_DELTA - (HQC_DELTA % 2 == 0); i >= 1; i -= 2)
        de = _mm256_xor_si256(_mm256_gf2p8mul_epi8(de, x2), _mm256_set1_epi8((char)sg[i]));
    __m256i inv = _mm256_gf2p8affineinv_epi64_epi8(de, _mm256_set1_epi64x((long long)AES_IDENTITY), 0);
    __m256i e = _mm256_and_si256(_mm256_gf2p8mul_epi8(oe, inv), _mm256_cmpeq_epi8(se, _mm256_setzero_si256()));
    uint8_t out[32];
    _mm256_storeu_si256((__m256i *)out, AFFINE(e, from_aes));
    memcpy(err, out, HQC_K);
}

/* --- the harness ---------------------------------------------------------------------- */
static uint64_t rng = 0x9e3779b97f4a7c15ULL;
static uint32_t next_rand(void)
{
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    return (uint32_t)(rng >> 11);
}

static void portable_errors(uint8_t err[HQC_K], const uint8_t syn[TWO_DELTA])
{
    uint64_t sigma[8];
    error_locator(sigma, syn);
    error_values(err, sigma, syn);
}

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    const size_t iters = argc > 1 ? (size_t)atol(argv[1]) : 20001;
    make_matrices();
    for (int a = 0; a < 256; a++) /* the maps are inverse field isomorphisms */
        for (int b = 0; b < 256; b++) {
            uint8_t in[32] = {(uint8_t)a, (uint8_t)b}, o[32];
            __m256i v = AFFINE(_mm256_loadu_si256((const __m256i *)in), to_aes);
            __m256i p = AFFINE(_mm256_gf2p8mul_epi8(v, _mm256_srli_si256(v, 1)), from_aes);
            _mm256_storeu_si256((__m256i *)o, p);
            if (o[0] != gf256_mul((uint8_t)a, (uint8_t)b)) {
                printf("FAIL isomorphism %d %d\n", a, b);
                return 1;
            }
        }
    size_t checked = 0;
    for (size_t t = 0; t < 200000; t++) {
        uint8_t syn[TWO_DELTA], want[HQC_K], got[HQC_K];
        if (t % 2) {
            for (int i = 0; i < TWO_DELTA; i++)
                syn[i] = (uint8_t)next_rand();
        } else { /* a codeword with up to delta + 2 errors */
            uint8_t msg[HQC_K], cdw[HQC_N1];
            for (int i = 0; i < HQC_K; i++)
                msg[i] = (uint8_t)next_rand();
            rs_encode(cdw, msg);
            int nerr = (int)(next_rand() % (HQC_DELTA + 3));
            for (int k = 0; k < nerr; k++)
                cdw[next_rand() % HQC_N1] ^= (uint8_t)(1 + next_rand() % 255);
            rs_syndromes_ref(syn, cdw);
        }
        portable_errors(want, syn);
        rs_errors_gfni(got, syn);
        if (memcmp(want, got, HQC_K) != 0) {
            printf("FAIL at case %zu\n", t);
            return 1;
        }
        checked++;
    }
    double *ratio = malloc(iters * sizeof *ratio);
    uint64_t *tp = malloc(iters * sizeof *tp), *tg = malloc(iters * sizeof *tg);
    uint8_t syn[TWO_DELTA], e1[HQC_K], e2[HQC_K];
    for (size_t it = 0; it < iters; it++) {
        for (int i = 0; i < TWO_DELTA; i++)
            syn[i] = (uint8_t)next_rand();
        for (int k = 0; k < 2; k++) {
            if ((it + k) % 2 == 0) {
                portable_errors(e1, syn);
                uint64_t t0 = tsc_begin();
                portable_errors(e1, syn);
                tp[it] = tsc_end() - t0;
            } else {
                rs_errors_gfni(e2, syn);
                uint64_t t0 = tsc_begin();
                rs_errors_gfni(e2, syn);
                tg[it] = tsc_end() - t0;
            }
        }
        ratio[it] = (double)tp[it] / (double)tg[it];
    }
    qsort(ratio, iters, sizeof *ratio, cmp_d);
    printf("HQC-%d: %zu cases equal; portable/gfni median %.2f (q1 %.2f, q3 %.2f); ticks portable %llu gfni %llu "
           "(last iteration)\n",
           HQC_LEVEL, checked, ratio[iters / 2], ratio[iters / 4], ratio[3 * iters / 4], (unsigned long long)tp[iters - 1],
           (unsigned long long)tg[iters - 1]);
    return 0;
}
