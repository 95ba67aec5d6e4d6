/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* testutil.h: deterministic test randomness (splitmix64) and small helpers shared by the C
 * test programs. Tests must be reproducible, so they never read the system RNG. */
#ifndef HQC_TESTUTIL_H
#define HQC_TESTUTIL_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static inline uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static inline void random_bytes(uint64_t *state, uint8_t *buf, size_t len)
{
    for (size_t i = 0; i < len; i++)
        buf[i] = (uint8_t)splitmix64(state);
}

#define CHECK(cond, ...)                                                  \
    do {                                                                  \
        if (!(cond)) {                                                    \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);          \
            fprintf(stderr, __VA_ARGS__);                                 \
            fprintf(stderr, "\n");                                        \
            exit(1);                                                      \
        }                                                                 \
    } while (0)

#endif
