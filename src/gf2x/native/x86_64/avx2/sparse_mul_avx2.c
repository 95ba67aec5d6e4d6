/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* sparse_mul_avx2.c: the variable-time sparse-dense product (sparse_mul_body.h) on 256-bit
 * vectors, twelve accumulators per block. */
#include "sparse_mul_avx2.h"

#include <immintrin.h>

#define VEC __m256i
#define VEC_WORDS 4
#define BLOCK_VECS 12
#define VEC_LOAD(p) _mm256_load_si256((const __m256i *)(const void *)(p))
#define VEC_LOADU(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define VEC_STORE(p, v) _mm256_store_si256((__m256i *)(void *)(p), (v))
#define VEC_XOR(a, b) _mm256_xor_si256((a), (b))
#define VEC_OR(a, b) _mm256_or_si256((a), (b))
#define VEC_SRL(a, n) _mm256_srl_epi64((a), (n))
#define VEC_SLL(a, n) _mm256_sll_epi64((a), (n))
#define SPARSE_MUL_NAME sparse_mul_avx2

#include "sparse_mul_body.h"
