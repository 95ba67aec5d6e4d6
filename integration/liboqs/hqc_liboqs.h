/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* hqc_liboqs.h: the configuration of our KEM inside liboqs, force-included (-include, from the
 * META files' compile_opts) into every file liboqs compiles from this repository. It names our
 * symbols under the implementation's HQC_NAMESPACE prefix, hides them (HQC_EMBEDDED: the
 * dispatcher lists only constant-time backends and reads no environment), takes SHA3 from
 * OQS_SHA3 (oqs_sha3.c, HQC_SHA3_OPENSSL's route) and, in liboqs's constant-time test build,
 * turns the spec's declassifications into valgrind client requests. */
#ifndef HQC_LIBOQS_H
#define HQC_LIBOQS_H

#include <oqs/oqsconfig.h>

#define HQC_EMBEDDED 1
#define HQC_SHA3_OPENSSL 1
#if defined(OQS_ENABLE_TEST_CONSTANT_TIME) && !defined(HQC_CT_CHECK)
#define HQC_CT_CHECK 1
#endif

#include "../../src/hqc/namespace.h"

#endif
