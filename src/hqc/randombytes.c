/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* randombytes.c: getrandom(2), retried on EINTR and on short reads, which Linux returns for
 * requests over 256 bytes or when interrupted. */
#include "randombytes.h"

#include <errno.h>
#include <string.h>
#include <sys/random.h>

int hqc_randombytes(uint8_t *buf, size_t len)
{
    size_t done = 0;
    while (done < len) {
        ssize_t n = getrandom(buf + done, len - done, 0);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            memset(buf, 0, len);
            return -1;
        }
        done += (size_t)n;
    }
    return 0;
}
