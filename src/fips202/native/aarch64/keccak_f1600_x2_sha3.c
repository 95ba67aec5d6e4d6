/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* keccak_f1600_x2_sha3.c: two Keccak-f[1600] permutations at once (FIPS 202 section 3.3), one
 * state per 64-bit lane of the Q registers, from the same generated rounds as every other
 * kernel (keccak_tables.h), with the Armv8.2 SHA3 extension: the compiler folds the rounds'
 * XOR chains into EOR3, theta's XOR with a rotation by one into RAX1, rho's rotation of an XOR
 * into XAR and chi into BCAX. Built with -march=armv8.2-a+sha3 (Makefile) and called only
 * after src/fips202/keccak.c has seen HWCAP_SHA3. */
#include <arm_neon.h>

#include "keccak_arm.h"
#include "keccak_tables.h"

#define KECCAK_XOR(x, y) ((x) ^ (y))
#define KECCAK_ANDN(x, y) (~(x) & (y))
#define KECCAK_RC(r) vdupq_n_u64(keccak_round_constants[r])
/* The generated rounds rotate only KECCAK_XOR(a, d) (rho after theta) and the parities c0..c4
 * (theta). XAR rotates the XOR of its two operands, so KECCAK_ROL takes its argument apart by
 * token pasting: KECCAK_XOR(a, d) becomes the operands a, d, and c_i becomes c_i, 0 (the
 * compiler then turns c ^ XAR(c_i, 0) into RAX1). Any other argument fails to compile. */
#define ROL_OPERANDS_KECCAK_XOR(x, y) x, y
#define ROL_OPERANDS_c0 c0, vdupq_n_u64(0)
#define ROL_OPERANDS_c1 c1, vdupq_n_u64(0)
#define ROL_OPERANDS_c2 c2, vdupq_n_u64(0)
#define ROL_OPERANDS_c3 c3, vdupq_n_u64(0)
#define ROL_OPERANDS_c4 c4, vdupq_n_u64(0)
#define XAR_LEFT(x, y, n) vxarq_u64((x), (y), 64 - (n)) /* XAR rotates right */
#define XAR_EXPAND(args, n) XAR_LEFT(args, n)
#define KECCAK_ROL(x, n) XAR_EXPAND(ROL_OPERANDS_##x, n)

/* The two-state kernel: lane i of the two states is the pair of words at s + stride * i (a
 * pair of the four-state layout of keccak_f1600_x4 with stride 4). */
static inline __attribute__((always_inline)) void permute_pair(uint64_t *s, int stride)
{
#define KECCAK_LOAD(i) vld1q_u64(s + stride * (i))
#define KECCAK_STORE(i, v) vst1q_u64(s + stride * (i), (v))
    KECCAK_F1600_BODY(uint64x2_t)
#undef KECCAK_LOAD
#undef KECCAK_STORE
}

void hqc_keccak_f1600_x4_sha3(uint64_t s[100])
{
    /* Lane i of state j is s[4 i + j]: states 0 and 1 are the pair at s[4 i], 2 and 3 at
     * s[4 i + 2]. */
    permute_pair(s, 4);
    permute_pair(s + 2, 4);
}
