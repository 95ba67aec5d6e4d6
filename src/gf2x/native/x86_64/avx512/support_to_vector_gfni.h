/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* support_to_vector_gfni.h: constant-time support-to-vector expansion with AVX-512BW and GFNI
 * (the avx512 backend's); same contract as hqc_backend.support_to_vector. */
#ifndef HQC_SUPPORT_TO_VECTOR_GFNI_H
#define HQC_SUPPORT_TO_VECTOR_GFNI_H

#include <stddef.h>
#include <stdint.h>

#include "params.h"

#define support_to_vector_gfni HQC_NS(support_to_vector_gfni)
void support_to_vector_gfni(uint64_t *v, const uint32_t *support, size_t weight);

#endif
