/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* hqc_info.c: prints, as JSON, the CPU features this machine has and the OS enabled, and per
 * level the backends compiled into the library with whether this CPU can run them and which
 * one is the default (tools/info.c, the report of `hqc info`). Tests and benchmarks read it
 * instead of guessing from /proc/cpuinfo. Exits 2 with a message when HQC_BACKEND names a
 * backend that is unknown or unsupported here. */
#include "info.h"

int main(void)
{
    return print_info_json(stdout, stderr);
}
