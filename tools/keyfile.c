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

static void file_error(const char *what, const char *path, const char *problem, size_t len, int hex)
{
    fprintf(stderr, "error: %s file ", what);
    print_quoted(stderr, path, QUOTE_MAX);
    fprintf(stderr, ": %s (expected %zu %s)\n", problem, hex ? 2 * len : len, hex ? "hex digits" : "bytes");
}

static int hex_value(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

int read_key_file(const char *path, const char *what, uint8_t *buf, size_t len, int hex)
{
    /* O_NONBLOCK: a FIFO named by mistake is refused below instead of blocking the open. */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    struct stat st;
    FILE *f = NULL;
    if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) ||
        fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) != 0 || !(f = fdopen(fd, "rb"))) {
        file_error(what, path, fd < 0 ? strerror(errno) : "not a regular file", len, hex);
        if (fd >= 0)
            close(fd);
        return EXIT_INPUT;
    }
    /* Up to two bytes past the expected content are read, so a longer file is seen as such. */
    size_t want = hex ? 2 * len : len;
    unsigned char *data = malloc(want + 2);
    size_t got = data ? fread(data, 1, want + 2, f) : 0;
    int failed = !data || ferror(f);
    fclose(f);
    int rc = 0;
    if (failed) {
        file_error(what, path, data ? "read error" : "out of memory", len, hex);
        rc = EXIT_INPUT;
    } else if (!hex) {
        char problem[64];
        snprintf(problem, sizeof problem, "%s%zu bytes", got > want ? "more than " : "", got > want ? want : got);
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
            snprintf(problem, sizeof problem, got < want ? "%zu hex digits" : "more than %zu hex digits", digits);
            file_error(what, path, problem, len, hex);
            rc = EXIT_INPUT;
        }
        for (size_t i = 0; rc == 0 && i < len; i++)
            buf[i] = (uint8_t)(hex_value(data[2 * i]) << 4 | hex_value(data[2 * i + 1]));
    }
    if (data) {
        memset(data, 0, want + 2); /* it may hold a secret key */
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
        snprintf(problem, sizeof problem, "cannot create a temporary file in its directory: %s", strerror(errno));
        out->tmp[0] = '\0';
        output_error(out, problem);
        return EXIT_OUTPUT;
    }
    int ok = out->secret || fchmod(fd, 0666 & ~current_umask()) == 0;
    FILE *f = ok ? fdopen(fd, "wb") : NULL;
    if (f == NULL) {
        close(fd);
        ok = 0;
    } else {
        if (hex) {
            for (size_t i = 0; i < out->len; i++)
                fprintf(f, "%02x", out->data[i]);
            fputc('\n', f);
        } else {
            fwrite(out->data, 1, out->len, f);
        }
        ok = fflush(f) == 0 && !ferror(f) && fsync(fileno(f)) == 0;
        ok = (fclose(f) == 0) && ok;
    }
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
