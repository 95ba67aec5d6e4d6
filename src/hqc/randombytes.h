/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* randombytes.h: operating-system randomness for the non-deterministic KEM entry points. */
#ifndef HQC_RANDOMBYTES_H
#define HQC_RANDOMBYTES_H

#include <stddef.h>
#include <stdint.h>

/* Fill buf with len bytes from getrandom(2). Return 0, or -1 (buf zeroed) on failure. */
int hqc_randombytes(uint8_t *buf, size_t len);

#endif
