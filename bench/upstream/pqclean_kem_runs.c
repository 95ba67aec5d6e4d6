/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* pqclean_kem_runs.c: test driver for PQClean's round-4 HQC KEM (one level per build, chosen by
 * -DPQCLEAN_NS=PQCLEAN_HQC128_CLEAN etc.). It supplies PQClean's randombytes as the HQC KAT RNG
 * (SHAKE256 of a 48-byte seed then the domain byte 0x01, squeezed on demand), so every output is
 * a function of the seed. "kat" prints the count-0 block of the .rsp file; "runs N" prints pk, ct,
 * ss, and the return code and key of decapsulating a tampered ciphertext, for N seeds. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "fips202.h"
#include "randombytes.h"
#include "pqclean_ns.h"

#define KAT_RNG_DOMAIN 0x01

/* A test program, not the KEM: the RNG state is global because randombytes() takes no context. */
static shake256incctx kat_rng;
static int kat_rng_live;

static void kat_rng_seed(const uint8_t seed[48])
{
    const uint8_t domain = KAT_RNG_DOMAIN;
    if (kat_rng_live)
        shake256_inc_ctx_release(&kat_rng);
    shake256_inc_init(&kat_rng);
    shake256_inc_absorb(&kat_rng, seed, 48);
    shake256_inc_absorb(&kat_rng, &domain, 1);
    shake256_inc_finalize(&kat_rng);
    kat_rng_live = 1;
}

int randombytes(uint8_t *output, size_t n)
{
    shake256_inc_squeeze(output, n, &kat_rng);
    return 0;
}

static void print_hex(const char *label, const uint8_t *bytes, size_t len)
{
    fputs(label, stdout);
    for (size_t i = 0; i < len; i++)
        printf("%02X", bytes[i]);
    putchar('\n');
}

static int kat_block(void)
{
    static uint8_t pk[PK_BYTES], sk[SK_BYTES], ct[CT_BYTES];
    uint8_t entropy[48], seed[48], ss_enc[SS_BYTES], ss_dec[SS_BYTES];

    for (int i = 0; i < 48; i++)
        entropy[i] = (uint8_t)i;
    kat_rng_seed(entropy);
    randombytes(seed, sizeof seed);
    printf("count = 0\n");
    print_hex("seed = ", seed, sizeof seed);
    kat_rng_seed(seed);
    if (NS(crypto_kem_keypair)(pk, sk) != 0)
        return 1;
    print_hex("pk = ", pk, sizeof pk);
    print_hex("sk = ", sk, sizeof sk);
    if (NS(crypto_kem_enc)(ct, ss_enc, pk) != 0)
        return 1;
    print_hex("ct = ", ct, sizeof ct);
    print_hex("ss = ", ss_enc, sizeof ss_enc);
    if (NS(crypto_kem_dec)(ss_dec, ct, sk) != 0 || memcmp(ss_enc, ss_dec, SS_BYTES) != 0)
        return 1;
    return 0;
}

/* Run i is seeded by 48 bytes that encode i; the tampered ciphertext flips one bit chosen by the
 * RNG, so over many runs both the u and v parts (and u's spare top bits) get hit. */
static int seeded_runs(long count)
{
    static uint8_t pk[PK_BYTES], sk[SK_BYTES], ct[CT_BYTES];
    uint8_t seed[48], ss_enc[SS_BYTES], ss_dec[SS_BYTES], pick[4];

    for (long run = 0; run < count; run++) {
        memset(seed, 0xA5, sizeof seed);
        for (int i = 0; i < 8; i++)
            seed[i] = (uint8_t)((unsigned long)run >> (8 * i));
        kat_rng_seed(seed);
        if (NS(crypto_kem_keypair)(pk, sk) != 0 || NS(crypto_kem_enc)(ct, ss_enc, pk) != 0 ||
            NS(crypto_kem_dec)(ss_dec, ct, sk) != 0)
            return 1;
        if (memcmp(ss_enc, ss_dec, SS_BYTES) != 0) {
            fprintf(stderr, "run %ld: decapsulation disagrees with encapsulation\n", run);
            return 1;
        }
        printf("run %ld\n", run);
        print_hex("pk ", pk, sizeof pk);
        print_hex("ct ", ct, sizeof ct);
        print_hex("ss ", ss_enc, sizeof ss_enc);
        randombytes(pick, sizeof pick);
        uint32_t bit = ((uint32_t)pick[0] | (uint32_t)pick[1] << 8 | (uint32_t)pick[2] << 16) %
                       (8u * CT_BYTES);
        ct[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        int rc = NS(crypto_kem_dec)(ss_dec, ct, sk); /* nonzero: rejected, ss_dec is random */
        printf("tampered-rc %d\n", rc);
        print_hex("tampered-ss ", ss_dec, sizeof ss_dec);
    }
    return 0;
}

int main(int argc, char **argv)
{
    int rc = 2;
    if (argc == 2 && strcmp(argv[1], "kat") == 0)
        rc = kat_block();
    else if (argc == 3 && strcmp(argv[1], "runs") == 0 && atol(argv[2]) > 0)
        rc = seeded_runs(atol(argv[2]));
    else
        fprintf(stderr, "usage: %s kat | runs N\n", argv[0]);
    if (kat_rng_live)
        shake256_inc_ctx_release(&kat_rng);
    if (rc == 1)
        fprintf(stderr, "%s: KEM call failed\n", argv[0]);
    return rc;
}
