/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* rs_encode_gfni.c: systematic RS encoding (spec section "Reed-Solomon codes"): the parity is
 * x^(2 delta) m(x) mod g(x), a GF(2^8)-linear map of the message, so it is the sum of m_i
 * times a generated column (x^(2 delta + i) mod g). Instead of the LFSR's k dependent steps
 * the k products are independent GF2P8MULBs: in the AES field of that instruction, into which
 * the message is mapped (the columns are generated there) and out of which the sum is mapped. */
#include "rs_encode_gfni.h"

#include <immintrin.h>
#include <string.h>

#include "syndromes_tables.h"

#define TWO_DELTA (2 * HQC_DELTA)
/* Columns per zmm register: two at HQC-1 and HQC-3 (2 delta <= 32), one at HQC-5. */
#define PER_ZMM (64 / RS_ENCODE_WIDTH)

_Static_assert(TWO_DELTA <= RS_ENCODE_WIDTH && HQC_K % PER_ZMM == 0 && HQC_K < 64, "columns fit the registers");

void rs_encode_gfni(uint8_t *cdw, const uint8_t *msg)
{
    const __m512i to_aes = _mm512_set1_epi64((long long)RS_FIELD_TO_AES);
    const __m512i from_aes = _mm512_set1_epi64((long long)RS_FIELD_FROM_AES);
    const __m512i m = _mm512_gf2p8affine_epi64_epi8(_mm512_maskz_loadu_epi8((1ULL << HQC_K) - 1, msg), to_aes, 0);
    /* Byte b of the permute index picks message symbol PER_ZMM i + b / RS_ENCODE_WIDTH: the
     * symbol of the column in b's half of the register. */
    const __m512i half = PER_ZMM == 2 ? _mm512_maskz_set1_epi8(0xFFFFFFFF00000000ULL, 1) : _mm512_setzero_si512();
    __m512i acc = _mm512_setzero_si512();
    for (int i = 0; i < HQC_K / PER_ZMM; i++) {
        __m512i symbols = _mm512_permutexvar_epi8(_mm512_add_epi8(half, _mm512_set1_epi8((char)(PER_ZMM * i))), m);
        __m512i columns = _mm512_load_si512((const void *)rs_encode_columns[PER_ZMM * i]);
        acc = _mm512_xor_si512(acc, _mm512_gf2p8mul_epi8(symbols, columns));
    }
    if (PER_ZMM == 2)
        acc = _mm512_xor_si512(acc, _mm512_shuffle_i64x2(acc, acc, 0x4E));
    acc = _mm512_gf2p8affine_epi64_epi8(acc, from_aes, 0);
    _mm512_mask_storeu_epi8(cdw, (1ULL << TWO_DELTA) - 1, acc);
    memcpy(cdw + TWO_DELTA, msg, HQC_K);
}
