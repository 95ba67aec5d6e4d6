/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* key_check.c: checks of a key on import (issue 36), per dialect. A public key ek = seed_ek || s
 * (spec section "HQC-KEM", Keygen) must have the dialect's length and no bit of s at position
 * n or above. An expanded secret key is regenerated from what it holds and compared part by
 * part in constant time: from its seed_KEM (spec Keygen, all of it) where it ends with one;
 * else (Bouncy Castle 1.87's pk || seed_dk || sigma) s is recomputed from seed_dk and pk's
 * seed_ek (Keygen after I), and sigma, which only seed_KEM determines, cannot be checked. */
#include <string.h>

#include "ct.h"
#include "declassify.h"
#include "kem.h"
#include "pke.h"
#include "zeroize.h"

int kem_check_pk(const hqc_dialect *d, const uint8_t *pk, size_t len)
{
    (void)d; /* every dialect's public key has the same form */
    if (len != HQC_PK_BYTES)
        return HQC_KEY_ERR_LENGTH;
    _Static_assert(HQC_N % 8 != 0, "s ends inside a byte at every level");
    if ((pk[HQC_PK_BYTES - 1] >> (HQC_N % 8)) != 0)
        return HQC_KEY_ERR_PADDING;
    return 0;
}

/* Nonzero iff a and b differ in some of their len bytes; reads them all (constant time). */
static uint32_t bytes_differ(const uint8_t *a, const uint8_t *b, size_t len)
{
    uint32_t diff = 0;
    for (size_t i = 0; i < len; i++)
        diff |= (uint32_t)(a[i] ^ b[i]);
    return ct_barrier32(ct_mask_nonzero32(diff));
}

int kem_check_sk(const hqc_dialect *d, const hqc_backend *be, const uint8_t *sk, size_t len)
{
    uint8_t regen[HQC_SK_BYTES];
    const uint8_t *seed_dk = sk + HQC_PK_BYTES, *sigma = sk + HQC_PK_BYTES + HQC_SEED_BYTES;
    uint32_t pk_bad, dk_bad = 0, sigma_bad = 0;
    if (len != d->sk_bytes)
        return HQC_KEY_ERR_LENGTH;
    int rc = kem_check_pk(d, sk, HQC_PK_BYTES);
    if (rc != 0)
        return rc;
    if (be == NULL)
        return -1;
    if (d->sk_seed) {
        if (kem_keypair_derand(d, be, NULL, regen, sk + HQC_PK_BYTES + HQC_SEED_BYTES + HQC_SEC_BYTES) != 0) {
            zeroize(regen, sizeof regen);
            return -1;
        }
        pk_bad = bytes_differ(regen, sk, HQC_PK_BYTES);
        dk_bad = bytes_differ(regen + HQC_PK_BYTES, seed_dk, HQC_SEED_BYTES);
        sigma_bad = bytes_differ(regen + HQC_PK_BYTES + HQC_SEED_BYTES, sigma, HQC_SEC_BYTES);
    } else {
        /* No seed_KEM: pk must follow from seed_dk and its own seed_ek. */
        pke_keygen_from_seeds(d, regen, seed_dk, sk, be);
        pk_bad = bytes_differ(regen, sk, HQC_PK_BYTES);
    }
    zeroize(regen, sizeof regen);
    /* The verdict leaves the function: made public here, part by part. */
    if (declassify_u32(pk_bad))
        return HQC_KEY_ERR_PK;
    if (declassify_u32(dk_bad))
        return HQC_KEY_ERR_SEED_DK;
    if (declassify_u32(sigma_bad))
        return HQC_KEY_ERR_SIGMA;
    return 0;
}
