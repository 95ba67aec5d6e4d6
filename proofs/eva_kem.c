/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* eva_kem.c: the entry point of Frama-C EVA's analysis of one KEM operation (PROVE_OP: keygen,
 * encaps or decaps) of one dialect (PROVE_DIALECT, an id of dialect.h's HQC_DIALECTS) at one
 * level (HQC_LEVEL): every byte of the inputs the public function reads (seed, pk, m, salt, ct,
 * sk) is an unknown value of the exact wire length, and the portable backend does the work.
 * Not part of the library: scripts/prove builds one analysis per level, dialect and operation. */
#include <stdint.h>
#include <stddef.h>

#include "__fc_builtin.h"
#include "backend.h"
#include "kem.h"

#define OP_KEYGEN 1
#define OP_ENCAPS 2
#define OP_DECAPS 3

/* Every byte of buf[0, len) unknown: the analysis covers all of its values. */
static void unknown_bytes(uint8_t *buf, size_t len)
{
    Frama_C_make_unknown((char *)buf, len);
}

int main(void)
{
    const hqc_backend *be = &HQC_NS(backend_ref);
#if PROVE_OP == OP_KEYGEN
    uint8_t pk[HQC_PK_BYTES], sk[HQC_SK_BYTES], seed[HQC_SEED_BYTES];
    unknown_bytes(seed, sizeof seed);
    return HQC_DIALECT_NS(PROVE_DIALECT, crypto_kem_keypair_derand_with)(be, pk, sk, seed);
#elif PROVE_OP == OP_ENCAPS
    uint8_t ct[HQC_CT_BYTES], ss[HQC_SS_BYTES], pk[HQC_PK_BYTES], m[HQC_K], salt[HQC_SALT_BYTES];
    unknown_bytes(pk, sizeof pk);
    unknown_bytes(m, sizeof m);
    unknown_bytes(salt, sizeof salt);
    return HQC_DIALECT_NS(PROVE_DIALECT, crypto_kem_enc_derand_with)(be, ct, ss, pk, m, salt);
#elif PROVE_OP == OP_DECAPS
    uint8_t ss[HQC_SS_BYTES], ct[HQC_CT_BYTES], sk[HQC_SK_BYTES];
    unknown_bytes(ct, sizeof ct);
    unknown_bytes(sk, sizeof sk);
    return HQC_DIALECT_NS(PROVE_DIALECT, crypto_kem_dec_with)(be, ss, ct, sk);
#else
#error "PROVE_OP must be OP_KEYGEN, OP_ENCAPS or OP_DECAPS"
#endif
}
