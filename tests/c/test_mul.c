/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* test_mul.c: every backend's mul mod X^N - 1 equals the portable backend and libgf2x's
 * gf2x_mul followed by reduction, on random operands and on edge cases (zero, one, single bits
 * at every word boundary, all ones below N, the top word), and tolerates aliasing and
 * unaligned buffers. Also compares every backend's RS syndromes, RS error values and support
 * expansion with the portable ones (error values on syndromes of codewords with 0 to delta + 2
 * symbol errors, on random and single non-zero syndromes; support expansion also on supports crowded into one chunk, spread one per
 * chunk, at the top of the vector and across boundaries, at every weight up to omega_r), and every
 * backend's encryption positions (fixed_weight) with the portable sampler's, on random draws and
 * on draws whose positions crowd below 2 weight, so that repeats and the chains of replaced
 * entries they point into are common.
 * Usage: hqcL_test_mul [random_pairs] [seed] [random_pairs_for_ref] [supports] [edge_stride]
 * (supports: 3000 and edge_stride: 1, every boundary bit, unless given; under emulation,
 * tests/test_aarch64.py asks for fewer). */
#include <gf2x.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "reed_solomon.h"
#include "rs_errors.h"
#include "sampling.h"
#include "syndromes.h"
#include "testutil.h"

#define W HQC_WORDS

#ifdef HQC_HAVE_AVX2
/* The avx2 backend's two product trees (src/gf2x/native/x86_64/avx2/gf2x_avx2.h): its table
 * runs one of them, chosen by the CPU's vendor, so each is checked here, on every CPU that runs
 * avx2, as a copy of that table with the tree's product. */
void HQC_NS(avx2_mul_schoolbook_leaf)(uint64_t *o, const uint64_t *a, const uint64_t *b);
void HQC_NS(avx2_mul_karatsuba_leaf)(uint64_t *o, const uint64_t *a, const uint64_t *b);
#endif

/* Reference by libgf2x: full product then fold bits >= N onto bit 0. */
static void mul_libgf2x(uint64_t *o, const uint64_t *a, const uint64_t *b)
{
    unsigned long pa[W], pb[W], pc[2 * W];
    memcpy(pa, a, sizeof pa);
    memcpy(pb, b, sizeof pb);
    gf2x_mul(pc, pa, W, pb, W);
    for (size_t i = 0; i < W; i++) {
        size_t pos = HQC_N + 64 * i; /* the 64 bits of pc from pos fold onto bit 64 i */
        uint64_t hi = pc[pos / 64] >> (pos % 64);
        if (pos % 64 && pos / 64 + 1 < 2 * W)
            hi |= pc[pos / 64 + 1] << (64 - pos % 64);
        o[i] = pc[i] ^ hi;
    }
    o[W - 1] &= HQC_TOP_MASK;
}

static void random_vec(uint64_t *state, uint64_t *v)
{
    for (size_t i = 0; i < W; i++)
        v[i] = splitmix64(state);
    v[W - 1] &= HQC_TOP_MASK;
}

static int count_cases;

/* One operand pair through every backend, with o distinct, o == a, o == b and a misaligned
 * copy, against libgf2x. */
static void check_pair_layouts(const hqc_backend *const *list, const uint64_t *a, const uint64_t *b,
                               const char *what, int layouts)
{
    uint64_t want[W], got[W], ca[W], cb[W];
    mul_libgf2x(want, a, b);
    for (size_t k = 0; list[k]; k++) {
        const hqc_backend *be = list[k];
        memset(got, 0xa5, sizeof got);
        be->mul(got, a, b);
        CHECK(memcmp(got, want, sizeof got) == 0, "%s %s: mul differs from libgf2x (%s)", HQC_NAME, be->name, what);
        count_cases++;
        if (!layouts)
            continue;
        memcpy(ca, a, sizeof ca);
        be->mul(ca, ca, b);
        CHECK(memcmp(ca, want, sizeof ca) == 0, "%s %s: mul with o == a differs (%s)", HQC_NAME, be->name, what);
        memcpy(cb, b, sizeof cb);
        be->mul(cb, a, cb);
        CHECK(memcmp(cb, want, sizeof cb) == 0, "%s %s: mul with o == b differs (%s)", HQC_NAME, be->name, what);
        /* 8-byte aligned but not 16/32/64-byte aligned buffers. */
        uint64_t ua[W + 1], ub[W + 1], uo[W + 1];
        memcpy(ua + 1, a, W * 8);
        memcpy(ub + 1, b, W * 8);
        be->mul(uo + 1, ua + 1, ub + 1);
        CHECK(memcmp(uo + 1, want, W * 8) == 0, "%s %s: mul on 8-byte aligned buffers differs (%s)", HQC_NAME, be->name, what);
    }
}

static void check_pair(const hqc_backend *const *list, const uint64_t *a, const uint64_t *b, const char *what)
{
    check_pair_layouts(list, a, b, what, 1);
}

/* A uniformly random position below N that differs from pos[0..k). */
static uint32_t fresh_position(uint64_t *state, const uint32_t *pos, size_t k)
{
    for (;;) {
        uint32_t p = (uint32_t)(splitmix64(state) % HQC_N);
        int fresh = 1;
        for (size_t m = 0; m < k; m++)
            fresh &= pos[m] != p;
        if (fresh)
            return p;
    }
}

static void set_bit(uint64_t *v, size_t i)
{
    v[i / 64] |= 1ULL << (i % 64);
}

int main(int argc, char **argv)
{
    /* The portable backend is ~20x slower; it runs every edge case but only REF_PAIRS random
     * pairs, while each native backend runs all of them (both against libgf2x). */
    long pairs = argc > 1 ? atol(argv[1]) : 10000;
    long ref_pairs = argc > 3 ? atol(argv[3]) : 200;
    long stv_random = argc > 4 ? atol(argv[4]) : 3000;
    size_t edge_stride = argc > 5 && atol(argv[5]) > 0 ? (size_t)atol(argv[5]) : 1;
    uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 0) : 1;
    const hqc_backend *const *all = HQC_NS(backend_list)();
    const hqc_backend *list[16];
    size_t nb = 0;
    for (size_t k = 0; all[k] && nb < 13; k++)
        if (HQC_NS(backend_by_name)(all[k]->name))
            list[nb++] = all[k];
    size_t backends = nb;
#ifdef HQC_HAVE_AVX2
    hqc_backend trees[2];
    for (size_t k = 0; k < backends; k++)
        if (strcmp(list[k]->name, "avx2") == 0) {
            trees[0] = trees[1] = *list[k];
            trees[0].name = "avx2/schoolbook-leaf", trees[0].mul = HQC_NS(avx2_mul_schoolbook_leaf);
            trees[1].name = "avx2/karatsuba-leaf", trees[1].mul = HQC_NS(avx2_mul_karatsuba_leaf);
            list[nb++] = &trees[0];
            list[nb++] = &trees[1];
        }
#endif
    list[nb] = NULL;

    uint64_t a[W], b[W], z[W];
    memset(z, 0, sizeof z);

    /* Edge cases. Single bits at both sides of every word boundary and at N-1. */
    size_t bits[4 * W + 8], nbits = 0;
    for (size_t w = 0; w < W; w++) {
        bits[nbits++] = 64 * w;
        if (64 * w + 63 < HQC_N)
            bits[nbits++] = 64 * w + 63;
    }
    bits[nbits++] = HQC_N - 1;
    bits[nbits++] = HQC_N - 2;
    uint64_t st = seed ^ 0xed6e5ULL;
    random_vec(&st, b);
    uint64_t ones[W];
    memset(ones, 0xff, sizeof ones);
    ones[W - 1] &= HQC_TOP_MASK;

    check_pair(list, z, z, "zero * zero");
    check_pair(list, z, b, "zero * random");
    check_pair(list, ones, ones, "all ones * all ones");
    check_pair(list, ones, b, "all ones * random");
    /* Every boundary bit against a random and the all-ones operand; aliasing and alignment
     * layouts and bit-times-bit products on a spread subset, which keeps the slow portable
     * backend affordable. */
    for (size_t i = 0; i < nbits; i++) {
        if (i % edge_stride != 0 && i + 1 != nbits) /* a subset when asked, the last bit always */
            continue;
        int full = i % 16 == 0 || i + 1 == nbits;
        memset(a, 0, sizeof a);
        set_bit(a, bits[i]);
        check_pair_layouts(list, a, b, "single bit * random", full);
        check_pair_layouts(list, a, ones, "single bit * all ones", full);
        if (!full)
            continue;
        for (size_t j = 0; j < nbits; j += nbits / 5 + 1) {
            uint64_t c[W];
            memset(c, 0, sizeof c);
            set_bit(c, bits[j]);
            check_pair(list, a, c, "single bit * single bit");
        }
    }
    /* Only the top word set, fully. */
    memset(a, 0, sizeof a);
    a[W - 1] = HQC_TOP_MASK;
    check_pair(list, a, ones, "top word * all ones");
    check_pair(list, a, a, "top word * top word");

    /* Random pairs, including sparse ones like the KEM's. */
    st = seed;
    for (long t = 0; t < pairs; t++) {
        random_vec(&st, a);
        random_vec(&st, b);
        if (t % 4 == 3) {
            memset(a, 0, sizeof a);
            for (int k = 0; k < HQC_OMEGA_R; k++)
                set_bit(a, splitmix64(&st) % HQC_N);
        }
        check_pair_layouts(t < ref_pairs ? list : list + 1, a, b, "random", t % 64 == 0);
    }

    /* Syndromes: every backend equals the portable twin. */
    int syn_cases = 0;
    static const uint8_t symbols[] = {1, 2, 0x1d, 0x80, 0xff};
    const long n_single = HQC_N1 * (long)sizeof symbols;
    for (long t = 0; t < 2000 + n_single; t++) {
        uint8_t cdw[HQC_N1], want[2 * HQC_DELTA], got[2 * HQC_DELTA];
        if (t < 2000) {
            random_bytes(&st, cdw, sizeof cdw);
            if (t == 0) memset(cdw, 0, sizeof cdw);
            if (t == 1) memset(cdw, 0xff, sizeof cdw);
        } else { /* single non-zero symbols (1, alpha, the reduction polynomial's low byte,
                  * the top bit, all ones) at every position */
            long u = t - 2000;
            memset(cdw, 0, sizeof cdw);
            cdw[u / (long)sizeof symbols] = symbols[u % (long)sizeof symbols];
        }
        rs_syndromes_ref(want, cdw);
        for (size_t k = 0; list[k]; k++) {
            memset(got, 0x5a, sizeof got);
            list[k]->rs_syndromes(got, cdw);
            CHECK(memcmp(got, want, sizeof got) == 0, "%s %s: syndromes differ from ref (case %ld)", HQC_NAME, list[k]->name, t);
        }
        syn_cases++;
    }

    /* RS error values: every backend equals the portable twin, within the decoding radius
     * (codewords with up to delta errors), just past it (delta + 1, delta + 2), and on
     * syndromes no codeword near has (random ones, zero, one non-zero syndrome). */
    int err_cases = 0;
    for (long t = 0; t < 6000 + 2 * HQC_DELTA; t++) {
        uint8_t syn[2 * HQC_DELTA], want[HQC_K], got[HQC_K];
        if (t < 4000) {
            uint8_t msg[HQC_K], cdw[HQC_N1];
            random_bytes(&st, msg, sizeof msg);
            rs_encode(cdw, msg);
            for (long e = 0; e < t % (HQC_DELTA + 3); e++)
                cdw[splitmix64(&st) % HQC_N1] ^= (uint8_t)(1 + splitmix64(&st) % 255);
            rs_syndromes_ref(syn, cdw);
        } else if (t < 6000) {
            random_bytes(&st, syn, sizeof syn);
            if (t == 4000) memset(syn, 0, sizeof syn);
        } else {
            memset(syn, 0, sizeof syn);
            syn[t - 6000] = (uint8_t)(1 + splitmix64(&st) % 255);
        }
        rs_errors_portable(want, syn);
        for (size_t k = 0; list[k]; k++) {
            memset(got, 0x5a, sizeof got);
            list[k]->rs_errors(got, syn);
            CHECK(memcmp(got, want, sizeof got) == 0, "%s %s: RS error values differ from the portable ones (case %ld)",
                  HQC_NAME, list[k]->name, t);
        }
        err_cases++;
    }

    /* Support expansion: every backend equals the portable twin on random supports of every
     * weight the KEM uses, on empty and single-position supports, and on supports made of
     * the boundary positions. */
    int stv_cases = 0;
    for (long t = 0; t < stv_random; t++) {
        uint32_t pos[HQC_OMEGA_R];
        size_t weight;
        static const size_t weights[] = {HQC_OMEGA, HQC_OMEGA_R, HQC_OMEGA_E, 0, 1};
        if (t < (long)nbits) { /* one boundary position, then a run of them */
            weight = 1 + (size_t)t % HQC_OMEGA_R;
            for (size_t k = 0; k < weight; k++)
                pos[k] = (uint32_t)bits[(t + k) % nbits];
            for (size_t k = 0; k < weight; k++) /* keep positions distinct */
                for (size_t m = 0; m < k; m++)
                    if (pos[m] == pos[k])
                        pos[k] = (uint32_t)(HQC_N - 1 - k);
        } else {
            weight = weights[t % 5];
            for (size_t k = 0; k < weight; k++)
                pos[k] = fresh_position(&st, pos, k);
        }
        uint64_t want_v[W], got_v[W];
        list[0]->support_to_vector(want_v, pos, weight);
        for (size_t k = 0; list[k]; k++) {
            memset(got_v, 0xa5, sizeof got_v);
            list[k]->support_to_vector(got_v, pos, weight);
            CHECK(memcmp(got_v, want_v, sizeof got_v) == 0, "%s %s: support_to_vector differs (case %ld)", HQC_NAME,
                  list[k]->name, t);
        }
        size_t weight_found = 0;
        for (size_t i = 0; i < W; i++)
            weight_found += (size_t)__builtin_popcountll(want_v[i]);
        CHECK(weight_found == weight, "%s ref: support_to_vector has weight %zu, not %zu", HQC_NAME, weight_found, weight);
        for (size_t k = 0; k < weight; k++)
            CHECK((want_v[pos[k] / 64] >> (pos[k] % 64)) & 1, "%s ref: position %u not set", HQC_NAME, pos[k]);
        stv_cases++;
    }

    /* Supports that stress the support expansions (src/gf2x/native/x86_64/support_to_vector_avx2.c:
     * per-word subsets of groups of four positions, blocks of 32 words; avx512/
     * support_to_vector_gfni.c: groups of eight, blocks of 64 words; at every level case 8's
     * boundary is one of those too and case 9's run lies in the last of them): many positions in one
     * 256-bit chunk (the first, a middle and the last one, which n cuts short), so in one word
     * and one group; one position in each of consecutive chunks; the top positions; runs across
     * chunk and 32-word block boundaries and at the start of the last, partial block; in
     * ascending, descending and shuffled order, and every weight from 0 to omega_r. The output
     * must be the portable one and have exactly the given weight, whatever was in v before. */
    const size_t last_chunk = (HQC_N - 1) / 256;
    const uint32_t block_bits = 64 * 32;
    for (long t = 0; t < 10 * (HQC_OMEGA_R + 1); t++) {
        uint32_t pos[HQC_OMEGA_R];
        size_t weight = (size_t)t % (HQC_OMEGA_R + 1), span;
        uint32_t first;
        switch ((t / (HQC_OMEGA_R + 1)) % 10) {
        case 0: first = 0, span = 256; break;                               /* chunk 0 */
        case 1: first = 256 * (uint32_t)(last_chunk / 2), span = 256; break; /* a middle chunk */
        case 2: first = 256 * (uint32_t)last_chunk, span = HQC_N - first; break; /* the last one */
        case 3: first = 0, span = HQC_N; break;                             /* spread, see below */
        case 4: first = HQC_N - HQC_OMEGA_R, span = HQC_OMEGA_R; break;      /* the top */
        case 5: first = 256 - HQC_OMEGA_R / 2, span = HQC_OMEGA_R; break;    /* across a boundary */
        case 6: first = 64 * (W / 2) - 1, span = 2 * HQC_OMEGA_R; break;      /* every other bit */
        case 8: first = block_bits * (W / 64) - HQC_OMEGA_R / 2, span = HQC_OMEGA_R; break; /* a block boundary */
        case 9: first = block_bits * ((W - 1) / 32), span = 256; break;     /* the last block */
        default: first = 0, span = HQC_N; break;                            /* random */
        }
        if (weight > span)
            weight = span;
        for (size_t k = 0; k < weight; k++) {
            int mode = (int)((t / (HQC_OMEGA_R + 1)) % 10);
            if (mode == 3) /* one per chunk, as far apart as the weight allows */
                pos[k] = (uint32_t)((k * (last_chunk + 1) / (weight ? weight : 1)) * 256 + (k * 37) % 256);
            else if (mode == 6)
                pos[k] = first + 2 * (uint32_t)k;
            else if (mode == 7 || span > 256 + HQC_OMEGA_R) /* mode 7: random */
                pos[k] = fresh_position(&st, pos, k);
            else /* distinct positions of the span, spread over it */
                pos[k] = first + (uint32_t)((k * 97) % span);
            if (pos[k] >= HQC_N)
                pos[k] = (uint32_t)(HQC_N - 1 - k);
        }
        for (size_t k = 0; k < weight; k++) /* the spreading above may repeat in short spans */
            for (size_t m = 0; m < k; m++)
                CHECK(pos[m] != pos[k], "%s: test support %ld repeats position %u", HQC_NAME, t, pos[k]);
        if (t % 3 == 1) /* descending */
            for (size_t k = 0; k < weight / 2; k++) {
                uint32_t x = pos[k];
                pos[k] = pos[weight - 1 - k];
                pos[weight - 1 - k] = x;
            }
        uint64_t want_v[W], got_v[W];
        list[0]->support_to_vector(want_v, pos, weight);
        size_t weight_found = 0;
        for (size_t i = 0; i < W; i++)
            weight_found += (size_t)__builtin_popcountll(want_v[i]);
        CHECK(weight_found == weight, "%s ref: support_to_vector has weight %zu, not %zu (case %ld)", HQC_NAME,
              weight_found, weight, t);
        for (size_t k = 0; list[k]; k++) {
            memset(got_v, t % 2 ? 0xff : 0x00, sizeof got_v);
            list[k]->support_to_vector(got_v, pos, weight);
            CHECK(memcmp(got_v, want_v, sizeof got_v) == 0, "%s %s: support_to_vector differs (edge case %ld)",
                  HQC_NAME, list[k]->name, t);
        }
        stv_cases++;
    }

    /* Encryption's positions: every backend with a fixed_weight kernel against the portable
     * sampler, at weights 2, omega_r, HQC_WEIGHT_MAX and random ones; draws all zero (no
     * repeat), all ones (every position n - 1: all but the last replaced), uniform, and crowded:
     * r_i below 2^32 2 weight / n, so that positions fall below about 2 weight, where repeats
     * are many and a repeat often equals the index of an entry replaced before it; and chains:
     * position i + 1 at every i below a random start s < weight - 2, the same position p from s
     * on, so that s is replaced as a repeat and every i < s because i + 1 was (the longest
     * chain of replacements at s = weight - 3). */
    int fw_cases = 0, fw_kernels = 0, fw_repeats = 0;
    for (size_t k = 0; list[k]; k++)
        fw_kernels += list[k]->fixed_weight != NULL;
    for (long t = 0; t < 20000; t++) {
        static const size_t weights[] = {HQC_OMEGA_R, HQC_WEIGHT_MAX, 2};
        uint8_t bytes[4 * HQC_WEIGHT_MAX];
        uint32_t want[HQC_WEIGHT_MAX], got[HQC_WEIGHT_MAX];
        const size_t weight = t % 4 < 3 ? weights[t % 4] : 2 + (size_t)(splitmix64(&st) % (HQC_WEIGHT_MAX - 1));
        const uint32_t crowd = (uint32_t)(((uint64_t)(2 * weight) << 32) / HQC_N);
        for (size_t i = 0; i < weight; i++) {
            uint32_t r = (uint32_t)splitmix64(&st);
            if (t < 8)
                r = t < 4 ? 0 : 0xFFFFFFFFu;
            else if (t % 3)
                r %= crowd;
            memcpy(bytes + 4 * i, &r, 4); /* little-endian, as the draws are read */
        }
        if (t >= 8 && t % 5 == 0 && weight > 3) {
            const size_t s = t % 2 ? weight - 3 : (size_t)(splitmix64(&st) % (weight - 3));
            const uint32_t p = (uint32_t)(weight + splitmix64(&st) % (HQC_N - weight));
            for (size_t i = 0; i < weight; i++) {
                const uint64_t target = i < s ? i + 1 : p, span = HQC_N - i;
                /* the least r with i + floor(r span / 2^32) = target */
                const uint32_t r = (uint32_t)((((target - i) << 32) + span - 1) / span);
                memcpy(bytes + 4 * i, &r, 4);
            }
        }
        sample_encrypt_from_draws(want, bytes, weight);
        for (size_t i = 0; i < weight; i++)
            fw_repeats += t >= 8 && want[i] == i; /* replaced, or drawn as i */
        for (size_t k = 0; list[k]; k++) {
            if (!list[k]->fixed_weight)
                continue;
            memset(got, 0xa5, sizeof got);
            list[k]->fixed_weight(got, bytes, weight);
            CHECK(memcmp(got, want, weight * sizeof got[0]) == 0, "%s %s: fixed_weight differs (case %ld, weight %zu)",
                  HQC_NAME, list[k]->name, t, weight);
            for (size_t i = weight; i < HQC_WEIGHT_MAX; i++)
                CHECK(got[i] == 0xa5a5a5a5u, "%s %s: fixed_weight wrote past weight (case %ld)", HQC_NAME,
                      list[k]->name, t);
        }
        fw_cases++;
    }

    printf("%s test_mul: %zu backends,", HQC_NAME, backends);
    for (size_t k = 0; k < backends; k++)
        printf(" %s", list[k]->name);
    printf("; product trees:");
    for (size_t k = backends; list[k]; k++)
        printf(" %s", list[k]->name);
    printf("; %d mul checks (x4 layouts) against libgf2x, %d syndrome vectors, %d RS error vectors, %d supports, "
           "%d draw sets through %d fixed_weight kernels (%d entries at their own index): ok\n",
           count_cases, syn_cases, err_cases, stv_cases, fw_cases, fw_kernels, fw_repeats);
    return 0;
}
