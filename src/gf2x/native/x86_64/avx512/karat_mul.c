/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* karat_mul.c: products of 4 or 8 blocks (2048 or 4096 bits) by recursive two-way Karatsuba
 * down to the 512-bit kernel of karat_mul_512.h (Robert and Veron 2021, section on recursive
 * Karatsuba: karat_mult_2/4/8_512 shapes). The 2-block step is done entirely in registers;
 * B operands are stored with B_STRIDE words per block (doubled for the aligned kernel). */
#include <immintrin.h>

#include "gf2x_avx512.h"
#include "karat_mul_512.h"

/* c = a0b0 + Y (a0b0 + a1b1 + (a0+a1)(b0+b1)) + Y^2 a1b1 with Y = X^512, all in registers:
 * the operand sums are formed on the kernel's operand layouts, which are linear in the block.
 * Not inlined: inlined into karat_step, gcc replaces the broadcast loads of the just-stored
 * sums by register extracts and shuffles, which compete with VPCLMULQDQ for port 5. */
static __attribute__((noinline)) void karat_mul_2x512(uint64_t *c, const uint64_t *a, const uint64_t *b)
{
    __m512i l0, l1, h0, h1, m0, m1;
#if HQC_AVX512_KERNEL == 16
    __m512i a0[4], a1[4], as[4], r0[4], r1[4], rs[4];
    load_spread_512(a0, a);
    load_spread_512(a1, a + BLOCK_WORDS);
    load_rotations_512(r0, b);
    load_rotations_512(r1, b + B_STRIDE);
    for (int k = 0; k < 4; k++) {
        as[k] = _mm512_xor_si512(a0[k], a1[k]);
        rs[k] = _mm512_xor_si512(r0[k], r1[k]);
    }
    mul_512_aligned(&l0, &l1, a0, r0);
    mul_512_aligned(&h0, &h1, a1, r1);
    mul_512_aligned(&m0, &m1, as, rs);
#else
    _Alignas(64) uint64_t sa[BLOCK_WORDS], sb[BLOCK_WORDS];
    store_block(sa, _mm512_xor_si512(load_block(a), load_block(a + BLOCK_WORDS)));
    store_block(sb, _mm512_xor_si512(load_block(b), load_block(b + B_STRIDE)));
    mul_512_karatsuba(&l0, &l1, a, b);
    mul_512_karatsuba(&h0, &h1, a + BLOCK_WORDS, b + B_STRIDE);
    mul_512_karatsuba(&m0, &m1, sa, sb);
#endif
    __m512i t = _mm512_xor_si512(l1, h0);
    store_block(c, l0);
    store_block(c + 8, xor3(t, l0, m0));
    store_block(c + 16, xor3(t, h1, m1));
    store_block(c + 24, h1);
}

/* One two-way step on 2h blocks over the h-block product SUB. The sums are written before
 * the two direct products run, so that by the time the third product reads them with
 * unaligned loads the stores have left the store buffer (a load spanning two pending
 * stores cannot be forwarded and stalls). h and SUB are constants at every call. */
static inline void karat_step(uint64_t *c, const uint64_t *a, const uint64_t *b, size_t h,
                              void (*sub)(uint64_t *, const uint64_t *, const uint64_t *))
{
    _Alignas(64) uint64_t sa[4 * BLOCK_WORDS], sb[4 * B_STRIDE], m[8 * BLOCK_WORDS];
    for (size_t i = 0; i < h * BLOCK_WORDS; i += BLOCK_WORDS)
        store_block(sa + i, _mm512_xor_si512(load_block(a + i), load_block(a + h * BLOCK_WORDS + i)));
    for (size_t i = 0; i < h * B_STRIDE; i += BLOCK_WORDS)
        store_block(sb + i, _mm512_xor_si512(load_block(b + i), load_block(b + h * B_STRIDE + i)));
    sub(c, a, b);
    sub(c + 2 * h * BLOCK_WORDS, a + h * BLOCK_WORDS, b + h * B_STRIDE);
    sub(m, sa, sb);
    for (size_t i = 0; i < h * BLOCK_WORDS; i += BLOCK_WORDS) {
        __m512i t = _mm512_xor_si512(load_block(c + h * BLOCK_WORDS + i), load_block(c + 2 * h * BLOCK_WORDS + i));
        store_block(c + h * BLOCK_WORDS + i, xor3(t, load_block(c + i), load_block(m + i)));
        store_block(c + 2 * h * BLOCK_WORDS + i,
           xor3(t, load_block(c + 3 * h * BLOCK_WORDS + i), load_block(m + h * BLOCK_WORDS + i)));
    }
}

static void karat_mul_4x512(uint64_t *c, const uint64_t *a, const uint64_t *b)
{
    karat_step(c, a, b, 2, karat_mul_2x512);
}

#if KARAT_LEAF_BLOCKS == 8
static void karat_mul_8x512(uint64_t *c, const uint64_t *a, const uint64_t *b)
{
    karat_step(c, a, b, 4, karat_mul_4x512);
}
#endif

void karat_mul_leaf(uint64_t *c, const uint64_t *a, const uint64_t *b)
{
#if KARAT_LEAF_BLOCKS == 8
    karat_mul_8x512(c, a, b);
#elif KARAT_LEAF_BLOCKS == 4
    karat_mul_4x512(c, a, b);
#else
#error "KARAT_LEAF_BLOCKS must be 4 or 8"
#endif
}
