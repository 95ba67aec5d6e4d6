/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* genkat.c: NIST-style KAT generator for one HQC level, following upstream's procedure: a
 * SHAKE256 PRNG (seed || personalization || 0x00) seeded with bytes 0..47 yields 100 request
 * seeds; for each, the PRNG reseeded with that seed supplies seed_kem, then m and salt.
 * Usage: hqcL_kat [--backend NAME] [--dialect DIALECT] [--req FILE] [--out DIR] (--variant:
 * an alias of --dialect; DIALECT: one of src/hqc/dialect.h, default 161cd4f; the seeds are
 * the same in every one).
 * Writes DIR/PQCkemKAT_<sk>.req (unless --req is given) and .rsp atomically: both or neither.
 * Exit status: 0 success, 1 bad input or failed output (the message names the file), 2 usage.
 * The generator is HQC_NS(kat_main) (genkat.h), which `hqc kat` calls; built with
 * -DHQC_KAT_NO_MAIN it has no main. */
#include <ctype.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "backend.h"
#include "dialect.h"
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

/* Upper-case hex, 64 bytes per fwrite: one fprintf per byte was a fifth of `hqc selftest
 * --quick`, which writes and hashes the .rsp text of every level, backend and dialect. */
static void put_hex(FILE *f, const char *label, const uint8_t *b, size_t len)
{
    static const char digits[] = "0123456789ABCDEF";
    char chunk[128];
    fputs(label, f);
    while (len > 0) {
        size_t n = len < sizeof chunk / 2 ? len : sizeof chunk / 2;
        for (size_t i = 0; i < n; i++) {
            chunk[2 * i] = digits[b[i] >> 4];
            chunk[2 * i + 1] = digits[b[i] & 15];
        }
        fwrite(chunk, 1, 2 * n, f);
        b += n;
        len -= n;
    }
    fputc('\n', f);
}

/* Reads one line of at most cap-1 bytes into buf, without its "\n" or "\r\n". Returns 1 for a
 * line, 0 at end of file, -1 after printing why the line is not text: a NUL byte, a carriage
 * return not followed by a line feed, or more than cap-1 bytes. Reading stops at the first such
 * line, so a device such as /dev/zero ends the run after one bounded read. */
static int read_req_line(FILE *f, char *buf, size_t cap, const char *path, int lineno)
{
    size_t len = 0;
    int c;
    while ((c = getc(f)) != EOF && c != '\n') {
        if (c == '\0') {
            fprintf(stderr, "error: %s:%d: NUL byte at column %zu\n", path, lineno, len + 1);
            return -1;
        }
        if (c == '\r') {
            int next = getc(f);
            if (next == '\n')
                break;
            fprintf(stderr, "error: %s:%d: carriage return without a line feed at column %zu\n", path,
                    lineno, len + 1);
            return -1;
        }
        if (len + 1 >= cap) {
            fprintf(stderr, "error: %s:%d: line longer than %zu bytes\n", path, lineno, cap - 1);
            return -1;
        }
        buf[len++] = (char)c;
    }
    buf[len] = '\0';
    if (c == EOF && len == 0)
        return 0;
    return 1;
}

/* A .req holds, for count = 0, 1, ...: "count = i", "seed = <96 hex>", "pk =", "sk =",
 * "ct =", "ss =" and a blank line. Anything else is rejected with its line number. A file of
 * at most KAT_COUNT entries has at most REQ_MAX_LINES lines even with generous blank lines;
 * the bound keeps an endless input (a pipe of newlines) from running forever. */
#define REQ_MAX_LINES (8 * KAT_COUNT + 64)
static int parse_req(const char *path, uint8_t seeds[KAT_COUNT][SEED_LEN], int *n_out)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "error: cannot open %s: %s\n", path, strerror(errno));
        return -1;
    }
    static const char *const empties[] = {"pk =", "sk =", "ct =", "ss ="};
    char line[512], want[32];
    int lineno = 0, n = 0, state = 0; /* 0 count, 1 seed, 2..5 empties, 6 blank */
    int rc = 0, got;
    while (rc == 0 && (got = read_req_line(f, line, sizeof line, path, lineno + 1)) != 0) {
        lineno++;
        if (got < 0) {
            rc = -1;
            break;
        }
        if (lineno > REQ_MAX_LINES) {
            fprintf(stderr, "error: %s:%d: more than %d lines; not a KAT request file\n", path, lineno,
                    REQ_MAX_LINES);
            rc = -1;
            break;
        }
        size_t len = strlen(line);
        if (state == 0) {
            if (len == 0)
                continue; /* tolerate extra blank lines between entries */
            snprintf(want, sizeof want, "count = %d", n);
            if (strcmp(line, want) != 0) {
                fprintf(stderr, "error: %s:%d: expected '%s', got '%.80s'\n", path, lineno, want, line);
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
                fprintf(stderr, "error: %s:%d: expected '%s', got '%.80s'\n", path, lineno, empties[state - 2], line);
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
        fprintf(stderr, "error: reading %s failed: %s\n", path, strerror(errno));
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

/* An output file is written as DIR/NAME.tmp.XXXXXX and renamed over DIR/NAME only once every
 * output of the run is complete, so a failed run (a full disk, a failing KEM call) leaves
 * neither a partial file nor one output without the other. The temporary name is made by
 * mkstemp: unpredictable, created exclusively (O_EXCL), so no file or symbolic link that
 * someone else placed there is ever opened or followed. */
typedef struct {
    char final[4096], tmp[4096 + 32];
    FILE *f;
} out_file;

static int out_open(out_file *o, const char *dir, const char *name)
{
    if ((size_t)snprintf(o->final, sizeof o->final, "%s/%s", dir, name) >= sizeof o->final) {
        fprintf(stderr, "error: output directory name too long: %.80s...\n", dir);
        return -1;
    }
    snprintf(o->tmp, sizeof o->tmp, "%s.tmp.XXXXXX", o->final);
    int fd = mkstemp(o->tmp);
    /* mkstemp creates 0600; a KAT file gets what fopen would have given it (0666 less the
     * umask, read back by setting it twice: this program runs no threads). */
    mode_t mask = umask(0);
    umask(mask);
    if (fd >= 0 && (fchmod(fd, 0666 & ~mask) != 0 || (o->f = fdopen(fd, "w")) == NULL)) {
        int err = errno;
        close(fd);
        remove(o->tmp);
        errno = err;
        fd = -1;
    }
    if (fd < 0) {
        o->f = NULL;
        fprintf(stderr, "error: cannot create %s: %s\n", o->tmp, strerror(errno));
    }
    return o->f ? 0 : -1;
}

/* Flushes and closes o; on a write error names the file and errno's reason. */
static int out_close(out_file *o)
{
    errno = 0;
    int ok = fflush(o->f) == 0 && !ferror(o->f);
    int err = errno;
    if (fclose(o->f) != 0 && ok) {
        ok = 0;
        err = errno;
    }
    o->f = NULL;
    if (!ok)
        fprintf(stderr, "error: writing %s failed: %s\n", o->final, strerror(err ? err : EIO));
    return ok ? 0 : -1;
}

static void out_discard(out_file *o)
{
    if (o->f)
        fclose(o->f);
    o->f = NULL;
    remove(o->tmp);
}

static int out_commit(out_file *o)
{
    if (rename(o->tmp, o->final) == 0)
        return 0;
    fprintf(stderr, "error: cannot rename %s to %s: %s\n", o->tmp, o->final, strerror(errno));
    remove(o->tmp);
    return -1;
}

int HQC_NS(kat_main)(int argc, char **argv)
{
    const char *req = NULL, *out = ".", *backend_name = NULL, *dialect_name = HQC_DEFAULT_DIALECT_NAME;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--req") == 0 && i + 1 < argc)
            req = argv[++i];
        else if (strcmp(argv[i], "--out") == 0 && i + 1 < argc)
            out = argv[++i];
        else if (strcmp(argv[i], "--backend") == 0 && i + 1 < argc)
            backend_name = argv[++i];
        else if ((strcmp(argv[i], "--dialect") == 0 || strcmp(argv[i], "--variant") == 0) && i + 1 < argc)
            dialect_name = argv[++i]; /* --variant: the alias, the option's earlier name */
        else {
            fprintf(stderr, "usage: %s [--backend NAME] [--dialect DIALECT] [--req FILE] [--out DIR]\n", argv[0]);
            return 2;
        }
    }
    const hqc_dialect *dialect = dialect_by_name(dialect_name);
    if (!dialect) {
        fprintf(stderr, "error: unknown HQC dialect '%.80s'; known:", dialect_name);
        for (const hqc_dialect *const *d = dialect_list(); *d; d++)
            fprintf(stderr, " %s", (*d)->name);
        fprintf(stderr, "\n");
        return 2;
    }
    /* Past a file-size limit (ulimit -f), writes then fail with EFBIG, which is reported and
     * cleaned up like a full disk, instead of the process being killed mid-file. */
    signal(SIGXFSZ, SIG_IGN);
    const char *refused = backend_name ? NULL : HQC_NS(backend_env_refusal)();
    const hqc_backend *be = backend_name ? HQC_NS(backend_by_name)(backend_name) : HQC_NS(backend_default)();
    if (refused) {
        fprintf(stderr, "error: HQC_BACKEND '%.80s' refused: %s; available:", getenv("HQC_BACKEND"), refused);
        for (const hqc_backend *const *l = HQC_NS(backend_list)(); *l; l++)
            if (HQC_NS(backend_by_name)((*l)->name) && (*l)->constant_time)
                fprintf(stderr, " %s", (*l)->name);
        fprintf(stderr, "\n");
        return 2;
    }
    if (!be) {
        fprintf(stderr, "error: backend '%.80s' is unknown or not supported by this CPU; available:", backend_name);
        for (const hqc_backend *const *l = HQC_NS(backend_list)(); *l; l++)
            if (HQC_NS(backend_by_name)((*l)->name))
                fprintf(stderr, " %s", (*l)->name);
        fprintf(stderr, "\n");
        return 2;
    }

    static uint8_t seeds[KAT_COUNT][SEED_LEN];
    int n = KAT_COUNT;
    char name[64];
    out_file req_out = {.f = NULL}, rsp_out = {.f = NULL};
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
        if (out_open(&req_out, out, name) != 0)
            return 1;
        for (int i = 0; i < n; i++) {
            shake256_squeeze(&prng.xof, seeds[i], SEED_LEN);
            fprintf(req_out.f, "count = %d\n", i);
            put_hex(req_out.f, "seed = ", seeds[i], SEED_LEN);
            fputs("pk =\nsk =\nct =\nss =\n\n", req_out.f);
        }
        if (out_close(&req_out) != 0) {
            out_discard(&req_out);
            return 1;
        }
    }

    snprintf(name, sizeof name, "PQCkemKAT_%d.rsp", HQC_SK_BYTES);
    if (out_open(&rsp_out, out, name) != 0) {
        if (!req)
            out_discard(&req_out);
        return 1;
    }
    FILE *f = rsp_out.f;
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
        if (kem_keypair_derand(dialect, be, pk, sk, seed_kem) != 0 ||
            kem_enc_derand(dialect, be, ct, ss, pk, m, salt) != 0 || kem_dec(dialect, be, ss2, ct, sk) != 0) {
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
        /* The private key in the dialect's own form: the seed where the expanded key cannot
         * give it back (dialect.h, sk_seed 0: Bouncy Castle 1.87 writes its 32-byte seed), else
         * the expanded key. */
        if (dialect->sk_seed)
            put_hex(f, "sk = ", sk, dialect->sk_bytes);
        else
            put_hex(f, "sk = ", seed_kem, sizeof seed_kem);
        put_hex(f, "ct = ", ct, sizeof ct);
        put_hex(f, "ss = ", ss, sizeof ss);
        fputc('\n', f);
        if (ferror(f))
            break; /* out_close names the file and the reason */
    }
    if (!ok || out_close(&rsp_out) != 0) {
        out_discard(&rsp_out);
        if (!req)
            out_discard(&req_out);
        return 1;
    }
    if ((!req && out_commit(&req_out) != 0) || out_commit(&rsp_out) != 0)
        return 1;
    return 0;
}

#ifndef HQC_KAT_NO_MAIN
int main(int argc, char **argv)
{
    return HQC_NS(kat_main)(argc, argv);
}
#endif
