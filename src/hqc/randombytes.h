/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* randombytes.h: the randomness hook of the non-deterministic KEM entry points (keypair and
 * enc; the _derand variants take their randomness as arguments). src/hqc/randombytes.c
 * implements it from the operating system; a build with HQC_RANDOMBYTES=external leaves it
 * out, and the program or library that links libhqc defines this function instead. */
#ifndef HQC_RANDOMBYTES_H
#define HQC_RANDOMBYTES_H

#include <stddef.h>
#include <stdint.h>

/* Fill buf with len bytes of cryptographically secure randomness. Return 0, or -1 with buf
 * zeroed on failure (the KEM call then fails with -1). Must be safe to call from several
 * threads at once. */
int hqc_randombytes(uint8_t *buf, size_t len);

#endif
