/* backend_avx512.c: the AVX-512 + VPCLMULQDQ backend table: Karatsuba over the 512-bit
 * kernel (karat_mul.c) then reduction mod X^N - 1 in AVX-512 (reduce_avx512.c), the AVX-512
 * support expansion, the AVX2 RM decoder and the GFNI syndromes. Implements the contract of
 * src/hqc/backend.h. */
#include <string.h>

#include "backend.h"
#include "gf2x_avx512.h"
#include "rm_decode_avx2.h"
#include "support_to_vector_avx512.h"
#include "syndromes_gfni.h"

/* Operands are copied into zero-padded, 64-byte aligned stack buffers first: that is what
 * lets o alias a or b, and what keeps every load inside our own buffers. */
static void mul_avx512(uint64_t *o, const uint64_t *a, const uint64_t *b)
{
    _Alignas(64) uint64_t pa[AVX512_MUL_WORDS], pb[AVX512_MUL_WORDS], prod[2 * AVX512_MUL_WORDS + 8];
    _Alignas(64) uint64_t scratch[AVX512_SCRATCH_WORDS];
    memcpy(pa, a, HQC_WORDS * sizeof *a);
    memset(pa + HQC_WORDS, 0, (AVX512_MUL_WORDS - HQC_WORDS) * sizeof *pa);
    memcpy(pb, b, HQC_WORDS * sizeof *b);
    memset(pb + HQC_WORDS, 0, (AVX512_MUL_WORDS - HQC_WORDS) * sizeof *pb);
    karat_mul(prod, pa, pb, AVX512_MUL_WORDS, scratch);
    memset(prod + 2 * AVX512_MUL_WORDS, 0, 8 * sizeof *prod);
    reduce_mod_xn_minus_1_avx512(o, prod);
}

const hqc_backend HQC_NS(backend_avx512) = {
    .name = "avx512",
    .cpu_features = HQC_CPU_AVX512F | HQC_CPU_AVX512BW | HQC_CPU_AVX512DQ | HQC_CPU_AVX512VL |
                    HQC_CPU_VPCLMULQDQ | HQC_CPU_GFNI | HQC_CPU_AVX2 | HQC_CPU_PCLMUL | HQC_CPU_BMI2,
    .constant_time = 1,
    .mul = mul_avx512,
    .mul_sparse = NULL,
    .support_to_vector = support_to_vector_avx512,
    .rm_decode = rm_decode_avx2,
    .rs_syndromes = rs_syndromes_gfni,
};
