/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* pke.c: HQC-PKE key generation, encryption and decryption (spec section "HQC-PKE",
 * Algorithms Keygen, Encrypt, Decrypt). Vectors of length n live in HQC_WORDS words with the
 * bits at n and above kept zero, as the backend contract requires; a backend with a sparse
 * product (variable time) receives the supports of the fixed-weight vectors instead. The
 * dialect (dialect.h) supplies the fixed-weight samplers; everything else is shared. */
#include "pke.h"

#include <string.h>

#include "code.h"
#include "sampling.h"
#include "symmetric.h"
#include "trace.h"
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
 * expanded once in constant time into a buffer the caller lends (and reuses: the stack
 * budget of docs/VERIFICATION.md allows only a few n-bit vectors per frame). */
typedef struct {
    const uint32_t *support;
    size_t weight;
    const uint64_t *bits; /* used only without mul_sparse */
} fixed_weight;

static void fixed_weight_init(fixed_weight *v, const uint32_t *support, size_t weight,
                              uint64_t bits[HQC_WORDS], const hqc_backend *be)
{
    v->support = support;
    v->weight = weight;
    v->bits = bits;
    if (be->mul_sparse == NULL)
        be->support_to_vector(bits, support, weight);
}

/* o = a * v mod X^N - 1; o may be a (both products read all their input first). */
static void mul_fixed_weight(uint64_t o[HQC_WORDS], const uint64_t a[HQC_WORDS], const fixed_weight *v,
                             const hqc_backend *be)
{
    HQC_TRACE_PRODUCT(be->mul_sparse ? "mul_sparse" : "mul", v->weight);
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

int pke_keygen(const hqc_dialect *d, uint8_t ek[HQC_PK_BYTES], uint8_t seed_dk[HQC_SEED_BYTES],
               const uint8_t seed_pke[HQC_SEED_BYTES], const hqc_backend *be)
{
    uint8_t seeds[64];
    if (hash_i(seeds, seed_pke) != 0)
        return -1;
    pke_keygen_from_seeds(d, ek, seeds, seeds + HQC_SEED_BYTES, be);
    memcpy(seed_dk, seeds, HQC_SEED_BYTES);
    zeroize(seeds, sizeof seeds);
    return 0;
}

void pke_keygen_from_seeds(const hqc_dialect *d, uint8_t ek[HQC_PK_BYTES], const uint8_t sd[HQC_SEED_BYTES],
                           const uint8_t se[HQC_SEED_BYTES], const hqc_backend *be)
{
    uint32_t y_support[HQC_OMEGA_MAX], x_support[HQC_OMEGA_MAX];
    fixed_weight x, y;
    uint64_t s[HQC_WORDS], bits[HQC_WORDS]; /* s = h, then h y + x; bits = y, then x */
    xof_stream xof;

    /* XOF(seed_dk) and expand-h of seed_ek are independent sponges: one batch. */
    kem_sponges_domain(NULL, NULL, s, se, &xof, sd, d->xof_domain);
#ifdef HQC_BACKEND_NATIVE_OPS
    sample_keygen_with(d, &xof, y_support, d->omega, be);
    sample_keygen_with(d, &xof, x_support, d->omega, be);
#else
    d->sample_keygen(&xof, y_support, d->omega);
    d->sample_keygen(&xof, x_support, d->omega);
#endif
    xof_stream_wipe(&xof);

    fixed_weight_init(&y, y_support, d->omega, bits, be);
    mul_fixed_weight(s, s, &y, be);
    fixed_weight_init(&x, x_support, d->omega, bits, be);
    add_fixed_weight(s, &x, be);

    memcpy(ek, se, HQC_SEED_BYTES);
    memcpy(ek + HQC_SEED_BYTES, s, HQC_N_BYTES);

    zeroize(y_support, sizeof y_support);
    zeroize(x_support, sizeof x_support);
    zeroize(bits, sizeof bits);
    zeroize(s, sizeof s);
}

/* Where the encryption's u || v bytes go: written to out, or (out == NULL) compared with
 * expect, OR-ing every byte difference into diff. Re-encryption in decapsulation compares
 * without a ciphertext-sized buffer of its own. */
typedef struct {
    uint8_t *out;
    const uint8_t *expect;
    uint32_t diff;
} uv_sink;

static void sink_put(uv_sink *sink, size_t offset, const void *bytes, size_t len)
{
    const uint8_t *b = bytes;
    if (sink->out) {
        memcpy(sink->out + offset, b, len);
        return;
    }
    /* Eight bytes at a time into a local: OR-ing into sink->diff byte by byte made the compiler
     * store it after every byte (the expected bytes may alias it), a loop of 4.4k dependent
     * stores that took about 5 % of HQC-1 decapsulation. No branch depends on the bytes. */
    const uint8_t *e = sink->expect + offset;
    uint64_t diff = 0;
    size_t i = 0;
    for (; i + 8 <= len; i += 8) {
        uint64_t x, y;
        memcpy(&x, b + i, 8);
        memcpy(&y, e + i, 8);
        diff |= x ^ y;
    }
    for (; i < len; i++)
        diff |= (uint64_t)(b[i] ^ e[i]);
    sink->diff |= (uint32_t)(diff | diff >> 32); /* nonzero iff diff is */
}

/* The supports of r2, e and r1, drawn in that order from XOF(theta). With j (decapsulation),
 * J's output as well: J and the XOF's first 3 encrypt_stride bytes run as one batch
 * (hash_j_and_xof), then the positions come from those bytes. Not inlined, so that the XOF's
 * state or bytes are off the stack before the products below it run. */
static __attribute__((noinline)) void draw_supports(const hqc_dialect *d, uint32_t *r2_support, uint32_t *e_support,
                                                    uint32_t *r1_support, const uint8_t theta[HQC_SEED_BYTES],
                                                    pke_j_request *j, const hqc_backend *be)
{
    /* omega_e = omega_r in every dialect (spec Table of parameters; Bouncy Castle 1.87 draws
     * e with its omega_r as well). */
    if (j != NULL) {
        uint8_t draws[3 * HQC_ENCRYPT_STRIDE_MAX];
        j->rc = hash_j_and_xof(j->k_bar, j->h_ek, j->sigma, j->ct, theta, d->xof_domain, draws, 3 * d->encrypt_stride);
        sample_encrypt_positions(r2_support, draws, d->omega_r, be);
        sample_encrypt_positions(e_support, draws + d->encrypt_stride, d->omega_r, be);
        sample_encrypt_positions(r1_support, draws + 2 * d->encrypt_stride, d->omega_r, be);
        zeroize(draws, sizeof draws);
    } else {
        shake256_ctx xof;
        xof_init_domain(&xof, theta, d->xof_domain);
        HQC_TRACE_CTX_ROLE(&xof, "XOF(theta)");
        d->sample_encrypt(&xof, r2_support, d->omega_r, be);
        d->sample_encrypt(&xof, e_support, d->omega_r, be);
        d->sample_encrypt(&xof, r1_support, d->omega_r, be);
        shake256_wipe(&xof);
    }
}

/* Spec Encrypt: u = h r2 + r1, v = Encode(m) + Truncate(s r2 + e), the supports of r2, e, r1
 * drawn in that order from one XOF stream seeded with theta (draw_supports). Two n-bit buffers
 * of its own and the caller's h, which is consumed: acc (= h) holds h r2 + r1 = u, then v; r2
 * keeps r2's bits for both products; other holds r1, then e, then Encode(m). */
static void encrypt_into(const hqc_dialect *d, uv_sink *sink, const uint8_t ek[HQC_PK_BYTES], uint64_t acc[HQC_WORDS],
                         const uint8_t m[HQC_K], const uint8_t theta[HQC_SEED_BYTES], pke_j_request *j,
                         const hqc_backend *be)
{
    uint64_t r2_bits[HQC_WORDS], other[HQC_WORDS];
    uint32_t r2_support[HQC_WEIGHT_MAX], e_support[HQC_WEIGHT_MAX], r1_support[HQC_WEIGHT_MAX];
    fixed_weight r1, r2, e;

    draw_supports(d, r2_support, e_support, r1_support, theta, j, be);
    fixed_weight_init(&r2, r2_support, d->omega_r, r2_bits, be);

    mul_fixed_weight(acc, acc, &r2, be);
    fixed_weight_init(&r1, r1_support, d->omega_r, other, be);
    add_fixed_weight(acc, &r1, be);
    sink_put(sink, 0, acc, HQC_N_BYTES);

    /* Truncation keeps the first n1 n2 bits, which are whole words at every level. */
    load_vector(acc, ek + HQC_SEED_BYTES);
    mul_fixed_weight(acc, acc, &r2, be);
    fixed_weight_init(&e, e_support, d->omega_r, other, be);
    add_fixed_weight(acc, &e, be);
#ifdef HQC_BACKEND_NATIVE_OPS
    code_encode_with(d, other, m, be);
#else
    code_encode(d, other, m);
#endif
    xor_words(acc, other, HQC_N1N2_WORDS);
    sink_put(sink, HQC_N_BYTES, acc, HQC_N1N2_BYTES);

    zeroize(acc, HQC_WORDS * sizeof *acc);
    zeroize(r2_bits, sizeof r2_bits);
    zeroize(other, sizeof other);
    zeroize(r1_support, sizeof r1_support);
    zeroize(r2_support, sizeof r2_support);
    zeroize(e_support, sizeof e_support);
}

void pke_encrypt(const hqc_dialect *d, uint8_t uv[HQC_N_BYTES + HQC_N1N2_BYTES], const uint8_t ek[HQC_PK_BYTES],
                 uint64_t h[HQC_WORDS], const uint8_t m[HQC_K], const uint8_t theta[HQC_SEED_BYTES],
                 const hqc_backend *be)
{
    uv_sink sink = {.out = uv, .expect = NULL, .diff = 0};
    encrypt_into(d, &sink, ek, h, m, theta, NULL, be);
}

uint32_t pke_reencrypt_differs(const hqc_dialect *d, const uint8_t uv[HQC_N_BYTES + HQC_N1N2_BYTES], const uint8_t ek[HQC_PK_BYTES],
                               uint64_t h[HQC_WORDS], const uint8_t m[HQC_K],
                               const uint8_t theta[HQC_SEED_BYTES], pke_j_request *j, const hqc_backend *be)
{
    uv_sink sink = {.out = NULL, .expect = uv, .diff = 0};
    encrypt_into(d, &sink, ek, h, m, theta, j, be);
    return sink.diff;
}

void pke_decrypt(const hqc_dialect *d, uint8_t m[HQC_K], xof_stream *dk, const uint8_t uv[HQC_N_BYTES + HQC_N1N2_BYTES],
                 const hqc_backend *be)
{
    uint64_t acc[HQC_WORDS], other[HQC_WORDS]; /* acc: u, u y, v - u y; other: y, then v */
    uint32_t support[HQC_OMEGA_MAX];
    fixed_weight y;

#ifdef HQC_BACKEND_NATIVE_OPS
    sample_keygen_with(d, dk, support, d->omega, be);
#else
    d->sample_keygen(dk, support, d->omega);
#endif
    fixed_weight_init(&y, support, d->omega, other, be);

    load_vector(acc, uv);
    mul_fixed_weight(acc, acc, &y, be);
    memcpy(other, uv + HQC_N_BYTES, HQC_N1N2_BYTES);
    xor_words(acc, other, HQC_N1N2_WORDS);
    code_decode(d, m, acc, be);

    zeroize(acc, sizeof acc);
    zeroize(other, sizeof other);
    zeroize(support, sizeof support);
}
