/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* support_to_vector_avx2.h: constant-time support-to-vector expansion with AVX2. */
#ifndef HQC_SUPPORT_TO_VECTOR_AVX2_H
#define HQC_SUPPORT_TO_VECTOR_AVX2_H

#include <stddef.h>
#include <stdint.h>

#include "params.h"

#define support_to_vector_avx2 HQC_NS(support_to_vector_avx2)
void support_to_vector_avx2(uint64_t *v, const uint32_t *support, size_t weight);

#endif
