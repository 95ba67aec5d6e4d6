/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* ct_kem.c: constant-time check of HQC-KEM keygen, encaps and decaps (spec section "HQC-KEM")
 * for one level, in every dialect (dialect.h). Every secret input (seed_kem; m and salt; the seed_dk, sigma and seed_kem
 * parts of dk) is marked secret, so the tool (valgrind memcheck or MemorySanitizer, see
 * ct_poison.h) reports any branch or address that depends on it; pk and ct must come out
 * public (the library declassifies them), the shared secrets must stay secret.
 * Usage: hqcL_ct_kem [--list] [--trials N] [--variable-time] [BACKEND...]   (default: every
 * supported constant-time backend). Prints "digest <backend> <hex>" of all outputs, then "ok". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "ct_poison.h"
#include "dialect.h"
#include "keccak.h"
#include "kem.h"
#include "params.h"
#include "sampling.h"
#include "symmetric.h"

#define UV_BYTES (HQC_N_BYTES + HQC_N1N2_BYTES)
#define SK_SECRET_BYTES (HQC_SK_BYTES - HQC_PK_BYTES)

static uint8_t pk[HQC_PK_BYTES], sk[HQC_SK_BYTES], ct[HQC_CT_BYTES], bad_ct[HQC_CT_BYTES];

/* A failure of the harness itself (not a tool report): exit 3 so scripts can tell them apart
 * from the tool's --error-exitcode. */
#define REQUIRE(cond, ...)                                                         \
    do {                                                                           \
        if (!(cond)) {                                                             \
            fprintf(stderr, "ct_kem %s: ", HQC_NAME);                              \
            fprintf(stderr, __VA_ARGS__);                                          \
            fprintf(stderr, "\n");                                                 \
            exit(3);                                                               \
        }                                                                          \
    } while (0)

/* Valgrind propagates marks conservatively (a carry spreads them to every higher bit), so a
 * shared secret that comes out unmarked means the harness is broken. MemorySanitizer's
 * propagation is approximate (add, sub and mul OR the operands' shadows without carries) and
 * really does lose marks inside the RM decoder: there it is only a note, and the
 * primitive-level check below is what covers the backend code. */
#if defined(HQC_CT_MSAN)
#define EXPECT_SECRET(p, len, ...)                                                 \
    do {                                                                           \
        if (!ct_has_secret((p), (len))) {                                          \
            printf("note: ");                                                      \
            printf(__VA_ARGS__);                                                   \
            printf(" (MSan lost the mark)\n");                                    \
        }                                                                          \
    } while (0)
#else
#define EXPECT_SECRET(p, len, ...) REQUIRE(ct_has_secret((p), (len)), __VA_ARGS__)
#endif

static uint64_t next_word(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static void fill(uint64_t *state, uint8_t *buf, size_t len)
{
    for (size_t i = 0; i < len; i++)
        buf[i] = (uint8_t)next_word(state);
}

/* One keygen, one encaps and two decaps (valid, then a tampered ciphertext that takes the
 * implicit-rejection path) with every secret marked; the outputs, made public only here in
 * the harness, feed the digest. */
static void check_trial(const hqc_dialect *d, const hqc_backend *be, uint64_t *state, shake256_ctx *digest,
                        int trial)
{
    uint8_t seed_kem[HQC_SEED_BYTES], m[HQC_K], salt[HQC_SALT_BYTES];
    uint8_t ss[HQC_SS_BYTES], ss_dec[HQC_SS_BYTES], ss_rej[HQC_SS_BYTES];
    fill(state, seed_kem, sizeof seed_kem);
    fill(state, m, sizeof m);
    fill(state, salt, sizeof salt);

    ct_secret(seed_kem, sizeof seed_kem);
    int rc = kem_keypair_derand(d, be, pk, sk, seed_kem);
    REQUIRE(ct_is_public(&rc, sizeof rc), "%s: keygen's return value depends on secrets", be->name);
    REQUIRE(rc == 0, "%s: keygen failed", be->name);
    REQUIRE(ct_is_public(pk, sizeof pk), "%s: keygen left pk marked secret (missing declassify)", be->name);
    EXPECT_SECRET(sk + HQC_PK_BYTES, SK_SECRET_BYTES,
                  "%s: the secret part of dk lost its marking: the check would be vacuous", be->name);

    ct_secret(m, sizeof m);
    ct_secret(salt, sizeof salt);
    rc = kem_enc_derand(d, be, ct, ss, pk, m, salt);
    REQUIRE(ct_is_public(&rc, sizeof rc), "%s: encaps' return value depends on secrets", be->name);
    REQUIRE(rc == 0, "%s: encaps failed", be->name);
    REQUIRE(ct_is_public(ct, sizeof ct), "%s: encaps left ct marked secret (missing declassify)", be->name);
    EXPECT_SECRET(ss, sizeof ss, "%s: encaps' shared secret is not marked secret", be->name);

    /* dk as decaps receives it: its ek copy is public, the rest secret. */
    ct_public(sk, HQC_PK_BYTES);
    ct_secret(sk + HQC_PK_BYTES, SK_SECRET_BYTES);
    rc = kem_dec(d, be, ss_dec, ct, sk);
    REQUIRE(ct_is_public(&rc, sizeof rc), "%s: decaps' return value depends on secrets", be->name);
    REQUIRE(rc == 0, "%s: decaps failed", be->name);
    EXPECT_SECRET(ss_dec, sizeof ss_dec, "%s: decaps' shared secret is not marked secret", be->name);

    /* A flipped bit somewhere in u or v: decryption then yields another m and the KEM must
     * answer with the rejection secret, through the same code path. */
    memcpy(bad_ct, ct, sizeof bad_ct);
    size_t bit = (size_t)(next_word(state) % (8 * (uint64_t)UV_BYTES));
    if (bit >= HQC_N && bit < 8 * HQC_N_BYTES)
        bit = (size_t)trial; /* the padding bits of u are rejected before decoding matters */
    bad_ct[bit / 8] ^= (uint8_t)(1u << (bit % 8));
    rc = kem_dec(d, be, ss_rej, bad_ct, sk);
    REQUIRE(ct_is_public(&rc, sizeof rc) && rc == 0, "%s: decaps of a tampered ciphertext failed", be->name);
    EXPECT_SECRET(ss_rej, sizeof ss_rej, "%s: the rejection secret is not marked secret", be->name);

    /* The harness may look at everything now. */
    ct_public(sk, sizeof sk);
    ct_public(ss, sizeof ss);
    ct_public(ss_dec, sizeof ss_dec);
    ct_public(ss_rej, sizeof ss_rej);
    REQUIRE(memcmp(ss, ss_dec, sizeof ss) == 0, "%s: decaps disagrees with encaps", be->name);
    REQUIRE(memcmp(ss, ss_rej, sizeof ss) != 0, "%s: a tampered ciphertext was accepted", be->name);
    shake256_absorb(digest, pk, sizeof pk);
    shake256_absorb(digest, sk, sizeof sk);
    shake256_absorb(digest, ct, sizeof ct);
    shake256_absorb(digest, ss, sizeof ss);
    shake256_absorb(digest, ss_rej, sizeof ss_rej);
}

/* Every operation of the backend contract (backend.h) on freshly marked inputs: a product
 * with both factors secret and one with a public factor (decryption's u * y), the expansion
 * of a secret support, the RM decoder and the RS syndromes on secret words, the Keccak
 * permutations (src/fips202/keccak.h) on a secret state, keygen's sampler on a secret stream, and
 * for a variable-time backend its sparse product, which the tool must report. Fresh marks matter
 * under MSan, whose approximate propagation drops marks inside the KEM (see EXPECT_SECRET):
 * here every backend function starts from fully marked inputs. */
static void check_primitives(const hqc_backend *be, uint64_t *state)
{
    uint64_t a[HQC_WORDS], b[HQC_WORDS], o[HQC_WORDS], cdw_rm[HQC_N1N2_WORDS];
    uint8_t cdw[HQC_N1], syn[2 * HQC_DELTA], msg[HQC_N1];
    uint32_t pos[HQC_OMEGA_R];
    fill(state, (uint8_t *)a, sizeof a);
    fill(state, (uint8_t *)b, sizeof b);
    a[HQC_WORDS - 1] &= HQC_TOP_MASK;
    b[HQC_WORDS - 1] &= HQC_TOP_MASK;
    /* Distinct positions below n: one in each of HQC_OMEGA_R equal slices. */
    for (size_t i = 0; i < HQC_OMEGA_R; i++)
        pos[i] = (uint32_t)(i * (HQC_N / HQC_OMEGA_R) + next_word(state) % (HQC_N / HQC_OMEGA_R));

    /* First, so that a tool stopping at its first report stops on the sparse product. */
    if (be->mul_sparse != NULL) {
        ct_secret(pos, sizeof pos);
        be->mul_sparse(o, a, pos, HQC_OMEGA);
        ct_public(pos, sizeof pos);
    }

    ct_secret(a, sizeof a);
    ct_secret(b, sizeof b);
    be->mul(o, a, b);
    EXPECT_SECRET(o, sizeof o, "%s: mul of two secrets came out unmarked", be->name);
    ct_public(a, sizeof a);
    be->mul(o, a, b);
    EXPECT_SECRET(o, sizeof o, "%s: mul by a secret came out unmarked", be->name);

    ct_secret(pos, sizeof pos);
    be->support_to_vector(o, pos, HQC_OMEGA_R);
    EXPECT_SECRET(o, sizeof o, "%s: support_to_vector came out unmarked", be->name);

    fill(state, (uint8_t *)cdw_rm, sizeof cdw_rm);
    ct_secret(cdw_rm, sizeof cdw_rm);
    be->rm_decode(msg, cdw_rm);
    EXPECT_SECRET(msg, sizeof msg, "%s: rm_decode came out unmarked", be->name);

    fill(state, cdw, sizeof cdw);
    ct_secret(cdw, sizeof cdw);
    be->rs_syndromes(syn, cdw);
    EXPECT_SECRET(syn, sizeof syn, "%s: rs_syndromes came out unmarked", be->name);

    /* The Keccak kernels on a secret state: the ones this CPU (as the tool presents it)
     * selects, which the KEM runs, and the portable twins, which it runs elsewhere. */
    uint64_t keccak_state[100];
    fill(state, (uint8_t *)keccak_state, sizeof keccak_state);
    ct_secret(keccak_state, sizeof keccak_state);
    keccak_f1600(keccak_state);
    keccak_f1600_portable(keccak_state);
    keccak_f1600_x4(keccak_state);
    keccak_f1600_x4_portable(keccak_state);
    EXPECT_SECRET(keccak_state, sizeof keccak_state, "%s: the Keccak kernels (%s) came out unmarked", be->name,
                  keccak_impl_name());

    /* Keygen's sampler (sampling.c) on a marked stream (head and sponge state; its positions
     * stay public), edited so that every path runs: y meets a repeat and a threshold
     * rejection inside a block (per-block decisions), x's draws mostly repeat four values, so
     * x runs out of the head (the partial last block, then the sponge one draw at a time).
     * Only the declassified accept/reject decisions may steer branches. */
    uint8_t seed[HQC_SEED_BYTES];
    uint32_t y_support[HQC_OMEGA], x_support[HQC_OMEGA];
    xof_stream xs;
    fill(state, seed, sizeof seed);
    REQUIRE(kem_sponges(NULL, NULL, NULL, NULL, &xs, seed) == 0, "kem_sponges failed");
    memcpy(xs.head + 3 * 5, xs.head + 3 * 2, 3);
    memset(xs.head + 3 * 9, 0xFF, 3);
    for (size_t i = HQC_OMEGA + 12; i < XOF_HEAD_BYTES / 3; i++)
        memcpy(xs.head + 3 * i, xs.head + 3 * (HQC_OMEGA + 8 + i % 4), 3);
    /* Every dialect's sampler on the same stream (v5.0.0's y then takes a second chunk, which
     * runs past the head for x). */
    const xof_stream fresh = xs;
    for (const hqc_dialect *const *d = dialect_list(); *d; d++) {
        xs = fresh;
        ct_secret(xs.head, sizeof xs.head);
        ct_secret(xs.rest.s, sizeof xs.rest.s);
        (*d)->sample_keygen(&xs, y_support, HQC_OMEGA);
        (*d)->sample_keygen(&xs, x_support, HQC_OMEGA);
        EXPECT_SECRET(y_support, sizeof y_support, "%s %s: keygen's sampler gave y unmarked", (*d)->name, be->name);
        EXPECT_SECRET(x_support, sizeof x_support, "%s %s: keygen's sampler gave x unmarked", (*d)->name, be->name);
    }

    ct_public(o, sizeof o);
    ct_public(syn, sizeof syn);
    ct_public(msg, sizeof msg);
    ct_public(keccak_state, sizeof keccak_state);
    ct_public(y_support, sizeof y_support);
    ct_public(x_support, sizeof x_support);
    ct_public(&xs, sizeof xs);
}

static void check_backend(const hqc_backend *be, int trials)
{
    uint64_t state = 0x4354u + (uint64_t)HQC_LEVEL; /* the same inputs in every build */
    shake256_ctx digest;
    uint8_t out[16];
    shake256_init(&digest);
    check_primitives(be, &state);
    for (int t = 0; t < trials; t++)
        for (const hqc_dialect *const *d = dialect_list(); *d; d++)
            check_trial(*d, be, &state, &digest, t);
    shake256_finalize(&digest);
    shake256_squeeze(&digest, out, sizeof out);
    printf("digest %s ", be->name);
    for (size_t i = 0; i < sizeof out; i++)
        printf("%02x", out[i]);
    printf("\n");
    fflush(stdout);
}

/* --list: the backends compiled in, for scripts/ct-check; allowed outside the tool, whose
 * CPU model can differ from the host's (valgrind presents no AVX-512). */
static void list_backends(void)
{
    for (const hqc_backend *const *l = HQC_NS(backend_list)(); *l; l++)
        printf("backend %s constant_time=%d supported=%d\n", (*l)->name, (*l)->constant_time,
               HQC_NS(backend_by_name)((*l)->name) != NULL);
}

int main(int argc, char **argv)
{
    int trials = 2, variable_time = 0, checked = 0;
    const char *names[16];
    int n_names = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--list") == 0) {
            list_backends();
            return 0;
        } else if (strcmp(argv[i], "--trials") == 0 && i + 1 < argc) {
            trials = atoi(argv[++i]);
            REQUIRE(trials > 0, "--trials needs a positive number");
        } else if (strcmp(argv[i], "--variable-time") == 0) {
            variable_time = 1;
        } else if (argv[i][0] != '-' && n_names < 16) {
            names[n_names++] = argv[i];
        } else {
            fprintf(stderr, "usage: %s [--list] [--trials N] [--variable-time] [BACKEND...]\n", argv[0]);
            return 2;
        }
    }
    REQUIRE(ct_running_under_tool(), "not running under %s: the check would prove nothing", CT_TOOL);
    for (int i = 0; i < n_names; i++) {
        const hqc_backend *be = HQC_NS(backend_by_name)(names[i]);
        REQUIRE(be != NULL, "backend '%s' is unknown or this CPU (as %s presents it) lacks its features",
                names[i], CT_TOOL);
        REQUIRE(be->constant_time || variable_time,
                "backend '%s' is variable-time by design: pass --variable-time to check it anyway", names[i]);
        check_backend(be, trials);
        checked++;
    }
    if (n_names == 0)
        for (const hqc_backend *const *l = HQC_NS(backend_list)(); *l; l++)
            if ((*l)->constant_time && HQC_NS(backend_by_name)((*l)->name)) {
                check_backend(*l, trials);
                checked++;
            }
    REQUIRE(checked > 0, "no backend checked");
    printf("%s ct_kem (%s): %d backends, %d trials each: ok\n", HQC_NAME, CT_TOOL, checked, trials);
    return 0;
}
