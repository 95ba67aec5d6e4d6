/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* avx512_simde.h: forced (-include) into every file of src/gf2x/native/x86_64/avx512/ in the emulated build
 * only (mk/emu.mk, docs/VERIFICATION.md "Emulated AVX-512"): the _mm512_* intrinsics become
 * SIMDe's portable C, plus our own definitions, from Intel's Intrinsics Guide pseudocode, of
 * the seventeen SIMDe 0.7.4 lacks; and the backend tables and the AVX-512VL Keccak kernel stop
 * asking for AVX-512, VPCLMULQDQ and GFNI, so the dispatchers offer avx512, avx512-sparse and
 * that kernel on any AVX2 CPU. Never shipped. */
#ifndef HQC_TESTS_EMU_AVX512_SIMDE_H
#define HQC_TESTS_EMU_AVX512_SIMDE_H

#if defined(__AVX512F__) || defined(__GFNI__) || defined(__VPCLMULQDQ__)
#error "the emulated AVX-512 build must not be compiled with -mavx512*, -mgfni or -mvpclmulqdq"
#endif

/* The compiler's own header first, so that its __m512i is the type SIMDe builds on and the
 * sources' later #include <immintrin.h> changes nothing; SIMDe's aliases then shadow the
 * names of the compiler's AVX-512 functions, which this target could not inline. */
#include <immintrin.h>
#include <stdint.h>
#include <string.h>

#define SIMDE_ENABLE_NATIVE_ALIASES
#include <simde/x86/avx512.h>
#include <simde/x86/clmul.h>
#include <simde/x86/gfni.h>

#include "cpu.h"

/* Lanes as plain words: the definitions below follow the Intrinsics Guide lane by lane. */
static inline void emu_words(uint64_t w[8], __m512i v)
{
    memcpy(w, &v, sizeof(__m512i));
}

static inline __m512i emu_vector(const uint64_t w[8])
{
    __m512i v;
    memcpy(&v, w, sizeof v);
    return v;
}

/* VALIGNQ: the 1024-bit a:b (a high) shifted right by 64 (imm8 & 7) bits, low 512 bits kept. */
static inline __m512i emu_alignr_epi64(__m512i a, __m512i b, int imm8)
{
    uint64_t t[16], r[8];
    emu_words(t, b);
    emu_words(t + 8, a);
    for (int i = 0; i < 8; i++)
        r[i] = t[i + (imm8 & 7)];
    return emu_vector(r);
}

/* The same, lanes whose bit of k is clear zeroed. */
static inline __m512i emu_maskz_alignr_epi64(__mmask8 k, __m512i a, __m512i b, int imm8)
{
    uint64_t r[8];
    emu_words(r, emu_alignr_epi64(a, b, imm8));
    for (int i = 0; i < 8; i++)
        if (!((k >> i) & 1))
            r[i] = 0;
    return emu_vector(r);
}

/* VBROADCASTI64X2: the 128 bits of a in each of the four 128-bit lanes. */
static inline __m512i emu_broadcast_i64x2(__m128i a)
{
    uint64_t s[2], r[8];
    memcpy(s, &a, sizeof s);
    for (int i = 0; i < 8; i++)
        r[i] = s[i & 1];
    return emu_vector(r);
}

/* VPMOVQB: byte i of the result is the low byte of word i; bytes 8 to 15 are zero. */
static inline __m128i emu_cvtepi64_epi8(__m512i a)
{
    uint64_t w[8];
    uint8_t r[16] = {0};
    emu_words(w, a);
    for (int i = 0; i < 8; i++)
        r[i] = (uint8_t)w[i];
    __m128i v;
    memcpy(&v, r, sizeof v);
    return v;
}

/* VMOVDQU8/32/64 store and load under a mask, lanes of `width` bytes: a lane whose bit of k
 * is clear is neither written nor read (a masked load gives 0 there), as the instruction
 * suppresses its faults (toom3_mul relies on it at the end of the operand). */
static inline void emu_mask_storeu(void *mem, uint64_t k, __m512i a, size_t width)
{
    unsigned char b[64];
    memcpy(b, &a, sizeof b);
    for (size_t i = 0; i < 64 / width; i++)
        if ((k >> i) & 1)
            memcpy((unsigned char *)mem + width * i, b + width * i, width);
}

static inline __m512i emu_maskz_loadu(uint64_t k, const void *mem, size_t width)
{
    unsigned char b[64] = {0};
    for (size_t i = 0; i < 64 / width; i++)
        if ((k >> i) & 1)
            memcpy(b + width * i, (const unsigned char *)mem + width * i, width);
    __m512i v;
    memcpy(&v, b, sizeof v);
    return v;
}

/* 32 lanes of 16 bits, 16 of 32, for the definitions of fixed_weight_vbmi.c's intrinsics. */
static inline void emu_u16(uint16_t h[32], __m512i v)
{
    memcpy(h, &v, sizeof(__m512i));
}

/* VPCMPEQW, or VPCMPUW less-than (lt), into a mask; lanes whose bit of k is clear give 0. */
static inline __mmask32 emu_mask_cmp_epu16_mask(__mmask32 k, __m512i a, __m512i b, int lt)
{
    uint16_t x[32], y[32];
    __mmask32 r = 0;
    emu_u16(x, a), emu_u16(y, b);
    for (int i = 0; i < 32; i++)
        r |= (__mmask32)(((k >> i) & 1) && (lt ? x[i] < y[i] : x[i] == y[i])) << i;
    return r;
}

/* VPCMPUD less-than into a mask, for keygen_discards_vbmi.c. */
static inline __mmask16 emu_cmplt_epu32_mask(__m512i a, __m512i b)
{
    uint32_t x[16], y[16];
    __mmask16 r = 0;
    memcpy(x, &a, sizeof x), memcpy(y, &b, sizeof y);
    for (int i = 0; i < 16; i++)
        r |= (__mmask16)((x[i] < y[i]) << i);
    return r;
}

/* VPSUBW with merge masking: lanes whose bit of k is clear keep src. */
static inline __m512i emu_mask_sub_epi16(__m512i src, __mmask32 k, __m512i a, __m512i b)
{
    uint16_t s[32], x[32], y[32];
    emu_u16(s, src), emu_u16(x, a), emu_u16(y, b);
    for (int i = 0; i < 32; i++)
        if ((k >> i) & 1)
            s[i] = (uint16_t)(x[i] - y[i]);
    __m512i v;
    memcpy(&v, s, sizeof v);
    return v;
}

/* VPMOVDW: word i of the result is the low 16 bits of doubleword i. */
static inline __m256i emu_cvtepi32_epi16(__m512i a)
{
    uint32_t d[16];
    uint16_t r[16];
    memcpy(d, &a, sizeof d);
    for (int i = 0; i < 16; i++)
        r[i] = (uint16_t)d[i];
    __m256i v;
    memcpy(&v, r, sizeof v);
    return v;
}

/* VPMOVZXWD: doubleword i of the result is word i of a, zero-extended. */
static inline __m512i emu_cvtepu16_epi32(__m256i a)
{
    uint16_t h[16];
    uint32_t r[16];
    memcpy(h, &a, sizeof h);
    for (int i = 0; i < 16; i++)
        r[i] = h[i];
    __m512i v;
    memcpy(&v, r, sizeof v);
    return v;
}

/* SIMDe 0.7.4 has this one (as the 32-bit-lane shuffle, which moves the same 128-bit lanes)
 * but no alias for it. */
#undef _mm512_shuffle_i64x2
#define _mm512_shuffle_i64x2(a, b, imm8) simde_mm512_shuffle_i64x2((a), (b), (imm8))

#undef _mm512_alignr_epi64
#undef _mm512_maskz_alignr_epi64
#undef _mm512_broadcast_i64x2
#undef _mm512_cvtepi64_epi8
#undef _mm512_mask_storeu_epi64
#undef _mm512_maskz_loadu_epi64
#define _mm512_alignr_epi64(a, b, imm8) emu_alignr_epi64((a), (b), (imm8))
#define _mm512_maskz_alignr_epi64(k, a, b, imm8) emu_maskz_alignr_epi64((k), (a), (b), (imm8))
#define _mm512_broadcast_i64x2(a) emu_broadcast_i64x2(a)
#define _mm512_cvtepi64_epi8(a) emu_cvtepi64_epi8(a)
#define _mm512_mask_storeu_epi64(mem, k, a) emu_mask_storeu((mem), (k), (a), 8)
#define _mm512_maskz_loadu_epi64(k, mem) emu_maskz_loadu((k), (mem), 8)
#undef _mm512_cmpeq_epi16_mask
#undef _mm512_mask_sub_epi16
#define _mm512_mask_sub_epi16(src, k, a, b) emu_mask_sub_epi16((src), (k), (a), (b))
#undef _mm512_mask_cmpeq_epi16_mask
#undef _mm512_cmplt_epu16_mask
#undef _mm512_cvtepi32_epi16
#undef _mm512_cvtepu16_epi32
#undef _mm512_mask_storeu_epi32
#undef _mm512_maskz_loadu_epi32
#define _mm512_cmpeq_epi16_mask(a, b) emu_mask_cmp_epu16_mask(0xFFFFFFFFu, (a), (b), 0)
#define _mm512_mask_cmpeq_epi16_mask(k, a, b) emu_mask_cmp_epu16_mask((k), (a), (b), 0)
#define _mm512_cmplt_epu16_mask(a, b) emu_mask_cmp_epu16_mask(0xFFFFFFFFu, (a), (b), 1)
#undef _mm512_cmplt_epu32_mask
#define _mm512_cmplt_epu32_mask(a, b) emu_cmplt_epu32_mask((a), (b))
#define _mm512_cvtepi32_epi16(a) emu_cvtepi32_epi16(a)
#define _mm512_cvtepu16_epi32(a) emu_cvtepu16_epi32(a)
#define _mm512_mask_storeu_epi32(mem, k, a) emu_mask_storeu((mem), (k), (a), 4)
#define _mm512_maskz_loadu_epi32(k, mem) emu_maskz_loadu((k), (mem), 4)
#undef _mm512_mask_storeu_epi8
#undef _mm512_maskz_loadu_epi8
#define _mm512_mask_storeu_epi8(mem, k, a) emu_mask_storeu((mem), (k), (a), 1)
#define _mm512_maskz_loadu_epi8(k, mem) emu_maskz_loadu((k), (mem), 1)

/* Alignment, as the hardware enforces it. VMOVDQA64 faults (#GP) on an address that is not a
 * multiple of 64; SIMDe's C copies with memcpy and would not, so a misaligned buffer that only
 * AVX-512 hardware would catch is caught here: every aligned 512-bit load and store asserts its
 * address, naming the call site. (Typed __m512i accesses are checked by -fsanitize=alignment,
 * which mk/emu.mk adds to this build.) */
#include <stdio.h>
#include <stdlib.h>

static inline uintptr_t emu_check_aligned64(uintptr_t addr, const char *what, const char *file, int line)
{
    if (addr % 64 != 0) {
        fprintf(stderr, "%s:%d: %s at %#jx, which is not 64-byte aligned (AVX-512 hardware "
                "faults here)\n", file, line, what, (uintmax_t)addr);
        abort();
    }
    return addr;
}

#define EMU_ALIGNED64(p, what) emu_check_aligned64((uintptr_t)(p), (what), __FILE__, __LINE__)
#undef _mm512_load_si512
#undef _mm512_load_epi32
#undef _mm512_load_epi64
#undef _mm512_store_si512
#undef _mm512_store_epi32
#undef _mm512_store_epi64
#define _mm512_load_si512(p) simde_mm512_load_si512((const void *)EMU_ALIGNED64((p), "_mm512_load_si512"))
#define _mm512_load_epi32(p) simde_mm512_load_si512((const void *)EMU_ALIGNED64((p), "_mm512_load_epi32"))
#define _mm512_load_epi64(p) simde_mm512_load_si512((const void *)EMU_ALIGNED64((p), "_mm512_load_epi64"))
#define _mm512_store_si512(p, a) simde_mm512_store_si512((void *)EMU_ALIGNED64((p), "_mm512_store_si512"), (a))
#define _mm512_store_epi32(p, a) simde_mm512_store_si512((void *)EMU_ALIGNED64((p), "_mm512_store_epi32"), (a))
#define _mm512_store_epi64(p, a) simde_mm512_store_si512((void *)EMU_ALIGNED64((p), "_mm512_store_epi64"), (a))

/* The backend tables' CPU requirements (backend_avx512*.c) without the emulated features: what
 * remains (AVX2, PCLMUL, BMI2) is what the real AVX2 code these tables share still needs. */
#undef HQC_CPU_AVX512F
#undef HQC_CPU_AVX512BW
#undef HQC_CPU_AVX512DQ
#undef HQC_CPU_AVX512VL
#undef HQC_CPU_VPCLMULQDQ
#undef HQC_CPU_GFNI
#undef HQC_CPU_AVX512VBMI
#define HQC_CPU_AVX512F 0u
#define HQC_CPU_AVX512BW 0u
#define HQC_CPU_AVX512DQ 0u
#define HQC_CPU_AVX512VL 0u
#define HQC_CPU_VPCLMULQDQ 0u
#define HQC_CPU_GFNI 0u
#define HQC_CPU_AVX512VBMI 0u

#endif
