/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* zeroize.h: wipe secrets in a way the compiler may not drop as a dead store (the empty asm
 * with a memory clobber makes the bytes observable). */
#ifndef HQC_ZEROIZE_H
#define HQC_ZEROIZE_H

#include <stddef.h>
#include <string.h>

/*@ requires wipe_valid: \valid((char *)p + (0 .. len - 1));
    assigns ((char *)p)[0 .. len - 1]; */
static inline void zeroize(void *p, size_t len)
{
    memset(p, 0, len);
    __asm__ __volatile__("" : : "r"(p) : "memory");
}

#endif
