/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* kat_check.c: regenerates KAT files and compares their SHA-256 with the official digests
 * (kat_check.h); the digests come from kat/levels.json through scripts/gen-kat-digests. */
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
    const char *req_sha256, *rsp_sha256;
} official[] = {
    {1, HQC1_CRYPTO_SECRETKEYBYTES, HQC1_KAT_REQ_SHA256, HQC1_KAT_RSP_SHA256},
    {3, HQC3_CRYPTO_SECRETKEYBYTES, HQC3_KAT_REQ_SHA256, HQC3_KAT_RSP_SHA256},
    {5, HQC5_CRYPTO_SECRETKEYBYTES, HQC5_KAT_REQ_SHA256, HQC5_KAT_RSP_SHA256},
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
static int check_one(int idx, int (*kat_main)(int, char **), const char *backend)
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
    char *args[] = {self, (char *)"--backend", (char *)backend, (char *)"--out", dir, NULL};
    int generated = kat_main(5, args) == 0;
    int ok = generated;
    printf("HQC-%d %s:", official[idx].level, backend);
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

int check_kat_level(int level, int (*kat_main)(int, char **), const char *backend)
{
    int idx = level == 1 ? 0 : level == 3 ? 1 : 2;
    if (backend)
        return check_one(idx, kat_main, backend);
    int rc = 0;
    for (const struct hqc_backend *const *b = hqc1_backend_list(); *b; b++) {
        const char *name = hqc1_backend_name(*b);
        if (hqc1_backend_by_name(name) && check_one(idx, kat_main, name) != 0)
            rc = 1;
    }
    fflush(stdout);
    return rc;
}
