/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* derand_check.c: checks, against a patched liboqs, that the derandomised entry points compute
 * HQC-KEM's Keygen and Encaps (spec section "HQC-KEM") on the seeds the randomised ones draw:
 * seed_kem for keygen, m || salt for encapsulation. liboqs's randomness is replaced by a
 * replay of fixed bytes, so both paths see the same seeds; usage: derand_check ALG. */
#include <oqs/oqs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint8_t replay[64];
static size_t replay_pos;

static void replay_bytes(uint8_t *out, size_t len)
{
    if (replay_pos + len > sizeof replay) {
        fprintf(stderr, "derand_check: the KEM drew more than %zu bytes\n", sizeof replay);
        exit(1);
    }
    memcpy(out, replay + replay_pos, len);
    replay_pos += len;
}

static int same(const char *what, const uint8_t *a, const uint8_t *b, size_t len)
{
    if (memcmp(a, b, len) == 0)
        return 1;
    fprintf(stderr, "derand_check: %s differs between the randomised and derandomised paths\n",
            what);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: derand_check ALG\n");
        return 2;
    }
    OQS_init();
    OQS_KEM *kem = OQS_KEM_new(argv[1]);
    if (kem == NULL || kem->length_keypair_seed == 0 || kem->length_encaps_seed == 0) {
        fprintf(stderr, "derand_check: %s is unknown or has no derandomised entry points\n",
                argv[1]);
        return 1;
    }
    uint8_t *pk[2], *sk[2], *ct[2], ss[2][64], ss_dec[64];
    for (int i = 0; i < 2; i++) {
        pk[i] = malloc(kem->length_public_key);
        sk[i] = malloc(kem->length_secret_key);
        ct[i] = malloc(kem->length_ciphertext);
        if (!pk[i] || !sk[i] || !ct[i])
            return 1;
    }
    for (size_t i = 0; i < sizeof replay; i++)
        replay[i] = (uint8_t)(0xa5 ^ (i * 7));
    OQS_randombytes_custom_algorithm(replay_bytes);
    int ok = 1;
    for (int round = 0; round < 3 && ok; round++) {
        replay[0] = (uint8_t)round;
        replay_pos = 0;
        ok &= OQS_KEM_keypair(kem, pk[0], sk[0]) == OQS_SUCCESS;
        ok &= replay_pos == kem->length_keypair_seed;
        ok &= OQS_KEM_keypair_derand(kem, pk[1], sk[1], replay) == OQS_SUCCESS;
        ok = ok && same("public key", pk[0], pk[1], kem->length_public_key) &&
             same("secret key", sk[0], sk[1], kem->length_secret_key);
        replay_pos = 0;
        ok = ok && OQS_KEM_encaps(kem, ct[0], ss[0], pk[0]) == OQS_SUCCESS;
        ok = ok && replay_pos == kem->length_encaps_seed;
        ok = ok && OQS_KEM_encaps_derand(kem, ct[1], ss[1], pk[0], replay) == OQS_SUCCESS;
        ok = ok && same("ciphertext", ct[0], ct[1], kem->length_ciphertext) &&
             same("shared secret", ss[0], ss[1], kem->length_shared_secret);
        ok = ok && OQS_KEM_decaps(kem, ss_dec, ct[1], sk[1]) == OQS_SUCCESS &&
             same("decapsulated secret", ss[1], ss_dec, kem->length_shared_secret);
    }
    printf("%s: derandomised keygen and encaps %s\n", argv[1], ok ? "agree" : "DISAGREE");
    OQS_KEM_free(kem);
    return ok ? 0 : 1;
}
