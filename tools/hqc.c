/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* hqc.c: the hqc command-line tool: key generation, encapsulation and decapsulation to files
 * (raw or hex) for HQC-1/3/5, the CPU and backend report, and the KAT generator and check of
 * kat/genkat.c. Usage and exit codes: `hqc --help` (usage_text below). */
#include <fcntl.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <hqc/hqc.h>

#include "dialect.h"
#include "genkat.h"
#include "info.h"
#include "kat_check.h"
#include "keyfile.h"
#include "randombytes.h"
#include "selftest.h"
#include "text.h"

static const char usage_text[] =
    "usage: hqc COMMAND [OPTIONS]\n"
    "\n"
    "  hqc keygen --level L --pk FILE --sk FILE [--dialect D] [--sk-format seed|expanded]\n"
    "  hqc encaps --level L --pk FILE --ct FILE --ss FILE [--dialect D]\n"
    "  hqc decaps --level L --sk FILE --ct FILE --ss FILE [--dialect D]\n"
    "  hqc identify --sk FILE [--level L]\n"
    "  hqc identify --sk SEED --pk FILE [--level L]\n"
    "  hqc check-key (--pk FILE | --sk FILE) [--level L] [--dialect D]\n"
    "  hqc info\n"
    "  hqc kat [--level L] [--backend NAME] [--dialect D] [--req FILE] [--out DIR]\n"
    "  hqc kat --check [--level L] [--backend NAME] [--dialect D]\n"
    "  hqc selftest [--quick] [--json]\n"
    "  hqc --help | --version\n"
    "\n"
    "keygen writes a new key pair, encaps a ciphertext and the shared secret for a public key,\n"
    "decaps the shared secret of a ciphertext under a secret key. info prints the CPU features\n"
    "and, per level, the backends compiled in, whether this CPU runs them and the default (JSON).\n"
    "kat writes the NIST KAT files PQCkemKAT_<sk bytes>.{req,rsp} into DIR (default: .);\n"
    "kat --check regenerates them in a temporary directory and compares their SHA-256 with the\n"
    "official digests, for every backend this CPU runs unless --backend names one, and for every\n"
    "dialect unless --dialect names one. identify tells which dialect made a secret key: it\n"
    "regenerates the key pair from the seed_kem inside (or from the 32-byte seed SEED, whose\n"
    "public key --pk gives) under each dialect and compares (exit 0 when one matches, 1 when\n"
    "none does).\n"
    "check-key checks a key before use: a public key's length and padding bits; an expanded\n"
    "secret key regenerated from its seed_kem (pk, seed_dk, sigma compared; bc-1.87's, which\n"
    "holds no seed, only has its pk recomputed from seed_dk: its sigma cannot be checked); a\n"
    "seed, only its length. Exit 0, or 1 naming the failing part.\n"
    "A secret key is kept as its 32-byte seed (--sk-format seed) or expanded (--sk-format\n"
    "expanded: the sizes below; bc-1.87's is 32 bytes shorter, it holds no seed). keygen writes\n"
    "bc-1.87's seed and the other dialects' expanded key unless --sk-format says; decaps reads\n"
    "either (by its size) and says on stderr which one it read.\n"
    "selftest checks this build on this CPU: it prints the CPU features and the default backend\n"
    "per level, then, for every backend this CPU runs at every level, the official KAT digests\n"
    "of every dialect (built-in PRNG, no files), every backend operation against ref on random\n"
    "and edge inputs (products: 1000 pairs per level with --quick, 4000 without), the Keccak\n"
    "kernels against the portable one, and a short paired speed table. --quick takes a few\n"
    "seconds; --json prints one JSON object. A failure is named (level, backend, operation).\n"
    "\n"
    "options:\n"
    "  --level L       1, 3 or 5 (HQC-1, HQC-3, HQC-5); kat: all three when omitted\n"
    "  --hex           files hold lowercase or uppercase hex (written as one lowercase line)\n"
    "                  instead of raw bytes\n"
    "  --force         replace output files that exist (never done otherwise)\n"
    "  --dialect D     the HQC dialect: 161cd4f (default; liboqs 0.16, RustCrypto hqc-kem),\n"
    "                  v5.0.0 (Bouncy Castle 1.83-1.86, PyPI pqcrypto 1.0.0) or bc-1.87\n"
    "                  (Bouncy Castle 1.87). Keys and ciphertexts of one dialect fail\n"
    "                  silently in another: decapsulation returns a wrong secret, no error\n"
    "                  (see hqc identify)\n"
    "  --sk-format F   keygen: seed (32 bytes) or expanded\n"
    "  --variant D     an alias of --dialect D (the option's earlier name), same behaviour\n"
    "  --backend NAME  ref; neon (aarch64); avx2, vpclmul, avx512, avx2-sparse, avx512-sparse\n"
    "                  (x86-64; the -sparse ones are variable time; hqc info lists this\n"
    "                  build's); default: $HQC_BACKEND if it names a\n"
    "                  constant-time backend this CPU runs (else it is refused), else the\n"
    "                  fastest constant-time backend this CPU runs\n"
    "\n"
    "file sizes in bytes (raw; hex files hold twice as many digits):\n"
    "             public key  secret key  ciphertext  shared secret\n"
    "  HQC-1 (1)        2241        2321        4433             32\n"
    "  HQC-3 (3)        4514        4602        8978             32\n"
    "  HQC-5 (5)        7237        7333       14421             32\n"
    "\n"
    "Secret keys and shared secrets are created with mode 0600, other files with 0666 less the\n"
    "umask. Each output is written to a temporary file in its directory and renamed into place\n"
    "only when every output of the command is complete: a failed or interrupted run leaves no\n"
    "partial file.\n"
    "\n"
    "exit status:\n"
    "  0  success\n"
    "  1  a KEM operation or the randomness source failed; kat: generation or check failed;\n"
    "     selftest: a check failed\n"
    "  2  usage error: unknown command or option, missing option, unknown level or dialect, a\n"
    "     backend that is unknown or not supported by this CPU, or a refused HQC_BACKEND\n"
    "  3  an input file is missing, unreadable, of the wrong size or not hex\n"
    "  4  an output file exists (without --force) or cannot be written\n";

/* One dialect of one level: its name, its expanded secret key's length, the private key form it
 * writes by default, and its derandomised entry points. */
typedef struct {
    const char *name;
    size_t sk_bytes; /* the expanded key */
    int seed_default; /* keygen writes the 32-byte seed unless --sk-format expanded */
    int (*keypair)(const struct hqc_backend *, uint8_t *, uint8_t *, const uint8_t *);
    int (*enc)(const struct hqc_backend *, uint8_t *, uint8_t *, const uint8_t *, const uint8_t *,
               const uint8_t *);
    int (*dec)(const struct hqc_backend *, uint8_t *, const uint8_t *, const uint8_t *);
    int (*dec_seed)(const struct hqc_backend *, uint8_t *, const uint8_t *, const uint8_t *);
    int (*check_pk)(const uint8_t *, size_t);
    int (*check_sk)(const uint8_t *, size_t);
} dialect_ops;

#define COUNT_DIALECT(...) +1
enum { N_DIALECTS = 0 HQC_DIALECTS(COUNT_DIALECT) };

typedef struct {
    int level;
    size_t pk_bytes, sk_bytes, ct_bytes, ss_bytes, m_bytes;
    const struct hqc_backend *(*by_name)(const char *);
    const struct hqc_backend *(*def)(void);
    dialect_ops dialects[N_DIALECTS]; /* dialect.h's order: the default first */
    int (*kat_main)(int, char **);
} level_ops;

/* A dialect whose expanded key holds no seed_KEM (column sk_seed 0) keeps the seed as its own
 * form: its expanded key is 32 bytes shorter and keygen writes the seed by default. */
#define DIALECT_OPS(L, id, name, sk_seed)                                                           \
    {name, HQC##L##_CRYPTO_SECRETKEYBYTES - ((sk_seed) ? 0 : SEED_BYTES), !(sk_seed),              \
     hqc##L##_##id##_crypto_kem_keypair_derand_with, hqc##L##_##id##_crypto_kem_enc_derand_with,    \
     hqc##L##_##id##_crypto_kem_dec_with, hqc##L##_##id##_crypto_kem_dec_seed_with,                 \
     hqc##L##_##id##_check_pk, hqc##L##_##id##_check_sk},
#define DIALECT_OPS_1(id, name, b, a, c, kd, xd, sk_seed, ...) DIALECT_OPS(1, id, name, sk_seed)
#define DIALECT_OPS_3(id, name, b, a, c, kd, xd, sk_seed, ...) DIALECT_OPS(3, id, name, sk_seed)
#define DIALECT_OPS_5(id, name, b, a, c, kd, xd, sk_seed, ...) DIALECT_OPS(5, id, name, sk_seed)
#define LEVEL_OPS(L)                                                                                \
    {L, HQC##L##_CRYPTO_PUBLICKEYBYTES, HQC##L##_CRYPTO_SECRETKEYBYTES,                            \
     HQC##L##_CRYPTO_CIPHERTEXTBYTES, HQC##L##_CRYPTO_BYTES, HQC##L##_MESSAGE_BYTES,                \
     hqc##L##_backend_by_name, hqc##L##_backend_default, {HQC_DIALECTS(DIALECT_OPS_##L)},          \
     hqc##L##_kat_main}
/* m of encapsulation is the security level in bytes (api.h: "m is 16/24/32 bytes"). */
#define HQC1_MESSAGE_BYTES 16
#define HQC3_MESSAGE_BYTES 24
#define HQC5_MESSAGE_BYTES 32
#define SEED_BYTES 32
#define SALT_BYTES 16
#define MAX_PK 7237
#define MAX_SK 7333
#define MAX_CT 14421

static const level_ops all_levels[] = {LEVEL_OPS(1), LEVEL_OPS(3), LEVEL_OPS(5)};

typedef struct {
    const char *command;
    const level_ops *level;
    const char *level_arg, *backend, *pk, *sk, *ct, *ss, *req, *out, *dialect_name, *sk_format;
    int hex, force, check, quick, json;
    size_t dialect; /* index into level_ops.dialects: --dialect, else 0 (the default) */
} options;

static int usage_error(const char *problem, const char *value)
{
    fprintf(stderr, "hqc: %s", problem);
    if (value) {
        fputc(' ', stderr);
        print_quoted(stderr, value, QUOTE_MAX);
    }
    fputs(" (see hqc --help)\n", stderr);
    return EXIT_USAGE;
}

static const level_ops *find_level(const char *arg)
{
    for (size_t i = 0; i < sizeof all_levels / sizeof all_levels[0]; i++) {
        char name[4];
        snprintf(name, sizeof name, "%d", all_levels[i].level);
        if (strcmp(arg, name) == 0)
            return &all_levels[i];
    }
    return NULL;
}

/* Parses argv[2..]; every option takes a value except --hex, --force, --check, --quick and
 * --json. */
static int parse_options(int argc, char **argv, options *o)
{
    static const struct {
        const char *name;
        size_t offset;
    } valued[] = {
        {"--level", offsetof(options, level_arg)}, {"--backend", offsetof(options, backend)},
        {"--pk", offsetof(options, pk)},           {"--sk", offsetof(options, sk)},
        {"--ct", offsetof(options, ct)},           {"--ss", offsetof(options, ss)},
        {"--req", offsetof(options, req)},         {"--out", offsetof(options, out)},
        {"--dialect", offsetof(options, dialect_name)},
        {"--variant", offsetof(options, dialect_name)}, /* the alias, the option's former name */
        {"--sk-format", offsetof(options, sk_format)},
    };
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--hex") == 0) {
            o->hex = 1;
            continue;
        }
        if (strcmp(a, "--force") == 0) {
            o->force = 1;
            continue;
        }
        if (strcmp(a, "--check") == 0) {
            o->check = 1;
            continue;
        }
        if (strcmp(a, "--quick") == 0 || strcmp(a, "--json") == 0) {
            *(a[2] == 'q' ? &o->quick : &o->json) = 1;
            continue;
        }
        size_t k = 0;
        while (k < sizeof valued / sizeof valued[0] && strcmp(a, valued[k].name) != 0)
            k++;
        if (k == sizeof valued / sizeof valued[0])
            return usage_error("unknown option", a);
        if (i + 1 >= argc)
            return usage_error("missing value after", a);
        *(const char **)((char *)o + valued[k].offset) = argv[++i];
    }
    if (o->sk_format && strcmp(o->sk_format, "seed") != 0 && strcmp(o->sk_format, "expanded") != 0)
        return usage_error("unknown secret key format (use seed or expanded):", o->sk_format);
    if (o->level_arg && !(o->level = find_level(o->level_arg)))
        return usage_error("unknown level (use 1, 3 or 5):", o->level_arg);
    if (o->dialect_name) {
        while (o->dialect < N_DIALECTS && strcmp(all_levels[0].dialects[o->dialect].name, o->dialect_name) != 0)
            o->dialect++;
        if (o->dialect == N_DIALECTS) {
            fputs("hqc: unknown HQC dialect ", stderr);
            print_quoted(stderr, o->dialect_name, QUOTE_MAX);
            fputs("; known:", stderr);
            for (size_t i = 0; i < N_DIALECTS; i++)
                fprintf(stderr, " %s", all_levels[0].dialects[i].name);
            fputs(" (see hqc --help)\n", stderr);
            return EXIT_USAGE;
        }
    }
    return 0;
}

/* The options each command needs and the others it allows (check_options), as words between
 * spaces. kat has two forms: with --check it compares digests, without it writes files. The
 * fuzz target tests/fuzz/fuzz_tool.c checks check_options against this table. */
typedef struct {
    const char *name, *needed, *allowed;
    int check; /* kat: the form chosen by --check (1) or its absence (0); -1: any */
} command_spec;

static const command_spec command_specs[] = {
    {"keygen", " level pk sk ", " backend hex force dialect sk-format ", -1},
    {"encaps", " level pk ct ss ", " backend hex force dialect ", -1},
    {"decaps", " level sk ct ss ", " backend hex force dialect ", -1},
    {"identify", " sk ", " level hex pk ", -1},
    {"check-key", "", " level hex pk sk dialect ", -1},
    {"info", "", "", -1},
    {"kat", "", " level backend dialect req out ", 0},
    {"kat", "", " level backend dialect check ", 1},
    {"selftest", "", " quick json ", -1},
};

static const command_spec *find_command(const char *name, int check)
{
    for (size_t i = 0; i < sizeof command_specs / sizeof command_specs[0]; i++)
        if (strcmp(command_specs[i].name, name) == 0 && (command_specs[i].check < 0 || command_specs[i].check == check))
            return &command_specs[i];
    return NULL;
}

/* Only the options a command uses may be given, and the ones it needs must be. */
static int check_options(const options *o, const char *needed, const char *allowed)
{
    const struct {
        const char *name;
        int given;
    } opts[] = {
        {"level", o->level_arg != NULL}, {"backend", o->backend != NULL}, {"pk", o->pk != NULL},
        {"sk", o->sk != NULL},           {"ct", o->ct != NULL},           {"ss", o->ss != NULL},
        {"req", o->req != NULL},         {"out", o->out != NULL},         {"hex", o->hex},
        {"force", o->force},             {"check", o->check},             {"quick", o->quick},
        {"json", o->json},                {"dialect", o->dialect_name != NULL},
        {"sk-format", o->sk_format != NULL},
    };
    for (size_t i = 0; i < sizeof opts / sizeof opts[0]; i++) {
        char word[24];
        snprintf(word, sizeof word, " %s ", opts[i].name);
        if (strstr(needed, word) && !opts[i].given) {
            fprintf(stderr, "hqc %s: missing --%s (see hqc --help)\n", o->command, opts[i].name);
            return EXIT_USAGE;
        }
        if (opts[i].given && !strstr(needed, word) && !strstr(allowed, word)) {
            fprintf(stderr, "hqc %s: --%s does not apply (see hqc --help)\n", o->command, opts[i].name);
            return EXIT_USAGE;
        }
    }
    return 0;
}

/* --backend names any backend this CPU runs (the -sparse ones too); without it, a refused
 * HQC_BACKEND stops the command rather than run it silently on another backend. */
static const struct hqc_backend *pick_backend(const options *o, const level_ops *l)
{
    if (o->backend == NULL) {
        if (hqc1_backend_env_refusal() != NULL) {
            print_env_refusal(stderr, "hqc: ");
            return NULL;
        }
        return l->def();
    }
    const struct hqc_backend *be = l->by_name(o->backend);
    if (be == NULL) {
        fputs("hqc: backend ", stderr);
        print_quoted(stderr, o->backend, QUOTE_MAX);
        fputs(" is unknown or not supported by this CPU; available:", stderr);
        print_available_backends(stderr);
        fputc('\n', stderr);
    }
    return be;
}

/* An input file of a command: read at exactly len bytes (keyfile.h) into buf. */
typedef struct {
    const char *path, *what;
    uint8_t *buf;
    size_t len;
} input_file;

/* Before the KEM call: outputs that exist are refused first (no work is done for a command
 * that could not write), then every input is read in order; the first failure is the answer. */
static int prepare_files(const options *o, const staged_output *outs, size_t n_outs,
                         const input_file *ins, size_t n_ins)
{
    int rc = check_outputs(outs, n_outs, o->force);
    for (size_t i = 0; rc == 0 && i < n_ins; i++)
        rc = read_key_file(ins[i].path, ins[i].what, ins[i].buf, ins[i].len, o->hex);
    return rc;
}

/* After the KEM call: one message if it failed, else every output staged, then committed
 * together; the signal handler covers the window in between. */
static int write_outputs(staged_output *outs, size_t n, const options *o, int kem_ok,
                         const char *failure)
{
    if (!kem_ok) {
        fprintf(stderr, "hqc %s: %s\n", o->command, failure);
        return EXIT_KEM_FAILED;
    }
    remove_staged_on_signal(outs, n);
    int rc = 0;
    for (size_t i = 0; rc == 0 && i < n; i++)
        rc = stage_output(&outs[i], o->hex);
    if (rc != 0)
        discard_outputs(outs, n);
    else
        rc = commit_outputs(outs, n, o->force);
    /* outs lives in the caller's frame: a later signal must not read it. */
    remove_staged_on_signal(NULL, 0);
    return rc;
}

/* --sk-format seed|expanded, else the dialect's own form (dialect_ops.seed_default). */
static int wants_seed(const options *o)
{
    return o->sk_format ? strcmp(o->sk_format, "seed") == 0 : o->level->dialects[o->dialect].seed_default;
}

static int cmd_keygen(const options *o, const struct hqc_backend *be)
{
    const level_ops *l = o->level;
    const dialect_ops *d = &l->dialects[o->dialect];
    static uint8_t pk[MAX_PK], sk[MAX_SK];
    uint8_t seed[SEED_BYTES];
    const int as_seed = wants_seed(o);
    staged_output outs[2] = {
        {.path = o->pk, .what = "public key", .data = pk, .len = l->pk_bytes},
        {.path = o->sk, .what = as_seed ? "secret key (seed)" : "secret key (expanded)", .data = as_seed ? seed : sk,
         .len = as_seed ? SEED_BYTES : d->sk_bytes, .secret = 1}};
    int rc = prepare_files(o, outs, 2, NULL, 0);
    if (rc != 0)
        return rc;
    int ok = hqc_randombytes(seed, sizeof seed) == 0 && d->keypair(be, pk, sk, seed) == 0;
    rc = write_outputs(outs, 2, o, ok, "key generation failed (no randomness?)");
    wipe(seed, sizeof seed);
    wipe(sk, sizeof sk);
    return rc;
}

static int cmd_encaps(const options *o, const struct hqc_backend *be)
{
    const level_ops *l = o->level;
    static uint8_t pk[MAX_PK], ct[MAX_CT];
    uint8_t ss[32], m[32], salt[SALT_BYTES];
    staged_output outs[2] = {
        {.path = o->ct, .what = "ciphertext", .data = ct, .len = l->ct_bytes},
        {.path = o->ss, .what = "shared secret", .data = ss, .len = l->ss_bytes, .secret = 1}};
    const input_file ins[1] = {{o->pk, "public key", pk, l->pk_bytes}};
    int rc = prepare_files(o, outs, 2, ins, 1);
    if (rc != 0)
        return rc;
    int ok = hqc_randombytes(m, l->m_bytes) == 0 && hqc_randombytes(salt, sizeof salt) == 0 &&
             l->dialects[o->dialect].enc(be, ct, ss, pk, m, salt) == 0;
    rc = write_outputs(outs, 2, o, ok, "encapsulation failed (no randomness?)");
    wipe(m, sizeof m);
    wipe(ss, sizeof ss);
    return rc;
}

/* The size of the regular file at path in bytes (its hex digits halved, an optional newline
 * dropped, with hex), or 0 if it is not a regular file; opened as read_key_file does. */
static size_t key_file_bytes(const char *path, int hex)
{
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    struct stat st;
    int regular = fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
    if (fd >= 0)
        close(fd);
    if (!regular)
        return 0;
    size_t n = (size_t)st.st_size;
    return hex ? n / 2 : n;
}

/* hqc decaps takes the secret key in either form: the 32-byte seed, which it expands (a key
 * generation), or the dialect's expanded key; the two sizes never coincide. It says on stderr
 * which one it read. */
static int cmd_decaps(const options *o, const struct hqc_backend *be)
{
    const level_ops *l = o->level;
    const dialect_ops *d = &l->dialects[o->dialect];
    static uint8_t sk[MAX_SK], ct[MAX_CT];
    uint8_t ss[32];
    const int seed = key_file_bytes(o->sk, o->hex) == SEED_BYTES;
    staged_output outs[1] = {
        {.path = o->ss, .what = "shared secret", .data = ss, .len = l->ss_bytes, .secret = 1}};
    const input_file ins[2] = {{o->sk, seed ? "secret key (seed)" : "secret key (expanded)", sk,
                                seed ? SEED_BYTES : d->sk_bytes},
                               {o->ct, "ciphertext", ct, l->ct_bytes}};
    int rc = prepare_files(o, outs, 1, ins, 2);
    if (rc == 0) {
        fprintf(stderr, "hqc decaps: secret key read as %s (%zu bytes), dialect %s\n",
                seed ? "a seed" : "an expanded key", seed ? (size_t)SEED_BYTES : d->sk_bytes, d->name);
        int ok = (seed ? d->dec_seed(be, ss, ct, sk) : d->dec(be, ss, ct, sk)) == 0;
        rc = write_outputs(outs, 1, o, ok, "decapsulation failed");
    }
    wipe(sk, sizeof sk);
    wipe(ss, sizeof ss);
    return rc;
}

/* The level and dialect whose expanded secret key has size bytes (the first dialect of that
 * size), or level NULL. */
static const level_ops *level_of_sk_size(size_t size, size_t *dialect)
{
    for (size_t i = 0; i < sizeof all_levels / sizeof all_levels[0]; i++)
        for (size_t j = 0; j < N_DIALECTS; j++)
            if (all_levels[i].dialects[j].sk_bytes == size) {
                *dialect = j;
                return &all_levels[i];
            }
    return NULL;
}

/* The level whose public key has size bytes, or NULL. */
static const level_ops *level_of_pk_size(size_t size)
{
    for (size_t i = 0; i < sizeof all_levels / sizeof all_levels[0]; i++)
        if (all_levels[i].pk_bytes == size)
            return &all_levels[i];
    return NULL;
}

/* The verdict of hqc identify: the dialect found (exit 0) or none (exit 1). */
static int identify_verdict(const level_ops *l, size_t found, size_t pk_only)
{
    if (found < N_DIALECTS) {
        printf("dialect: %s\n", l->dialects[found].name);
        return 0;
    }
    if (pk_only < N_DIALECTS)
        printf("dialect: %s for its public key; seed_dk or sigma do not follow from seed_kem "
               "(a key assembled by hand?)\n", l->dialects[pk_only].name);
    else
        printf("dialect: none known: the public key does not follow from the seed_kem in any "
               "dialect (another level, another implementation, or a damaged file)\n");
    return EXIT_KEM_FAILED;
}

/* hqc identify --sk SEED --pk PK: the key pair regenerated from the 32-byte seed under each
 * dialect; the one whose public key is PK made it. The level is PK's (or --level). */
static int identify_seed(const options *o)
{
    static uint8_t pk[MAX_PK], pk2[MAX_PK], sk2[MAX_SK];
    uint8_t seed[SEED_BYTES];
    const level_ops *l = o->level ? o->level : level_of_pk_size(key_file_bytes(o->pk, o->hex));
    if (l == NULL)
        l = &all_levels[0]; /* read_key_file then names the expected size */
    int rc = read_key_file(o->sk, "secret key (seed)", seed, SEED_BYTES, o->hex);
    if (rc == 0)
        rc = read_key_file(o->pk, "public key", pk, l->pk_bytes, o->hex);
    const struct hqc_backend *be = l->def();
    size_t found = N_DIALECTS;
    if (rc == 0) {
        printf("HQC-%d seed ", l->level);
        print_quoted(stdout, o->sk, QUOTE_MAX);
        printf(" with public key ");
        print_quoted(stdout, o->pk, QUOTE_MAX);
        printf(":\n");
    }
    for (size_t i = 0; rc == 0 && i < N_DIALECTS; i++) {
        if (be == NULL || l->dialects[i].keypair(be, pk2, sk2, seed) != 0) {
            fprintf(stderr, "hqc identify: key generation failed\n");
            rc = EXIT_KEM_FAILED;
            break;
        }
        int same = memcmp(pk2, pk, l->pk_bytes) == 0;
        printf("  %-8s the public key regenerated from the seed %s\n", l->dialects[i].name,
               same ? "is this one" : "differs");
        if (same && found == N_DIALECTS)
            found = i;
    }
    wipe(seed, sizeof seed);
    wipe(sk2, sizeof sk2);
    return rc != 0 ? rc : identify_verdict(l, found, N_DIALECTS);
}

/* hqc identify --sk FILE: an expanded secret key that ends with seed_kem (pk || seed_dk || sigma
 * || seed_kem: spec, "HQC-KEM") follows from seed_kem; regenerating it under each dialect and
 * comparing names the dialect that made the key: the dialects differ in how keygen samples x
 * and y, so the public key differs. A dialect's expanded key without seed_kem (Bouncy Castle
 * 1.87's) cannot be regenerated: only its size names it. A seed alone needs --pk. */
static int cmd_identify(const options *o)
{
    if (o->pk)
        return identify_seed(o);
    static uint8_t sk[MAX_SK], pk2[MAX_PK], sk2[MAX_SK];
    size_t size = key_file_bytes(o->sk, o->hex), by_size = 0;
    const level_ops *l = level_of_sk_size(size, &by_size);
    if (o->level) { /* that level's dialect of this size, else its full key (read names the size) */
        l = o->level;
        by_size = 0;
        for (size_t j = 0; j < N_DIALECTS; j++)
            if (l->dialects[j].sk_bytes == size) {
                by_size = j;
                break;
            }
    }
    if (size == 0) /* read_key_file names the problem (missing, not a regular file) */
        return read_key_file(o->sk, "secret key", sk, all_levels[0].sk_bytes, o->hex);
    if (size == SEED_BYTES && !o->level) {
        fputs("hqc identify: ", stderr);
        print_quoted(stderr, o->sk, QUOTE_MAX);
        fputs(" holds a 32-byte seed, which names no dialect alone: give its public key with --pk\n", stderr);
        return EXIT_USAGE;
    }
    if (l == NULL) {
        fputs("hqc identify: ", stderr);
        print_quoted(stderr, o->sk, QUOTE_MAX);
        fputs(" has the size of no secret key (seed: 32 bytes; expanded:", stderr);
        for (size_t i = 0; i < sizeof all_levels / sizeof all_levels[0]; i++)
            for (size_t j = 0; j < N_DIALECTS; j++)
                if (j == 0 || all_levels[i].dialects[j].sk_bytes != all_levels[i].dialects[0].sk_bytes)
                    fprintf(stderr, " %zu", all_levels[i].dialects[j].sk_bytes);
        fputs(" bytes); give --level\n", stderr);
        return EXIT_INPUT;
    }
    const dialect_ops *sized = &l->dialects[by_size];
    if (sized->seed_default) {
        printf("HQC-%d secret key ", l->level);
        print_quoted(stdout, o->sk, QUOTE_MAX);
        printf(": the expanded key of %s (%zu bytes, no other dialect has its size); it holds no "
               "seed_kem, so it is not regenerated: hqc check-key --sk checks what it can, and "
               "hqc identify --sk SEED --pk PK names the dialect of a seed\n",
               sized->name, sized->sk_bytes);
        printf("dialect: %s (by its size)\n", sized->name);
        return 0;
    }
    int rc = read_key_file(o->sk, "secret key", sk, sized->sk_bytes, o->hex);
    if (rc != 0)
        return rc;
    const struct hqc_backend *be = l->def();
    const uint8_t *seed_kem = sk + sized->sk_bytes - SEED_BYTES;
    size_t found = N_DIALECTS, pk_only = N_DIALECTS;
    printf("HQC-%d secret key ", l->level);
    print_quoted(stdout, o->sk, QUOTE_MAX);
    printf(":\n");
    for (size_t i = 0; i < N_DIALECTS; i++) {
        const dialect_ops *d = &l->dialects[i];
        if (be == NULL || d->keypair(be, pk2, sk2, seed_kem) != 0) {
            fprintf(stderr, "hqc identify: key generation failed\n");
            rc = EXIT_KEM_FAILED;
            break;
        }
        /* The parts the dialect's own expanded key has (a dialect without seed_kem in it: all
         * but the trailing seed_kem). */
        int pk_same = memcmp(pk2, sk, l->pk_bytes) == 0, sk_same = memcmp(sk2, sk, d->sk_bytes) == 0;
        printf("  %-8s the key pair regenerated from its seed_kem %s\n", d->name,
               sk_same ? "is this key" : pk_same ? "has its public key, but other seeds" : "differs");
        if (sk_same && found == N_DIALECTS)
            found = i;
        else if (pk_same)
            pk_only = i;
    }
    wipe(sk, sizeof sk);
    wipe(sk2, sizeof sk2);
    return rc != 0 ? rc : identify_verdict(l, found, pk_only);
}

/* The words hqc check-key uses for a failing part (HQC_KEY_ERR_*). */
static const char *key_error_text(int rc)
{
    switch (rc) {
    case HQC_KEY_ERR_LENGTH:
        return "length: not the dialect's size";
    case HQC_KEY_ERR_PADDING:
        return "pk: s has a bit set at position n or above (padding)";
    case HQC_KEY_ERR_PK:
        return "pk (or seed_kem): the public key does not follow from the key's seeds";
    case HQC_KEY_ERR_SEED_DK:
        return "seed_dk: does not follow from seed_kem";
    case HQC_KEY_ERR_SIGMA:
        return "sigma: does not follow from seed_kem";
    default:
        return "the check itself failed";
    }
}

/* hqc check-key --pk F | --sk F: one key, of the level its size names (or --level) in the
 * dialect --dialect names (default 161cd4f). A secret key is a seed (32 bytes, nothing to
 * check but its length: it expands to a valid key) or the dialect's expanded key. */
static int cmd_check_key(const options *o)
{
    if ((o->pk == NULL) == (o->sk == NULL)) {
        fputs("hqc check-key: give exactly one of --pk and --sk (see hqc --help)\n", stderr);
        return EXIT_USAGE;
    }
    const char *path = o->pk ? o->pk : o->sk;
    size_t size = key_file_bytes(path, o->hex);
    const level_ops *l = o->level;
    for (size_t i = 0; l == NULL && i < sizeof all_levels / sizeof all_levels[0]; i++)
        if (size == (o->pk ? all_levels[i].pk_bytes : all_levels[i].dialects[o->dialect].sk_bytes))
            l = &all_levels[i];
    const int seed = o->sk && size == SEED_BYTES;
    if (l == NULL && !seed)
        l = &all_levels[0]; /* read_key_file names the size it wanted */
    const dialect_ops *d = l ? &l->dialects[o->dialect] : &all_levels[0].dialects[o->dialect];
    static uint8_t key[MAX_SK];
    const char *what = o->pk ? "public key" : seed ? "secret key (seed)" : "secret key (expanded)";
    size_t len = o->pk ? l->pk_bytes : seed ? (size_t)SEED_BYTES : d->sk_bytes;
    int rc = read_key_file(path, what, key, len, o->hex);
    if (rc != 0)
        return rc;
    if (!seed)
        rc = o->pk ? d->check_pk(key, len) : d->check_sk(key, len);
    wipe(key, sizeof key);
    if (seed) {
        printf("%s ", what);
        print_quoted(stdout, path, QUOTE_MAX);
        printf(": a 32-byte seed; nothing in it can be wrong (every seed expands to a valid key)\n");
        return 0;
    }
    if (rc != 0) {
        fprintf(stderr, "hqc check-key: HQC-%d %s %s ", l->level, d->name, what);
        print_quoted(stderr, path, QUOTE_MAX);
        fprintf(stderr, " fails: %s\n", key_error_text(rc));
        return EXIT_KEM_FAILED;
    }
    printf("HQC-%d %s %s ", l->level, d->name, what);
    print_quoted(stdout, path, QUOTE_MAX);
    printf(": ok%s\n", o->sk && d->seed_default ? " (pk follows from seed_dk; sigma cannot be checked without the seed)" : "");
    return 0;
}

/* hqc kat: the generator of kat/genkat.c per level, or the check against the digests. */
static int cmd_kat(const options *o)
{
    int rc = 0;
    for (size_t i = 0; i < sizeof all_levels / sizeof all_levels[0]; i++) {
        const level_ops *l = &all_levels[i];
        if (o->level && o->level != l)
            continue;
        if (o->check) {
            int r = check_kat_level(l->level, l->kat_main, o->backend, o->dialect_name);
            rc = r > rc ? r : rc;
            continue;
        }
        char self[32];
        snprintf(self, sizeof self, "hqc kat --level %d", l->level);
        char *args[10];
        int n = 0;
        args[n++] = self;
        if (o->backend) {
            args[n++] = (char *)"--backend";
            args[n++] = (char *)o->backend;
        }
        if (o->dialect_name) {
            args[n++] = (char *)"--dialect";
            args[n++] = (char *)o->dialect_name;
        }
        if (o->req) {
            args[n++] = (char *)"--req";
            args[n++] = (char *)o->req;
        }
        if (o->out) {
            args[n++] = (char *)"--out";
            args[n++] = (char *)o->out;
        }
        args[n] = NULL;
        int r = l->kat_main(n, args);
        if (r != 0)
            return r;
    }
    return rc;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return usage_error("missing command", NULL);
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "help") == 0) {
        fputs(usage_text, stdout);
        return 0;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("hqc %s (libhqc %s)\n", HQC_VERSION_STRING, hqc_version());
        return 0;
    }
    options o = {.command = argv[1]};
    int rc = parse_options(argc, argv, &o);
    if (rc != 0)
        return rc;
    const command_spec *spec = find_command(o.command, o.check);
    if (spec == NULL)
        return usage_error("unknown command", o.command);
    if ((rc = check_options(&o, spec->needed, spec->allowed)) != 0)
        return rc;
    const char *cmd = o.command;
    if (strcmp(cmd, "identify") == 0)
        return cmd_identify(&o);
    if (strcmp(cmd, "check-key") == 0)
        return cmd_check_key(&o);
    if (strcmp(cmd, "info") == 0)
        return print_info_json(stdout, stderr);
    if (strcmp(cmd, "selftest") == 0)
        return cmd_selftest(o.quick, o.json);
    if (strcmp(cmd, "kat") == 0) {
        /* Checked here so that a bad name is reported escaped, like the other commands do. */
        if (pick_backend(&o, &all_levels[0]) == NULL)
            return EXIT_USAGE;
        if (o.dialect_name && o.check && !kat_dialect_known(o.dialect_name))
            return usage_error("no official digests for dialect", o.dialect_name);
        return cmd_kat(&o);
    }
    int (*run)(const options *, const struct hqc_backend *) = strcmp(cmd, "keygen") == 0   ? cmd_keygen
                                                              : strcmp(cmd, "encaps") == 0 ? cmd_encaps
                                                                                           : cmd_decaps;
    const struct hqc_backend *be = pick_backend(&o, o.level);
    return be ? run(&o, be) : EXIT_USAGE;
}
