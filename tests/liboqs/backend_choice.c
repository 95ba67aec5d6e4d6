/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* backend_choice.c: prints, for a patched liboqs, which of our kernels its copy of the KEM runs
 * on this CPU: per level the backend src/hqc/backend.c chose (HQC_EMBEDDED) and the Keccak
 * kernels src/hqc/keccak.c chose, after one HQC-1 keygen through liboqs's API. The test compares
 * them with what hqc_cpu_features() allows (under valgrind, which hides VPCLMULQDQ: avx2). */
#include <oqs/oqs.h>
#include <stdio.h>

/* Compiled with HQC_LEVEL=1: backend.h declares hqc1_backend_default; the table type is the
 * same at every level. */
#include "backend.h"
#include "keccak.h"

const hqc_backend *hqc3_backend_default(void);
const hqc_backend *hqc5_backend_default(void);

int main(void)
{
    OQS_KEM *kem = OQS_KEM_new("HQC-1");
    if (kem == NULL)
        return 1;
    uint8_t pk[OQS_KEM_hqc_1_length_public_key], sk[OQS_KEM_hqc_1_length_secret_key];
    int ok = OQS_KEM_keypair(kem, pk, sk) == OQS_SUCCESS;
    OQS_KEM_free(kem);
    char features[256];
    hqc_cpu_features_string(hqc_cpu_features(), features, sizeof features);
    printf("cpu: %s\nhqc1: %s\nhqc3: %s\nhqc5: %s\nkeccak: %s\n", features,
           HQC_NS(backend_default)()->name, hqc3_backend_default()->name,
           hqc5_backend_default()->name, keccak_impl_name());
    return ok ? 0 : 1;
}
