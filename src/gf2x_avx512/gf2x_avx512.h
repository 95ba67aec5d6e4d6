/* gf2x_avx512.h: internal interface of the AVX-512 + VPCLMULQDQ multiplication backend: the
 * padded operand size per level (a multiple of 8 words of the form 8 * 2^i * 3^j, see
 * TUNING.md) and the routines the files of this folder share. */
#ifndef HQC_GF2X_AVX512_H
#define HQC_GF2X_AVX512_H

#include <stddef.h>
#include <stdint.h>

#include "params.h"

#if HQC_LEVEL == 1
#define AVX512_MUL_WORDS 288  /* 3 * 3 * 2 * 2 * 8 >= 277 */
#elif HQC_LEVEL == 3
#define AVX512_MUL_WORDS 576  /* 3 * 3 * 2^3 * 8 >= 561 */
#else
#define AVX512_MUL_WORDS 1024 /* 2^7 * 8 >= 901 */
#endif
/* karat_mul_scratch_words(AVX512_MUL_WORDS) stays below this bound at every level. */
#define AVX512_SCRATCH_WORDS (8 * AVX512_MUL_WORDS)

#define karat_mul HQC_NS(avx512_karat_mul)
#define karat_mul_scratch_words HQC_NS(avx512_karat_mul_scratch_words)
#define reduce_mod_xn_minus_1_avx512 HQC_NS(reduce_mod_xn_minus_1_avx512)

void karat_mul(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n, uint64_t *scratch);
size_t karat_mul_scratch_words(size_t n);
/* o (W words) = p (2 AVX512_MUL_WORDS words, zero above 2N) mod X^N - 1; o may not alias p. */
void reduce_mod_xn_minus_1_avx512(uint64_t *o, const uint64_t *p);

#endif
