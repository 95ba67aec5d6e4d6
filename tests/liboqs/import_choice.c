/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* import_choice.c: prints, for a liboqs that imported our KEM with its own script
 * (integration/liboqs/), which code serves HQC on this CPU: per level whether liboqs's
 * kem_hqc_<L>.c sent keygen, encaps and decaps to our x86_64 implementation or to our portable
 * one (counted through -Wl,--wrap on their prefixed names), the backend our x86_64 dispatcher
 * chose and its Keccak kernels. The test compares them with what the CPU features allow. */
#include <oqs/oqs.h>
#include <stdio.h>

#include "round_trip.h"

/* The few fields of a backend table this program reads: its name comes first. */
typedef struct {
    const char *name;
} backend_head;

#define X86(level, s) HQCFAST_HQC##level##_X86_64_##s
#define REF(level, s) HQCFAST_HQC##level##_REF_##s

static int x86_calls[3], ref_calls[3];

/* A counting wrapper in front of one prefixed KEM function. */
#define WRAP_OP(idx, counter, name, params, args)                                             \
    int __real_##name params;                                                                 \
    int __wrap_##name params;                                                                 \
    int __wrap_##name params                                                                  \
    {                                                                                         \
        counter[idx]++;                                                                       \
        return __real_##name args;                                                            \
    }
#define WRAP_KEM(idx, counter, prefix)                                                        \
    WRAP_OP(idx, counter, prefix##keypair, (uint8_t * pk, uint8_t * sk), (pk, sk))            \
    WRAP_OP(idx, counter, prefix##enc, (uint8_t * ct, uint8_t * ss, const uint8_t * pk),      \
            (ct, ss, pk))                                                                     \
    WRAP_OP(idx, counter, prefix##dec, (uint8_t * ss, const uint8_t * ct, const uint8_t * sk), \
            (ss, ct, sk))

WRAP_KEM(0, x86_calls, HQCFAST_HQC1_X86_64_hqc1_crypto_kem_)
WRAP_KEM(1, x86_calls, HQCFAST_HQC3_X86_64_hqc3_crypto_kem_)
WRAP_KEM(2, x86_calls, HQCFAST_HQC5_X86_64_hqc5_crypto_kem_)
WRAP_KEM(0, ref_calls, HQCFAST_HQC1_REF_hqc1_crypto_kem_)
WRAP_KEM(1, ref_calls, HQCFAST_HQC3_REF_hqc3_crypto_kem_)
WRAP_KEM(2, ref_calls, HQCFAST_HQC5_REF_hqc5_crypto_kem_)

const backend_head *X86(1, hqc1_backend_default)(void);
const backend_head *X86(3, hqc3_backend_default)(void);
const backend_head *X86(5, hqc5_backend_default)(void);
const char *X86(1, hqc_keccak_impl_name)(void);
unsigned X86(1, hqc_cpu_features)(void);
void X86(1, hqc_cpu_features_string)(unsigned mask, char *buf, unsigned long len);

static const char *served_by(int i)
{
    if (x86_calls[i] == 3 && ref_calls[i] == 0)
        return "x86_64";
    if (ref_calls[i] == 3 && x86_calls[i] == 0)
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
    char features[256];
    X86(1, hqc_cpu_features_string)(X86(1, hqc_cpu_features)(), features, sizeof features);
    printf("cpu: %s\n", features);
    printf("hqc1: %s\nhqc3: %s\nhqc5: %s\nkeccak: %s\n", X86(1, hqc1_backend_default)()->name,
           X86(3, hqc3_backend_default)()->name, X86(5, hqc5_backend_default)()->name,
           X86(1, hqc_keccak_impl_name)());
    printf("hqc1-kem: %s\nhqc3-kem: %s\nhqc5-kem: %s\n", served_by(0), served_by(1),
           served_by(2));
    return ok ? 0 : 1;
}
