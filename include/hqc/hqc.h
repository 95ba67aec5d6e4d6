/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* hqc.h: the umbrella header of libhqc: the version and information calls and the KEM
 * functions of HQC-1, HQC-3 and HQC-5 (hqc1_*, hqc3_*, hqc5_*), which link into one program. */
#ifndef HQC_HQC_H
#define HQC_HQC_H

#include <hqc/hqc_common.h>
#include <hqc/hqc1.h>
#include <hqc/hqc3.h>
#include <hqc/hqc5.h>

#endif
