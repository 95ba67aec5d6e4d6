/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* version.c: the level-independent public calls of libhqc: the version of the library linked
 * at run time and the CPU features the dispatcher sees (include/hqc/hqc_common.h). */
#include "hqc/hqc_common.h"

#include "cpu.h"

const char *hqc_version(void)
{
    return HQC_VERSION_STRING;
}

char *hqc_cpu_features_describe(char *buf, size_t len)
{
    hqc_cpu_features_string(hqc_cpu_features(), buf, len);
    return buf;
}
