/* karat_mul_512.h: the 512x512 -> 1024-bit carry-less kernel with VPCLMULQDQ (Robert and
 * Veron 2021, section 3: one Karatsuba level over 256-bit schoolbook products, 12
 * VPCLMULQDQ). Each 256x256 product puts its four 128x128 schoolbook rows in the four lanes of
 * one zmm (lane layout chosen so every VPCLMULQDQ selector yields four useful products). */
#ifndef HQC_KARAT_MUL_512_H
#define HQC_KARAT_MUL_512_H

#include <immintrin.h>
#include <stdint.h>

#define HQC_AVX512_INLINE static inline __attribute__((always_inline))

/* x y for 256-bit x, y given as X = lanes (x0x1, x0x1, x2x3, x2x3) and Y = (y0y1, y2y3,
 * y0y1, y2y3): selector 0x00 gives x0y0 x0y2 x2y0 x2y2 (word offsets 0 2 2 4), 0x11 gives
 * x1y1 x1y3 x3y1 x3y3 (2 4 4 6), 0x01 and 0x10 the cross products (1 3 3 5). Returns the
 * even-offset sum in *even (8 words) and the odd-offset sum, still one word low, in *odd. */
HQC_AVX512_INLINE void clmul256_lanes(__m512i *even, __m512i *odd, __m512i x, __m512i y)
{
    __m512i p00 = _mm512_clmulepi64_epi128(x, y, 0x00);
    __m512i p11 = _mm512_clmulepi64_epi128(x, y, 0x11);
    __m512i m = _mm512_clmulepi64_epi128(x, y, 0x01) ^ _mm512_clmulepi64_epi128(x, y, 0x10);
    /* lanes of p00 go to 128-bit slots (0 1 1 2), of p11 to (1 2 2 3), of m to (0 1 1 2). */
    const __m512i first = _mm512_setr_epi64(0, 1, 2, 3, 6, 7, 14, 15);  /* p00.L0 p00.L1 p00.L3 p11.L3 */
    const __m512i second = _mm512_setr_epi64(0, 0, 4, 5, 10, 11, 0, 0); /* -  p00.L2 p11.L1 - */
    const __m512i third = _mm512_setr_epi64(0, 0, 8, 9, 12, 13, 0, 0);  /* -  p11.L0 p11.L2 - */
    *even = _mm512_permutex2var_epi64(p00, first, p11) ^
            _mm512_maskz_permutex2var_epi64(0x3c, p00, second, p11) ^
            _mm512_maskz_permutex2var_epi64(0x3c, p00, third, p11);
    const __m512i m_first = _mm512_setr_epi64(0, 1, 2, 3, 6, 7, 0, 0);
    const __m512i m_second = _mm512_setr_epi64(0, 0, 4, 5, 0, 0, 0, 0);
    *odd = _mm512_maskz_permutexvar_epi64(0x3f, m_first, m) ^ _mm512_maskz_permutexvar_epi64(0x0c, m_second, m);
}

/* r[0..16) = a[0..8) * b[0..8). */
HQC_AVX512_INLINE void karat_mul_512(__m512i *lo, __m512i *hi, __m512i a, __m512i b)
{
    const __m512i xl = _mm512_setr_epi64(0, 1, 0, 1, 2, 3, 2, 3), xh = _mm512_setr_epi64(4, 5, 4, 5, 6, 7, 6, 7);
    const __m512i yl = _mm512_setr_epi64(0, 1, 2, 3, 0, 1, 2, 3), yh = _mm512_setr_epi64(4, 5, 6, 7, 4, 5, 6, 7);
    __m512i al = _mm512_permutexvar_epi64(xl, a), ah = _mm512_permutexvar_epi64(xh, a);
    __m512i bl = _mm512_permutexvar_epi64(yl, b), bh = _mm512_permutexvar_epi64(yh, b);
    __m512i el, ol, eh, oh, em, om;
    clmul256_lanes(&el, &ol, al, bl);
    clmul256_lanes(&eh, &oh, ah, bh);
    clmul256_lanes(&em, &om, al ^ ah, bl ^ bh);
    /* Karatsuba recombination is linear, so it is done on the even and odd parts first and the
     * odd part is moved up one word once. */
    const __m512i zero = _mm512_setzero_si512();
    __m512i ol1 = _mm512_alignr_epi64(ol, zero, 7), oh1 = _mm512_alignr_epi64(oh, zero, 7);
    __m512i om1 = _mm512_alignr_epi64(om, zero, 7);
    __m512i l = el ^ ol1, h = eh ^ oh1, mid = l ^ h ^ em ^ om1;
    *lo = l ^ _mm512_alignr_epi64(mid, zero, 4);
    *hi = h ^ _mm512_alignr_epi64(zero, mid, 4);
}

#endif
