/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* consumer.c: a program written the way a user of the installed library writes one, through
 * <hqc/hqc.h> alone. tests/test_install.py builds it against a staged installation with
 * pkg-config (shared and static) and CMake. For each level: a random round trip, and the
 * deterministic API giving the same result on the default backend and on ref.
 * Prints "ok VERSION" and exits 0 when everything holds. */
#include <stdio.h>
#include <string.h>

#include <hqc/hqc.h>

#define LEVEL_CHECK(L)                                                                           \
    static int check_hqc##L(void)                                                            \
    {                                                                                        \
        static uint8_t pk[HQC##L##_CRYPTO_PUBLICKEYBYTES], sk[HQC##L##_CRYPTO_SECRETKEYBYTES];  \
        static uint8_t pk2[sizeof pk], sk2[sizeof sk], ct[HQC##L##_CRYPTO_CIPHERTEXTBYTES];     \
        static uint8_t ct2[sizeof ct];                                                       \
        uint8_t ss[HQC##L##_CRYPTO_BYTES], ss2[sizeof ss], seed[32] = {L}, m[32] = {1}, salt[16] = {2}; \
        if (hqc##L##_crypto_kem_keypair(pk, sk) || hqc##L##_crypto_kem_enc(ct, ss, pk) ||     \
            hqc##L##_crypto_kem_dec(ss2, ct, sk) || memcmp(ss, ss2, sizeof ss))              \
            return 1;                                                                        \
        const struct hqc_backend *ref = hqc##L##_backend_by_name("ref");                     \
        if (!ref || !hqc##L##_backend_default())                                             \
            return 1;                                                                        \
        if (hqc##L##_crypto_kem_keypair_derand(pk, sk, seed) ||                              \
            hqc##L##_crypto_kem_keypair_derand_with(ref, pk2, sk2, seed) ||                  \
            memcmp(pk, pk2, sizeof pk) || memcmp(sk, sk2, sizeof sk))                        \
            return 1;                                                                        \
        if (hqc##L##_crypto_kem_enc_derand(ct, ss, pk, m, salt) ||                           \
            hqc##L##_crypto_kem_enc_derand_with(ref, ct2, ss2, pk, m, salt) ||               \
            memcmp(ct, ct2, sizeof ct) || memcmp(ss, ss2, sizeof ss))                        \
            return 1;                                                                        \
        if (hqc##L##_crypto_kem_dec_with(ref, ss2, ct, sk) || memcmp(ss, ss2, sizeof ss))    \
            return 1;                                                                        \
        printf("HQC-%d default backend %s\n", L, hqc##L##_backend_name(hqc##L##_backend_default())); \
        return 0;                                                                            \
    }
LEVEL_CHECK(1)
LEVEL_CHECK(3)
LEVEL_CHECK(5)

int main(void)
{
    if (strcmp(hqc_version(), HQC_VERSION_STRING) != 0) {
        printf("version mismatch: library %s, header %s\n", hqc_version(), HQC_VERSION_STRING);
        return 1;
    }
    if (check_hqc1() || check_hqc3() || check_hqc5()) {
        puts("KEM check failed");
        return 1;
    }
    printf("ok %s\n", hqc_version());
    return 0;
}
