/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* round_trip.h: one HQC keygen, encapsulation and decapsulation through liboqs's OQS_KEM API
 * (the path every liboqs user takes), for the test programs that check which code serves those
 * calls: import_choice.c and interpose_check.c. */
#ifndef HQC_TESTS_LIBOQS_ROUND_TRIP_H
#define HQC_TESTS_LIBOQS_ROUND_TRIP_H

#include <oqs/oqs.h>
#include <stdlib.h>
#include <string.h>

/* 1 if alg is known, every call succeeds and both sides derive the same secret. */
static int round_trip(const char *alg)
{
    OQS_KEM *kem = OQS_KEM_new(alg);
    if (kem == NULL)
        return 0;
    uint8_t *pk = malloc(kem->length_public_key), *sk = malloc(kem->length_secret_key);
    uint8_t *ct = malloc(kem->length_ciphertext), ss[2][64];
    int ok = pk && sk && ct && kem->length_shared_secret <= sizeof ss[0] &&
             OQS_KEM_keypair(kem, pk, sk) == OQS_SUCCESS &&
             OQS_KEM_encaps(kem, ct, ss[0], pk) == OQS_SUCCESS &&
             OQS_KEM_decaps(kem, ss[1], ct, sk) == OQS_SUCCESS &&
             memcmp(ss[0], ss[1], kem->length_shared_secret) == 0;
    free(pk);
    free(sk);
    free(ct);
    OQS_KEM_free(kem);
    return ok;
}

#endif
