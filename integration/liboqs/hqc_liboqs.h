/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* hqc_liboqs.h: the configuration of our KEM inside liboqs, force-included (-include, from the
 * META files' compile_opts) into every file liboqs compiles from this repository. It names our
 * symbols under the implementation's HQC_NAMESPACE prefix, hides them (HQC_EMBEDDED: the
 * dispatcher lists only constant-time backends and reads no environment), takes SHA3 from
 * OQS_SHA3 (oqs_sha3.c, HQC_SHA3_OPENSSL's route) and SHAKE256 from OQS_SHA3's incremental
 * SHAKE256 (oqs_shake.c, HQC_SHAKE256_EXTERNAL) and, in liboqs's constant-time test build,
 * turns the spec's declassifications into valgrind client requests. */
#ifndef HQC_LIBOQS_H
#define HQC_LIBOQS_H

#include <oqs/oqsconfig.h>

#include <oqs/sha3.h>

#define HQC_EMBEDDED 1
#define HQC_SHA3_OPENSSL 1
#define HQC_SHAKE256_EXTERNAL 1
/* Our sponge context (keccak.h's shake256_ctx) in liboqs: its incremental SHAKE256 state,
 * which liboqs allocates in init and frees in release (shake256_wipe). */
typedef struct {
    OQS_SHA3_shake256_inc_ctx oqs;
} hqc_shake256_ctx;
#if defined(OQS_ENABLE_TEST_CONSTANT_TIME) && !defined(HQC_CT_CHECK)
#define HQC_CT_CHECK 1
#endif

#include "../../src/hqc/namespace.h"

#endif
