/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* syndromes_gfni.c: RS syndromes S_i = c(p_i), p_i = alpha^(i+1), i < 2 delta (spec section
 * "Decoding the Reed-Solomon code", step 1), eight syndromes per zmm register, one per 64-bit
 * lane. Multiplying by a constant of HQC's field (x^8+x^4+x^3+x^2+1, not GF2P8MULB's 0x11B)
 * is GF(2)-linear, so GF2P8AFFINEQB applies it with a generated 8x8 bit matrix per lane. With
 * j = 8 m + r, S_i = sum_r p^r sum_m c[8m+r] (p^8)^m: Horner in p^8, then a 3-level tree. */
#include "syndromes_gfni.h"

#include <immintrin.h>
#include <string.h>

#include "syndromes_tables.h"
#include "zeroize.h"

#define CHUNKS ((HQC_N1 + 7) / 8)
#define REGISTERS ((2 * HQC_DELTA + 7) / 8)

_Static_assert(8 * REGISTERS <= SYNDROMES_TABLE_COUNT, "generated tables cover every lane");

/* Row t of the matrix table holds the maps y -> p^(2^t) y; this loads the 8 of register r. */
static inline __m512i matrices(int t, int r)
{
    return _mm512_load_si512((const void *)&syndromes_affine_matrices[t][8 * r]);
}

void rs_syndromes_gfni(uint8_t *syn, const uint8_t *cdw)
{
    uint8_t padded[8 * CHUNKS] = {0};
    uint8_t lanes[8 * REGISTERS];
    __m512i chunk[CHUNKS];
    memcpy(padded, cdw, HQC_N1);
    for (int m = 0; m < CHUNKS; m++) {
        uint64_t bytes;
        memcpy(&bytes, padded + 8 * m, 8);
        chunk[m] = _mm512_set1_epi64((long long)bytes);
    }

    for (int r = 0; r < REGISTERS; r++) {
        const __m512i by_p8 = matrices(3, r);
        __m512i acc = chunk[CHUNKS - 1];
        for (int m = CHUNKS - 2; m >= 0; m--)
            acc = _mm512_xor_si512(_mm512_gf2p8affine_epi64_epi8(acc, by_p8, 0), chunk[m]);
        /* Level t pairs byte k with byte k + 2^t, the latter weighted by p^(2^t). */
        acc = _mm512_xor_si512(acc, _mm512_srli_epi64(_mm512_gf2p8affine_epi64_epi8(acc, matrices(0, r), 0), 8));
        acc = _mm512_xor_si512(acc, _mm512_srli_epi64(_mm512_gf2p8affine_epi64_epi8(acc, matrices(1, r), 0), 16));
        acc = _mm512_xor_si512(acc, _mm512_srli_epi64(_mm512_gf2p8affine_epi64_epi8(acc, matrices(2, r), 0), 32));
        _mm_storel_epi64((__m128i *)(lanes + 8 * r), _mm512_cvtepi64_epi8(acc));
    }
    memcpy(syn, lanes, 2 * HQC_DELTA);
    zeroize(padded, sizeof padded);
    zeroize(lanes, sizeof lanes);
    zeroize(chunk, sizeof chunk);
}
