/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* randombytes.c: operating-system randomness for the KEM. getrandom(2), retried on EINTR and
 * on short reads (Linux returns them for requests over 256 bytes or when interrupted); where
 * the kernel or C library lacks it (ENOSYS, or no <sys/random.h>), /dev/urandom read the same
 * way. Built unless HQC_RANDOMBYTES=external (mk/randombytes.mk) leaves the hook to the user. */
#include "randombytes.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#if defined(__has_include)
#if __has_include(<sys/random.h>)
#include <sys/random.h>
#define HQC_HAVE_GETRANDOM 1
#endif
#endif

/* Fills buf from /dev/urandom, retrying interrupted and short reads. */
static int read_urandom(uint8_t *buf, size_t len)
{
    int fd;
    do
        fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    while (fd < 0 && errno == EINTR);
    if (fd < 0)
        return -1;
    size_t done = 0;
    while (done < len) {
        ssize_t n = read(fd, buf + done, len - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break; /* an error, or end of file from something that is not the device */
        done += (size_t)n;
    }
    close(fd);
    return done == len ? 0 : -1;
}

int hqc_randombytes(uint8_t *buf, size_t len)
{
    int rc = -1;
#ifdef HQC_HAVE_GETRANDOM
    size_t done = 0;
    for (;;) {
        if (done == len) {
            rc = 0;
            break;
        }
        ssize_t n = getrandom(buf + done, len - done, 0);
        if (n >= 0) {
            done += (size_t)n;
        } else if (errno == ENOSYS) {
            rc = read_urandom(buf, len);
            break;
        } else if (errno != EINTR) {
            break;
        }
    }
#else
    rc = read_urandom(buf, len);
#endif
    if (rc != 0)
        memset(buf, 0, len);
    return rc;
}
