/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* rs_encode_avx2.c: systematic RS encoding (spec section "Reed-Solomon codes") for CPUs without
 * GFNI (the avx2 and vpclmul backends). The parity x^(2 delta) m(x) mod g(x) is GF(2^8)-linear
 * in m: the sum of m_i times the generated column x^(2 delta + i) mod g (rs_encode_columns_hqc,
 * in HQC's field). Summed by Horner's rule over the bits of the symbols, from bit 7 down:
 * acc = acc x + (the columns whose symbol has this bit set), so the K products cost eight
 * masked sums of K columns and seven doublings, instead of the LFSR's K dependent steps. */
#include "rs_encode_avx2.h"

#include <immintrin.h>
#include <string.h>

#include "gf256_avx2.h"
#include "syndromes_tables.h"
#include "zeroize.h"

#define TWO_DELTA (2 * HQC_DELTA)
#define REGS (RS_ENCODE_WIDTH / 32) /* 256-bit registers per column: 1, or 2 at HQC-5 */

_Static_assert(TWO_DELTA <= RS_ENCODE_WIDTH && HQC_K <= 32, "a column fits REGS registers, the message one");

void rs_encode_avx2(uint8_t *cdw, const uint8_t *msg)
{
    _Alignas(32) uint8_t m[32] = {0};
    _Alignas(32) uint8_t parity[RS_ENCODE_WIDTH];
    memcpy(m, msg, HQC_K); /* a copy: a 32-byte load of msg would read past its K bytes */
    const __m256i mv = _mm256_load_si256((const __m256i *)m);
    /* Symbols 0..15 and 16..31 each in both 128-bit lanes: VPSHUFB broadcasts within a lane. */
    const __m256i halves[2] = {_mm256_permute2x128_si256(mv, mv, 0x00), _mm256_permute2x128_si256(mv, mv, 0x11)};
    __m256i acc[REGS];
    for (int r = 0; r < REGS; r++)
        acc[r] = _mm256_setzero_si256();
    for (int b = 7; b >= 0; b--) {
        for (int r = 0; r < REGS; r++)
            acc[r] = gf256_times_x(acc[r]);
        /* bit b of every symbol moved to its byte's top bit (a 16-bit shift keeps each byte's
         * top bit from that byte), then spread over the byte by a signed compare */
        const __m256i set[2] = {
            _mm256_cmpgt_epi8(_mm256_setzero_si256(), _mm256_slli_epi16(halves[0], 7 - b)),
            _mm256_cmpgt_epi8(_mm256_setzero_si256(), _mm256_slli_epi16(halves[1], 7 - b))};
        /* Unrolled, so that each broadcast index is a constant: built from a variable i, the
         * index cost more than the sum (HQC-3 took 1.8 times the portable encoder's time). */
#pragma GCC unroll 32
        for (int i = 0; i < HQC_K; i++) {
            /* all ones where bit b of symbol i is set: its mask byte in every byte */
            const __m256i keep = _mm256_shuffle_epi8(set[i / 16], _mm256_set1_epi8((char)(i % 16)));
            for (int r = 0; r < REGS; r++) {
                const __m256i col = _mm256_load_si256((const __m256i *)&rs_encode_columns_hqc[i][32 * r]);
                acc[r] = _mm256_xor_si256(acc[r], _mm256_and_si256(col, keep));
            }
        }
    }
    for (int r = 0; r < REGS; r++)
        _mm256_store_si256((__m256i *)&parity[32 * r], acc[r]);
    memcpy(cdw, parity, TWO_DELTA);
    memcpy(cdw + TWO_DELTA, msg, HQC_K);
    zeroize(parity, sizeof parity);
    zeroize(m, sizeof m);
}
