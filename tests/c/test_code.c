/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* test_code.c: the RS decoder corrects every error pattern of weight <= delta (random
 * positions and values, bursts, the first and last symbols), the RM decoder recovers symbols
 * under bit noise below its radius and every backend's RM decoder agrees with the portable
 * one even far beyond it, and the concatenated code round-trips. The RS decoder also meets
 * every single error, every pair of error positions, and delta errors packed together. Each
 * backend's syndromes are used through the decoder. In builds with a native backend, every
 * backend's encoders agree with the portable ones (and write nothing past their outputs).
 * Usage: hqcL_test_code [trials] [seed] */
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "code.h"
#include "reed_muller.h"
#include "reed_solomon.h"
#include "testutil.h"

static void inject(uint64_t *st, uint8_t cdw[HQC_N1], int errors, int burst)
{
    int used[HQC_N1] = {0};
    int start = (int)(splitmix64(st) % (HQC_N1 - errors + 1));
    for (int e = 0; e < errors; e++) {
        int pos;
        if (burst)
            pos = start + e;
        else
            do
                pos = (int)(splitmix64(st) % HQC_N1);
            while (used[pos]);
        used[pos] = 1;
        uint8_t v;
        do
            v = (uint8_t)splitmix64(st);
        while (v == 0);
        cdw[pos] ^= v;
    }
}

#ifdef HQC_BACKEND_NATIVE_OPS
#define GUARD 64 /* bytes after each output that the encoders must leave alone */

/* be's RS and RM encoders (where it has them) and code_encode_with in every dialect, against
 * the portable twins: each unit message (symbol t set), all zeros, all ones, random ones. */
static int check_encoders(const hqc_backend *be, uint64_t *st, int trials)
{
    static uint64_t cw[HQC_N1N2_WORDS + GUARD / 8], twin[HQC_N1N2_WORDS];
    int checks = 0;
    for (int t = 0; t < trials + HQC_N1 + 2; t++) {
        uint8_t msg[HQC_K], sym[HQC_N1], rs[HQC_N1 + GUARD], rs_twin[HQC_N1];
        random_bytes(st, msg, sizeof msg);
        random_bytes(st, sym, sizeof sym);
        if (t < HQC_N1) {
            uint8_t v = (uint8_t)(1 + splitmix64(st) % 255);
            memset(msg, 0, sizeof msg);
            memset(sym, 0, sizeof sym);
            msg[t % HQC_K] = v;
            sym[t] = v;
        } else if (t < HQC_N1 + 2) {
            memset(msg, t == HQC_N1 ? 0 : 0xff, sizeof msg);
            memset(sym, t == HQC_N1 ? 0 : 0xff, sizeof sym);
        }
        if (be->encode_rs != NULL) {
            rs_encode(rs_twin, msg);
            memset(rs, 0x5a, sizeof rs);
            be->encode_rs(rs, msg);
            CHECK(memcmp(rs, rs_twin, HQC_N1) == 0, "%s %s: RS encoding differs from the portable one (trial %d)",
                  HQC_NAME, be->name, t);
            for (int i = HQC_N1; i < HQC_N1 + GUARD; i++)
                CHECK(rs[i] == 0x5a, "%s %s: the RS encoder wrote byte %d past its codeword", HQC_NAME, be->name,
                      i - HQC_N1);
            checks++;
        }
        if (be->encode_rm != NULL) {
            rm_encode(twin, sym);
            memset(cw, 0x5a, sizeof cw);
            be->encode_rm(cw, sym);
            CHECK(memcmp(cw, twin, sizeof twin) == 0, "%s %s: RM encoding differs from the portable one (trial %d)",
                  HQC_NAME, be->name, t);
            for (size_t i = sizeof twin; i < sizeof cw; i++)
                CHECK(((uint8_t *)cw)[i] == 0x5a, "%s %s: the RM encoder wrote byte %zu past its codewords", HQC_NAME,
                      be->name, i - sizeof twin);
            checks++;
        }
        for (const hqc_dialect *const *d = dialect_list(); *d; d++) {
            code_encode(*d, twin, msg);
            code_encode_with(*d, cw, msg, be);
            CHECK(memcmp(cw, twin, sizeof twin) == 0, "%s %s %s: code_encode_with differs from code_encode (trial %d)",
                  HQC_NAME, be->name, (*d)->name, t);
            checks++;
        }
    }
    return checks;
}
#endif

int main(int argc, char **argv)
{
    int trials = argc > 1 ? atoi(argv[1]) : 2000;
    uint64_t st = argc > 2 ? strtoull(argv[2], NULL, 0) : 3;
    int rs_checks = 0, rm_checks = 0, code_checks = 0;
    for (const hqc_backend *const *l = HQC_NS(backend_list)(); *l; l++) {
        const hqc_backend *be = *l;
        if (!HQC_NS(backend_by_name)(be->name))
            continue;
        for (int t = 0; t < trials; t++) {
            uint8_t msg[HQC_K], cdw[HQC_N1], out[HQC_K];
            random_bytes(&st, msg, sizeof msg);
            if (t == 0)
                memset(msg, 0, sizeof msg);
            if (t == 1)
                memset(msg, 0xff, sizeof msg);
            rs_encode(cdw, msg);
            int errors = t % (HQC_DELTA + 1);
            if (t % 7 == 6) { /* the first and the last symbol, plus at most delta - 2 more */
                errors %= HQC_DELTA - 1;
                cdw[0] ^= 0x5a;
                cdw[HQC_N1 - 1] ^= 0xa5;
            }
            inject(&st, cdw, errors, t % 3 == 2);
            rs_decode(out, cdw, be);
            CHECK(memcmp(out, msg, sizeof msg) == 0, "%s %s: RS decoding failed with %d errors (trial %d)", HQC_NAME,
                  be->name, errors, t);
            rs_checks++;
        }
    }

    /* Every single error (each position, each non-zero value), every pair of positions with
     * random values, and delta errors packed at the start, at the end and on the message
     * symbols only, through the default backend's syndromes. */
    {
        const hqc_backend *dflt = HQC_NS(backend_default)();
        CHECK(dflt != NULL, "no default backend");
        uint8_t msg[HQC_K], cdw[HQC_N1], bad[HQC_N1], out[HQC_K];
        random_bytes(&st, msg, sizeof msg);
        rs_encode(cdw, msg);
        for (int j = 0; j < HQC_N1; j++)
            for (int v = 1; v < 256; v++) {
                memcpy(bad, cdw, sizeof bad);
                bad[j] ^= (uint8_t)v;
                rs_decode(out, bad, dflt);
                CHECK(memcmp(out, msg, sizeof msg) == 0, "%s: single error %02x at %d not corrected", HQC_NAME, v, j);
                rs_checks++;
            }
        for (int j = 0; j < HQC_N1; j++)
            for (int k = j + 1; k < HQC_N1; k++) {
                memcpy(bad, cdw, sizeof bad);
                bad[j] ^= (uint8_t)(1 + splitmix64(&st) % 255);
                bad[k] ^= (uint8_t)(1 + splitmix64(&st) % 255);
                rs_decode(out, bad, dflt);
                CHECK(memcmp(out, msg, sizeof msg) == 0, "%s: errors at %d and %d not corrected", HQC_NAME, j, k);
                rs_checks++;
            }
        for (int where = 0; where < 3; where++) {
            int start = where == 0 ? 0 : where == 1 ? HQC_N1 - HQC_DELTA : 2 * HQC_DELTA;
            int count = where == 2 && HQC_K < HQC_DELTA ? HQC_K : HQC_DELTA;
            for (int t = 0; t < 100; t++) {
                memcpy(bad, cdw, sizeof bad);
                for (int e = 0; e < count; e++)
                    bad[start + e] ^= (uint8_t)(t == 0 ? 0xff : 1 + splitmix64(&st) % 255);
                rs_decode(out, bad, dflt);
                CHECK(memcmp(out, msg, sizeof msg) == 0, "%s: %d errors from symbol %d not corrected", HQC_NAME, count,
                      start);
                rs_checks++;
            }
        }
    }

    const hqc_backend *be = HQC_NS(backend_default)();
    CHECK(be != NULL, "no default backend");
    for (int t = 0; t < trials / 10 + 1; t++) {
        uint8_t sym[HQC_N1], dec[HQC_N1], twin[HQC_N1];
        static uint64_t cw[HQC_N1N2_WORDS];
        random_bytes(&st, sym, sizeof sym);
        rm_encode(cw, sym);
        /* Up to 16 flips per 128-bit copy keeps every block inside the RM(1,7) radius of 31;
         * every third trial instead adds noise far beyond it, or replaces the word by random
         * bits or by all zeros, where only agreement with the portable decoder (including its
         * tie-breaking) is required. */
        int beyond = t % 3 == 2;
        int flips = beyond ? 64 * HQC_RM_COPIES : 16 * HQC_RM_COPIES;
        for (int i = 0; i < HQC_N1; i++)
            for (int f = 0; f < flips; f++) {
                unsigned bit = (unsigned)(splitmix64(&st) % HQC_N2);
                size_t pos = (size_t)i * HQC_N2 + bit;
                cw[pos / 64] ^= 1ULL << (pos % 64);
            }
        if (t % 9 == 5)
            random_bytes(&st, (uint8_t *)cw, sizeof cw);
        if (t % 9 == 8)
            memset(cw, 0, sizeof cw);
        rm_decode_portable(twin, cw);
        if (!beyond)
            CHECK(memcmp(twin, sym, sizeof sym) == 0, "%s: portable RM decoding failed (trial %d)", HQC_NAME, t);
        for (const hqc_backend *const *l = HQC_NS(backend_list)(); *l; l++) {
            if (!HQC_NS(backend_by_name)((*l)->name))
                continue;
            memset(dec, 0x5a, sizeof dec);
            (*l)->rm_decode(dec, cw);
            CHECK(memcmp(dec, twin, sizeof dec) == 0, "%s %s: RM decoding differs from the portable one (trial %d)",
                  HQC_NAME, (*l)->name, t);
            rm_checks++;
        }

        /* Every dialect's code (dialect.h: bc-1.87 maps its field and RM bit order onto the
         * spec's around the same encoder and decoder). */
        for (const hqc_dialect *const *d = dialect_list(); *d; d++) {
            uint8_t msg[HQC_K], out[HQC_K];
            random_bytes(&st, msg, sizeof msg);
            code_encode(*d, cw, msg);
            for (int f = 0; f < HQC_N1N2 / 20; f++) {
                size_t pos = splitmix64(&st) % HQC_N1N2;
                cw[pos / 64] ^= 1ULL << (pos % 64);
            }
            code_decode(*d, out, cw, be);
            CHECK(memcmp(out, msg, sizeof msg) == 0, "%s %s: concatenated code failed (trial %d)", HQC_NAME,
                  (*d)->name, t);
            code_checks++;
        }
    }
    int encoder_checks = 0;
#ifdef HQC_BACKEND_NATIVE_OPS
    for (const hqc_backend *const *l = HQC_NS(backend_list)(); *l; l++)
        if (HQC_NS(backend_by_name)((*l)->name))
            encoder_checks += check_encoders(*l, &st, trials / 10);
#endif
    printf("%s test_code: %d RS decodings (0..delta errors), %d RM decodings (vs portable), %d code round trips, "
           "%d encodings (vs portable): ok\n",
           HQC_NAME, rs_checks, rm_checks, code_checks, encoder_checks);
    return 0;
}
