/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* ct_leaky.c: deliberately leaky (and one clean) functions on marked-secret data, to measure
 * what the constant-time checker really reports (docs/VERIFICATION.md lists the results).
 * A checker that never reports anything proves nothing, so scripts/ct-check requires the
 * leaks below to be reported and the clean function not to be.
 * Usage: ct_leaky clean|branch|index|select|asm-cmov|carry|div-divisor|div-dividend|gfni|vpmovqb|movemask */
#include <stdio.h>
#include <string.h>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include "ct_poison.h"

/* Constant time: masks only. Must not be reported (a checker that reports everything is as
 * useless as one that reports nothing). */
static uint32_t leak_none(const uint8_t *s, size_t n, const uint8_t *table)
{
    (void)table;
    uint32_t acc = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t bit = s[i] & 1u;
        acc += (0u - bit) & 0x9e3779b9u;
        acc ^= acc >> 7;
    }
    return acc;
}

/* A loop whose trip count is secret: a secret-dependent conditional branch. */
static uint32_t leak_branch(const uint8_t *s, size_t n, const uint8_t *table)
{
    (void)table;
    uint32_t acc = 1;
    for (size_t i = 0; i < n; i++)
        for (uint32_t k = 0; k < (s[i] & 7u); k++)
            acc = acc * 3u + k;
    return acc;
}

/* A table lookup at a secret index: a secret-dependent memory address (cache timing). */
static uint32_t leak_index(const uint8_t *s, size_t n, const uint8_t *table)
{
    uint32_t acc = 0;
    for (size_t i = 0; i < n; i++)
        acc = (acc << 1) ^ table[s[i]];
    return acc;
}

/* A select on a secret, in C: compilers emit cmov or masks (constant time on x86) or, at
 * times, a branch. Whether it is reported depends on what the compiler chose and where: MSan
 * instruments the IR before the code generator picks, valgrind runs the final machine code. */
static uint32_t leak_select(const uint8_t *s, size_t n, const uint8_t *table)
{
    (void)table;
    uint32_t acc = 0;
    for (size_t i = 0; i < n; i++)
        acc += (s[i] & 1u) ? 11u : 5u + (uint32_t)i;
    return acc;
}

/* The same select as a cmov in inline assembly, so no compiler can change it. */
static uint32_t leak_asm_cmov(const uint8_t *s, size_t n, const uint8_t *table)
{
    (void)table;
    uint32_t acc = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t r = 5, c = s[i] & 1u, alt = 11;
#if defined(__x86_64__)
        __asm__("test %[c], %[c]\n\tcmovnz %[alt], %[r]" : [r] "+r"(r) : [c] "r"(c), [alt] "r"(alt) : "cc");
#else
        r = c ? alt : r;
#endif
        acc += r;
    }
    return acc;
}

/* A branch on a comparison computed the constant-time way, (c - x) >> 31: the secret sits in
 * the low bits of x and reaches bit 31 only through the borrow. A tool that does not
 * propagate marks through carries misses this branch. */
static uint32_t leak_carry(const uint8_t *s, size_t n, const uint8_t *table)
{
    (void)table;
    uint32_t sum = 0, acc = 1;
    for (size_t i = 0; i < n; i++)
        sum += s[i] & 1u;
    volatile uint32_t threshold = 20; /* keeps the compiler from rewriting the test as x > c */
    uint32_t over = (threshold - sum) >> 31;
    /* A volatile store may not happen speculatively, so this stays a branch. */
    volatile uint32_t sink = 0;
    if (over)
        sink = sum;
    return acc + sink;
}

/* Integer division: its latency depends on the operands on many x86 cores (KyberSlash). */
static uint32_t leak_div_divisor(const uint8_t *s, size_t n, const uint8_t *table)
{
    (void)table;
    volatile uint32_t dividend = 0xfedcba98u;
    uint32_t acc = 0;
    for (size_t i = 0; i < n; i++)
        acc += dividend / ((uint32_t)s[i] | 1u);
    return acc;
}

static uint32_t leak_div_dividend(const uint8_t *s, size_t n, const uint8_t *table)
{
    (void)table;
    volatile uint32_t divisor = 3329;
    uint32_t acc = 0;
    for (size_t i = 0; i < n; i++)
        acc += ((uint32_t)s[i] << 20 | s[i]) / divisor;
    return acc;
}

#if defined(__x86_64__)
/* GF2P8AFFINEQB (the AVX-512 backend's syndromes) on a secret: constant time in hardware.
 * It shows whether the tool models the instruction or reports any secret operand. */
__attribute__((target("avx512f,avx512bw,gfni"))) static uint32_t leak_gfni(const uint8_t *s, size_t n,
                                                                            const uint8_t *table)
{
    (void)table;
    __m512i acc = _mm512_setzero_si512();
    const __m512i matrix = _mm512_set1_epi64(0x0102040810204080LL);
    for (size_t i = 0; i + 64 <= n; i += 64)
        acc = _mm512_xor_si512(acc, _mm512_gf2p8affine_epi64_epi8(_mm512_loadu_si512(s + i), matrix, 0));
    uint8_t out[64];
    _mm512_storeu_si512(out, acc);
    return (uint32_t)out[0] | (uint32_t)out[63] << 8;
}

/* VPMOVQB (the syndromes' final narrowing) on a secret, likewise constant time. */
__attribute__((target("avx512f"))) static uint32_t leak_vpmovqb(const uint8_t *s, size_t n, const uint8_t *table)
{
    (void)table;
    uint32_t acc = 0;
    for (size_t i = 0; i + 64 <= n; i += 64) {
        uint8_t out[16];
        _mm_storeu_si128((__m128i *)out, _mm512_cvtepi64_epi8(_mm512_loadu_si512(s + i)));
        acc += (uint32_t)out[0] + out[7];
    }
    return acc;
}

/* VPMOVMSKB (the AVX2 keygen sampler's match masks) on a secret, constant time too; the result
 * is used by arithmetic only. MSan sees plain IR once the optimiser has rewritten the
 * intrinsic; at -O0 the intrinsic itself reaches it. */
__attribute__((target("avx2"))) static uint32_t leak_movemask(const uint8_t *s, size_t n, const uint8_t *table)
{
    (void)table;
    uint32_t acc = 0;
    for (size_t i = 0; i + 32 <= n; i += 32)
        acc += (uint32_t)_mm256_movemask_epi8(_mm256_loadu_si256((const __m256i *)(s + i)));
    return acc;
}
#define X86_MODE(fn) fn
#else
/* Elsewhere the x86 modes are in the table but never run (mode_supported). */
static uint32_t not_here(const uint8_t *s, size_t n, const uint8_t *table)
{
    (void)s;
    (void)n;
    (void)table;
    return 0;
}
#define X86_MODE(fn) not_here
#endif

/* The instruction-set modes run only where the CPU, as the tool presents it, has the
 * instructions (valgrind presents no AVX-512). */
static int mode_supported(const char *name)
{
#if defined(__x86_64__)
    if (strcmp(name, "gfni") == 0)
        return __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("gfni");
    if (strcmp(name, "vpmovqb") == 0)
        return __builtin_cpu_supports("avx512f");
    if (strcmp(name, "movemask") == 0)
        return __builtin_cpu_supports("avx2");
    return 1;
#else
    return strcmp(name, "gfni") != 0 && strcmp(name, "vpmovqb") != 0 && strcmp(name, "movemask") != 0;
#endif
}

int main(int argc, char **argv)
{
    static const struct {
        const char *name;
        uint32_t (*fn)(const uint8_t *, size_t, const uint8_t *);
    } modes[] = {{"clean", leak_none},
                 {"branch", leak_branch},
                 {"index", leak_index},
                 {"select", leak_select},
                 {"asm-cmov", leak_asm_cmov},
                 {"carry", leak_carry},
                 {"div-divisor", leak_div_divisor},
                 {"div-dividend", leak_div_dividend},
                 {"gfni", X86_MODE(leak_gfni)},
                 {"vpmovqb", X86_MODE(leak_vpmovqb)},
                 {"movemask", X86_MODE(leak_movemask)}};
    if (argc != 2) {
        fprintf(stderr, "usage: %s clean|branch|index|select|asm-cmov|carry|div-divisor|div-dividend|gfni|vpmovqb|movemask\n",
                argv[0]);
        return 2;
    }
    if (!ct_running_under_tool()) {
        fprintf(stderr, "ct_leaky: not running under %s\n", CT_TOOL);
        return 3;
    }
    for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++) {
        if (strcmp(argv[1], modes[m].name) != 0)
            continue;
        if (!mode_supported(modes[m].name)) {
            printf("%s: unsupported\n", modes[m].name);
            return 4;
        }
        uint8_t secret[64], table[256];
        for (size_t i = 0; i < sizeof table; i++)
            table[i] = (uint8_t)(i * 167u + 13u);
        for (size_t i = 0; i < sizeof secret; i++)
            secret[i] = (uint8_t)(i * 37u + 11u);
        ct_secret(secret, sizeof secret);
        uint32_t r = modes[m].fn(secret, sizeof secret, table);
        ct_public(&r, sizeof r);
        printf("%s: %08x\n", modes[m].name, r);
        return 0;
    }
    fprintf(stderr, "ct_leaky: unknown mode '%s'\n", argv[1]);
    return 2;
}
