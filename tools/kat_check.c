/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* kat_check.c: regenerates KAT files and compares their SHA-256 with the official digests
 * (kat_check.h), per level and dialect; the digests come from kat/levels.json through
 * scripts/gen-kat-digests (HQC_KAT_DIGESTS, one row per level and dialect, the default
 * dialect's rows first). A dialect joins `hqc kat --check` and `hqc selftest` there. */
#include "kat_check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <hqc/hqc.h>
#include <openssl/evp.h>

#include "kat_digests.h"

typedef struct {
    int level, sk_bytes;
    const char *dialect, *req_sha256, *rsp_sha256;
} official_row;

static const official_row official[] = {
#define OFFICIAL_ROW(level, dialect, req, rsp) {level, HQC##level##_CRYPTO_SECRETKEYBYTES, dialect, req, rsp},
    HQC_KAT_DIGESTS(OFFICIAL_ROW)
#undef OFFICIAL_ROW
};
#define N_OFFICIAL (sizeof official / sizeof official[0])

/* The SHA-256 of the file at path in lowercase hex, or "" when it cannot be read. */
static void sha256_file(const char *path, char hex[65])
{
    hex[0] = '\0';
    FILE *f = fopen(path, "rb");
    if (!f)
        return;
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    int ok = ctx && EVP_DigestInit_ex(ctx, EVP_sha256(), NULL) == 1;
    unsigned char buf[1 << 14];
    size_t n;
    while (ok && (n = fread(buf, 1, sizeof buf, f)) > 0)
        ok = EVP_DigestUpdate(ctx, buf, n) == 1;
    unsigned char md[32];
    unsigned len = 0;
    ok = ok && !ferror(f) && EVP_DigestFinal_ex(ctx, md, &len) == 1 && len == sizeof md;
    EVP_MD_CTX_free(ctx);
    fclose(f);
    for (unsigned i = 0; ok && i < sizeof md; i++)
        snprintf(hex + 2 * i, 3, "%02x", md[i]);
}

/* Generates row's files into a new temporary directory, compares both, removes everything.
 * match[k] tells whether the req (k = 0) and rsp (k = 1) digests matched. Returns 0 when both
 * match, 1 when one differs, 2 when generation failed. */
static int generate_and_compare(const official_row *row, const char *backend,
                                int (*kat_main)(int, char **), int match[2])
{
    match[0] = match[1] = 0;
    const char *tmpdir = getenv("TMPDIR");
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/hqc-kat.XXXXXX", tmpdir && *tmpdir ? tmpdir : "/tmp");
    if (!mkdtemp(dir)) {
        perror("hqc: cannot create a temporary directory for the KAT check");
        return 2;
    }
    char self[48];
    snprintf(self, sizeof self, "hqc kat --check --level %d", row->level);
    char *args[] = {self,         (char *)"--backend", (char *)backend, (char *)"--dialect",
                    (char *)row->dialect, (char *)"--out", dir, NULL};
    int generated = kat_main(7, args) == 0;
    const char *kinds[2] = {"req", "rsp"};
    const char *want[2] = {row->req_sha256, row->rsp_sha256};
    for (int k = 0; k < 2; k++) {
        char path[4200], got[65];
        snprintf(path, sizeof path, "%s/PQCkemKAT_%d.%s", dir, row->sk_bytes, kinds[k]);
        sha256_file(path, got);
        match[k] = generated && strcmp(got, want[k]) == 0;
        unlink(path);
    }
    rmdir(dir);
    return !generated ? 2 : match[0] && match[1] ? 0 : 1;
}

/* One printed line: "HQC-1 161cd4f ref: PQCkemKAT_2321.req matches, ...". */
static int check_one(const official_row *row, int (*kat_main)(int, char **), const char *backend)
{
    int match[2];
    int rc = generate_and_compare(row, backend, kat_main, match);
    printf("HQC-%d %s %s:", row->level, row->dialect, backend);
    const char *kinds[2] = {"req", "rsp"};
    for (int k = 0; rc != 2 && k < 2; k++)
        printf("%s PQCkemKAT_%d.%s %s", k ? "," : "", row->sk_bytes, kinds[k],
               match[k] ? "matches" : "DIFFERS from the official digest");
    printf("%s\n", rc == 2 ? " generation failed" : "");
    return rc ? 1 : 0;
}

int check_kat_level(int level, int (*kat_main)(int, char **), const char *backend, const char *dialect)
{
    int rc = 0;
    for (const official_row *row = official; row < official + N_OFFICIAL; row++) {
        if (row->level != level || (dialect && strcmp(dialect, row->dialect) != 0))
            continue;
        if (backend) {
            rc |= check_one(row, kat_main, backend);
            continue;
        }
        for (const struct hqc_backend *const *b = hqc1_backend_list(); *b; b++) {
            const char *name = hqc1_backend_name(*b);
            if (hqc1_backend_by_name(name) && check_one(row, kat_main, name) != 0)
                rc = 1;
        }
    }
    fflush(stdout);
    return rc;
}

int kat_dialect_known(const char *dialect)
{
    for (const official_row *row = official; row < official + N_OFFICIAL; row++)
        if (strcmp(dialect, row->dialect) == 0)
            return 1;
    return 0;
}

/* The dialects in the order of their first row (the default's rows come first). */
static const char *nth_dialect(int n)
{
    int seen = 0;
    for (const official_row *row = official; row < official + N_OFFICIAL; row++) {
        const official_row *first = official;
        while (strcmp(first->dialect, row->dialect) != 0)
            first++;
        if (first == row && seen++ == n)
            return row->dialect;
    }
    return NULL;
}

int kat_dialect_count(void)
{
    int n = 0;
    while (nth_dialect(n))
        n++;
    return n;
}

const char *kat_dialect_name(int dialect)
{
    return dialect >= 0 ? nth_dialect(dialect) : NULL;
}

int kat_check_one(int dialect, int level, const char *backend, int (*kat_main)(int, char **))
{
    const char *name = kat_dialect_name(dialect);
    int match[2];
    for (const official_row *row = official; name && row < official + N_OFFICIAL; row++)
        if (row->level == level && strcmp(row->dialect, name) == 0)
            return generate_and_compare(row, backend, kat_main, match);
    return 2;
}
