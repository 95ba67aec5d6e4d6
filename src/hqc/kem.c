/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* kem.c: HQC-KEM, the Fujisaki-Okamoto transform of HQC-PKE with implicit rejection (spec
 * section "HQC-KEM", Algorithms Keygen, Encaps, Decaps), once for every dialect (dialect.h):
 * the dialect is an argument passed down to the samplers. The _derand entry points take the
 * randomness as arguments (KAT generation, tests); the others draw it from getrandom. Each
 * dialect's public names call these functions with its table; the plain ones are the default's.
 * A private key is kept either expanded (pk || seed_dk || sigma [|| seed_KEM], the dialect's
 * sk_bytes) or as its 32-byte seed_KEM, from which keygen regenerates the expanded key: the
 * _seed functions take the seed, the others the expanded key; nothing is told from a length. */
#include <string.h>

#include "backend.h"
#include "ct.h"
#include "dialect.h"
#include "declassify.h"
#include "kem.h"
#include "keccak.h"
#include "pke.h"
#include "randombytes.h"
#include "symmetric.h"
#include "zeroize.h"

#define UV_BYTES (HQC_N_BYTES + HQC_N1N2_BYTES)

/* What the operations leave on the stack (issue 31, item 3). Each kem_* function wipes its own
 * buffers; below its frame, the frames of everything it called (the products' Toom-3 and
 * Karatsuba scratch, the support expansion, the samplers, the RM and RS decoders, the Keccak
 * states, and the registers the compiler spilled there, which no zeroize of a named buffer
 * reaches) still hold secret words when it returns. So, at the outermost frame, one memset
 * over the depth those callees use: HQC_SCRUB_BYTES, the deepest operation of the level over
 * every backend (tests/c/test_stack_secrets.c measures the depth and checks that nothing
 * secret is left; tests/test_stack.py that the total stays within the stack budget). A
 * scrub that fell short of a callee's depth would leave its deepest words: the test fails. */
#if HQC_LEVEL == 1
#define HQC_SCRUB_BYTES (29 * 1024)
#elif HQC_LEVEL == 3
#define HQC_SCRUB_BYTES (50 * 1024)
#else
#define HQC_SCRUB_BYTES (82 * 1024)
#endif

/* Not inlined, so that its array lies where the callees' frames were; the empty asm after
 * each call keeps the call from becoming a tail call (which would start the array above). */
static __attribute__((noinline)) void scrub_callee_stack(void)
{
#ifndef HQC_NO_STACK_SCRUB /* the unwiped twin, for tests/test_stack_secrets.py and its cost */
    uint8_t area[HQC_SCRUB_BYTES];
    zeroize(area, sizeof area);
#endif
}
#define SCRUB_CALLEE_STACK()                             \
    do {                                                 \
        scrub_callee_stack();                            \
        __asm__ __volatile__("" : : : "memory");         \
    } while (0)

int kem_keypair_derand(const hqc_dialect *d, const hqc_backend *be, uint8_t *pk, uint8_t *sk,
                       const uint8_t *seed_kem)
{
    uint8_t seed_pke[HQC_SEED_BYTES], sigma[HQC_SEC_BYTES], seed_dk[HQC_SEED_BYTES];
    shake256_ctx xof;
    if (be == NULL)
        return -1;

    /* SHAKE256(seed_KEM || domain): 1 in the spec's dialects, k in Bouncy Castle 1.87's. */
    xof_init_domain(&xof, seed_kem, d->kem_domain);
    HQC_TRACE_CTX_ROLE(&xof, "XOF(seed_KEM)");
    shake256_squeeze(&xof, seed_pke, sizeof seed_pke);
    shake256_squeeze(&xof, sigma, sizeof sigma);
    shake256_wipe(&xof);

    /* The public key goes straight into the expanded key, whose prefix it is; pk (if given)
     * gets a copy. */
    int rc = pke_keygen(d, sk, seed_dk, seed_pke, be);
    if (rc == 0) {
        /* The public key is public: keygen's only output that leaves unprotected. */
        declassify(sk, HQC_PK_BYTES);
        if (pk != NULL)
            memcpy(pk, sk, HQC_PK_BYTES);
        memcpy(sk + HQC_PK_BYTES, seed_dk, HQC_SEED_BYTES);
        memcpy(sk + HQC_PK_BYTES + HQC_SEED_BYTES, sigma, HQC_SEC_BYTES);
        if (d->sk_seed)
            memcpy(sk + HQC_PK_BYTES + HQC_SEED_BYTES + HQC_SEC_BYTES, seed_kem, HQC_SEED_BYTES);
    }
    zeroize(seed_pke, sizeof seed_pke);
    zeroize(sigma, sizeof sigma);
    zeroize(seed_dk, sizeof seed_dk);
    SCRUB_CALLEE_STACK();
    return rc;
}

int kem_enc_derand(const hqc_dialect *d, const hqc_backend *be, uint8_t *ct, uint8_t *ss, const uint8_t *pk,
                   const uint8_t *m, const uint8_t *salt)
{
    uint8_t h_ek[32], k_theta[64];
    uint64_t h[HQC_WORDS];
    if (be == NULL)
        return -1;
    /* H(ek) and expand-h of ek's seed are independent sponges: one batch. */
    if (kem_sponges_domain(h_ek, pk, h, pk, NULL, NULL, d->xof_domain) != 0 || hash_g(k_theta, h_ek, m, salt) != 0) {
        zeroize(k_theta, sizeof k_theta);
        SCRUB_CALLEE_STACK();
        return -1;
    }
    pke_encrypt(d, ct, pk, h, m, k_theta + HQC_SS_BYTES, be);
    memcpy(ct + UV_BYTES, salt, HQC_SALT_BYTES);
    declassify(ct, HQC_CT_BYTES);
    memcpy(ss, k_theta, HQC_SS_BYTES);
    zeroize(k_theta, sizeof k_theta);
    SCRUB_CALLEE_STACK();
    return 0;
}

/* Decapsulation once H(ek), expand-h of ek (h, consumed) and the XOF(seed_dk) stream dk are
 * there; wipes dk. */
static int dec_with_sponges(const hqc_dialect *d, const hqc_backend *be, uint8_t *ss, const uint8_t *ct,
                            const uint8_t *sk, const uint8_t h_ek[32], uint64_t h[HQC_WORDS], xof_stream *dk)
{
    const uint8_t *ek = sk, *sigma = sk + HQC_PK_BYTES + HQC_SEED_BYTES;
    const uint8_t *salt = ct + UV_BYTES;
    uint8_t m[HQC_K], k_theta[64], k_bar[32];
    int rc = -1;
    pke_decrypt(d, m, dk, ct, be);
    if (hash_g(k_theta, h_ek, m, salt) != 0) {
        memset(ss, 0, HQC_SS_BYTES);
        goto out;
    }
    /* ok = all ones iff the re-encryption reproduces u || v (the salt is the ciphertext's).
     * J waits for nothing after H and XOF(theta) for G only: the re-encryption runs them as one
     * batch. */
    pke_j_request j = {.k_bar = k_bar, .h_ek = h_ek, .sigma = sigma, .ct = ct, .rc = -1};
    uint32_t diff = pke_reencrypt_differs(d, ct, ek, h, m, k_theta + HQC_SS_BYTES, &j, be);
    if (j.rc != 0) {
        memset(ss, 0, HQC_SS_BYTES);
        goto out;
    }
    uint8_t ok = (uint8_t)ct_barrier32(~ct_mask_nonzero32(diff));
    for (size_t i = 0; i < HQC_SS_BYTES; i++)
        ss[i] = (uint8_t)((k_theta[i] & ok) | (k_bar[i] & ~ok));
    rc = 0;
out:
    xof_stream_wipe(dk);
    zeroize(m, sizeof m);
    zeroize(k_theta, sizeof k_theta);
    zeroize(k_bar, sizeof k_bar);
    SCRUB_CALLEE_STACK();
    return rc;
}

int kem_dec(const hqc_dialect *d, const hqc_backend *be, uint8_t *ss, const uint8_t *ct, const uint8_t *sk)
{
    uint8_t h_ek[32];
    uint64_t h[HQC_WORDS];
    xof_stream dk;
    if (be == NULL) {
        memset(ss, 0, HQC_SS_BYTES);
        return -1;
    }
    /* H(ek), expand-h for the re-encryption and XOF(seed_dk) for y: one batch. */
    if (kem_sponges_domain(h_ek, sk, h, sk, &dk, sk + HQC_PK_BYTES, d->xof_domain) != 0) {
        memset(ss, 0, HQC_SS_BYTES);
        xof_stream_wipe(&dk);
        return -1;
    }
    return dec_with_sponges(d, be, ss, ct, sk, h_ek, h, &dk);
}

/* The prepared key: the expanded key (zero-padded to HQC_SK_BYTES) || H(ek) || expand-h of ek,
 * which every decapsulation with that key would recompute. */
#define PREP_H_EK HQC_SK_BYTES
#define PREP_H (HQC_SK_BYTES + 32)
_Static_assert(KEM_PREPARED_BYTES == PREP_H + HQC_WORDS * 8, "the prepared key's layout");

int kem_prepare(const hqc_dialect *d, uint8_t *prepared, const uint8_t *sk)
{
    uint64_t h[HQC_WORDS];
    memset(prepared, 0, KEM_PREPARED_BYTES);
    memcpy(prepared, sk, d->sk_bytes);
    int rc = kem_sponges_domain(prepared + PREP_H_EK, sk, h, sk, NULL, NULL, d->xof_domain);
    memcpy(prepared + PREP_H, h, sizeof h);
    zeroize(h, sizeof h);
    if (rc != 0)
        zeroize(prepared, KEM_PREPARED_BYTES);
    return rc;
}

int kem_dec_prepared(const hqc_dialect *d, const hqc_backend *be, uint8_t *ss, const uint8_t *ct,
                     const uint8_t *prepared)
{
    uint64_t h[HQC_WORDS];
    xof_stream dk;
    if (be == NULL) {
        memset(ss, 0, HQC_SS_BYTES);
        return -1;
    }
    /* Only XOF(seed_dk) is left to start; h is copied, as the re-encryption consumes it. */
    kem_sponges_domain(NULL, NULL, NULL, NULL, &dk, prepared + HQC_PK_BYTES, d->xof_domain);
    memcpy(h, prepared + PREP_H, sizeof h);
    return dec_with_sponges(d, be, ss, ct, prepared, prepared + PREP_H_EK, h, &dk);
}

int kem_keypair_seed(const hqc_dialect *d, const hqc_backend *be, uint8_t *pk, uint8_t *seed_kem)
{
    uint8_t sk[HQC_SK_BYTES];
    int rc = -1;
    if (hqc_randombytes(seed_kem, HQC_SEED_BYTES) == 0)
        rc = kem_keypair_derand(d, be, pk, sk, seed_kem);
    if (rc != 0)
        zeroize(seed_kem, HQC_SEED_BYTES);
    zeroize(sk, sizeof sk);
    return rc;
}

int kem_dec_seed(const hqc_dialect *d, const hqc_backend *be, uint8_t *ss, const uint8_t *ct,
                 const uint8_t *seed_kem)
{
    uint8_t sk[HQC_SK_BYTES];
    int rc = kem_keypair_derand(d, be, NULL, sk, seed_kem);
    if (rc == 0)
        rc = kem_dec(d, be, ss, ct, sk);
    else
        memset(ss, 0, HQC_SS_BYTES);
    zeroize(sk, sizeof sk);
    return rc;
}

int kem_keypair(const hqc_dialect *d, uint8_t *pk, uint8_t *sk)
{
    uint8_t seed_kem[HQC_SEED_BYTES];
    int rc = -1;
    if (hqc_randombytes(seed_kem, sizeof seed_kem) == 0)
        rc = kem_keypair_derand(d, HQC_NS(backend_default)(), pk, sk, seed_kem);
    zeroize(seed_kem, sizeof seed_kem);
    return rc;
}

int kem_enc(const hqc_dialect *d, uint8_t *ct, uint8_t *ss, const uint8_t *pk)
{
    uint8_t m[HQC_K], salt[HQC_SALT_BYTES];
    int rc = -1;
    if (hqc_randombytes(m, sizeof m) == 0 && hqc_randombytes(salt, sizeof salt) == 0)
        rc = kem_enc_derand(d, HQC_NS(backend_default)(), ct, ss, pk, m, salt);
    zeroize(m, sizeof m);
    return rc;
}

/* The public entry points of one dialect, named NAME(id, s) (HQC_DIALECT_NS for every
 * dialect's own names, KEM_PLAIN_NS (kem.h) for the default dialect's plain ones): each passes the table
 * on. */
#define KEM_ENTRY_POINTS(NAME, id, table)                                                                 \
    int NAME(id, crypto_kem_keypair)(uint8_t * pk, uint8_t * sk)                                          \
    {                                                                                              \
        return kem_keypair(&table, pk, sk);                                                        \
    }                                                                                              \
    int NAME(id, crypto_kem_enc)(uint8_t * ct, uint8_t * ss, const uint8_t *pk)                           \
    {                                                                                              \
        return kem_enc(&table, ct, ss, pk);                                                        \
    }                                                                                              \
    int NAME(id, crypto_kem_dec)(uint8_t * ss, const uint8_t *ct, const uint8_t *sk)                      \
    {                                                                                              \
        return kem_dec(&table, HQC_NS(backend_default)(), ss, ct, sk);                             \
    }                                                                                              \
    int NAME(id, crypto_kem_keypair_derand)(uint8_t * pk, uint8_t * sk, const uint8_t *seed_kem)          \
    {                                                                                              \
        return kem_keypair_derand(&table, HQC_NS(backend_default)(), pk, sk, seed_kem);            \
    }                                                                                              \
    int NAME(id, crypto_kem_enc_derand)(uint8_t * ct, uint8_t * ss, const uint8_t *pk, const uint8_t *m,  \
                                 const uint8_t *salt)                                              \
    {                                                                                              \
        return kem_enc_derand(&table, HQC_NS(backend_default)(), ct, ss, pk, m, salt);             \
    }                                                                                              \
    int NAME(id, crypto_kem_keypair_derand_with)(const hqc_backend *be, uint8_t *pk, uint8_t *sk,         \
                                          const uint8_t *seed_kem)                                 \
    {                                                                                              \
        if (!HQC_NS(backend_usable)(be))                                                           \
            return HQC_ERR_BACKEND;                                                                \
        return kem_keypair_derand(&table, be, pk, sk, seed_kem);                                   \
    }                                                                                              \
    int NAME(id, crypto_kem_enc_derand_with)(const hqc_backend *be, uint8_t *ct, uint8_t *ss,             \
                                      const uint8_t *pk, const uint8_t *m, const uint8_t *salt)    \
    {                                                                                              \
        if (!HQC_NS(backend_usable)(be))                                                           \
            return HQC_ERR_BACKEND;                                                                \
        return kem_enc_derand(&table, be, ct, ss, pk, m, salt);                                    \
    }                                                                                              \
    int NAME(id, crypto_kem_dec_with)(const hqc_backend *be, uint8_t *ss, const uint8_t *ct, const uint8_t *sk) \
    {                                                                                              \
        if (!HQC_NS(backend_usable)(be))                                                           \
            return HQC_ERR_BACKEND;                                                                \
        return kem_dec(&table, be, ss, ct, sk);                                                    \
    }                                                                                              \
    int NAME(id, crypto_kem_keypair_seed)(uint8_t * pk, uint8_t * seed_kem)                        \
    {                                                                                              \
        return kem_keypair_seed(&table, HQC_NS(backend_default)(), pk, seed_kem);                  \
    }                                                                                              \
    int NAME(id, crypto_kem_expand_seed)(uint8_t * sk, const uint8_t *seed_kem)                    \
    {                                                                                              \
        return kem_keypair_derand(&table, HQC_NS(backend_default)(), NULL, sk, seed_kem);          \
    }                                                                                              \
    int NAME(id, crypto_kem_expand_seed_with)(const hqc_backend *be, uint8_t *sk, const uint8_t *seed_kem) \
    {                                                                                              \
        if (!HQC_NS(backend_usable)(be))                                                           \
            return HQC_ERR_BACKEND;                                                                \
        return kem_keypair_derand(&table, be, NULL, sk, seed_kem);                                 \
    }                                                                                              \
    int NAME(id, crypto_kem_dec_seed)(uint8_t * ss, const uint8_t *ct, const uint8_t *seed_kem)    \
    {                                                                                              \
        return kem_dec_seed(&table, HQC_NS(backend_default)(), ss, ct, seed_kem);                  \
    }                                                                                              \
    int NAME(id, crypto_kem_dec_seed_with)(const hqc_backend *be, uint8_t *ss, const uint8_t *ct,  \
                                           const uint8_t *seed_kem)                                \
    {                                                                                              \
        if (!HQC_NS(backend_usable)(be))                                                           \
            return HQC_ERR_BACKEND;                                                                \
        return kem_dec_seed(&table, be, ss, ct, seed_kem);                                         \
    }                                                                                              \
    int NAME(id, crypto_kem_prepare)(uint8_t * prepared, const uint8_t *sk)                        \
    {                                                                                              \
        return kem_prepare(&table, prepared, sk);                                                  \
    }                                                                                              \
    int NAME(id, crypto_kem_dec_prepared)(uint8_t * ss, const uint8_t *ct, const uint8_t *prepared) \
    {                                                                                              \
        return kem_dec_prepared(&table, HQC_NS(backend_default)(), ss, ct, prepared);              \
    }                                                                                              \
    int NAME(id, crypto_kem_dec_prepared_with)(const hqc_backend *be, uint8_t *ss, const uint8_t *ct, \
                                               const uint8_t *prepared)                            \
    {                                                                                              \
        if (!HQC_NS(backend_usable)(be))                                                           \
            return HQC_ERR_BACKEND;                                                                \
        return kem_dec_prepared(&table, be, ss, ct, prepared);                                     \
    }                                                                                              \
    void NAME(id, crypto_kem_prepared_wipe)(uint8_t * prepared)                                    \
    {                                                                                              \
        zeroize(prepared, KEM_PREPARED_BYTES);                                                     \
    }                                                                                              \
    int NAME(id, check_pk)(const uint8_t *pk, size_t len)                                          \
    {                                                                                              \
        return kem_check_pk(&table, pk, len);                                                      \
    }                                                                                              \
    int NAME(id, check_sk)(const uint8_t *sk, size_t len)                                          \
    {                                                                                              \
        return kem_check_sk(&table, HQC_NS(backend_default)(), sk, len);                           \
    }

KEM_ENTRY_POINTS(KEM_PLAIN_NS, HQC_DEFAULT_DIALECT, HQC_DIALECT_TABLE(HQC_DEFAULT_DIALECT))
#define DIALECT_ENTRY_POINTS(id, ...) KEM_ENTRY_POINTS(HQC_DIALECT_NS, id, HQC_DIALECT_TABLE(id))
HQC_DIALECTS(DIALECT_ENTRY_POINTS)

const char *HQC_NS(backend_name)(const hqc_backend *be)
{
    return be ? be->name : NULL;
}
