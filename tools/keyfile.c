/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* keyfile.c: exact-size reads and staged, all-or-nothing writes of the hqc tool's files
 * (keyfile.h). */
#include "keyfile.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "text.h"

static void file_error(const char *what, const char *path, const char *problem, size_t len,
                       int hex)
{
    fprintf(stderr, "error: %s file ", what);
    print_quoted(stderr, path, QUOTE_MAX);
    fprintf(stderr, ": %s (expected %zu %s)\n", problem, hex ? 2 * len : len,
            hex ? "hex digits" : "bytes");
}

/* Hex conversions without a branch or table index that depends on the digit: the files may
 * hold a secret key. in_range is all ones when lo <= x <= hi, else zero. */
static int in_range(int x, int lo, int hi)
{
    return ~(((x - lo) | (hi - x)) >> 31);
}

/* The value of hex digit c (either case), or -1. */
static int hex_value(int c)
{
    int digit = c - '0', letter = (c | 0x20) - 'a';
    int is_digit = in_range(digit, 0, 9), is_letter = in_range(letter, 0, 5);
    return (digit & is_digit) | ((letter + 10) & is_letter) | ~(is_digit | is_letter);
}

/* The lowercase hex digit of v < 16. */
static uint8_t hex_digit(int v)
{
    return (uint8_t)(v + '0' + (~in_range(v, 0, 9) & ('a' - '0' - 10)));
}

void wipe(void *p, size_t n)
{
    volatile uint8_t *v = p;
    while (n--)
        *v++ = 0;
}

/* read(2) until len bytes or end of file, retrying interruptions; -1 on an error. No stdio, so
 * no library buffer keeps a copy of a secret key. */
static ssize_t read_full(int fd, uint8_t *p, size_t len)
{
    size_t got = 0;
    while (got < len) {
        ssize_t n = read(fd, p + got, len - got);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return -1;
        if (n == 0)
            break;
        got += (size_t)n;
    }
    return (ssize_t)got;
}

static int write_full(int fd, const uint8_t *p, size_t len)
{
    while (len > 0) {
        ssize_t n = write(fd, p, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return -1;
        p += n;
        len -= (size_t)n;
    }
    return 0;
}

int read_key_file(const char *path, const char *what, uint8_t *buf, size_t len, int hex)
{
    /* O_NONBLOCK: a FIFO named by mistake is refused below instead of blocking the open. */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) ||
        fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) != 0) {
        file_error(what, path, fd < 0 ? strerror(errno) : "not a regular file", len, hex);
        if (fd >= 0)
            close(fd);
        return EXIT_INPUT;
    }
    /* Up to two bytes past the expected content are read, so a longer file is seen as such. */
    size_t want = hex ? 2 * len : len;
    uint8_t *data = malloc(want + 2);
    ssize_t n = data ? read_full(fd, data, want + 2) : -1;
    close(fd);
    size_t got = n > 0 ? (size_t)n : 0;
    int rc = 0;
    if (n < 0) {
        file_error(what, path, data ? "read error" : "out of memory", len, hex);
        rc = EXIT_INPUT;
    } else if (!hex) {
        char problem[64];
        snprintf(problem, sizeof problem, "%s%zu bytes", got > want ? "more than " : "",
                 got > want ? want : got);
        if (got != want) {
            file_error(what, path, problem, len, hex);
            rc = EXIT_INPUT;
        } else {
            memcpy(buf, data, len);
        }
    } else {
        /* 2*len hex digits, then at most one newline. */
        size_t digits = got > want ? want : got;
        int trailing_ok = got == want || (got == want + 1 && data[want] == '\n');
        for (size_t i = 0; rc == 0 && i < digits; i++) {
            if (hex_value(data[i]) < 0) {
                char problem[64];
                snprintf(problem, sizeof problem, "byte %zu is not a hex digit", i);
                file_error(what, path, problem, len, hex);
                rc = EXIT_INPUT;
            }
        }
        if (rc == 0 && (got < want || !trailing_ok)) {
            char problem[64];
            snprintf(problem, sizeof problem, got < want ? "%zu hex digits" : "more than %zu hex digits",
                     digits);
            file_error(what, path, problem, len, hex);
            rc = EXIT_INPUT;
        }
        for (size_t i = 0; rc == 0 && i < len; i++)
            buf[i] = (uint8_t)(hex_value(data[2 * i]) << 4 | hex_value(data[2 * i + 1]));
    }
    if (data) {
        wipe(data, want + 2); /* it may hold a secret key */
        free(data);
    }
    return rc;
}

static void output_error(const staged_output *out, const char *problem)
{
    fprintf(stderr, "error: %s file ", out->what);
    print_quoted(stderr, out->path, QUOTE_MAX);
    fprintf(stderr, ": %s\n", problem);
}

int check_outputs(const staged_output *outs, size_t n, int force)
{
    for (size_t i = 0; i < n; i++) {
        for (size_t j = 0; j < i; j++) {
            if (strcmp(outs[i].path, outs[j].path) == 0) {
                output_error(&outs[i], "named twice on the command line");
                return EXIT_OUTPUT;
            }
        }
        struct stat st;
        if (!force && lstat(outs[i].path, &st) == 0) {
            output_error(&outs[i], "exists (use --force to replace it)");
            return EXIT_OUTPUT;
        }
    }
    return 0;
}

static mode_t current_umask(void)
{
    mode_t m = umask(0077);
    umask(m);
    return m;
}

int stage_output(staged_output *out, int hex)
{
    const char *slash = strrchr(out->path, '/');
    int dirlen = slash ? (int)(slash - out->path + 1) : 0;
    int n = snprintf(out->tmp, sizeof out->tmp, "%.*s.%s.tmp.XXXXXX", dirlen, out->path,
                     out->path + dirlen);
    if (n < 0 || (size_t)n >= sizeof out->tmp) {
        out->tmp[0] = '\0';
        output_error(out, "path too long");
        return EXIT_OUTPUT;
    }
    int fd = mkstemp(out->tmp); /* mode 0600 */
    if (fd < 0) {
        char problem[256];
        snprintf(problem, sizeof problem, "cannot create a temporary file in its directory: %s",
                 strerror(errno));
        out->tmp[0] = '\0';
        output_error(out, problem);
        return EXIT_OUTPUT;
    }
    /* The bytes as they go to disk: raw, or hex and a newline (wiped after, like the key). */
    size_t size = hex ? 2 * out->len + 1 : out->len;
    uint8_t *text = malloc(size ? size : 1);
    int ok = text != NULL && (out->secret || fchmod(fd, 0666 & ~current_umask()) == 0);
    if (ok) {
        for (size_t i = 0; hex && i < out->len; i++) {
            text[2 * i] = hex_digit(out->data[i] >> 4);
            text[2 * i + 1] = hex_digit(out->data[i] & 15);
        }
        if (hex)
            text[2 * out->len] = '\n';
        else
            memcpy(text, out->data, out->len);
        ok = write_full(fd, text, size) == 0 && fsync(fd) == 0;
    }
    if (text) {
        wipe(text, size);
        free(text);
    }
    ok = close(fd) == 0 && ok;
    if (!ok) {
        char problem[256];
        snprintf(problem, sizeof problem, "cannot write its temporary file: %s", strerror(errno));
        output_error(out, problem);
        unlink(out->tmp);
        out->tmp[0] = '\0';
        return EXIT_OUTPUT;
    }
    return 0;
}

void discard_outputs(staged_output *outs, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (outs[i].tmp[0])
            unlink(outs[i].tmp);
        outs[i].tmp[0] = '\0';
    }
}

int commit_outputs(staged_output *outs, size_t n, int force)
{
    size_t done = 0;
    for (; done < n; done++) {
        int rc = force ? rename(outs[done].tmp, outs[done].path) : link(outs[done].tmp, outs[done].path);
        if (rc != 0) {
            char problem[256];
            snprintf(problem, sizeof problem, "%s",
                     errno == EEXIST ? "exists (use --force to replace it)" : strerror(errno));
            output_error(&outs[done], problem);
            break;
        }
        if (!force)
            unlink(outs[done].tmp);
        outs[done].tmp[0] = '\0';
    }
    if (done == n)
        return 0;
    /* All or nothing: the outputs of this run that are already in place go again. */
    for (size_t i = 0; i < done; i++)
        unlink(outs[i].path);
    discard_outputs(outs, n);
    return EXIT_OUTPUT;
}

/* The outputs a signal handler must remove; the tool stages one command's outputs at a time. */
static staged_output *volatile signal_outs;
static volatile size_t signal_n;

static void remove_staged_and_die(int sig)
{
    staged_output *outs = signal_outs;
    for (size_t i = 0; outs && i < signal_n; i++)
        if (outs[i].tmp[0])
            unlink(outs[i].tmp); /* async-signal-safe */
    signal(sig, SIG_DFL);
    raise(sig);
}

void remove_staged_on_signal(staged_output *outs, size_t n)
{
    signal_outs = outs;
    signal_n = n;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = remove_staged_and_die;
    sigemptyset(&sa.sa_mask);
    const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
        sigaction(sigs[i], &sa, NULL);
}
