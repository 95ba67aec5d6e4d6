/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* skeleton_lane.h: the lane type the Toom-3/Karatsuba skeleton (mul_skeleton.h) and the
 * reduction (reduce_lanes.h) are written in, chosen by the including backend: SKELETON_LANE
 * names its lane header (vec256.h for AVX2, vec_neon.h for NEON). A lane header provides
 * vec256 (four 64-bit words with ^ and &), vec128 (two words), vzero, vzero128, ld, st, ld128,
 * st128 (unaligned), vshr_words, vshl_words, ld_opaque, zero_words, keep_words and
 * HQC_VEC_INLINE; nothing else is used, so it compiles for any ISA that has them. */
#ifndef SKELETON_LANE
#error "the backend header names its lane header in SKELETON_LANE"
#endif
#include SKELETON_LANE
