/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* keccak_f1600_bmi.c: Keccak-f[1600] on one state (FIPS 202 section 3.3) built with -mbmi
 * -mbmi2, so that chi's ~x & y is one ANDN and rotations can be RORX (non-destructive, so
 * no register copies). On Zen 3 this is what brings the C rounds level with OpenSSL's
 * assembly (dev/tuning/keccak_x86.md). */
#include "keccak_scalar.h"
#include "keccak_x86.h"

void hqc_keccak_f1600_bmi(uint64_t s[25])
{
    keccak_f1600_scalar(s);
}
