/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* rm_encode_avx2.c: encoding of the duplicated RM(1,7) code (spec section "Duplicated
 * Reed-Muller codes") for CPUs without GFNI, as rm_encode in src/hqc/reed_muller.c: bit p of
 * the codeword of m is <m0..m6, p> + m7 over GF(2). With p = 8 j + t, codeword byte j is
 * F(m0..m2) (the same byte for every j) xor 0xff where <m3..m6, j> + m7 = 1: two VPSHUFB
 * lookups in registers (the secret is the index, never an address), two symbols a register. */
#include "rm_encode_avx2.h"

#include <immintrin.h>
#include <string.h>

#define COPIES HQC_RM_COPIES
_Static_assert(HQC_N1 % 2 == 0 && COPIES % 2 == 1, "symbols go in pairs, whose copies straddle one register");
_Static_assert(HQC_N1 * COPIES * 2 == HQC_N1N2_WORDS, "the copies fill the codeword exactly");

/* F(m0, m1, m2): the byte whose bit t is m0 t0 + m1 t1 + m2 t2 (as the char that
 * _mm256_setr_epi8 takes). */
#define LOW3(i) ((char)(((i) & 1 ? 0xaa : 0) ^ ((i) & 2 ? 0xcc : 0) ^ ((i) & 4 ? 0xf0 : 0)))
/* 0xff where the 4-bit value v has odd parity. */
#define PARITY4(v) ((char)((((v) ^ (v) >> 1 ^ (v) >> 2 ^ (v) >> 3) & 1) ? 0xff : 0))
#define ROW16(F) F(0), F(1), F(2), F(3), F(4), F(5), F(6), F(7), F(8), F(9), F(10), F(11), F(12), F(13), F(14), F(15)
#define BYTE(i) (i)

void rm_encode_avx2(uint64_t *cdw, const uint8_t *msg)
{
    const __m256i low3 = _mm256_setr_epi8(ROW16(LOW3), ROW16(LOW3));
    const __m256i parity = _mm256_setr_epi8(ROW16(PARITY4), ROW16(PARITY4));
    const __m256i j = _mm256_setr_epi8(ROW16(BYTE), ROW16(BYTE)); /* each byte's index j */
    /* the pair's first symbol in the low 128-bit lane, the second in the high one */
    const __m256i pick = _mm256_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1,
                                          1, 1, 1, 1, 1, 1, 1);
    const __m256i seven = _mm256_set1_epi8(7), fifteen = _mm256_set1_epi8(15);
    for (int s = 0; s < HQC_N1; s += 2) {
        uint16_t two;
        memcpy(&two, msg + s, 2);
        const __m256i m = _mm256_shuffle_epi8(_mm256_set1_epi16((short)two), pick);
        /* (m >> 3) & 15 in every byte: the 16-bit shift brings in bits of the same symbol */
        const __m256i high4 = _mm256_and_si256(_mm256_srli_epi16(m, 3), fifteen);
        const __m256i flip = _mm256_shuffle_epi8(parity, _mm256_and_si256(high4, j));
        const __m256i m7 = _mm256_cmpgt_epi8(_mm256_setzero_si256(), m);
        const __m256i low = _mm256_shuffle_epi8(low3, _mm256_and_si256(m, seven));
        const __m256i both = _mm256_xor_si256(_mm256_xor_si256(low, flip), m7);
        /* The pair's 2 COPIES 128-bit slots, first symbol's then second's, as COPIES 256-bit
         * stores: the middle one holds one slot of each. */
        const __m256i first = _mm256_permute2x128_si256(both, both, 0x00);
        const __m256i second = _mm256_permute2x128_si256(both, both, 0x11);
        uint64_t *out = cdw + 2 * COPIES * s;
        for (int c = 0; c < COPIES; c++) {
            const __m256i v = 2 * c + 1 < COPIES ? first : 2 * c + 1 == COPIES ? both : second;
            _mm256_storeu_si256((__m256i *)(out + 4 * c), v);
        }
    }
}
