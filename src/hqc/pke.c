/* pke.c: HQC-PKE key generation, encryption and decryption (spec section "HQC-PKE",
 * Algorithms Keygen, Encrypt, Decrypt). Vectors of length n live in HQC_WORDS words with the
 * bits at n and above kept zero, as the backend contract requires. */
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

static void expand_h(uint64_t h[HQC_WORDS], const uint8_t seed_ek[HQC_SEED_BYTES])
{
    shake256_ctx xof;
    xof_init(&xof, seed_ek);
    sample_dense(&xof, h);
}

int pke_keygen(uint8_t ek[HQC_PK_BYTES], uint8_t seed_dk[HQC_SEED_BYTES],
               const uint8_t seed_pke[HQC_SEED_BYTES], const hqc_backend *be)
{
    uint8_t seeds[64];
    uint32_t support[HQC_OMEGA];
    uint64_t x[HQC_WORDS], y[HQC_WORDS], h[HQC_WORDS], s[HQC_WORDS];
    shake256_ctx xof;

    if (hash_i(seeds, seed_pke) != 0)
        return -1;
    const uint8_t *sd = seeds, *se = seeds + HQC_SEED_BYTES;

    xof_init(&xof, sd);
    sample_support_keygen(&xof, support, HQC_OMEGA);
    support_to_vector(y, support, HQC_OMEGA);
    sample_support_keygen(&xof, support, HQC_OMEGA);
    support_to_vector(x, support, HQC_OMEGA);
    shake256_wipe(&xof);

    expand_h(h, se);
    be->mul(s, y, h);
    xor_words(s, x, HQC_WORDS);

    memcpy(ek, se, HQC_SEED_BYTES);
    memcpy(ek + HQC_SEED_BYTES, s, HQC_N_BYTES);
    memcpy(seed_dk, sd, HQC_SEED_BYTES);

    zeroize(seeds, sizeof seeds);
    zeroize(support, sizeof support);
    zeroize(x, sizeof x);
    zeroize(y, sizeof y);
    return 0;
}

void pke_encrypt(uint8_t uv[HQC_N_BYTES + HQC_N1N2_BYTES], const uint8_t ek[HQC_PK_BYTES],
                 const uint8_t m[HQC_K], const uint8_t theta[HQC_SEED_BYTES], const hqc_backend *be)
{
    uint64_t h[HQC_WORDS], s[HQC_WORDS], r1[HQC_WORDS], r2[HQC_WORDS], e[HQC_WORDS];
    uint64_t u[HQC_WORDS], t[HQC_WORDS], v[HQC_N1N2_WORDS];
    uint32_t support[HQC_OMEGA_R];
    shake256_ctx xof;

    expand_h(h, ek);
    load_vector(s, ek + HQC_SEED_BYTES);

    /* The spec draws r2, then e, then r1 from one XOF stream. */
    xof_init(&xof, theta);
    sample_support_encrypt(&xof, support, HQC_OMEGA_R);
    support_to_vector(r2, support, HQC_OMEGA_R);
    sample_support_encrypt(&xof, support, HQC_OMEGA_E);
    support_to_vector(e, support, HQC_OMEGA_E);
    sample_support_encrypt(&xof, support, HQC_OMEGA_R);
    support_to_vector(r1, support, HQC_OMEGA_R);
    shake256_wipe(&xof);

    be->mul(u, r2, h);
    xor_words(u, r1, HQC_WORDS);

    /* v = Encode(m) + Truncate(s r2 + e): truncation keeps the first n1 n2 bits, which are
     * whole words at every level. */
    be->mul(t, r2, s);
    xor_words(t, e, HQC_WORDS);
    code_encode(v, m);
    xor_words(v, t, HQC_N1N2_WORDS);

    memcpy(uv, u, HQC_N_BYTES);
    memcpy(uv + HQC_N_BYTES, v, HQC_N1N2_BYTES);

    zeroize(r1, sizeof r1);
    zeroize(r2, sizeof r2);
    zeroize(e, sizeof e);
    zeroize(t, sizeof t);
    zeroize(v, sizeof v);
    zeroize(support, sizeof support);
}

void pke_decrypt(uint8_t m[HQC_K], const uint8_t seed_dk[HQC_SEED_BYTES],
                 const uint8_t uv[HQC_N_BYTES + HQC_N1N2_BYTES], const hqc_backend *be)
{
    uint64_t y[HQC_WORDS], u[HQC_WORDS], t[HQC_WORDS], v[HQC_N1N2_WORDS];
    uint32_t support[HQC_OMEGA];
    shake256_ctx xof;

    xof_init(&xof, seed_dk);
    sample_support_keygen(&xof, support, HQC_OMEGA);
    support_to_vector(y, support, HQC_OMEGA);
    shake256_wipe(&xof);

    load_vector(u, uv);
    memcpy(v, uv + HQC_N_BYTES, HQC_N1N2_BYTES);
    be->mul(t, u, y);
    xor_words(v, t, HQC_N1N2_WORDS);
    code_decode(m, v, be);

    zeroize(y, sizeof y);
    zeroize(t, sizeof t);
    zeroize(v, sizeof v);
    zeroize(support, sizeof support);
}
