/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* genkat.c: NIST-style KAT generator for one HQC level, following upstream's procedure: a
 * SHAKE256 PRNG (seed || personalization || 0x00) seeded with bytes 0..47 yields 100 request
 * seeds; for each, the PRNG reseeded with that seed supplies seed_kem, then m and salt.
 * Usage: hqcL_kat [--backend NAME] [--req FILE] [--out DIR]
 * Writes DIR/PQCkemKAT_<sk>.req (unless --req is given) and .rsp atomically. The generator is
 * HQC_NS(kat_main) (genkat.h), which `hqc kat` calls; built with -DHQC_KAT_NO_MAIN it has no main. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "backend.h"
#include "genkat.h"
#include "keccak.h"
#include "kem.h"
#include "params.h"

#define KAT_COUNT 100
#define SEED_LEN 48

typedef struct {
    shake256_ctx xof;
} kat_prng;

static void kat_prng_init(kat_prng *p, const uint8_t seed[SEED_LEN])
{
    const uint8_t domain = 0;
    shake256_init(&p->xof);
    shake256_absorb(&p->xof, seed, SEED_LEN);
    shake256_absorb(&p->xof, &domain, 1);
    shake256_finalize(&p->xof);
}

static void put_hex(FILE *f, const char *label, const uint8_t *b, size_t len)
{
    fputs(label, f);
    for (size_t i = 0; i < len; i++)
        fprintf(f, "%02X", b[i]);
    fputc('\n', f);
}

/* A .req holds, for count = 0, 1, ...: "count = i", "seed = <96 hex>", "pk =", "sk =",
 * "ct =", "ss =" and a blank line. Anything else is rejected with its line number. */
static int parse_req(const char *path, uint8_t seeds[KAT_COUNT][SEED_LEN], int *n_out)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "error: cannot open %s: %s\n", path, strerror(errno));
        return -1;
    }
    static const char *const empties[] = {"pk =", "sk =", "ct =", "ss ="};
    char line[512];
    int lineno = 0, n = 0, state = 0; /* 0 count, 1 seed, 2..5 empties, 6 blank */
    int rc = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        size_t len = strlen(line);
        if (len == sizeof line - 1 && line[len - 1] != '\n') {
            fprintf(stderr, "error: %s:%d: line too long\n", path, lineno);
            rc = -1;
            break;
        }
        while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
            line[--len] = '\0';
        if (state == 0) {
            if (len == 0)
                continue; /* tolerate extra blank lines between entries */
            int c;
            char extra;
            if (sscanf(line, "count = %d%c", &c, &extra) != 1 || c != n) {
                fprintf(stderr, "error: %s:%d: expected 'count = %d', got '%s'\n", path, lineno, n, line);
                rc = -1;
                break;
            }
            if (n == KAT_COUNT) {
                fprintf(stderr, "error: %s:%d: more than %d entries\n", path, lineno, KAT_COUNT);
                rc = -1;
                break;
            }
            state = 1;
        } else if (state == 1) {
            const char *hex = line + 7;
            int ok = strncmp(line, "seed = ", 7) == 0 && strlen(hex) == 2 * SEED_LEN;
            for (int i = 0; ok && i < 2 * SEED_LEN; i++)
                ok = isxdigit((unsigned char)hex[i]) != 0;
            if (!ok) {
                fprintf(stderr, "error: %s:%d: expected 'seed = ' and %d hex digits\n", path, lineno, 2 * SEED_LEN);
                rc = -1;
                break;
            }
            for (int i = 0; i < SEED_LEN; i++) {
                unsigned v;
                sscanf(hex + 2 * i, "%2x", &v);
                seeds[n][i] = (uint8_t)v;
            }
            state = 2;
        } else if (state <= 5) {
            if (strcmp(line, empties[state - 2]) != 0) {
                fprintf(stderr, "error: %s:%d: expected '%s', got '%s'\n", path, lineno, empties[state - 2], line);
                rc = -1;
                break;
            }
            if (++state == 6) {
                n++;
                state = 0;
            }
        }
    }
    if (rc == 0 && ferror(f)) {
        fprintf(stderr, "error: reading %s failed\n", path);
        rc = -1;
    }
    if (rc == 0 && state != 0) {
        fprintf(stderr, "error: %s: truncated: entry %d is incomplete at end of file\n", path, n);
        rc = -1;
    }
    if (rc == 0 && n == 0) {
        fprintf(stderr, "error: %s: no KAT entries\n", path);
        rc = -1;
    }
    fclose(f);
    *n_out = n;
    return rc;
}

/* Opens DIR/NAME.tmp.PID; finish_file renames it over DIR/NAME only when everything worked. */
static FILE *start_file(char *tmp, size_t tmplen, const char *dir, const char *name)
{
    snprintf(tmp, tmplen, "%s/%s.tmp.%ld", dir, name, (long)getpid());
    FILE *f = fopen(tmp, "w");
    if (!f)
        fprintf(stderr, "error: cannot create %s: %s\n", tmp, strerror(errno));
    return f;
}

static int finish_file(FILE *f, const char *tmp, const char *dir, const char *name, int ok)
{
    char final[4096];
    snprintf(final, sizeof final, "%s/%s", dir, name);
    if (fclose(f) != 0)
        ok = 0;
    if (ok && rename(tmp, final) != 0) {
        fprintf(stderr, "error: cannot rename %s to %s: %s\n", tmp, final, strerror(errno));
        ok = 0;
    }
    if (!ok)
        remove(tmp);
    return ok ? 0 : -1;
}

int HQC_NS(kat_main)(int argc, char **argv)
{
    const char *req = NULL, *out = ".", *backend_name = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--req") == 0 && i + 1 < argc)
            req = argv[++i];
        else if (strcmp(argv[i], "--out") == 0 && i + 1 < argc)
            out = argv[++i];
        else if (strcmp(argv[i], "--backend") == 0 && i + 1 < argc)
            backend_name = argv[++i];
        else {
            fprintf(stderr, "usage: %s [--backend NAME] [--req FILE] [--out DIR]\n", argv[0]);
            return 2;
        }
    }
    const hqc_backend *be = backend_name ? HQC_NS(backend_by_name)(backend_name) : HQC_NS(backend_default)();
    if (!be) {
        const char *asked = backend_name ? backend_name : getenv("HQC_BACKEND");
        fprintf(stderr, "error: backend '%s' is unknown or not supported by this CPU; available:", asked ? asked : "auto");
        for (const hqc_backend *const *l = HQC_NS(backend_list)(); *l; l++)
            if (HQC_NS(backend_by_name)((*l)->name))
                fprintf(stderr, " %s", (*l)->name);
        fprintf(stderr, "\n");
        return 2;
    }

    static uint8_t seeds[KAT_COUNT][SEED_LEN];
    int n = KAT_COUNT;
    char name[64], tmp[4096];
    if (req) {
        if (parse_req(req, seeds, &n) != 0)
            return 1;
    } else {
        uint8_t entropy[SEED_LEN];
        kat_prng prng;
        for (int i = 0; i < SEED_LEN; i++)
            entropy[i] = (uint8_t)i;
        kat_prng_init(&prng, entropy);
        snprintf(name, sizeof name, "PQCkemKAT_%d.req", HQC_SK_BYTES);
        FILE *f = start_file(tmp, sizeof tmp, out, name);
        if (!f)
            return 1;
        for (int i = 0; i < n; i++) {
            shake256_squeeze(&prng.xof, seeds[i], SEED_LEN);
            fprintf(f, "count = %d\n", i);
            put_hex(f, "seed = ", seeds[i], SEED_LEN);
            fputs("pk =\nsk =\nct =\nss =\n\n", f);
        }
        if (finish_file(f, tmp, out, name, !ferror(f)) != 0)
            return 1;
    }

    snprintf(name, sizeof name, "PQCkemKAT_%d.rsp", HQC_SK_BYTES);
    FILE *f = start_file(tmp, sizeof tmp, out, name);
    if (!f)
        return 1;
    fprintf(f, "# %s\n\n", HQC_NAME);
    int ok = 1;
    static uint8_t pk[HQC_PK_BYTES], sk[HQC_SK_BYTES], ct[HQC_CT_BYTES];
    uint8_t ss[HQC_SS_BYTES], ss2[HQC_SS_BYTES], seed_kem[HQC_SEED_BYTES], m[HQC_K], salt[HQC_SALT_BYTES];
    for (int i = 0; ok && i < n; i++) {
        kat_prng prng;
        kat_prng_init(&prng, seeds[i]);
        shake256_squeeze(&prng.xof, seed_kem, sizeof seed_kem);
        shake256_squeeze(&prng.xof, m, sizeof m);
        shake256_squeeze(&prng.xof, salt, sizeof salt);
        if (HQC_NS(crypto_kem_keypair_derand_with)(be, pk, sk, seed_kem) != 0 ||
            HQC_NS(crypto_kem_enc_derand_with)(be, ct, ss, pk, m, salt) != 0 ||
            HQC_NS(crypto_kem_dec_with)(be, ss2, ct, sk) != 0) {
            fprintf(stderr, "error: count %d: a KEM call failed\n", i);
            ok = 0;
            break;
        }
        if (memcmp(ss, ss2, sizeof ss) != 0) {
            fprintf(stderr, "error: count %d: decapsulation returned a different shared secret\n", i);
            ok = 0;
            break;
        }
        fprintf(f, "count = %d\n", i);
        put_hex(f, "seed = ", seeds[i], SEED_LEN);
        put_hex(f, "pk = ", pk, sizeof pk);
        put_hex(f, "sk = ", sk, sizeof sk);
        put_hex(f, "ct = ", ct, sizeof ct);
        put_hex(f, "ss = ", ss, sizeof ss);
        fputc('\n', f);
    }
    if (finish_file(f, tmp, out, name, ok && !ferror(f)) != 0)
        return 1;
    return 0;
}

#ifndef HQC_KAT_NO_MAIN
int main(int argc, char **argv)
{
    return HQC_NS(kat_main)(argc, argv);
}
#endif
