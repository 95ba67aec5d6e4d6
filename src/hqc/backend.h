/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* backend.h: the contract every arithmetic backend implements, once per HQC level, and the
 * dispatcher that picks one. Follows docs/ARCHITECTURE.md ("one contract, several backends"); the
 * operations are the products of spec steps Keygen 4, Encrypt 3-4 and Decrypt 1, and the
 * syndromes of the RS decoder (spec section "Decoding the Reed-Solomon code"). */
#ifndef HQC_BACKEND_H
#define HQC_BACKEND_H

#include <stddef.h>
#include <stdint.h>

#include "cpu.h"
#include "params.h"

/*
 * THE CONTRACT (one table per backend per level; W = HQC_WORDS = ceil(N/64)).
 *
 * mul(o, a, b)
 *   o = a * b mod (X^N - 1) over GF(2).
 *   Inputs:  a, b: W words each, bit i of the vector is bit (i % 64) of word i / 64.
 *            Bits at positions >= N must be zero (the KEM always masks them).
 *   Output:  o: W words. Every bit is defined: bits >= N are written as zero.
 *   Alignment: 8 bytes (uint64_t) is all that is required; backends use unaligned loads and
 *            never read or write outside [a, a+W), [b, b+W), [o, o+W).
 *   Aliasing: o may alias a or b (all inputs are read before o is written).
 *   Time:    constant; no branch or address depends on the bits of a or b.
 *   Memory:  no heap, no static or global mutable storage: scratch lives on the stack, so a
 *            backend is safe to call from many threads at once.
 *
 * mul_sparse(o, a, pos, weight)      (NULL in constant-time backends)
 *   o = a * (sum of X^pos[i] for i < weight) mod (X^N - 1); pos[i] < N, distinct; a as above.
 *   VARIABLE TIME: its memory addresses depend on pos. Only backends with constant_time == 0
 *   provide it, and the dispatcher never selects them by default.
 *
 * support_to_vector(v, pos, weight)
 *   v = sum of X^pos[i] for i < weight: the dense form of a fixed-weight vector.
 *   pos: weight distinct positions < N (weight <= HQC_WEIGHT_MAX, params.h); v: W words, every
 *   bit written.
 *   Constant time: the addresses touched do not depend on the positions.
 *
 * rm_decode(msg, cdw)
 *   msg[i] = maximum-likelihood decoding of the i-th n2-bit block of cdw in the duplicated
 *   RM(1,7) code, for i < N1; ties go to the first largest Walsh-Hadamard peak, as in
 *   src/hqc/reed_muller.c. cdw: N1N2_WORDS words, msg: N1 bytes. Constant time.
 *
 * rs_syndromes(syn, cdw)
 *   syn[i] = sum_{j < N1} cdw[j] * alpha^((i+1) j) in GF(2^8) = GF(2)[x]/(x^8+x^4+x^3+x^2+1),
 *   alpha = x, for i < 2*DELTA. cdw: N1 bytes, syn: 2*DELTA bytes; any alignment, no aliasing
 *   between syn and cdw. Constant time in the bytes of cdw.
 *
 * rs_errors(err, syn)
 *   err[i] = the error value at message position 2*DELTA + i, i < K, that the RS decoder finds
 *   from the syndromes syn (2*DELTA bytes, as rs_syndromes writes them): the error locator by
 *   inversion-free Berlekamp-Massey and Forney's formula where the locator has a root, else 0,
 *   exactly as rs_errors_portable (src/gf2x/rs_errors.c) computes them for every syn, within
 *   the decoding radius or not. Any alignment, no aliasing. Constant time in the bytes of syn.
 *
 * fixed_weight(support, bytes, weight)     (NULL: the KEM uses the portable twin)
 *   support[i] for i < weight: encryption's positions from their draws (Sendrier's Algorithm 5),
 *   exactly as sample_encrypt_from_draws (src/hqc/sampling.c) computes them: position i is
 *   i + floor(r_i (n - i) / 2^32), r_i the little-endian 32-bit word at bytes + 4 i, and, from
 *   i = weight - 2 down, one equal to a later entry becomes i. 2 <= weight <= HQC_WEIGHT_MAX;
 *   reads bytes[0, 4 weight), writes support[0, weight); no aliasing. Constant time in the
 *   bytes. The portable twin stays in src/hqc with its proofs (docs/VERIFICATION.md), outside
 *   the gf2x sources the patches carry, so a table without a kernel holds NULL rather than it.
 */
#if defined(HQC_HAVE_AVX2) || defined(HQC_HAVE_VPCLMUL) || defined(HQC_HAVE_AVX512) || defined(HQC_HAVE_NEON)
/*
 * encode_rs(cdw, msg), encode_rm(cdw, msg)     (NULL: the portable twin)
 *   cdw = the systematic RS codeword of msg (K bytes in, N1 out: the 2 delta parity symbols of
 *   x^(2 delta) m(x) mod g(x), then msg), and the duplicated RM(1,7) codewords of msg (N1 bytes
 *   in, N1N2_WORDS words out), exactly as rs_encode and rm_encode (src/hqc/reed_solomon.c,
 *   src/hqc/reed_muller.c) compute them. No aliasing. Constant time in the bytes of msg.
 *
 * keygen_discards(rows, nrows, bytes, ndraws, big_endian, discard)     (NULL: the portable sampler)
 *   Keygen's draws (SampleFixedWeightVect$, src/hqc/sampling.c), 1 <= ndraws <= 32
 *   HQC_KEYGEN_BLOCKS of them: draw j is the 24-bit integer of bytes[3 j, 3 j + 3), read
 *   little-endian, or big-endian if big_endian != 0; its key is draw mod N below
 *   HQC_REJECT_THRESHOLD, else 0xFFFF. Writes rows[nrows + j] = key j and sets bit j % 32 of
 *   discard[j / 32] (the bits past ndraws clear) when key j is 0xFFFF or equals rows[i] for
 *   some i < nrows + j: the draws the sampler discards, against the rows before them (its kept
 *   positions, earlier draws). Reads bytes[0, 3 ndraws) and rows[0, nrows); may write any value
 *   to rows[nrows + ndraws, nrows + 32 B), B = ceil(ndraws / 32), so rows has room for that;
 *   writes discard[0, B). Any alignment; no aliasing between rows, bytes and discard. Constant
 *   time in the bytes and the rows.
 *
 *   Only builds that compile a native backend have these three fields: the portable build, the
 *   one make prove analyses, keeps the contract it was proved with (its preprocessed text is
 *   what scripts/prove-inputs compares), and there code.c calls the portable encoders and
 *   sampling.c samples keygen's vectors with its own comparisons.
 */
#define HQC_BACKEND_NATIVE_OPS 1
#define HQC_KEYGEN_BLOCKS 5 /* keygen_discards: at most 32 HQC_KEYGEN_BLOCKS draws a call */
#endif

typedef struct hqc_backend {
    const char *name;           /* "ref", "avx2", "vpclmul", "avx512", "neon", "avx2-sparse", ... */
    uint32_t cpu_features;      /* HQC_CPU_* bits that must all be present and OS-enabled */
    int constant_time;          /* 0 only for explicitly variable-time (sparse) variants */
    void (*mul)(uint64_t *o, const uint64_t *a, const uint64_t *b);
    void (*mul_sparse)(uint64_t *o, const uint64_t *a, const uint32_t *pos, size_t weight);
    void (*support_to_vector)(uint64_t *v, const uint32_t *pos, size_t weight);
    void (*rm_decode)(uint8_t *msg, const uint64_t *cdw);
    void (*rs_syndromes)(uint8_t *syn, const uint8_t *cdw);
    void (*rs_errors)(uint8_t *err, const uint8_t *syn);
    void (*fixed_weight)(uint32_t *support, const uint8_t *bytes, size_t weight);
#ifdef HQC_BACKEND_NATIVE_OPS
    void (*encode_rs)(uint8_t *cdw, const uint8_t *msg);
    void (*encode_rm)(uint64_t *cdw, const uint8_t *msg);
    void (*keygen_discards)(uint16_t *rows, size_t nrows, const uint8_t *bytes, size_t ndraws, int big_endian,
                            uint32_t *discard);
#endif
} hqc_backend;

/* Backend tables of this level that the build compiled in (see the Makefile's BACKEND). */
extern const hqc_backend HQC_NS(backend_ref);
#ifdef HQC_HAVE_AVX2
extern const hqc_backend HQC_NS(backend_avx2);
extern const hqc_backend HQC_NS(backend_avx2_sparse); /* variable time: mul_sparse */
#endif
#ifdef HQC_HAVE_VPCLMUL
extern const hqc_backend HQC_NS(backend_vpclmul);
#endif
#ifdef HQC_HAVE_NEON
extern const hqc_backend HQC_NS(backend_neon);
#endif
#ifdef HQC_HAVE_AVX512
extern const hqc_backend HQC_NS(backend_avx512);
extern const hqc_backend HQC_NS(backend_avx512_sparse); /* variable time: mul_sparse */
#endif

/* Every backend of this level compiled in, NULL-terminated: the constant-time ones fastest
 * last, then the variable-time (sparse) ones, which the default never picks. */
const hqc_backend *const *HQC_NS(backend_list)(void);

/* The backend called NAME, or NULL if it is unknown or this CPU lacks its features. */
const hqc_backend *HQC_NS(backend_by_name)(const char *name);

/* The backend the KEM uses by default: the one HQC_BACKEND names if the environment may choose
 * it (backend_env_refusal), else the fastest constant-time backend the CPU supports; never
 * NULL. Computed once; the cache is an atomic pointer, so concurrent first calls are safe and
 * agree. */
const hqc_backend *HQC_NS(backend_default)(void);

/* Why HQC_BACKEND was not followed ("no such backend", a variable-time one, this CPU lacks
 * its features), or NULL when it is unset, "auto", or followed. Read afresh at each call. */
const char *HQC_NS(backend_env_refusal)(void);

/* 1 if be is one of this level's tables and this CPU runs it (the *_with entry points check
 * this and return HQC_ERR_BACKEND otherwise), else 0. */
int HQC_NS(backend_usable)(const hqc_backend *be);

#endif
