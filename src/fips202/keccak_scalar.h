/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* keccak_scalar.h: Keccak-f[1600] (FIPS 202 section 3.3, Algorithm 7) on one state of 25
 * 64-bit lanes, from the generated rounds of keccak_tables.h. Included by each file that
 * compiles it for one instruction set (src/fips202/keccak.c for baseline x86-64 or any other
 * target, src/fips202/native/x86_64/ for BMI), so the rounds are written once. */
#ifndef HQC_KECCAK_SCALAR_H
#define HQC_KECCAK_SCALAR_H

#include <stdint.h>

#include "keccak_tables.h"

#define KECCAK_XOR(x, y) ((x) ^ (y))
#define KECCAK_AND(x, y) ((x) & (y))
#define KECCAK_OR(x, y) ((x) | (y))
#define KECCAK_NOT(x) (~(x))
#define KECCAK_ANDN(x, y) (~(x) & (y)) /* one ANDN instruction where BMI1 is enabled */
#define KECCAK_ROL(x, n) (((x) << (n)) | ((x) >> (64 - (n)))) /* 0 < n < 64 */
#define KECCAK_LOAD(i) s[i]
#define KECCAK_STORE(i, v) (s[i] = (v))
#define KECCAK_RC(r) keccak_round_constants[r]

/* Lanes live in locals, which the compiler keeps in registers or spills as it sees fit.
 * Without an and-not instruction (BMI1), chi costs a NOT and an AND per lane; on the
 * lane-complemented representation it needs one NOT per plane instead. */
static inline void keccak_f1600_scalar(uint64_t s[25])
{
#if defined(__BMI__)
    KECCAK_F1600_BODY(uint64_t)
#else
    KECCAK_F1600_BODY_COMPLEMENTED(uint64_t)
#endif
}

#undef KECCAK_XOR
#undef KECCAK_AND
#undef KECCAK_OR
#undef KECCAK_NOT
#undef KECCAK_ANDN
#undef KECCAK_ROL
#undef KECCAK_LOAD
#undef KECCAK_STORE
#undef KECCAK_RC

#endif
