/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* import_choice.c: prints, for a liboqs that imported our KEM with its own script
 * (integration/liboqs/, or the patch series made of that import), which code serves HQC on
 * this CPU: per level whether liboqs's kem_hqc_<L>.c sent keygen, encaps and decaps to our
 * fast implementation (x86_64, or aarch64 with -DFAST_AARCH64) or to our portable one (counted
 * through -Wl,--wrap on their prefixed names), and the backend the fast one's dispatcher chose
 * (asked only where liboqs runs it: the x86_64 one is compiled with AVX2). On x86 the CPU
 * features come from the compiler's own CPUID reader, not from our code. The tests compare
 * them with what the features allow. */
#include <oqs/oqs.h>
#include <stdio.h>

#include "round_trip.h"

/* The few fields of a backend table this program reads: its name comes first. */
typedef struct {
    const char *name;
} backend_head;

#ifdef FAST_AARCH64
#define FAST(level, s) HQCFAST_HQC##level##_AARCH64_##s
#define FAST_NAME "aarch64"
#else
#define FAST(level, s) HQCFAST_HQC##level##_X86_64_##s
#define FAST_NAME "x86_64"
#endif
/* The wrapped names, spelled out for -Wl,--wrap: FAST's prefix, then the function. */
#define WRAP_FAST(idx, level) WRAP_KEM(idx, fast_calls, FAST(level, hqc##level##_crypto_kem_))
static int fast_calls[3], ref_calls[3];

/* A counting wrapper in front of one prefixed KEM function. */
#define WRAP_OP(idx, counter, name, params, args)                                             \
    int __real_##name params;                                                                 \
    int __wrap_##name params;                                                                 \
    int __wrap_##name params                                                                  \
    {                                                                                         \
        counter[idx]++;                                                                       \
        return __real_##name args;                                                            \
    }
#define WRAP_KEM_(idx, counter, prefix)                                                       \
    WRAP_OP(idx, counter, prefix##keypair, (uint8_t * pk, uint8_t * sk), (pk, sk))            \
    WRAP_OP(idx, counter, prefix##enc, (uint8_t * ct, uint8_t * ss, const uint8_t * pk),      \
            (ct, ss, pk))                                                                     \
    WRAP_OP(idx, counter, prefix##dec, (uint8_t * ss, const uint8_t * ct, const uint8_t * sk), \
            (ss, ct, sk))
/* One more level, so that a prefix given as a macro call (FAST) is expanded before pasting. */
#define WRAP_KEM(idx, counter, prefix) WRAP_KEM_(idx, counter, prefix)

WRAP_FAST(0, 1)
WRAP_FAST(1, 3)
WRAP_FAST(2, 5)
WRAP_KEM(0, ref_calls, HQCFAST_HQC1_REF_hqc1_crypto_kem_)
WRAP_KEM(1, ref_calls, HQCFAST_HQC3_REF_hqc3_crypto_kem_)
WRAP_KEM(2, ref_calls, HQCFAST_HQC5_REF_hqc5_crypto_kem_)

const backend_head *FAST(1, hqc1_backend_default)(void);
const backend_head *FAST(3, hqc3_backend_default)(void);
const backend_head *FAST(5, hqc5_backend_default)(void);

static const char *served_by(int i)
{
    if (fast_calls[i] == 3 && ref_calls[i] == 0)
        return FAST_NAME;
    if (ref_calls[i] == 3 && fast_calls[i] == 0)
        return "ref";
    return "mixed";
}

int main(void)
{
    static const char *const algs[3] = {"HQC-1", "HQC-3", "HQC-5"};
    int ok = 1;
    OQS_init();
    for (int i = 0; i < 3; i++)
        ok &= round_trip(algs[i]);
    printf("cpu:");
#ifdef __x86_64__
    /* Our names for the features (hqc_cpu_features_string's); __builtin_cpu_supports takes
     * literals only, and counts AVX-512 only where the OS enables its state. */
    __builtin_cpu_init();
#define FEATURE(ours, gcc)           \
    if (__builtin_cpu_supports(gcc)) \
        printf(" %s", ours);
    FEATURE("pclmul", "pclmul") FEATURE("avx2", "avx2") FEATURE("bmi1", "bmi")
    FEATURE("bmi2", "bmi2") FEATURE("avx512f", "avx512f") FEATURE("avx512bw", "avx512bw")
    FEATURE("avx512dq", "avx512dq") FEATURE("avx512vl", "avx512vl")
    FEATURE("vpclmulqdq", "vpclmulqdq") FEATURE("gfni", "gfni") FEATURE("avx512vbmi", "avx512vbmi")
#endif
    printf("\n");
    /* Ask the fast implementation's dispatcher only where liboqs runs it. */
    int fast = fast_calls[0] == 3;
    printf("hqc1: %s\nhqc3: %s\nhqc5: %s\n", fast ? FAST(1, hqc1_backend_default)()->name : "-",
           fast ? FAST(3, hqc3_backend_default)()->name : "-",
           fast ? FAST(5, hqc5_backend_default)()->name : "-");
    printf("hqc1-kem: %s\nhqc3-kem: %s\nhqc5-kem: %s\n", served_by(0), served_by(1),
           served_by(2));
    return ok ? 0 : 1;
}
