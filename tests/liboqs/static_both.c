/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* static_both.c: one program linking the static liboqs.a (with our KEM imported under its own
 * prefixes, integration/liboqs/) and the project's static libhqc.a. Both define an HQC-KEM, and
 * the link must neither clash nor mix them up: per level, a key pair from liboqs encapsulates
 * with libhqc and decapsulates with liboqs, and the reverse, giving equal shared secrets (the
 * two speak the same wire format). Prints "LEVEL: ok" per level; exits 1 on any failure. */
#include <hqc/hqc.h>
#include <oqs/oqs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int (*keypair_fn)(uint8_t *, uint8_t *);
typedef int (*enc_fn)(uint8_t *, uint8_t *, const uint8_t *);
typedef int (*dec_fn)(uint8_t *, const uint8_t *, const uint8_t *);

static int crossed(const char *alg, keypair_fn keypair, enc_fn enc, dec_fn dec)
{
    OQS_KEM *kem = OQS_KEM_new(alg);
    if (kem == NULL)
        return 0;
    uint8_t *pk = malloc(kem->length_public_key), *sk = malloc(kem->length_secret_key);
    uint8_t *ct = malloc(kem->length_ciphertext), ss[2][32];
    int ok = pk && sk && ct && kem->length_shared_secret == sizeof ss[0] &&
             /* liboqs's keys, our encapsulation, liboqs's decapsulation */
             OQS_KEM_keypair(kem, pk, sk) == OQS_SUCCESS && enc(ct, ss[0], pk) == 0 &&
             OQS_KEM_decaps(kem, ss[1], ct, sk) == OQS_SUCCESS &&
             memcmp(ss[0], ss[1], sizeof ss[0]) == 0 &&
             /* our keys, liboqs's encapsulation, our decapsulation */
             keypair(pk, sk) == 0 && OQS_KEM_encaps(kem, ct, ss[0], pk) == OQS_SUCCESS &&
             dec(ss[1], ct, sk) == 0 && memcmp(ss[0], ss[1], sizeof ss[0]) == 0;
    free(pk);
    free(sk);
    free(ct);
    OQS_KEM_free(kem);
    return ok;
}

int main(void)
{
    const struct {
        const char *alg;
        keypair_fn keypair;
        enc_fn enc;
        dec_fn dec;
    } levels[] = {
        {"HQC-1", hqc1_crypto_kem_keypair, hqc1_crypto_kem_enc, hqc1_crypto_kem_dec},
        {"HQC-3", hqc3_crypto_kem_keypair, hqc3_crypto_kem_enc, hqc3_crypto_kem_dec},
        {"HQC-5", hqc5_crypto_kem_keypair, hqc5_crypto_kem_enc, hqc5_crypto_kem_dec},
    };
    int failed = 0;
    for (size_t i = 0; i < sizeof levels / sizeof levels[0]; i++) {
        int ok = crossed(levels[i].alg, levels[i].keypair, levels[i].enc, levels[i].dec);
        printf("%s: %s\n", levels[i].alg, ok ? "ok" : "FAILED");
        failed |= !ok;
    }
    return failed;
}
