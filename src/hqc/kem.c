/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* kem.c: HQC-KEM, the Fujisaki-Okamoto transform of HQC-PKE with implicit rejection (spec
 * section "HQC-KEM", Algorithms Keygen, Encaps, Decaps). The _derand entry points take the
 * randomness as arguments (KAT generation, tests); the others draw it from getrandom. */
#include <string.h>

#include "backend.h"
#include "ct.h"
#include "declassify.h"
#include "kem.h"
#include "keccak.h"
#include "pke.h"
#include "randombytes.h"
#include "symmetric.h"
#include "zeroize.h"

#define UV_BYTES (HQC_N_BYTES + HQC_N1N2_BYTES)

int HQC_NS(crypto_kem_keypair_derand_with)(const hqc_backend *be, uint8_t *pk, uint8_t *sk,
                                           const uint8_t *seed_kem)
{
    uint8_t seed_pke[HQC_SEED_BYTES], sigma[HQC_SEC_BYTES], seed_dk[HQC_SEED_BYTES];
    shake256_ctx xof;
    if (be == NULL)
        return -1;

    xof_init(&xof, seed_kem);
    shake256_squeeze(&xof, seed_pke, sizeof seed_pke);
    shake256_squeeze(&xof, sigma, sizeof sigma);
    shake256_wipe(&xof);

    int rc = pke_keygen(pk, seed_dk, seed_pke, be);
    if (rc == 0) {
        /* The public key is public: keygen's only output that leaves unprotected. */
        declassify(pk, HQC_PK_BYTES);
        memcpy(sk, pk, HQC_PK_BYTES);
        memcpy(sk + HQC_PK_BYTES, seed_dk, HQC_SEED_BYTES);
        memcpy(sk + HQC_PK_BYTES + HQC_SEED_BYTES, sigma, HQC_SEC_BYTES);
        memcpy(sk + HQC_PK_BYTES + HQC_SEED_BYTES + HQC_SEC_BYTES, seed_kem, HQC_SEED_BYTES);
    }
    zeroize(seed_pke, sizeof seed_pke);
    zeroize(sigma, sizeof sigma);
    zeroize(seed_dk, sizeof seed_dk);
    return rc;
}

int HQC_NS(crypto_kem_enc_derand_with)(const hqc_backend *be, uint8_t *ct, uint8_t *ss,
                                       const uint8_t *pk, const uint8_t *m, const uint8_t *salt)
{
    uint8_t h_ek[32], k_theta[64];
    uint64_t h[HQC_WORDS];
    if (be == NULL)
        return -1;
    /* H(ek) and expand-h of ek's seed are independent sponges: one batch. */
    if (kem_sponges(h_ek, pk, h, pk, NULL, NULL) != 0 || hash_g(k_theta, h_ek, m, salt) != 0) {
        zeroize(k_theta, sizeof k_theta);
        return -1;
    }
    pke_encrypt(ct, pk, h, m, k_theta + HQC_SS_BYTES, be);
    memcpy(ct + UV_BYTES, salt, HQC_SALT_BYTES);
    declassify(ct, HQC_CT_BYTES);
    memcpy(ss, k_theta, HQC_SS_BYTES);
    zeroize(k_theta, sizeof k_theta);
    return 0;
}

int HQC_NS(crypto_kem_dec_with)(const hqc_backend *be, uint8_t *ss, const uint8_t *ct, const uint8_t *sk)
{
    const uint8_t *ek = sk, *seed_dk = sk + HQC_PK_BYTES, *sigma = sk + HQC_PK_BYTES + HQC_SEED_BYTES;
    const uint8_t *salt = ct + UV_BYTES;
    uint8_t m[HQC_K], h_ek[32], k_theta[64], k_bar[32];
    uint64_t h[HQC_WORDS];
    xof_stream dk;
    int rc = -1;
    if (be == NULL) {
        memset(ss, 0, HQC_SS_BYTES);
        return -1;
    }

    /* H(ek), expand-h for the re-encryption and XOF(seed_dk) for y: one batch. */
    if (kem_sponges(h_ek, ek, h, ek, &dk, seed_dk) != 0) {
        memset(ss, 0, HQC_SS_BYTES);
        goto out;
    }
    pke_decrypt(m, &dk, ct, be);
    if (hash_g(k_theta, h_ek, m, salt) != 0 || hash_j(k_bar, h_ek, sigma, ct) != 0) {
        memset(ss, 0, HQC_SS_BYTES);
        goto out;
    }
    /* ok = all ones iff the re-encryption reproduces u || v (the salt is the ciphertext's). */
    uint32_t diff = pke_reencrypt_differs(ct, ek, h, m, k_theta + HQC_SS_BYTES, be);
    uint8_t ok = (uint8_t)ct_barrier32(~ct_mask_nonzero32(diff));
    for (size_t i = 0; i < HQC_SS_BYTES; i++)
        ss[i] = (uint8_t)((k_theta[i] & ok) | (k_bar[i] & ~ok));
    rc = 0;
out:
    xof_stream_wipe(&dk);
    zeroize(m, sizeof m);
    zeroize(k_theta, sizeof k_theta);
    zeroize(k_bar, sizeof k_bar);
    return rc;
}

int HQC_NS(crypto_kem_keypair_derand)(uint8_t *pk, uint8_t *sk, const uint8_t *seed_kem)
{
    return HQC_NS(crypto_kem_keypair_derand_with)(HQC_NS(backend_default)(), pk, sk, seed_kem);
}

int HQC_NS(crypto_kem_enc_derand)(uint8_t *ct, uint8_t *ss, const uint8_t *pk, const uint8_t *m,
                                  const uint8_t *salt)
{
    return HQC_NS(crypto_kem_enc_derand_with)(HQC_NS(backend_default)(), ct, ss, pk, m, salt);
}

int HQC_NS(crypto_kem_keypair)(uint8_t *pk, uint8_t *sk)
{
    uint8_t seed_kem[HQC_SEED_BYTES];
    int rc = -1;
    if (hqc_randombytes(seed_kem, sizeof seed_kem) == 0)
        rc = HQC_NS(crypto_kem_keypair_derand)(pk, sk, seed_kem);
    zeroize(seed_kem, sizeof seed_kem);
    return rc;
}

int HQC_NS(crypto_kem_enc)(uint8_t *ct, uint8_t *ss, const uint8_t *pk)
{
    uint8_t m[HQC_K], salt[HQC_SALT_BYTES];
    int rc = -1;
    if (hqc_randombytes(m, sizeof m) == 0 && hqc_randombytes(salt, sizeof salt) == 0)
        rc = HQC_NS(crypto_kem_enc_derand)(ct, ss, pk, m, salt);
    zeroize(m, sizeof m);
    return rc;
}

int HQC_NS(crypto_kem_dec)(uint8_t *ss, const uint8_t *ct, const uint8_t *sk)
{
    return HQC_NS(crypto_kem_dec_with)(HQC_NS(backend_default)(), ss, ct, sk);
}

const char *HQC_NS(backend_name)(const hqc_backend *be)
{
    return be ? be->name : NULL;
}
