/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* keccak_batch.h: up to four independent one-shot Keccak sponges (FIPS 202 section 4, with
 * the padding of sections 6.1 and 6.2) run in lockstep on the four-state permutation. HQC has
 * such sponges in every operation (H(ek) beside expand-h, XOF(seed_dk) beside XOF(seed_ek)),
 * and one four-state permutation costs far less than two single ones on AVX2. Each output is
 * the same as the sponge run alone, which tests/c/test_keccak.c checks. */
#ifndef HQC_KECCAK_BATCH_H
#define HQC_KECCAK_BATCH_H

#include <stddef.h>
#include <stdint.h>

#include "keccak.h"
#include "sha3.h"

#define keccak_batch hqc_keccak_batch

typedef struct {
    const hqc_bytes *parts; /* the message: parts[0] || ... || parts[count - 1] */
    size_t count;
    size_t rate;            /* bytes: 136 for SHAKE256 and SHA3-256, 72 for SHA3-512 */
    uint8_t pad;            /* first padding byte with the domain bits: 0x1F SHAKE, 0x06 SHA3 */
    uint8_t *out;           /* the first outlen bytes of output */
    size_t outlen;
    /* If not NULL: receives the sponge after those outlen bytes, so that more output can be
     * squeezed with shake256_squeeze (SHAKE256 jobs only). */
    shake256_ctx *rest;
#ifdef HQC_TRACE
    const char *trace_role; /* make floor's name for it (trace.h); NULL: the pending role */
#endif
} keccak_job;
/* Names a job for make floor's counts (trace.h); nothing in other builds. */
#ifdef HQC_TRACE
#define HQC_TRACE_JOB_ROLE(job, r) ((job)->trace_role = (r))
#else
#define HQC_TRACE_JOB_ROLE(job, r) ((void)(job))
#endif

/* Runs the count <= 4 jobs. While two or more still need the permutation they share the
 * four-state one; a job left alone finishes on the single-state permutation. */
void keccak_batch(const keccak_job *jobs, size_t count);

#endif
