/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* fuzz_tool.c: libFuzzer target for the inputs of the hqc command-line tool (tools/hqc.c):
 * the key and ciphertext files it reads (raw or --hex, exact sizes, tools/keyfile.c) and its
 * command line (parse_options, check_options). hqc.c is included with its main renamed, so the
 * tool runs as shipped, from the command line to the files it leaves, in a private directory.
 * Input: byte 0 selects the mode (its value mod 4), byte 1 the level (bits 0-1, mod 3) and
 * --hex (bit 2).
 *   0 decaps: bytes 2-3 (little endian) are the length of the --sk file, the rest after it is
 *     the --ct file; the --sk file is a seed (32 bytes) or the default dialect's expanded key,
 *     and the tool says in one line on stderr which one it read. 1 encaps: the rest is the --pk file. Expected from the documented format
 *     alone: raw files of exactly the size, hex files of exactly twice as many hex digits and
 *     at most one newline after them. Accepted: exit 0, no message, and the outputs of exactly
 *     their size (hex: lowercase, one newline); decaps' shared secret is the library's for the
 *     same bytes. Rejected: exit 3, one line naming the file, and no output file at all.
 *   2 command line: the rest, split at NUL bytes, is argv[1..]. parse_options must accept, or
 *     refuse with exit 2 and one printable line; an accepted line, rendered back canonically,
 *     must parse to the same options, also with --dialect spelt as its alias --variant, and
 *     check_options must accept a command's options exactly when every needed one is given
 *     and no other than the allowed ones (hqc.c's command_specs). At start-up: every option
 *     of --help and command_specs is modelled here.
 *   3 `hqc info` with the rest (up to a NUL) as HQC_BACKEND: exit 0 and one printable line of
 *     JSON on stdout whose defaults name constant-time backends this CPU runs; nothing on
 *     stderr when the value is empty, "auto" or a constant-time backend this CPU runs, else
 *     one printable line saying it was refused (the library keeps its default). */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#define main hqc_tool_main
#include "../../tools/hqc.c"
#undef main

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fail(const char *what, const char *detail)
{
    fprintf(stderr, "fuzz_tool: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
    abort();
}

/* The private directory all files go to; removed entries are checked after each input. */
static const char *work_dir(void)
{
    static char dir[256];
    if (dir[0] == '\0') {
        const char *base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : getenv("TMPDIR");
        snprintf(dir, sizeof dir, "%s/fuzz_tool.XXXXXX", base && *base ? base : "/tmp");
        if (mkdtemp(dir) == NULL)
            fail("cannot create a directory", dir);
    }
    return dir;
}

static void path_of(char *out, size_t len, const char *name)
{
    snprintf(out, len, "%s/%s", work_dir(), name);
}

static void put_file(const char *name, const uint8_t *p, size_t len)
{
    char path[512];
    path_of(path, sizeof path, name);
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0 || (len && write(fd, p, len) != (ssize_t)len) || close(fd) != 0)
        fail("cannot write an input file", path);
}

/* Reads the output file name (at most cap bytes) into buf; returns its size, or -1 if absent. */
static long get_file(const char *name, uint8_t *buf, size_t cap, mode_t *mode)
{
    char path[512];
    path_of(path, sizeof path, name);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    struct stat st;
    if (fstat(fd, &st) != 0 || (size_t)st.st_size > cap || read(fd, buf, cap) != st.st_size)
        fail("cannot read an output file", path);
    close(fd);
    *mode = st.st_mode & 0777;
    return (long)st.st_size;
}

/* Every entry of the directory other than the inputs; the outputs are removed afterwards. */
static void expect_entries(const char *const *outputs, size_t n_outputs, int present)
{
    DIR *d = opendir(work_dir());
    if (d == NULL)
        fail("cannot list", work_dir());
    size_t seen = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        const char *name = e->d_name;
        if (!strcmp(name, ".") || !strcmp(name, "..") || !strcmp(name, "in-a") || !strcmp(name, "in-b"))
            continue;
        size_t i = 0;
        while (i < n_outputs && strcmp(name, outputs[i]) != 0)
            i++;
        if (i == n_outputs || !present)
            fail(present ? "a stray file is left" : "a rejected input left a file", name);
        seen++;
        char path[512];
        path_of(path, sizeof path, name);
        unlink(path);
    }
    closedir(d);
    if (present && seen != n_outputs)
        fail("an output file is missing", outputs[0]);
}

/* The file format of keyfile.h: is this content a valid file for len bytes? */
static int well_formed(const uint8_t *p, size_t n, size_t len, int hex)
{
    if (!hex)
        return n == len;
    if (n != 2 * len && !(n == 2 * len + 1 && p[2 * len] == '\n'))
        return 0;
    for (size_t i = 0; i < 2 * len; i++)
        if (!((p[i] >= '0' && p[i] <= '9') || ((p[i] | 0x20) >= 'a' && (p[i] | 0x20) <= 'f')))
            return 0;
    return 1;
}

static int nibble(uint8_t c)
{
    return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
}

static void decode(uint8_t *out, const uint8_t *p, size_t len, int hex)
{
    for (size_t i = 0; i < len; i++)
        out[i] = hex ? (uint8_t)(nibble(p[2 * i]) << 4 | nibble(p[2 * i + 1])) : p[i];
}

/* The tool's stderr during one call, as text (stdio's stderr swapped for a memory stream; the
 * sanitizers write to file descriptor 2 directly, so their reports still show). */
static char *captured;
static size_t captured_len;
static FILE *saved_stderr;

static char *captured_out;
static size_t captured_out_len;
static FILE *saved_stdout;

static void capture_begin(void)
{
    free(captured);
    free(captured_out);
    captured = captured_out = NULL;
    saved_stderr = stderr;
    saved_stdout = stdout;
    stderr = open_memstream(&captured, &captured_len);
    stdout = open_memstream(&captured_out, &captured_out_len);
    if (stderr == NULL || stdout == NULL)
        fail("open_memstream failed", NULL);
}

static void capture_end(void)
{
    fclose(stderr);
    fclose(stdout);
    stderr = saved_stderr;
    stdout = saved_stdout;
}

/* text is one line of printable ASCII (untrusted text is escaped by print_quoted). */
static void expect_line_in(const char *text, size_t len, const char *must_contain)
{
    if (len == 0 || text[len - 1] != '\n')
        fail("the output is not one line", text);
    for (size_t i = 0; i + 1 < len; i++)
        if (text[i] < 0x20 || text[i] > 0x7e)
            fail("the output has an unprintable byte or a second line", text);
    if (must_contain && strstr(text, must_contain) == NULL)
        fail("the output does not name", must_contain);
}

static void expect_one_line(const char *must_contain)
{
    expect_line_in(captured, captured_len, must_contain);
}

/* Runs the tool with SIGINT & co. restored afterwards (it installs handlers while it stages). */
static int run_tool(int argc, char **argv)
{
    const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};
    struct sigaction old[4];
    for (int i = 0; i < 4; i++)
        sigaction(sigs[i], NULL, &old[i]);
    capture_begin();
    int rc = hqc_tool_main(argc, argv);
    capture_end();
    for (int i = 0; i < 4; i++)
        sigaction(sigs[i], &old[i], NULL);
    return rc;
}

/* An output file: its size and form, and its bytes decoded into out. */
static void expect_output(const char *name, size_t len, int hex, int secret, uint8_t *out)
{
    static uint8_t text[2 * MAX_CT + 1];
    mode_t mode;
    long n = get_file(name, text, sizeof text, &mode);
    if (n != (long)(hex ? 2 * len + 1 : len))
        fail("an output has the wrong size", name);
    if (secret && mode != 0600)
        fail("a secret output is not mode 0600", name);
    for (size_t i = 0; hex && i < 2 * len; i++)
        if (!((text[i] >= '0' && text[i] <= '9') || (text[i] >= 'a' && text[i] <= 'f')))
            fail("a hex output is not lowercase hex", name);
    if (hex && text[2 * len] != '\n')
        fail("a hex output does not end in one newline", name);
    decode(out, text, len, hex);
}

static void fuzz_files(int decaps, const level_ops *l, int hex, const uint8_t *p, size_t n)
{
    size_t a_len = n, b_len = 0;
    if (decaps) {
        size_t split = n >= 2 ? (size_t)(p[0] | p[1] << 8) : 0;
        p += n >= 2 ? 2 : n;
        n -= n >= 2 ? 2 : n;
        a_len = split < n ? split : n;
        b_len = n - a_len;
    }
    put_file("in-a", p, a_len);
    if (decaps)
        put_file("in-b", p + a_len, b_len);
    char in_a[512], in_b[512], out_a[512], out_b[512], level[4];
    path_of(in_a, sizeof in_a, "in-a");
    path_of(in_b, sizeof in_b, "in-b");
    path_of(out_a, sizeof out_a, "out-a");
    path_of(out_b, sizeof out_b, "out-b");
    snprintf(level, sizeof level, "%d", l->level);
    char *argv[16] = {(char *)"hqc", (char *)(decaps ? "decaps" : "encaps"), (char *)"--level", level};
    int argc = 4;
    argv[argc++] = (char *)(decaps ? "--sk" : "--pk");
    argv[argc++] = in_a;
    if (decaps) {
        argv[argc++] = (char *)"--ct";
        argv[argc++] = in_b;
        argv[argc++] = (char *)"--ss";
        argv[argc++] = out_a;
    } else {
        argv[argc++] = (char *)"--ct";
        argv[argc++] = out_a;
        argv[argc++] = (char *)"--ss";
        argv[argc++] = out_b;
    }
    if (hex)
        argv[argc++] = (char *)"--hex";
    argv[argc] = NULL;

    /* The first file the tool reads that is malformed is the one it must name. */
    const uint8_t *b = p + a_len;
    const int seed = decaps && well_formed(p, a_len, SEED_BYTES, hex);
    size_t a_want = decaps ? (seed ? (size_t)SEED_BYTES : l->dialects[0].sk_bytes) : l->pk_bytes;
    const char *bad = !well_formed(p, a_len, a_want, hex) ? in_a
                      : decaps && !well_formed(b, b_len, l->ct_bytes, hex) ? in_b
                                                                           : NULL;
    int rc = run_tool(argc, argv);
    static const char *const outputs[2] = {"out-a", "out-b"};
    if (bad) {
        if (rc != EXIT_INPUT)
            fail("a malformed file was not refused with exit 3", bad);
        expect_one_line(strrchr(bad, '/') + 1);
        expect_entries(outputs, 2, 0);
        return;
    }
    if (rc != 0 || (captured_len != 0 && !decaps))
        fail("well-formed files were refused", captured);
    if (decaps) {
        static uint8_t sk[MAX_SK], ct[MAX_CT];
        uint8_t want[32], got[32];
        expect_one_line(seed ? "secret key read as a seed" : "secret key read as an expanded key");
        decode(sk, p, a_want, hex);
        decode(ct, b, l->ct_bytes, hex);
        /* The tool's default dialect (dialects[0]): the inputs here never name another. */
        if ((seed ? l->dialects[0].dec_seed(l->def(), want, ct, sk) : l->dialects[0].dec(l->def(), want, ct, sk)) != 0)
            fail("the library refused to decapsulate", NULL);
        expect_output("out-a", l->ss_bytes, hex, 1, got);
        if (memcmp(want, got, l->ss_bytes) != 0)
            fail("the shared secret differs from the library's", NULL);
        expect_entries(outputs, 1, 1);
    } else {
        static uint8_t ct[MAX_CT];
        uint8_t ss[32];
        expect_output("out-a", l->ct_bytes, hex, 0, ct);
        expect_output("out-b", l->ss_bytes, hex, 1, ss);
        expect_entries(outputs, 2, 1);
    }
}

/* Every option of options, by name (valued ones first); option_names_cover_the_tool checks that
 * the tool has no option besides these and their aliases, so that this model cannot fall
 * behind hqc.c again. */
static const char *const option_names[] = {"level", "backend", "pk",        "sk",  "ct",    "ss",
                                           "req",   "out",     "dialect",   "sk-format", "hex", "force",
                                           "check", "quick",   "json"};
#define N_OPTION_NAMES (sizeof option_names / sizeof option_names[0])
/* Another name the tool accepts for an option, the same in every respect: --variant D is
 * --dialect D (the option's earlier name). command_specs names only the option itself. */
#define DIALECT_ALIAS "--variant"

static int has_word(const char *list, const char *name)
{
    char word[16];
    snprintf(word, sizeof word, " %s ", name);
    return strstr(list, word) != NULL;
}

static int known_option(const char *name, size_t len)
{
    for (size_t i = 0; i < N_OPTION_NAMES; i++)
        if (strlen(option_names[i]) == len && memcmp(option_names[i], name, len) == 0)
            return 1;
    return 0;
}

static int known_alias(const char *name, size_t len)
{
    return strlen(DIALECT_ALIAS) == len + 2 && memcmp(&DIALECT_ALIAS[2], name, len) == 0;
}

/* Each --word of the usage text and each word of command_specs is an option of the model. */
static void option_names_cover_the_tool(void)
{
    for (const char *u = strstr(usage_text, "--"); u != NULL; u = strstr(u + 2, "--")) {
        size_t len = 0;
        while ((u[2 + len] >= 'a' && u[2 + len] <= 'z'))
            len++;
        int other = (len == 4 && !memcmp(u + 2, "help", 4)) || (len == 7 && !memcmp(u + 2, "version", 7));
        if (len && !other && !known_option(u + 2, len) && !known_alias(u + 2, len))
            fail("hqc --help names an option this target does not model", u);
    }
    for (size_t c = 0; c < sizeof command_specs / sizeof command_specs[0]; c++) {
        const char *lists[2] = {command_specs[c].needed, command_specs[c].allowed};
        for (int k = 0; k < 2; k++) {
            for (const char *w = lists[k]; *w;) {
                while (*w == ' ')
                    w++;
                size_t len = strcspn(w, " ");
                if (len && !known_option(w, len))
                    fail("command_specs names an option this target does not model", w);
                w += len;
            }
        }
    }
}

static int same_string(const char *a, const char *b)
{
    return (a == NULL && b == NULL) || (a && b && strcmp(a, b) == 0);
}

static void fuzz_command_line(const uint8_t *p, size_t n)
{
    static char text[4096];
    char *argv[34] = {(char *)"hqc"};
    int argc = 1;
    if (n >= sizeof text)
        n = sizeof text - 1;
    memcpy(text, p, n);
    text[n] = '\0';
    for (size_t i = 0; i <= n && argc < 33; i += strlen(text + i) + 1)
        argv[argc++] = text + i;
    argv[argc] = NULL;
    if (argc < 2)
        return;

    options o = {.command = argv[1]};
    capture_begin();
    int rc = parse_options(argc, argv, &o);
    capture_end();
    if (rc != 0) {
        if (rc != EXIT_USAGE)
            fail("parse_options refused with an exit code other than 2", NULL);
        expect_one_line("(see hqc --help)");
        return;
    }
    if (captured_len != 0)
        fail("parse_options accepted with a message", captured);
    if (o.level_arg && (o.level == NULL || o.level != find_level(o.level_arg)))
        fail("the level does not match --level", o.level_arg);

    /* Rendered back canonically, the options must parse to the same; so must the same line
     * with the dialect given by its alias. */
    for (int alias = 0; alias < 2; alias++) {
        const struct {
            const char *name, *value;
        } valued[] = {{"--level", o.level_arg},
                      {"--backend", o.backend},
                      {"--pk", o.pk},
                      {"--sk", o.sk},
                      {"--ct", o.ct},
                      {"--ss", o.ss},
                      {"--req", o.req},
                      {"--out", o.out},
                      {alias ? DIALECT_ALIAS : "--dialect", o.dialect_name},
                      {"--sk-format", o.sk_format}};
        char *again[32] = {(char *)"hqc", argv[1]};
        int n_again = 2;
        for (size_t i = 0; i < sizeof valued / sizeof valued[0]; i++) {
            if (valued[i].value) {
                again[n_again++] = (char *)valued[i].name;
                again[n_again++] = (char *)valued[i].value;
            }
        }
        if (o.hex)
            again[n_again++] = (char *)"--hex";
        if (o.force)
            again[n_again++] = (char *)"--force";
        if (o.check)
            again[n_again++] = (char *)"--check";
        if (o.quick)
            again[n_again++] = (char *)"--quick";
        if (o.json)
            again[n_again++] = (char *)"--json";
        again[n_again] = NULL;
        options r = {.command = argv[1]};
        capture_begin();
        rc = parse_options(n_again, again, &r);
        capture_end();
        if (rc != 0 || r.level != o.level || !same_string(r.level_arg, o.level_arg) ||
            !same_string(r.backend, o.backend) || !same_string(r.pk, o.pk) || !same_string(r.sk, o.sk) ||
            !same_string(r.ct, o.ct) || !same_string(r.ss, o.ss) || !same_string(r.req, o.req) ||
            !same_string(r.out, o.out) || !same_string(r.dialect_name, o.dialect_name) ||
            !same_string(r.sk_format, o.sk_format) ||
            r.dialect != o.dialect || r.hex != o.hex || r.force != o.force || r.check != o.check ||
            r.quick != o.quick || r.json != o.json)
            fail(alias ? "the command line with --variant for --dialect parses differently"
                       : "the canonical command line parses differently",
                 NULL);
    }

    const int given[N_OPTION_NAMES] = {o.level_arg != NULL, o.backend != NULL, o.pk != NULL, o.sk != NULL,
                                       o.ct != NULL,        o.ss != NULL,      o.req != NULL, o.out != NULL,
                                       o.dialect_name != NULL, o.sk_format != NULL, o.hex, o.force,
                                       o.check,             o.quick,           o.json};
    for (size_t c = 0; c < sizeof command_specs / sizeof command_specs[0]; c++) {
        const command_spec *spec = &command_specs[c];
        int ok = 1;
        for (size_t i = 0; i < N_OPTION_NAMES; i++) {
            int needed = has_word(spec->needed, option_names[i]);
            int allowed = needed || has_word(spec->allowed, option_names[i]);
            if ((needed && !given[i]) || (given[i] && !allowed))
                ok = 0;
        }
        o.command = spec->name;
        capture_begin();
        rc = check_options(&o, spec->needed, spec->allowed);
        capture_end();
        if (ok ? rc != 0 || captured_len != 0 : rc != EXIT_USAGE)
            fail("check_options disagrees with the command's options", spec->name);
        if (!ok)
            expect_one_line("(see hqc --help)");
    }
}

static void fuzz_info(const uint8_t *p, size_t n)
{
    char name[512];
    if (n >= sizeof name)
        n = sizeof name - 1;
    memcpy(name, p, n);
    name[n] = '\0';
    if (setenv("HQC_BACKEND", name, 1) != 0)
        fail("setenv failed", NULL);
    /* The variable-time backends are the ones named -sparse (backend.h). */
    int followed = name[0] == '\0' || strcmp(name, "auto") == 0 ||
                   (hqc1_backend_by_name(name) != NULL && strstr(name, "-sparse") == NULL);
    char *argv[] = {(char *)"hqc", (char *)"info", NULL};
    int rc = run_tool(2, argv);
    unsetenv("HQC_BACKEND");
    if (rc != 0)
        fail("hqc info failed", captured);
    if (followed && captured_len != 0)
        fail("hqc info refused an HQC_BACKEND the environment may choose", captured);
    if (!followed)
        expect_one_line("refused: ");
    expect_line_in(captured_out, captured_out_len, "\"levels\": {");
    /* Each level's default is a backend this CPU runs (never null). */
    const char *d = captured_out;
    int defaults = 0;
    while ((d = strstr(d, "\"default\": ")) != NULL) {
        d += strlen("\"default\": ");
        char def[32];
        if (sscanf(d, "\"%31[^\"]\"", def) != 1 || hqc1_backend_by_name(def) == NULL || strstr(def, "-sparse"))
            fail("hqc info gives a default that is not a supported constant-time backend", captured_out);
        defaults++;
    }
    if (defaults != 3)
        fail("hqc info does not give three defaults", captured_out);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    option_names_cover_the_tool();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    const level_ops *l = &all_levels[(data[1] & 3) % 3];
    int hex = (data[1] >> 2) & 1;
    switch (data[0] % 4) {
    case 0:
        fuzz_files(1, l, hex, data + 2, size - 2);
        break;
    case 1:
        fuzz_files(0, l, hex, data + 2, size - 2);
        break;
    case 2:
        fuzz_command_line(data + 2, size - 2);
        break;
    default:
        fuzz_info(data + 2, size - 2);
        break;
    }
    return 0;
}
