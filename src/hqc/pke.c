/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* pke.c: HQC-PKE key generation, encryption and decryption (spec section "HQC-PKE",
 * Algorithms Keygen, Encrypt, Decrypt). Vectors of length n live in HQC_WORDS words with the
 * bits at n and above kept zero, as the backend contract requires; a backend with a sparse
 * product (variable time) receives the supports of the fixed-weight vectors instead. */
#include "pke.h"

#include <string.h>

#include "code.h"
#include "sampling.h"
#include "symmetric.h"
#include "zeroize.h"

/* Bytes of a length-n vector from the wire, with the padding bits above n dropped. */
static void load_vector(uint64_t v[HQC_WORDS], const uint8_t *bytes)
{
    memset(v, 0, HQC_WORDS * sizeof *v);
    memcpy(v, bytes, HQC_N_BYTES);
    v[HQC_WORDS - 1] &= HQC_TOP_MASK;
}

static void xor_words(uint64_t *o, const uint64_t *a, size_t n)
{
    for (size_t i = 0; i < n; i++)
        o[i] ^= a[i];
}

/* A fixed-weight vector (y, x, r1, r2, e) in the form the backend multiplies: its support
 * when the backend has a sparse product (variable time, no expansion), else its bits,
 * expanded once in constant time. */
typedef struct {
    const uint32_t *support;
    size_t weight;
    uint64_t bits[HQC_WORDS]; /* used only without mul_sparse */
} fixed_weight;

static void fixed_weight_init(fixed_weight *v, const uint32_t *support, size_t weight, const hqc_backend *be)
{
    v->support = support;
    v->weight = weight;
    if (be->mul_sparse == NULL)
        be->support_to_vector(v->bits, support, weight);
}

/* o = a * v mod X^N - 1. */
static void mul_fixed_weight(uint64_t o[HQC_WORDS], const uint64_t a[HQC_WORDS], const fixed_weight *v,
                             const hqc_backend *be)
{
    if (be->mul_sparse)
        be->mul_sparse(o, a, v->support, v->weight);
    else
        be->mul(o, v->bits, a);
}

/* o += v. The sparse path writes at secret addresses: it only runs for backends that declare
 * themselves variable-time by providing mul_sparse. */
static void add_fixed_weight(uint64_t o[HQC_WORDS], const fixed_weight *v, const hqc_backend *be)
{
    if (be->mul_sparse) {
        for (size_t i = 0; i < v->weight; i++)
            o[v->support[i] / 64] ^= 1ULL << (v->support[i] % 64);
    } else {
        xor_words(o, v->bits, HQC_WORDS);
    }
}

int pke_keygen(uint8_t ek[HQC_PK_BYTES], uint8_t seed_dk[HQC_SEED_BYTES],
               const uint8_t seed_pke[HQC_SEED_BYTES], const hqc_backend *be)
{
    uint8_t seeds[64];
    uint32_t y_support[HQC_OMEGA], x_support[HQC_OMEGA];
    fixed_weight x, y;
    uint64_t h[HQC_WORDS], s[HQC_WORDS];
    xof_stream xof;

    if (hash_i(seeds, seed_pke) != 0)
        return -1;
    const uint8_t *sd = seeds, *se = seeds + HQC_SEED_BYTES;

    kem_sponges(NULL, NULL, h, se, &xof, sd);
    sample_support_keygen(&xof, y_support, HQC_OMEGA);
    sample_support_keygen(&xof, x_support, HQC_OMEGA);
    xof_stream_wipe(&xof);
    fixed_weight_init(&y, y_support, HQC_OMEGA, be);
    fixed_weight_init(&x, x_support, HQC_OMEGA, be);

    mul_fixed_weight(s, h, &y, be);
    add_fixed_weight(s, &x, be);

    memcpy(ek, se, HQC_SEED_BYTES);
    memcpy(ek + HQC_SEED_BYTES, s, HQC_N_BYTES);
    memcpy(seed_dk, sd, HQC_SEED_BYTES);

    zeroize(seeds, sizeof seeds);
    zeroize(y_support, sizeof y_support);
    zeroize(x_support, sizeof x_support);
    zeroize(&x, sizeof x);
    zeroize(&y, sizeof y);
    return 0;
}

void pke_encrypt(uint8_t uv[HQC_N_BYTES + HQC_N1N2_BYTES], const uint8_t ek[HQC_PK_BYTES],
                 const uint64_t h[HQC_WORDS], const uint8_t m[HQC_K], const uint8_t theta[HQC_SEED_BYTES],
                 const hqc_backend *be)
{
    uint64_t s[HQC_WORDS];
    uint64_t u[HQC_WORDS], t[HQC_WORDS], v[HQC_N1N2_WORDS];
    uint32_t r2_support[HQC_OMEGA_R], e_support[HQC_OMEGA_E], r1_support[HQC_OMEGA_R];
    fixed_weight r1, r2, e;
    shake256_ctx xof;

    load_vector(s, ek + HQC_SEED_BYTES);

    /* The spec draws r2, then e, then r1 from one XOF stream. */
    xof_init(&xof, theta);
    sample_support_encrypt(&xof, r2_support, HQC_OMEGA_R);
    sample_support_encrypt(&xof, e_support, HQC_OMEGA_E);
    sample_support_encrypt(&xof, r1_support, HQC_OMEGA_R);
    shake256_wipe(&xof);
    fixed_weight_init(&r2, r2_support, HQC_OMEGA_R, be);
    fixed_weight_init(&e, e_support, HQC_OMEGA_E, be);
    fixed_weight_init(&r1, r1_support, HQC_OMEGA_R, be);

    mul_fixed_weight(u, h, &r2, be);
    add_fixed_weight(u, &r1, be);

    /* v = Encode(m) + Truncate(s r2 + e): truncation keeps the first n1 n2 bits, which are
     * whole words at every level. */
    mul_fixed_weight(t, s, &r2, be);
    add_fixed_weight(t, &e, be);
    code_encode(v, m);
    xor_words(v, t, HQC_N1N2_WORDS);

    memcpy(uv, u, HQC_N_BYTES);
    memcpy(uv + HQC_N_BYTES, v, HQC_N1N2_BYTES);

    zeroize(&r1, sizeof r1);
    zeroize(&r2, sizeof r2);
    zeroize(&e, sizeof e);
    zeroize(r1_support, sizeof r1_support);
    zeroize(r2_support, sizeof r2_support);
    zeroize(e_support, sizeof e_support);
    zeroize(t, sizeof t);
    zeroize(v, sizeof v);
}

void pke_decrypt(uint8_t m[HQC_K], xof_stream *dk, const uint8_t uv[HQC_N_BYTES + HQC_N1N2_BYTES],
                 const hqc_backend *be)
{
    uint64_t u[HQC_WORDS], t[HQC_WORDS], v[HQC_N1N2_WORDS];
    uint32_t support[HQC_OMEGA];
    fixed_weight y;

    sample_support_keygen(dk, support, HQC_OMEGA);
    fixed_weight_init(&y, support, HQC_OMEGA, be);

    load_vector(u, uv);
    memcpy(v, uv + HQC_N_BYTES, HQC_N1N2_BYTES);
    mul_fixed_weight(t, u, &y, be);
    xor_words(v, t, HQC_N1N2_WORDS);
    code_decode(m, v, be);

    zeroize(&y, sizeof y);
    zeroize(t, sizeof t);
    zeroize(v, sizeof v);
    zeroize(support, sizeof support);
}
