/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* test_kem.c: KEM round trips for every backend, identical outputs across backends, and
 * decapsulation of invalid inputs: random, all-zero and all-one ciphertexts, single bit flips
 * (including the padding bits above n), each of u, v, salt replaced, and tampered secret keys.
 * A rejected ciphertext must yield exactly J(H(ek), sigma, ct), the implicit-rejection secret.
 * Also: the XOF stream that samples y (squeezed ahead in a batch, symmetric.h) reads on past
 * its head exactly as XOF(seed_dk) squeezed alone, as sampling does after many rejections.
 * Usage: hqcL_test_kem [trials] [seed] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "kem.h"
#include "symmetric.h"
#include "testutil.h"

#define UV_BYTES (HQC_N_BYTES + HQC_N1N2_BYTES)

static uint8_t pk[HQC_PK_BYTES], sk[HQC_SK_BYTES], ct[HQC_CT_BYTES], bad[HQC_CT_BYTES];
static uint8_t sk2[HQC_SK_BYTES], pk_b[HQC_PK_BYTES], sk_b[HQC_SK_BYTES], ct_b[HQC_CT_BYTES];
static int checks;

/* The implicit-rejection secret for ct under sk, computed from the spec's definition. */
static void rejection_secret(uint8_t out[32], const uint8_t *key, const uint8_t *c)
{
    uint8_t h_ek[32];
    CHECK(hash_h(h_ek, key) == 0, "hash_h failed");
    CHECK(hash_j(out, h_ek, key + HQC_PK_BYTES + HQC_SEED_BYTES, c) == 0, "hash_j failed");
}

static void expect_rejected(const hqc_backend *be, const uint8_t *key, const uint8_t *c, const char *what)
{
    uint8_t ss[32], want[32];
    memset(ss, 0xee, sizeof ss);
    CHECK(HQC_NS(crypto_kem_dec_with)(be, ss, c, key) == 0, "%s %s: decaps failed (%s)", HQC_NAME, be->name, what);
    rejection_secret(want, key, c);
    CHECK(memcmp(ss, want, 32) == 0, "%s %s: %s not rejected to J(H(ek), sigma, ct)", HQC_NAME, be->name, what);
    checks++;
}

static void expect_secret(const hqc_backend *be, const uint8_t *key, const uint8_t *c, const uint8_t *want,
                          const char *what)
{
    uint8_t ss[32];
    CHECK(HQC_NS(crypto_kem_dec_with)(be, ss, c, key) == 0, "%s %s: decaps failed (%s)", HQC_NAME, be->name, what);
    CHECK(memcmp(ss, want, 32) == 0, "%s %s: wrong shared secret (%s)", HQC_NAME, be->name, what);
    checks++;
}

/* Reads in pieces of 1..7 bytes, so that one piece straddles the end of the head. */
static void check_xof_stream(uint64_t *st)
{
    enum { LEN = 2 * XOF_HEAD_BYTES + 11 };
    static uint8_t want[LEN], got[LEN];
    for (int t = 0; t < 20; t++) {
        uint8_t seed[HQC_SEED_BYTES];
        random_bytes(st, seed, sizeof seed);
        shake256_ctx alone;
        xof_init(&alone, seed);
        shake256_squeeze(&alone, want, LEN);
        xof_stream batched;
        CHECK(kem_sponges(NULL, NULL, NULL, NULL, &batched, seed) == 0, "kem_sponges failed");
        for (size_t off = 0, piece = 1 + (size_t)t % 7; off < LEN; off += piece, piece = piece % 7 + 1)
            xof_stream_read(&batched, got + off, off + piece <= LEN ? piece : LEN - off);
        CHECK(memcmp(got, want, LEN) == 0, "%s: the batched XOF stream differs from XOF(seed) (case %d)", HQC_NAME, t);
        checks++;
    }
}

int main(int argc, char **argv)
{
    int trials = argc > 1 ? atoi(argv[1]) : 10;
    uint64_t st = argc > 2 ? strtoull(argv[2], NULL, 0) : 7;
    const hqc_backend *list[16];
    size_t nb = 0;
    for (const hqc_backend *const *l = HQC_NS(backend_list)(); *l && nb < 15; l++)
        if (HQC_NS(backend_by_name)((*l)->name))
            list[nb++] = *l;

    for (int t = 0; t < trials; t++) {
        uint8_t seed[32], m[HQC_K], salt[16], ss[32], ss_b[32];
        random_bytes(&st, seed, sizeof seed);
        random_bytes(&st, m, sizeof m);
        random_bytes(&st, salt, sizeof salt);
        for (size_t k = 0; k < nb; k++) {
            const hqc_backend *be = list[k];
            CHECK(HQC_NS(crypto_kem_keypair_derand_with)(be, pk_b, sk_b, seed) == 0, "keypair failed");
            CHECK(HQC_NS(crypto_kem_enc_derand_with)(be, ct_b, ss_b, pk_b, m, salt) == 0, "encaps failed");
            if (k == 0) {
                memcpy(pk, pk_b, sizeof pk);
                memcpy(sk, sk_b, sizeof sk);
                memcpy(ct, ct_b, sizeof ct);
                memcpy(ss, ss_b, sizeof ss);
            }
            /* Every backend computes the same function. */
            CHECK(memcmp(pk, pk_b, sizeof pk) == 0 && memcmp(sk, sk_b, sizeof sk) == 0, "%s %s: keys differ from %s",
                  HQC_NAME, be->name, list[0]->name);
            CHECK(memcmp(ct, ct_b, sizeof ct) == 0 && memcmp(ss, ss_b, 32) == 0, "%s %s: encaps differs from %s",
                  HQC_NAME, be->name, list[0]->name);
            expect_secret(be, sk, ct, ss, "valid ciphertext");

            /* Random, all-zero and all-one ciphertexts. */
            random_bytes(&st, bad, sizeof bad);
            expect_rejected(be, sk, bad, "random ciphertext");
            memset(bad, 0, sizeof bad);
            expect_rejected(be, sk, bad, "all-zero ciphertext");
            memset(bad, 0xff, sizeof bad);
            expect_rejected(be, sk, bad, "all-ones ciphertext");

            /* Single bit flips: the padding bits above n in u's last byte, the first and last
             * bits of each field, and random positions. */
            size_t flips[] = {HQC_N, 8 * HQC_N_BYTES - 1, 0, 8 * HQC_N_BYTES, 8 * UV_BYTES - 1, 8 * UV_BYTES,
                              8 * HQC_CT_BYTES - 1, splitmix64(&st) % (8 * HQC_CT_BYTES),
                              splitmix64(&st) % (8 * HQC_CT_BYTES)};
            for (size_t f = 0; f < sizeof flips / sizeof flips[0]; f++) {
                if (flips[f] >= 8 * HQC_CT_BYTES || (flips[f] >= HQC_N && flips[f] < 8 * HQC_N_BYTES && HQC_N % 8 == 0))
                    continue;
                memcpy(bad, ct, sizeof bad);
                bad[flips[f] / 8] ^= (uint8_t)(1u << (flips[f] % 8));
                expect_rejected(be, sk, bad, "bit-flipped ciphertext");
            }

            /* Each field replaced by random bytes. */
            const size_t off[] = {0, HQC_N_BYTES, UV_BYTES}, len[] = {HQC_N_BYTES, HQC_N1N2_BYTES, HQC_SALT_BYTES};
            const char *names[] = {"u replaced", "v replaced", "salt replaced"};
            for (int fi = 0; fi < 3; fi++) {
                memcpy(bad, ct, sizeof bad);
                random_bytes(&st, bad + off[fi], len[fi]);
                expect_rejected(be, sk, bad, names[fi]);
            }

            /* Tampered secret keys. seed_dk: the message decodes wrongly, so rejection (with the
             * key's own sigma). sigma and seed_kem: unused on the success path. The copy of ek:
             * H(ek) changes, so the re-encryption cannot match. */
            memcpy(sk2, sk, sizeof sk2);
            sk2[HQC_PK_BYTES] ^= 1;
            expect_rejected(be, sk2, ct, "sk with seed_dk tampered");
            memcpy(sk2, sk, sizeof sk2);
            sk2[HQC_PK_BYTES + HQC_SEED_BYTES] ^= 0x80;
            expect_secret(be, sk2, ct, ss, "sk with sigma tampered");
            memcpy(sk2, sk, sizeof sk2);
            sk2[HQC_SK_BYTES - 1] ^= 0x01;
            expect_secret(be, sk2, ct, ss, "sk with seed_kem tampered");
            memcpy(sk2, sk, sizeof sk2);
            sk2[HQC_SEED_BYTES + 5] ^= 0x10;
            expect_rejected(be, sk2, ct, "sk with s tampered");
            memcpy(sk2, sk, sizeof sk2);
            random_bytes(&st, sk2, sizeof sk2);
            expect_rejected(be, sk2, ct, "random sk");
        }
    }
    check_xof_stream(&st);
    printf("%s test_kem: %zu backends, %d trials, %d decapsulation checks: ok\n", HQC_NAME, nb, trials, checks);
    return 0;
}
