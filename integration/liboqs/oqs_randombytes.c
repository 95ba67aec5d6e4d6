/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* oqs_randombytes.c: the KEM's randomness hook (randombytes.h) drawn from OQS_randombytes, so
 * that liboqs's choice of source applies, including the NIST DRBG its KAT tests install and the
 * instrumented source of its constant-time tests. Replaces src/hqc/randombytes.c. */
#include <oqs/rand.h>

#include "../../src/hqc/randombytes.h"

int hqc_randombytes(uint8_t *buf, size_t len)
{
    OQS_randombytes(buf, len); /* cannot fail: liboqs aborts if its source does */
    return 0;
}
