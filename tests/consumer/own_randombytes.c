/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* own_randombytes.c: a program that supplies hqc_randombytes itself, as a library built with
 * HQC_RANDOMBYTES=external requires (liboqs plugs its own randomness in this way). Its source
 * is a byte counter, so the random API must give exactly what the deterministic API gives for
 * the counter's bytes; a failing source must make the KEM call fail. Prints "ok". */
#include <stdio.h>
#include <string.h>

#include <hqc/hqc.h>

static uint8_t next_byte; /* the test's source of "randomness" */
static int failing;

int hqc_randombytes(uint8_t *buf, size_t len);
int hqc_randombytes(uint8_t *buf, size_t len)
{
    if (failing) {
        memset(buf, 0, len);
        return -1;
    }
    for (size_t i = 0; i < len; i++)
        buf[i] = next_byte++;
    return 0;
}

int main(void)
{
    static uint8_t pk[HQC1_CRYPTO_PUBLICKEYBYTES], sk[HQC1_CRYPTO_SECRETKEYBYTES];
    static uint8_t pk2[sizeof pk], sk2[sizeof sk], ct[HQC1_CRYPTO_CIPHERTEXTBYTES], ct2[sizeof ct];
    uint8_t ss[32], ss2[32], seed[32], m[16], salt[16];
    for (int i = 0; i < 32; i++)
        seed[i] = (uint8_t)i;
    for (int i = 0; i < 16; i++) {
        m[i] = (uint8_t)(32 + i);
        salt[i] = (uint8_t)(48 + i);
    }
    if (hqc1_crypto_kem_keypair(pk, sk) != 0 || hqc1_crypto_kem_keypair_derand(pk2, sk2, seed) != 0 ||
        memcmp(pk, pk2, sizeof pk) != 0 || memcmp(sk, sk2, sizeof sk) != 0) {
        puts("keypair did not use the supplied hqc_randombytes");
        return 1;
    }
    if (hqc1_crypto_kem_enc(ct, ss, pk) != 0 || hqc1_crypto_kem_enc_derand(ct2, ss2, pk, m, salt) != 0 ||
        memcmp(ct, ct2, sizeof ct) != 0 || memcmp(ss, ss2, sizeof ss) != 0) {
        puts("enc did not use the supplied hqc_randombytes");
        return 1;
    }
    failing = 1;
    if (hqc1_crypto_kem_keypair(pk, sk) != -1 || hqc1_crypto_kem_enc(ct, ss, pk) != -1) {
        puts("a failing hqc_randombytes did not make the KEM calls fail");
        return 1;
    }
    puts("ok");
    return 0;
}
