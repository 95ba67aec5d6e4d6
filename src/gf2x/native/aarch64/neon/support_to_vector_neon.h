/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* support_to_vector_neon.h: constant-time support-to-vector expansion with NEON. */
#ifndef HQC_SUPPORT_TO_VECTOR_NEON_H
#define HQC_SUPPORT_TO_VECTOR_NEON_H

#include <stddef.h>
#include <stdint.h>

#include "params.h"

#define support_to_vector_neon HQC_NS(support_to_vector_neon)
/* The support_to_vector of src/hqc/backend.h: v (HQC_WORDS words, all written) = sum of
 * X^pos[j], j < weight <= HQC_WEIGHT_MAX (params.h: every dialect's largest). */
void support_to_vector_neon(uint64_t *v, const uint32_t *support, size_t weight);

#endif
