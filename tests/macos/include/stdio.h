/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* stdio.h (stub): the C11 declaration (7.21.6.5) src/hqc/cpu.c uses, for compiling its macOS
 * branch without the macOS SDK (tests/test_macos_detection.py). Declarations only. */
#ifndef HQC_TESTS_MACOS_STDIO_H
#define HQC_TESTS_MACOS_STDIO_H
#include <stddef.h>
int snprintf(char *restrict s, size_t n, const char *restrict format, ...);
#endif
