/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* backend_choice.c: prints, for a patched liboqs, which code serves HQC on this CPU: per level
 * whether liboqs's kem_hqc_<L>.c sent keygen, encaps and decaps to our KEM ("hqc-fast") or to
 * its own ref ("liboqs-ref"), the backend src/hqc/backend.c chose (HQC_EMBEDDED; it also serves
 * the derandomised entry points) and the Keccak kernels src/hqc/keccak.c chose. The test
 * compares them with what the CPU features allow, natively, under valgrind and under qemu. */
#include <oqs/oqs.h>
#include <stdio.h>

#include "round_trip.h"

/* Compiled with HQC_LEVEL=1: backend.h declares hqc1_backend_default; the table type is the
 * same at every level. */
#include "backend.h"
#include "keccak.h"

const hqc_backend *hqc3_backend_default(void);
const hqc_backend *hqc5_backend_default(void);

/* Calls made into each implementation, per level (0, 1, 2 for HQC-1, 3, 5). The test links
 * this program with -Wl,--wrap=<name> for the six entry points of each level below, so that
 * liboqs's calls reach these counting wrappers, which forward them to the real functions. */
static int fast_calls[3], ref_calls[3];

#define WRAP_KEM(idx, name, counter)                                                          \
    int __real_##name##_keypair(uint8_t *pk, uint8_t *sk);                                   \
    int __real_##name##_enc(uint8_t *ct, uint8_t *ss, const uint8_t *pk);                    \
    int __real_##name##_dec(uint8_t *ss, const uint8_t *ct, const uint8_t *sk);              \
    int __wrap_##name##_keypair(uint8_t *pk, uint8_t *sk);                                   \
    int __wrap_##name##_enc(uint8_t *ct, uint8_t *ss, const uint8_t *pk);                    \
    int __wrap_##name##_dec(uint8_t *ss, const uint8_t *ct, const uint8_t *sk);              \
    int __wrap_##name##_keypair(uint8_t *pk, uint8_t *sk)                                    \
    {                                                                                         \
        counter[idx]++;                                                                       \
        return __real_##name##_keypair(pk, sk);                                               \
    }                                                                                         \
    int __wrap_##name##_enc(uint8_t *ct, uint8_t *ss, const uint8_t *pk)                     \
    {                                                                                         \
        counter[idx]++;                                                                       \
        return __real_##name##_enc(ct, ss, pk);                                               \
    }                                                                                         \
    int __wrap_##name##_dec(uint8_t *ss, const uint8_t *ct, const uint8_t *sk)               \
    {                                                                                         \
        counter[idx]++;                                                                       \
        return __real_##name##_dec(ss, ct, sk);                                               \
    }

WRAP_KEM(0, hqc1_crypto_kem, fast_calls)
WRAP_KEM(1, hqc3_crypto_kem, fast_calls)
WRAP_KEM(2, hqc5_crypto_kem, fast_calls)
WRAP_KEM(0, PQCHQC_HQC1_C_crypto_kem, ref_calls)
WRAP_KEM(1, PQCHQC_HQC3_C_crypto_kem, ref_calls)
WRAP_KEM(2, PQCHQC_HQC5_C_crypto_kem, ref_calls)

static const char *served_by(int i)
{
    if (fast_calls[i] == 3 && ref_calls[i] == 0)
        return "hqc-fast";
    if (ref_calls[i] == 3 && fast_calls[i] == 0)
        return "liboqs-ref";
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
    hqc_cpu_features_string(hqc_cpu_features(), features, sizeof features);
    printf("cpu: %s\nhqc1: %s\nhqc3: %s\nhqc5: %s\nkeccak: %s\n", features,
           HQC_NS(backend_default)()->name, hqc3_backend_default()->name,
           hqc5_backend_default()->name, keccak_impl_name());
    printf("hqc1-kem: %s\nhqc3-kem: %s\nhqc5-kem: %s\n", served_by(0), served_by(1),
           served_by(2));
    return ok ? 0 : 1;
}
