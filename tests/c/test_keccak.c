/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* test_keccak.c: the Keccak layer against OpenSSL and against its portable twins:
 *  - the dispatched one- and four-state permutations equal the portable ones (random, zero and
 *    all-ones states) and the zero-state test vector of the Keccak reference;
 *  - the incremental SHAKE256 equals OpenSSL's for lengths around the 136-byte rate and every
 *    way of cutting absorb and squeeze calls into pieces;
 *  - SHA3-256 and SHA3-512 (sha3.c, in-tree or OpenSSL build) equal OpenSSL's EVP_Digest for
 *    every length from 0 to 1999 bytes, cut into random parts;
 *  - keccak_batch of 1 to 4 mixed jobs gives each job the output OpenSSL gives it alone, and
 *    the sponge it leaves in `rest` squeezes on exactly as OpenSSL's longer output;
 *  - on x86, the block absorber (keccak_f1600_absorb, and the zmm kernel's xor and permute
 *    behind it) equals a lane loop and the portable permutation. */
#include <openssl/evp.h>
#include <string.h>

#include "keccak.h"
#include "keccak_batch.h"
#include "sha3.h"
#include "testutil.h"
#ifdef HQC_HAVE_KECCAK_X86
#include "cpu.h"
#include "keccak_x86.h"
#endif

static void openssl_digest(const EVP_MD *md, uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen)
{
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    int ok = ctx && EVP_DigestInit_ex(ctx, md, NULL) == 1 && EVP_DigestUpdate(ctx, in, inlen) == 1;
    if (md == EVP_shake256())
        ok = ok && EVP_DigestFinalXOF(ctx, out, outlen) == 1;
    else
        ok = ok && EVP_DigestFinal_ex(ctx, out, NULL) == 1;
    CHECK(ok, "OpenSSL digest failed");
    EVP_MD_CTX_free(ctx);
}

/* One entry of keccak_impls() against the portable twins, on states from all-zero, all-ones
 * and random lanes; returns the number of cases. */
static int test_impl(const keccak_impl *k, uint64_t *rng)
{
    int cases = 0;
    for (int t = 0; t < 1000; t++, cases++) {
        uint64_t s4[100], p4[100], one[25], want[25];
        for (int i = 0; i < 100; i++)
            s4[i] = t == 0 ? 0 : t == 1 ? ~0ULL : splitmix64(rng);
        memcpy(p4, s4, sizeof s4);
        for (int j = 0; j < 4; j++) {
            for (int i = 0; i < 25; i++)
                one[i] = want[i] = s4[4 * i + j];
            k->f1600(one);
            keccak_f1600_portable(want);
            CHECK(memcmp(one, want, sizeof one) == 0, "keccak_f1600 (%s) differs from the portable twin", k->name);
        }
        k->f1600_x4(s4);
        keccak_f1600_x4_portable(p4);
        CHECK(memcmp(s4, p4, sizeof s4) == 0, "keccak_f1600_x4 (%s) differs from the portable twin", k->name);
        for (int i = 0; i < 25; i++)
            CHECK(p4[4 * i + 3] == want[i], "keccak_f1600_x4_portable differs from four single permutations");
    }
    return cases;
}

/* Every kernel pair this CPU runs, the dispatched one among them (the first it prefers). */
static int test_permutations(uint64_t *rng, char *tested, size_t len)
{
    int cases = 0;
    /* Keccak-f[1600] of the all-zero state: first lane of the Keccak team's test vector. */
    uint64_t z[25] = {0};
    keccak_f1600(z);
    CHECK(z[0] == 0xF1258F7940E1DDE7ULL, "Keccak-f[1600](0) lane 0 is %016llx", (unsigned long long)z[0]);
    const keccak_impl *dispatched = NULL;
    size_t used = 0;
    tested[0] = '\0';
    for (const keccak_impl *const *k = keccak_impls(); *k; k++) {
        if (!keccak_impl_runs(*k))
            continue;
        if (dispatched == NULL && keccak_impl_preferred(*k))
            dispatched = *k;
        cases += test_impl(*k, rng);
        used += (size_t)snprintf(tested + used, len - used, "%s%s", used ? " " : "", (*k)->name);
        CHECK(used < len, "kernel names overflow");
    }
    CHECK(dispatched != NULL && strcmp(dispatched->name, keccak_impl_name()) == 0,
          "keccak_f1600 uses %s, not the first entry this CPU prefers", keccak_impl_name());
    return cases;
}

static int test_shake_incremental(const uint8_t *in)
{
    static uint8_t want[1000], got[1000];
    int cases = 0;
    const size_t lens[] = {0, 1, 3, 32, 33, 48, 135, 136, 137, 271, 272, 273, 1000, 1199};
    for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
        size_t inlen = lens[li];
        openssl_digest(EVP_shake256(), want, sizeof want, in, inlen);
        /* Absorb and squeeze in chunks of every size from 1 to 140 bytes. */
        for (size_t chunk = 1; chunk <= 140; chunk++, cases++) {
            shake256_ctx c;
            shake256_init(&c);
            for (size_t off = 0; off < inlen; off += chunk)
                shake256_absorb(&c, in + off, inlen - off < chunk ? inlen - off : chunk);
            shake256_finalize(&c);
            memset(got, 0, sizeof got);
            for (size_t off = 0; off < sizeof got; off += chunk)
                shake256_squeeze(&c, got + off, sizeof got - off < chunk ? sizeof got - off : chunk);
            CHECK(memcmp(got, want, sizeof got) == 0, "SHAKE256 differs: inlen %zu chunk %zu", inlen, chunk);
        }
    }
    return cases;
}

/* in[0..len) cut into up to four parts at random places (empty parts included). */
static size_t random_parts(uint64_t *rng, hqc_bytes parts[4], const uint8_t *in, size_t len)
{
    size_t count = 1 + splitmix64(rng) % 4, start = 0;
    for (size_t p = 0; p < count; p++) {
        size_t take = p + 1 == count ? len - start : splitmix64(rng) % (len - start + 1);
        parts[p] = (hqc_bytes){in + start, take};
        start += take;
    }
    return count;
}

static int test_sha3(uint64_t *rng, const uint8_t *in)
{
    int cases = 0;
    for (size_t len = 0; len < 2000; len++) {
        uint8_t a[64], b[64];
        hqc_bytes parts[4];
        size_t count = random_parts(rng, parts, in, len);
        openssl_digest(EVP_sha3_256(), b, 32, in, len);
        CHECK(sha3_256_parts(a, parts, count) == 0 && memcmp(a, b, 32) == 0, "SHA3-256 differs at length %zu", len);
        openssl_digest(EVP_sha3_512(), b, 64, in, len);
        CHECK(sha3_512_parts(a, parts, count) == 0 && memcmp(a, b, 64) == 0, "SHA3-512 differs at length %zu", len);
        cases += 2;
    }
    return cases;
}

/* A length near a multiple of the rate (or a few of HQC's own sizes). */
static size_t length_near_rate(uint64_t *rng, size_t rate)
{
    static const size_t hqc_sizes[] = {33, 2209, 2242, 4516, 7206, 7238};
    if (splitmix64(rng) % 8 == 0)
        return hqc_sizes[splitmix64(rng) % 6];
    size_t blocks = splitmix64(rng) % 4;
    size_t delta = splitmix64(rng) % 5;
    size_t len = blocks * rate + delta;
    return splitmix64(rng) % 2 && len >= 2 * delta ? len - 2 * delta : len;
}

static int test_batch(uint64_t *rng, const uint8_t *in)
{
    static uint8_t out[4][8000], want[8000], more[300];
    int cases = 0;
    for (int t = 0; t < 1000; t++) {
        keccak_job jobs[4];
        hqc_bytes parts[4][4];
        shake256_ctx rest[4];
        const EVP_MD *md[4];
        size_t count = 1 + (size_t)t % 4, inlen[4];
        for (size_t k = 0; k < count; k++) {
            int kind = (int)(splitmix64(rng) % 3); /* SHAKE256, SHA3-256, SHA3-512 */
            size_t rate = kind == 2 ? 72 : 136;
            md[k] = kind == 0 ? EVP_shake256() : kind == 1 ? EVP_sha3_256() : EVP_sha3_512();
            inlen[k] = length_near_rate(rng, rate);
            size_t n = random_parts(rng, parts[k], in + 7 * k, inlen[k]);
            size_t outlen = kind == 0 ? length_near_rate(rng, rate) : kind == 1 ? 32 : 64;
            jobs[k] = (keccak_job){parts[k], n, rate, kind == 0 ? 0x1F : SHA3_PAD, out[k], outlen,
                                   kind == 0 ? &rest[k] : NULL};
        }
        keccak_batch(jobs, count);
        for (size_t k = 0; k < count; k++, cases++) {
            size_t outlen = jobs[k].outlen, extra = jobs[k].rest ? sizeof more : 0;
            openssl_digest(md[k], want, outlen + extra, in + 7 * k, inlen[k]);
            CHECK(memcmp(out[k], want, outlen) == 0, "batch of %zu: job %zu (rate %zu, in %zu, out %zu) differs",
                  count, k, jobs[k].rate, inlen[k], outlen);
            if (extra) {
                shake256_squeeze(&rest[k], more, extra);
                CHECK(memcmp(more, want + outlen, extra) == 0, "batch of %zu: job %zu squeezes on wrongly after %zu bytes",
                      count, k, outlen);
            }
        }
    }
    return cases;
}

#ifdef HQC_HAVE_KECCAK_X86
static void xor_lanes(uint64_t *s, const uint8_t *in, size_t lanes)
{
    for (size_t i = 0; i < lanes; i++) {
        uint64_t w;
        memcpy(&w, in + 8 * i, 8);
        s[i] ^= w;
    }
}

/* Random states and blocks, every lane count from 1 to 24 (the rates are 9 and 17 lanes): the
 * zmm kernel where this CPU runs it, and the dispatched function. */
static int test_absorb(uint64_t *rng, const uint8_t *in)
{
    const uint32_t cpu = hqc_cpu_features();
    int cases = 0;
    for (int t = 0; t < 480; t++) {
        const size_t lanes = 1 + (size_t)t % 24;
        const uint8_t *block = in + splitmix64(rng) % 1000; /* unaligned as often as not */
        uint64_t s[25], want[25], d[25];
        for (int i = 0; i < 25; i++)
            s[i] = want[i] = d[i] = splitmix64(rng);
        xor_lanes(want, block, lanes);
        keccak_f1600_portable(want);
        keccak_f1600_absorb(d, block, lanes);
        CHECK(memcmp(d, want, sizeof d) == 0, "keccak_f1600_absorb (%s, %zu lanes) differs", keccak_impl_name(), lanes);
        if ((cpu & hqc_keccak_f1600_avx512_needs) == hqc_keccak_f1600_avx512_needs) {
            hqc_keccak_f1600_avx512_absorb(s, block, lanes);
            CHECK(memcmp(s, want, sizeof s) == 0, "hqc_keccak_f1600_avx512_absorb (%zu lanes) differs", lanes);
        }
        cases++;
    }
    return cases;
}
#endif

int main(void)
{
    static uint8_t in[8000];
    uint64_t rng = 42;
    random_bytes(&rng, in, sizeof in);
    char tested[200];
    int perm = test_permutations(&rng, tested, sizeof tested);
    int shake = test_shake_incremental(in);
    int sha3 = test_sha3(&rng, in);
    int batch = test_batch(&rng, in);
    int absorb = 0;
#ifdef HQC_HAVE_KECCAK_X86
    absorb = test_absorb(&rng, in);
#endif
    printf("test_keccak (%s; kernels tested: %s): %d permutation, %d SHAKE256, %d SHA3 (%d per function), "
           "%d batch, %d absorb cases equal: ok\n",
           keccak_impl_name(), tested, perm, shake, sha3, sha3 / 2, batch, absorb);
    return 0;
}
