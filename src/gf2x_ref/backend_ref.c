/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* backend_ref.c: the portable backend table: Karatsuba product then portable reduction mod
 * X^N - 1, the portable support expansion, and Horner syndromes. It is the twin every native backend is tested against. */
#include <string.h>

#include "backend.h"
#include "karatsuba.h"
#include "reduce.h"
#include "reed_muller.h"
#include "sampling.h"
#include "syndromes.h"

static void mul_ref(uint64_t *o, const uint64_t *a, const uint64_t *b)
{
    uint64_t prod[2 * HQC_WORDS];
    uint64_t scratch[KARATSUBA_SCRATCH_BOUND(HQC_WORDS)];
    karatsuba_mul(prod, a, b, HQC_WORDS, scratch);
    reduce_mod_xn_minus_1(o, prod);
}

const hqc_backend HQC_NS(backend_ref) = {
    .name = "ref",
    .cpu_features = 0,
    .constant_time = 1,
    .mul = mul_ref,
    .mul_sparse = NULL,
    .support_to_vector = support_to_vector_portable,
    .rm_decode = rm_decode_portable,
    .rs_syndromes = rs_syndromes_ref,
};
