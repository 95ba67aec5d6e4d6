/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* preload_io.c: an LD_PRELOAD library that makes the operating system misbehave on purpose, so
 * that tests can reach the paths of src/hqc/randombytes.c and of the hqc tool's staged writes
 * that a healthy system never takes. HQC_TEST_PRELOAD selects one behaviour:
 *   getrandom-enosys       getrandom fails with ENOSYS (a kernel without it)
 *   getrandom-eintr-short  getrandom alternates EINTR with reads of 1 to 7 bytes
 *   getrandom-eio          getrandom fails with EIO
 *   fsync-sigterm          the first fsync raises SIGTERM (an interrupted write)
 * At exit it reports on stderr: "preload: getrandom N, urandom opens M". */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

static int getrandom_calls, urandom_opens;

static int mode_is(const char *m)
{
    const char *v = getenv("HQC_TEST_PRELOAD");
    return v && strcmp(v, m) == 0;
}

ssize_t getrandom(void *buf, size_t len, unsigned flags)
{
    getrandom_calls++;
    if (mode_is("getrandom-enosys") || mode_is("getrandom-eio")) {
        errno = mode_is("getrandom-enosys") ? ENOSYS : EIO;
        return -1;
    }
    if (mode_is("getrandom-eintr-short")) {
        if (getrandom_calls % 2) {
            errno = EINTR;
            return -1;
        }
        size_t part = 1 + (size_t)(getrandom_calls / 2) % 7;
        len = len < part ? len : part;
    }
    return syscall(SYS_getrandom, buf, len, flags);
}

static int (*real_open(const char *name))(const char *, int, ...)
{
    return (int (*)(const char *, int, ...))dlsym(RTLD_NEXT, name);
}

static int open_with(const char *name, const char *path, int flags, va_list ap)
{
    mode_t mode = (flags & (O_CREAT | O_TMPFILE)) ? (mode_t)va_arg(ap, int) : 0;
    if (strcmp(path, "/dev/urandom") == 0)
        urandom_opens++;
    return real_open(name)(path, flags, mode);
}

int open(const char *path, int flags, ...)
{
    va_list ap;
    va_start(ap, flags);
    int fd = open_with("open", path, flags, ap);
    va_end(ap);
    return fd;
}

int open64(const char *path, int flags, ...)
{
    va_list ap;
    va_start(ap, flags);
    int fd = open_with("open64", path, flags, ap);
    va_end(ap);
    return fd;
}

int fsync(int fd)
{
    if (mode_is("fsync-sigterm"))
        raise(SIGTERM);
    return (int)syscall(SYS_fsync, fd);
}

__attribute__((destructor)) static void report(void)
{
    fprintf(stderr, "preload: getrandom %d, urandom opens %d\n", getrandom_calls, urandom_opens);
}
