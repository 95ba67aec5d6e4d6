/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* karatsuba.h: portable constant-time n-word x n-word polynomial product over GF(2). */
#ifndef HQC_GF2X_REF_KARATSUBA_H
#define HQC_GF2X_REF_KARATSUBA_H

#include <stddef.h>
#include <stdint.h>

#include "params.h"

#define karatsuba_mul HQC_NS(ref_karatsuba_mul)
#define karatsuba_scratch_words HQC_NS(ref_karatsuba_scratch_words)

size_t karatsuba_scratch_words(size_t n);
void karatsuba_mul(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n, uint64_t *scratch);

#endif
