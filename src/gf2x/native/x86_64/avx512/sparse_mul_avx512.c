/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* sparse_mul_avx512.c: the variable-time sparse-dense product (src/gf2x/native/x86_64/avx2/
 * sparse_mul_body.h) on 512-bit vectors, sixteen accumulators per block. */
#include "sparse_mul_avx512.h"

#include <immintrin.h>

#define VEC __m512i
#define VEC_WORDS 8
#define BLOCK_VECS 16
#define VEC_LOAD(p) _mm512_load_si512((const void *)(p))
#define VEC_LOADU(p) _mm512_loadu_si512((const void *)(p))
#define VEC_STORE(p, v) _mm512_store_si512((void *)(p), (v))
#define VEC_XOR(a, b) _mm512_xor_si512((a), (b))
#define VEC_OR(a, b) _mm512_or_si512((a), (b))
#define VEC_SRL(a, n) _mm512_srl_epi64((a), (n))
#define VEC_SLL(a, n) _mm512_sll_epi64((a), (n))
#define SPARSE_MUL_NAME sparse_mul_avx512

#include "sparse_mul_body.h"
