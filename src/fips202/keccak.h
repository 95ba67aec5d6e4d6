/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* keccak.h: Keccak-f[1600] on one and on four states (FIPS 202 section 3.3), chosen once per
 * process for the CPU, and an incremental SHAKE256 (sections 4 and 6.2). The incremental
 * sponge exists because HQC's XOF is squeezed piecewise (3 or 4 bytes at a time while
 * sampling). Tests cross-check everything against OpenSSL and against the portable twins. */
#ifndef HQC_KECCAK_H
#define HQC_KECCAK_H

#include <stddef.h>
#include <stdint.h>

#include "trace.h"

#define SHAKE256_RATE 136

/* Level-independent, but still prefixed so they cannot clash with another Keccak in the
 * same program (PQClean's fips202.c uses the plain names). */
#define keccak_f1600 hqc_keccak_f1600
#define keccak_f1600_x4 hqc_keccak_f1600_x4
#define keccak_f1600_absorb hqc_keccak_f1600_absorb
#define keccak_f1600_portable hqc_keccak_f1600_portable
#define keccak_f1600_x4_portable hqc_keccak_f1600_x4_portable
#define keccak_impl_name hqc_keccak_impl_name
#define keccak_impls hqc_keccak_impls
#define keccak_impl_runs hqc_keccak_impl_runs
#define keccak_impl_preferred hqc_keccak_impl_preferred
#define shake256_init hqc_shake256_init
#define shake256_absorb hqc_shake256_absorb
#define shake256_finalize hqc_shake256_finalize
#define shake256_squeeze hqc_shake256_squeeze
#define shake256_wipe hqc_shake256_wipe
#define shake256_ctx hqc_shake256_ctx

#ifndef HQC_SHAKE256_EXTERNAL
typedef struct {
    uint64_t s[25];
    size_t pos;      /* bytes absorbed into, or squeezed from, the current block */
    int squeezing;
#ifdef HQC_TRACE
    hqc_trace_sponge trace; /* make floor's counts (trace.h); reported by shake256_wipe */
#endif
} shake256_ctx;
#endif
/* Names what a sponge computes, for make floor's counts (trace.h); nothing in other builds. */
#if defined(HQC_TRACE) && !defined(HQC_SHAKE256_EXTERNAL)
#define HQC_TRACE_CTX_ROLE(ctx, r) ((ctx)->trace.role = (r))
#else
#define HQC_TRACE_CTX_ROLE(ctx, r) ((void)(ctx))
#endif
/* With HQC_SHAKE256_EXTERNAL, an embedding brings its own SHAKE256: it has typedef'd
 * hqc_shake256_ctx before this header (integration/liboqs/hqc_liboqs.h: liboqs's OQS_SHA3
 * context) and implements the five shake256_* functions below and keccak_batch (keccak_batch.h)
 * on it; keccak.c and keccak_batch.c are then left out of the build. shake256_wipe must be
 * called on every context that was initialised, as the KEM does: it releases the embedding's
 * state. SHA3 must then come from the embedding too (HQC_SHA3_OPENSSL): sha3.c's own SHA3 runs
 * through keccak_batch, which the embedding may build on sha3_*_parts. */
#if defined(HQC_SHAKE256_EXTERNAL) && !defined(HQC_SHA3_OPENSSL)
#error "HQC_SHAKE256_EXTERNAL needs HQC_SHA3_OPENSSL (SHA3 from the embedding as well)"
#endif

/* The permutation of one state, and of four states interleaved (lane i of state j is
 * s[4 i + j]), with the fastest kernels this CPU supports (CPUID + XCR0, src/hqc/cpu.c);
 * the _portable twins are plain C for any target. Outputs are identical. */
void keccak_f1600(uint64_t s[25]);
void keccak_f1600_x4(uint64_t s[100]);
void keccak_f1600_portable(uint64_t s[25]);
void keccak_f1600_x4_portable(uint64_t s[100]);
#ifdef HQC_HAVE_KECCAK_X86
/* One absorbed block: lanes 0 .. lanes - 1 (lanes <= 24) of s ^= the little-endian words of
 * in, then keccak_f1600. The zmm kernel does both in 64-byte pieces (keccak_f1600_avx512.c);
 * only the x86 build has it, so the portable build (and its proof) keeps the lane loop of
 * keccak_batch.c. */
void keccak_f1600_absorb(uint64_t s[25], const uint8_t *in, size_t lanes);
#endif
/* "portable", "bmi", "avx2", "bmi+avx2", "avx512vl", "bmi+avx512vl", "xmm+avx512vl" or
 * "avx512+avx512vl": the kernels keccak_f1600 and keccak_f1600_x4 use. */
const char *keccak_impl_name(void);

/* Every pair of kernels compiled in, fastest first, NULL-terminated (for the tests and the
 * benchmark); whether this CPU runs an entry's kernels; and whether it runs them and they are
 * not known to be slower on this CPU than a later entry (keccak.c says where). The first
 * preferred entry is the one keccak_f1600 and keccak_f1600_x4 use. */
typedef struct {
    const char *name;
    void (*f1600)(uint64_t s[25]);
    void (*f1600_x4)(uint64_t s[100]);
} keccak_impl;
const keccak_impl *const *keccak_impls(void);
int keccak_impl_runs(const keccak_impl *k);
int keccak_impl_preferred(const keccak_impl *k);

void shake256_init(shake256_ctx *ctx);
void shake256_absorb(shake256_ctx *ctx, const uint8_t *in, size_t len);
void shake256_finalize(shake256_ctx *ctx);  /* pads; after it only squeeze is allowed */
/*@ requires \valid(ctx) && \valid(out + (0 .. len - 1)) && \separated(ctx, out + (0 .. len - 1));
    assigns *ctx, out[0 .. len - 1]; */
void shake256_squeeze(shake256_ctx *ctx, uint8_t *out, size_t len);
void shake256_wipe(shake256_ctx *ctx);

#endif
