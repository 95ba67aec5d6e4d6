/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* sampling.h: the vectors HQC draws from its XOF: dense random vectors of length n and
 * fixed-weight supports (spec section "Sampling"), the latter per dialect. */
#ifndef HQC_SAMPLING_H
#define HQC_SAMPLING_H

#include <stddef.h>
#include <stdint.h>

#include "dialect.h"
#include "keccak.h"
#include "params.h"
#include "symmetric.h"

#define sample_dense_from_bytes HQC_NS(sample_dense_from_bytes)
#define support_to_vector_portable HQC_NS(support_to_vector_portable)
#define sample_encrypt_from_draws HQC_NS(sample_encrypt_from_draws)

/* v = n bits from the XOF: on entry its first HQC_N_BYTES bytes hold XOF output
 * (little-endian); the bits from n on are cleared. */
void sample_dense_from_bytes(uint64_t v[HQC_WORDS]);

/* Per dialect (dialect.h), hqc<L>_<id>_sample_keygen and _sample_encrypt, which its table
 * (dialect.h) holds:
 *   keygen: weight distinct positions < n by rejection on 24-bit draws (x and y);
 *   encrypt: weight distinct positions < n without rejection (r1, r2, e): position i is
 *            i + floor(r_i * (n - i) / 2^32), and a repeated position is replaced by i. */
#define HQC_DIALECT_DECLARE_SAMPLERS(id, ...)                                                          \
    void HQC_DIALECT_NS(id, sample_keygen)(xof_stream * xof, uint32_t * support, size_t weight); \
    void HQC_DIALECT_NS(id, sample_encrypt)(shake256_ctx * xof, uint32_t * support, size_t weight, \
                                            const struct hqc_backend *be);
HQC_DIALECTS(HQC_DIALECT_DECLARE_SAMPLERS)
#undef HQC_DIALECT_DECLARE_SAMPLERS

/* The encryption sampler after its squeeze, the same in every dialect: support = the weight
 * positions from the 4 weight bytes of draws (32-bit little-endian r_i), duplicates replaced.
 * Constant time. The dialects' _sample_encrypt squeeze the bytes (and their padding) and call it,
 * or the backend's fixed_weight kernel, its twin (backend.h); tests/c/test_sampling.c holds it to
 * the spec's loop on constructed draws. */
void sample_encrypt_from_draws(uint32_t *support, const uint8_t *bytes, size_t weight);

/* The same positions from bytes already read (decapsulation squeezes XOF(theta) ahead, beside
 * J): be's fixed_weight kernel where it has one, else sample_encrypt_from_draws. */
#define sample_encrypt_positions HQC_NS(sample_encrypt_positions)
void sample_encrypt_positions(uint32_t *support, const uint8_t *bytes, size_t weight, const struct hqc_backend *be);

/* Keygen's sampler of dialect d with be's keygen_discards kernel where it has one (backend.h),
 * else d's own (the portable comparisons): the same positions and the same reads of the
 * stream. Builds with a native backend only (backend.h before this header); pke.c calls it
 * there. */
#define sample_keygen_with HQC_NS(sample_keygen_with)
#ifdef HQC_BACKEND_NATIVE_OPS
void sample_keygen_with(const hqc_dialect *d, xof_stream *xof, uint32_t *support, size_t weight,
                        const struct hqc_backend *be);
#endif

/* The default dialect's samplers under their plain names (tests, benchmarks). */
#define sample_support_keygen HQC_DIALECT_NS(HQC_DEFAULT_DIALECT, sample_keygen)
#define sample_support_encrypt HQC_DIALECT_NS(HQC_DEFAULT_DIALECT, sample_encrypt)

/* v = the vector with ones exactly at the weight positions of support. Constant time. */
void support_to_vector_portable(uint64_t v[HQC_WORDS], const uint32_t *support, size_t weight);

#endif
