/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* hqc_common.h: what the three HQC levels of libhqc share in the public interface: the
 * library version, the export macro that marks every public function (the library is built
 * with hidden visibility, so unmarked functions stay internal), and the run-time information
 * calls. Included by each per-level header; <hqc/hqc.h> includes everything. */
#ifndef HQC_COMMON_H
#define HQC_COMMON_H

#include <stddef.h>

/* The version of this release. MAJOR changes exactly when the ABI does (the shared library is
 * libhqc.so.MAJOR); MINOR when functions are added; PATCH for fixes that keep the interface. */
#define HQC_VERSION_MAJOR 1
#define HQC_VERSION_MINOR 1
#define HQC_VERSION_PATCH 0
#define HQC_VERSION_STRING "1.1.0"
/* One number that compares in release order: 0xMMmmpp. */
#define HQC_VERSION_NUMBER ((HQC_VERSION_MAJOR << 16) | (HQC_VERSION_MINOR << 8) | HQC_VERSION_PATCH)

/* Built inside another library (HQC_EMBEDDED: the liboqs series), our functions are that
 * library's internals: hidden, so they stay out of its ABI (liboqs.so exports its OQS_ API
 * only) and a program that also links libhqc cannot interpose on them. */
#if (defined(__GNUC__) || defined(__clang__)) && defined(HQC_EMBEDDED)
#define HQC_API __attribute__((visibility("hidden")))
#elif defined(__GNUC__) || defined(__clang__)
#define HQC_API __attribute__((visibility("default")))
#else
#define HQC_API
#endif

/* What the *_with functions return, with nothing written, for a backend that is NULL, not
 * one of that level's tables, or one this CPU cannot run (it would die on SIGILL). */
#define HQC_ERR_BACKEND (-2)

/* What hqc<L>_<d>_check_pk and _check_sk return: 0 for a key that passes, else the first part
 * found wrong. Lengths are checked first; the parts of a secret key are compared in constant
 * time and only the verdict is branched on. */
#define HQC_KEY_ERR_LENGTH (-10)  /* not the dialect's length for this kind of key */
#define HQC_KEY_ERR_PADDING (-11) /* pk's s has a bit set at position n or above */
#define HQC_KEY_ERR_PK (-12)      /* the public key inside a secret key does not follow from it */
#define HQC_KEY_ERR_SEED_DK (-13) /* seed_dk does not follow from seed_KEM */
#define HQC_KEY_ERR_SIGMA (-14)   /* sigma does not follow from seed_KEM */

#ifdef __cplusplus
extern "C" {
#endif

/* The version of the library linked at run time ("1.1.0"), which may differ from the
 * HQC_VERSION_STRING of the header a program was compiled with. */
HQC_API const char *hqc_version(void);

/* The x86 features this CPU has and the operating system has enabled (CPUID with XCR0), as
 * space-separated names ("pclmul avx2 bmi2 ..."), written into buf and NUL-terminated,
 * truncated to len bytes. Returns buf. */
HQC_API char *hqc_cpu_features_describe(char *buf, size_t len);

#ifdef __cplusplus
}
#endif

#endif
