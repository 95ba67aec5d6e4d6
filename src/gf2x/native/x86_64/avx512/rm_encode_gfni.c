/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* rm_encode_gfni.c: encoding of the duplicated RM(1,7) code (spec section "Duplicated
 * Reed-Muller codes"), as rm_encode in src/hqc/reed_muller.c: bit p of the codeword of m is
 * <m, p | 0x80> over GF(2), m7 the constant term. So codeword byte j is an 8x8 bit matrix
 * times m: one GF2P8AFFINEQB applies the matrices of bytes 0..7 (or 8..15) to eight symbols at
 * once, a two-source byte permute gathers each symbol's 16 bytes, a qword permute its copies. */
#include "rm_encode_gfni.h"

#include <immintrin.h>

#define WORDS_PER_SYMBOL (2 * HQC_RM_COPIES)

/* Row t of byte j's matrix: the bits of m that codeword bit 8 j + t sums. GF2P8AFFINEQB
 * computes output bit t from byte 7 - t of the matrix. */
#define RM_ROW(j, t) ((uint64_t)((((8 * (j) + (t)) & 0x7F) | 0x80)) << (8 * (7 - (t))))
#define RM_MATRIX(j)                                                                                          \
    (RM_ROW(j, 0) | RM_ROW(j, 1) | RM_ROW(j, 2) | RM_ROW(j, 3) | RM_ROW(j, 4) | RM_ROW(j, 5) | RM_ROW(j, 6) | \
     RM_ROW(j, 7))
static const _Alignas(64) uint64_t rm_matrices[16] = {
    RM_MATRIX(0), RM_MATRIX(1), RM_MATRIX(2),  RM_MATRIX(3),  RM_MATRIX(4),  RM_MATRIX(5),  RM_MATRIX(6),  RM_MATRIX(7),
    RM_MATRIX(8), RM_MATRIX(9), RM_MATRIX(10), RM_MATRIX(11), RM_MATRIX(12), RM_MATRIX(13), RM_MATRIX(14), RM_MATRIX(15)};

/* After the affines, byte 8 j + s of the first register is byte j < 8 of symbol s's codeword,
 * of the second byte j + 8. Byte 16 s + j of a gathered register is byte j of symbol s (s < 4;
 * 4 + s in the second one); indices of 64 and up read the second register. */
#define RM_GATHER(s) \
    (s), 8 + (s), 16 + (s), 24 + (s), 32 + (s), 40 + (s), 48 + (s), 56 + (s), 64 + (s), 72 + (s), 80 + (s), 88 + (s), \
        96 + (s), 104 + (s), 112 + (s), 120 + (s)
static const _Alignas(64) uint8_t rm_gather[2][64] = {{RM_GATHER(0), RM_GATHER(1), RM_GATHER(2), RM_GATHER(3)},
                                                      {RM_GATHER(4), RM_GATHER(5), RM_GATHER(6), RM_GATHER(7)}};

/* Four symbols' copies fill HQC_RM_COPIES registers: qword w of register z is the 128-bit slot
 * 4 z + w / 2 of the four, which belongs to symbol (4 z + w / 2) / copies. */
#define RM_COPY(z, w) (2 * ((4 * (z) + (w) / 2) / HQC_RM_COPIES) + ((w) & 1))
#define RM_COPIES_ROW(z) \
    {RM_COPY(z, 0), RM_COPY(z, 1), RM_COPY(z, 2), RM_COPY(z, 3), RM_COPY(z, 4), RM_COPY(z, 5), RM_COPY(z, 6), RM_COPY(z, 7)}
_Static_assert(HQC_RM_COPIES <= 5, "rm_copies has five rows");
static const _Alignas(64) uint64_t rm_copies[5][8] = {RM_COPIES_ROW(0), RM_COPIES_ROW(1), RM_COPIES_ROW(2),
                                                      RM_COPIES_ROW(3), RM_COPIES_ROW(4)};

/* The copies of symbols 4 q .. 4 q + 3 (those below N1), held in four 128-bit lanes. */
static inline void store_four(uint64_t *cdw, int q, __m512i four)
{
    for (int z = 0; z < HQC_RM_COPIES; z++) {
        int first = 4 * q * WORDS_PER_SYMBOL + 8 * z, left = HQC_N1N2_WORDS - first;
        __m512i words = _mm512_permutexvar_epi64(_mm512_load_si512((const void *)rm_copies[z]), four);
        if (left >= 8)
            _mm512_storeu_si512((void *)(cdw + first), words);
        else if (left > 0)
            _mm512_mask_storeu_epi64(cdw + first, (__mmask8)((1u << left) - 1), words);
    }
}

void rm_encode_gfni(uint64_t *cdw, const uint8_t *msg)
{
    const __m512i low = _mm512_load_si512((const void *)&rm_matrices[0]);
    const __m512i high = _mm512_load_si512((const void *)&rm_matrices[8]);
    const __m512i gather0 = _mm512_load_si512((const void *)rm_gather[0]);
    const __m512i gather1 = _mm512_load_si512((const void *)rm_gather[1]);
    /* The N1 symbols in registers (masked loads: nothing past msg is read), eight a qword. */
    __m512i all[(HQC_N1 + 63) / 64];
    for (int r = 0; 64 * r < HQC_N1; r++) {
        int left = HQC_N1 - 64 * r;
        all[r] = _mm512_maskz_loadu_epi8(left >= 64 ? ~0ULL : (1ULL << left) - 1, msg + 64 * r);
    }
    for (int g = 0; 8 * g < HQC_N1; g++) {
        int left = HQC_N1 - 8 * g;
        __m512i symbols = _mm512_permutexvar_epi64(_mm512_set1_epi64(g % 8), all[g / 8]);
        __m512i bytes_lo = _mm512_gf2p8affine_epi64_epi8(symbols, low, 0);
        __m512i bytes_hi = _mm512_gf2p8affine_epi64_epi8(symbols, high, 0);
        store_four(cdw, 2 * g, _mm512_permutex2var_epi8(bytes_lo, gather0, bytes_hi));
        if (left > 4)
            store_four(cdw, 2 * g + 1, _mm512_permutex2var_epi8(bytes_lo, gather1, bytes_hi));
    }
}
