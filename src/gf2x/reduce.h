/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* reduce.h: o (W words) = p (2W words) mod X^N - 1, portable. o may not alias p. */
#ifndef HQC_GF2X_REF_REDUCE_H
#define HQC_GF2X_REF_REDUCE_H

#include <stddef.h>
#include <stdint.h>

#include "params.h"

#define reduce_mod_xn_minus_1 HQC_NS(ref_reduce_mod_xn_minus_1)
void reduce_mod_xn_minus_1(uint64_t *o, const uint64_t *p);

#endif
