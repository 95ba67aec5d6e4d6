/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* test_keccak.c: the in-tree incremental SHAKE256 equals OpenSSL's one-shot SHAKE256 for many
 * input lengths (around the 136-byte rate) and every way of cutting absorb and squeeze calls
 * into pieces; and SHA3 through sha3.c equals OpenSSL's EVP_Digest. */
#include <openssl/evp.h>
#include <string.h>

#include "keccak.h"
#include "sha3.h"
#include "testutil.h"

static void openssl_shake256(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen)
{
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    CHECK(ctx && EVP_DigestInit_ex(ctx, EVP_shake256(), NULL) == 1 && EVP_DigestUpdate(ctx, in, inlen) == 1 &&
              EVP_DigestFinalXOF(ctx, out, outlen) == 1,
          "OpenSSL SHAKE256 failed");
    EVP_MD_CTX_free(ctx);
}

int main(void)
{
    static uint8_t in[1200], want[1000], got[1000];
    uint64_t st = 42;
    random_bytes(&st, in, sizeof in);
    int cases = 0;
    const size_t lens[] = {0, 1, 3, 32, 33, 48, 135, 136, 137, 271, 272, 273, 1000, 1199};
    for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
        size_t inlen = lens[li];
        openssl_shake256(want, sizeof want, in, inlen);
        /* Absorb and squeeze in chunks of every size from 1 to 140 bytes. */
        for (size_t chunk = 1; chunk <= 140; chunk++) {
            shake256_ctx c;
            shake256_init(&c);
            for (size_t off = 0; off < inlen; off += chunk)
                shake256_absorb(&c, in + off, inlen - off < chunk ? inlen - off : chunk);
            shake256_finalize(&c);
            memset(got, 0, sizeof got);
            for (size_t off = 0; off < sizeof got; off += chunk)
                shake256_squeeze(&c, got + off, sizeof got - off < chunk ? sizeof got - off : chunk);
            CHECK(memcmp(got, want, sizeof got) == 0, "SHAKE256 differs: inlen %zu chunk %zu", inlen, chunk);
            cases++;
        }
    }
    for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
        uint8_t a[64], b[64];
        unsigned int l;
        hqc_bytes parts[3] = {{in, lens[li] / 3}, {in + lens[li] / 3, lens[li] / 3}, {in + 2 * (lens[li] / 3), lens[li] - 2 * (lens[li] / 3)}};
        CHECK(sha3_256_parts(a, parts, 3) == 0 && EVP_Digest(in, lens[li], b, &l, EVP_sha3_256(), NULL) == 1 && memcmp(a, b, 32) == 0,
              "SHA3-256 differs at length %zu", lens[li]);
        CHECK(sha3_512_parts(a, parts, 3) == 0 && EVP_Digest(in, lens[li], b, &l, EVP_sha3_512(), NULL) == 1 && memcmp(a, b, 64) == 0,
              "SHA3-512 differs at length %zu", lens[li]);
        cases += 2;
    }
    printf("test_keccak: %d cases equal to OpenSSL: ok\n", cases);
    return 0;
}
