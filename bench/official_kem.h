/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* official_kem.h: the NIST API and PRNG of the official HQC tree (hqc-2025-08-22) of one level,
 * as scripts/hqctools/upstream_build.py links it into our programs: one object per tree whose
 * only global symbols are these, renamed <prefix>_*. bench/bench.c (-DHQC_BENCH_UPSTREAM) and
 * bench/upstream/kem_peers.c time it against our KEM. */
#ifndef HQC_BENCH_OFFICIAL_KEM_H
#define HQC_BENCH_OFFICIAL_KEM_H

#include <stdint.h>

#define OFFICIAL_KEM_DECLARE(prefix)                                                            \
    int prefix##_crypto_kem_keypair(uint8_t *pk, uint8_t *sk);                                  \
    int prefix##_crypto_kem_enc(uint8_t *ct, uint8_t *ss, const uint8_t *pk);                   \
    int prefix##_crypto_kem_dec(uint8_t *ss, const uint8_t *ct, const uint8_t *sk);             \
    void prefix##_prng_init(uint8_t *entropy, uint8_t *personalization, uint32_t enlen,         \
                            uint32_t perlen);                                                   \
    void prefix##_prng_get_bytes(uint8_t *out, uint32_t outlen);

#endif
