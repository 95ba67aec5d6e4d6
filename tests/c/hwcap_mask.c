/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* hwcap_mask.c: an LD_PRELOAD library for tests/test_aarch64.py that makes an aarch64 Linux
 * program see AT_HWCAP without the bits named in HQC_TEST_HWCAP_CLEAR (a decimal or 0x mask),
 * so that the dispatcher (src/hqc/cpu.c) can be tested on a CPU without PMULL, such as the
 * Raspberry Pi 4's Cortex-A72: every qemu-aarch64 CPU model has PMULL. Test code only. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <sys/auxv.h>

unsigned long getauxval(unsigned long type)
{
    unsigned long (*real)(unsigned long) = (unsigned long (*)(unsigned long))dlsym(RTLD_NEXT, "getauxval");
    unsigned long v = real ? real(type) : 0;
    const char *clear = getenv("HQC_TEST_HWCAP_CLEAR");
    if (type == AT_HWCAP && clear != NULL)
        v &= ~strtoul(clear, NULL, 0);
    return v;
}
