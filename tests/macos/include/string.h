/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* string.h (stub): C11 declarations (7.24) for compiling src/hqc/cpu.c's macOS branch without
 * the macOS SDK (tests/test_macos_detection.py). Declarations only. */
#ifndef HQC_TESTS_MACOS_STRING_H
#define HQC_TESTS_MACOS_STRING_H
#include <stddef.h>
void *memcpy(void *restrict s1, const void *restrict s2, size_t n);
void *memset(void *s, int c, size_t n);
size_t strlen(const char *s);
#endif
