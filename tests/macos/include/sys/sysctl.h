/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* sys/sysctl.h (stub): the one macOS declaration src/hqc/cpu.c's Apple branch uses, with the
 * signature of Apple's sysctlbyname(3) man page, so that branch compiles without the macOS SDK
 * (tests/test_macos_detection.py). Declarations only: nothing here is linked or run. */
#ifndef HQC_TESTS_MACOS_SYS_SYSCTL_H
#define HQC_TESTS_MACOS_SYS_SYSCTL_H
#include <stddef.h>
int sysctlbyname(const char *name, void *oldp, size_t *oldlenp, void *newp, size_t newlen);
#endif
