/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* karatsuba.h: portable constant-time n-word x n-word polynomial product over GF(2). */
#ifndef HQC_GF2X_REF_KARATSUBA_H
#define HQC_GF2X_REF_KARATSUBA_H

#include <stddef.h>
#include <stdint.h>

#include "params.h"

#define karatsuba_mul HQC_NS(ref_karatsuba_mul)
#define karatsuba_scratch_words HQC_NS(ref_karatsuba_scratch_words)

/* Scratch words karatsuba_mul(n) needs: 4h at each depth with h = ceil(n / 2), so at most
 * 4(n/2 + 1) + 4(n/4 + 1) + ... < 4n + 4 * depth, and depth < 16 for n < 2^16 words. The
 * bound is a compile-time constant so callers keep the scratch on the stack without excess;
 * tests/c/test_stack.c checks karatsuba_scratch_words(HQC_WORDS) against it. */
#define KARATSUBA_SCRATCH_BOUND(n) (4 * (n) + 64)
size_t karatsuba_scratch_words(size_t n);
void karatsuba_mul(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n, uint64_t *scratch);

#endif
