/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* kat_check.c: regenerates KAT files and compares their SHA-256 with the official digests
 * (kat_check.h), per level and dialect; the digests come from kat/levels.json through
 * scripts/gen-kat-digests (HQC_KAT_DIGESTS, one row per level and dialect). */
#include "kat_check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <hqc/hqc.h>
#include <openssl/evp.h>

#include "kat_digests.h"

static const struct {
    int level, sk_bytes;
    const char *dialect, *req_sha256, *rsp_sha256;
} official[] = {
#define OFFICIAL_ROW(level, dialect, req, rsp) {level, HQC##level##_CRYPTO_SECRETKEYBYTES, dialect, req, rsp},
    HQC_KAT_DIGESTS(OFFICIAL_ROW)
#undef OFFICIAL_ROW
};

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

/* Generates into a new temporary directory, compares both files, removes everything. */
static int check_one(size_t idx, int (*kat_main)(int, char **), const char *backend)
{
    const char *tmpdir = getenv("TMPDIR");
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/hqc-kat.XXXXXX", tmpdir && *tmpdir ? tmpdir : "/tmp");
    if (!mkdtemp(dir)) {
        perror("hqc kat --check: cannot create a temporary directory");
        return 1;
    }
    char self[48];
    snprintf(self, sizeof self, "hqc kat --check --level %d", official[idx].level);
    char *args[] = {self,         (char *)"--backend", (char *)backend, (char *)"--variant",
                    (char *)official[idx].dialect, (char *)"--out", dir, NULL};
    int generated = kat_main(7, args) == 0;
    int ok = generated;
    printf("HQC-%d %s %s:", official[idx].level, official[idx].dialect, backend);
    const char *kinds[2] = {"req", "rsp"};
    const char *want[2] = {official[idx].req_sha256, official[idx].rsp_sha256};
    for (int k = 0; k < 2; k++) {
        char path[4200], got[65];
        snprintf(path, sizeof path, "%s/PQCkemKAT_%d.%s", dir, official[idx].sk_bytes, kinds[k]);
        sha256_file(path, got);
        int match = strcmp(got, want[k]) == 0;
        if (generated)
            printf("%s PQCkemKAT_%d.%s %s", k ? "," : "", official[idx].sk_bytes, kinds[k],
                   match ? "matches" : "DIFFERS from the official digest");
        ok = ok && match;
        unlink(path);
    }
    printf("%s\n", generated ? "" : " generation failed");
    rmdir(dir);
    return ok ? 0 : 1;
}

int check_kat_level(int level, int (*kat_main)(int, char **), const char *backend, const char *dialect)
{
    int rc = 0;
    for (size_t idx = 0; idx < sizeof official / sizeof official[0]; idx++) {
        if (official[idx].level != level || (dialect && strcmp(dialect, official[idx].dialect) != 0))
            continue;
        if (backend) {
            rc |= check_one(idx, kat_main, backend);
            continue;
        }
        for (const struct hqc_backend *const *b = hqc1_backend_list(); *b; b++) {
            const char *name = hqc1_backend_name(*b);
            if (hqc1_backend_by_name(name) && check_one(idx, kat_main, name) != 0)
                rc = 1;
        }
    }
    fflush(stdout);
    return rc;
}

int kat_dialect_known(const char *dialect)
{
    for (size_t idx = 0; idx < sizeof official / sizeof official[0]; idx++)
        if (strcmp(dialect, official[idx].dialect) == 0)
            return 1;
    return 0;
}
