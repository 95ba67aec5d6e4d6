/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* oqs_encaps_derand.c: liboqs's derandomised encapsulation takes one seed; HQC-KEM's Encaps
 * (spec section "HQC-KEM") draws the message m (security-level bytes) and then the 16-byte
 * salt, so the seed is m || salt, in the order the randomised path draws them. Named under the
 * implementation's prefix (the META files' signature_enc_derand). */
#include "../../src/hqc/kem.h"

int HQC_NAMESPACED(oqs_encaps_derand)(uint8_t *ct, uint8_t *ss, const uint8_t *pk,
                                      const uint8_t *seed);

int HQC_NAMESPACED(oqs_encaps_derand)(uint8_t *ct, uint8_t *ss, const uint8_t *pk,
                                      const uint8_t *seed)
{
    return HQC_NS(crypto_kem_enc_derand)(ct, ss, pk, seed, seed + HQC_SEC_BYTES);
}
