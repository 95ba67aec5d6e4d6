/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* backend_ref.c: the portable backend table: Karatsuba product then portable reduction mod
 * X^N - 1, and for everything else the portable code that backend_table.h falls back to
 * (support expansion, RM decoder, Horner syndromes). It is the twin every native backend is
 * tested against. */
#include "karatsuba.h"
#include "reduce.h"

static void mul_ref(uint64_t *o, const uint64_t *a, const uint64_t *b)
{
    uint64_t prod[2 * HQC_WORDS];
    uint64_t scratch[KARATSUBA_SCRATCH_BOUND(HQC_WORDS)];
    karatsuba_mul(prod, a, b, HQC_WORDS, scratch);
    reduce_mod_xn_minus_1(o, prod);
}

#define HQC_NATIVE_NAME "ref"
#define HQC_NATIVE_FEATURES 0
#define HQC_NATIVE_MUL mul_ref
#include "backend_table.h"

HQC_BACKEND_TABLE(backend_ref);
