/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* interpose_check.c: a program that defines functions named like our KEM's entry points (as
 * one linking libhqc, or any other HQC build, does) and uses HQC through a shared liboqs. Its
 * definitions must not capture liboqs's calls: liboqs.so binds to its own copy of our KEM.
 * Prints, per level, whether a round trip through liboqs's API worked and whether any of the
 * program's definitions ran; exits non-zero if any did or any round trip failed. */
#include <oqs/oqs.h>
#include <stdio.h>

#include "round_trip.h"

static int captured_calls;

/* Each one counts and fails, so a captured call also breaks the round trip. */
#define DECOY_KEM(level)                                                                      \
    int hqc##level##_crypto_kem_keypair(uint8_t *pk, uint8_t *sk);                           \
    int hqc##level##_crypto_kem_enc(uint8_t *ct, uint8_t *ss, const uint8_t *pk);            \
    int hqc##level##_crypto_kem_dec(uint8_t *ss, const uint8_t *ct, const uint8_t *sk);      \
    int hqc##level##_crypto_kem_keypair(uint8_t *pk, uint8_t *sk)                            \
    {                                                                                         \
        (void)pk, (void)sk;                                                                   \
        return captured_calls++, -1;                                                          \
    }                                                                                         \
    int hqc##level##_crypto_kem_enc(uint8_t *ct, uint8_t *ss, const uint8_t *pk)             \
    {                                                                                         \
        (void)ct, (void)ss, (void)pk;                                                         \
        return captured_calls++, -1;                                                          \
    }                                                                                         \
    int hqc##level##_crypto_kem_dec(uint8_t *ss, const uint8_t *ct, const uint8_t *sk)       \
    {                                                                                         \
        (void)ss, (void)ct, (void)sk;                                                         \
        return captured_calls++, -1;                                                          \
    }

DECOY_KEM(1)
DECOY_KEM(3)
DECOY_KEM(5)

int main(void)
{
    static const char *const algs[3] = {"HQC-1", "HQC-3", "HQC-5"};
    int ok = 1;
    OQS_init();
    for (int i = 0; i < 3; i++) {
        int trip = round_trip(algs[i]);
        printf("%s round trip: %s\n", algs[i], trip ? "ok" : "FAILED");
        ok &= trip;
    }
    printf("program's definitions called: %d\n", captured_calls);
    return ok && captured_calls == 0 ? 0 : 1;
}
