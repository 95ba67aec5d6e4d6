/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* kat_check.c: regenerates KAT files and compares their SHA-256 with the official digests
 * (kat_check.h), per dialect; the digests come from kat/levels.json through
 * scripts/gen-kat-digests. */
#include "kat_check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <hqc/hqc.h>
#include <openssl/evp.h>

#include "kat_digests.h"

/* The official digests of one level in one dialect. */
typedef struct {
    int level, sk_bytes;
    const char *req_sha256, *rsp_sha256;
} kat_level_digests;

/* One dialect of HQC the library speaks: its name, the --dialect argument kat/genkat.c takes
 * for it (NULL: the generator's default), and its official digests per level. A dialect joins
 * `hqc kat --check` and `hqc selftest` by adding a row. */
typedef struct {
    const char *name, *genkat_dialect;
    kat_level_digests levels[3];
} kat_dialect;

static const kat_dialect dialects[] = {
    /* The official tree at upstream 161cd4f (kat/levels.json). */
    {"161cd4f",
     NULL,
     {{1, HQC1_CRYPTO_SECRETKEYBYTES, HQC1_KAT_REQ_SHA256, HQC1_KAT_RSP_SHA256},
      {3, HQC3_CRYPTO_SECRETKEYBYTES, HQC3_KAT_REQ_SHA256, HQC3_KAT_RSP_SHA256},
      {5, HQC5_CRYPTO_SECRETKEYBYTES, HQC5_KAT_REQ_SHA256, HQC5_KAT_RSP_SHA256}}},
};
#define N_DIALECTS ((int)(sizeof dialects / sizeof dialects[0]))

int kat_dialect_count(void)
{
    return N_DIALECTS;
}

const char *kat_dialect_name(int dialect)
{
    return dialect >= 0 && dialect < N_DIALECTS ? dialects[dialect].name : NULL;
}

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

/* Generates into a new temporary directory, compares both files, removes everything.
 * match[k] tells whether the req (k = 0) and rsp (k = 1) digests matched. */
static int generate_and_compare(const kat_dialect *d, const kat_level_digests *l, const char *backend,
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
    snprintf(self, sizeof self, "hqc kat --check --level %d", l->level);
    char *args[8] = {self, (char *)"--backend", (char *)backend, (char *)"--out", dir};
    int n = 5;
    if (d->genkat_dialect) {
        args[n++] = (char *)"--dialect";
        args[n++] = (char *)d->genkat_dialect;
    }
    args[n] = NULL;
    int generated = kat_main(n, args) == 0;
    const char *kinds[2] = {"req", "rsp"};
    const char *want[2] = {l->req_sha256, l->rsp_sha256};
    for (int k = 0; k < 2; k++) {
        char path[4200], got[65];
        snprintf(path, sizeof path, "%s/PQCkemKAT_%d.%s", dir, l->sk_bytes, kinds[k]);
        sha256_file(path, got);
        match[k] = generated && strcmp(got, want[k]) == 0;
        unlink(path);
    }
    rmdir(dir);
    return !generated ? 2 : match[0] && match[1] ? 0 : 1;
}

static const kat_level_digests *level_digests(const kat_dialect *d, int level)
{
    for (int i = 0; i < 3; i++)
        if (d->levels[i].level == level)
            return &d->levels[i];
    return NULL;
}

int kat_check_one(int dialect, int level, const char *backend, int (*kat_main)(int, char **))
{
    if (dialect < 0 || dialect >= N_DIALECTS)
        return 2;
    int match[2];
    const kat_level_digests *l = level_digests(&dialects[dialect], level);
    return l ? generate_and_compare(&dialects[dialect], l, backend, kat_main, match) : 2;
}

/* One printed line: "HQC-1 ref: PQCkemKAT_2321.req matches, ..."; dialects after the
 * default one are named after the backend. */
static int check_one(const kat_dialect *d, int level, int (*kat_main)(int, char **), const char *backend)
{
    const kat_level_digests *l = level_digests(d, level);
    int match[2];
    int rc = generate_and_compare(d, l, backend, kat_main, match);
    int named = d != dialects;
    printf("HQC-%d %s%s%s:", level, backend, named ? " dialect " : "", named ? d->name : "");
    const char *kinds[2] = {"req", "rsp"};
    for (int k = 0; rc != 2 && k < 2; k++)
        printf("%s PQCkemKAT_%d.%s %s", k ? "," : "", l->sk_bytes, kinds[k],
               match[k] ? "matches" : "DIFFERS from the official digest");
    printf("%s\n", rc == 2 ? " generation failed" : "");
    return rc ? 1 : 0;
}

int check_kat_level(int level, int (*kat_main)(int, char **), const char *backend)
{
    int rc = 0;
    for (const kat_dialect *d = dialects; d < dialects + N_DIALECTS; d++) {
        if (backend) {
            rc |= check_one(d, level, kat_main, backend);
            continue;
        }
        for (const struct hqc_backend *const *b = hqc1_backend_list(); *b; b++) {
            const char *name = hqc1_backend_name(*b);
            if (hqc1_backend_by_name(name) && check_one(d, level, kat_main, name) != 0)
                rc = 1;
        }
    }
    fflush(stdout);
    return rc;
}
