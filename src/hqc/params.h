/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* params.h: the parameters of HQC-1, HQC-3 and HQC-5 and the sizes derived from them.
 * Follows the HQC specification of 2025-08-22, section "Parameter sets" (Table of n, n1, n2,
 * omega, omega_r, omega_e, delta). Compile with -DHQC_LEVEL=1, 3 or 5; every symbol that leaves
 * a translation unit is prefixed per level by HQC_NS (hqc1_, hqc3_, hqc5_). */
#ifndef HQC_PARAMS_H
#define HQC_PARAMS_H

#ifndef HQC_LEVEL
#error "compile with -DHQC_LEVEL=1, 3 or 5"
#endif

#define HQC_CAT_(a, b) a##b
#define HQC_CAT(a, b) HQC_CAT_(a, b)

#if HQC_LEVEL == 1
#define HQC_PREFIX hqc1_
#define HQC_NAME "HQC-1"
#define HQC_N 17669
#define HQC_N1 46
#define HQC_N2 384
#define HQC_OMEGA 66
#define HQC_OMEGA_R 75
#define HQC_OMEGA_E 75
#define HQC_DELTA 15
#define HQC_SEC_BYTES 16
#elif HQC_LEVEL == 3
#define HQC_PREFIX hqc3_
#define HQC_NAME "HQC-3"
#define HQC_N 35851
#define HQC_N1 56
#define HQC_N2 640
#define HQC_OMEGA 100
#define HQC_OMEGA_R 114
#define HQC_OMEGA_E 114
#define HQC_DELTA 16
#define HQC_SEC_BYTES 24
#elif HQC_LEVEL == 5
#define HQC_PREFIX hqc5_
#define HQC_NAME "HQC-5"
#define HQC_N 57637
#define HQC_N1 90
#define HQC_N2 640
#define HQC_OMEGA 131
#define HQC_OMEGA_R 149
#define HQC_OMEGA_E 149
#define HQC_DELTA 29
#define HQC_SEC_BYTES 32
#else
#error "HQC_LEVEL must be 1, 3 or 5"
#endif

#define HQC_NS(s) HQC_CAT(HQC_PREFIX, s)

/* The RS code is [n1, k] over GF(2^8) with k = security bytes; the RM code is RM(1,7)
 * (128 bits per symbol) repeated n2/128 times. */
#define HQC_K HQC_SEC_BYTES
#define HQC_RS_PARITY (HQC_N1 - HQC_K) /* = 2 * delta, the degree of the generator */
#define HQC_RM_COPIES (HQC_N2 / 128)
#define HQC_N1N2 (HQC_N1 * HQC_N2)

#define HQC_WORDS ((HQC_N + 63) / 64)       /* 64-bit words of a vector of length n */
#define HQC_N_BYTES ((HQC_N + 7) / 8)       /* bytes of a vector of length n */
#define HQC_N1N2_WORDS ((HQC_N1N2 + 63) / 64)
#define HQC_N1N2_BYTES ((HQC_N1N2 + 7) / 8)
#define HQC_TOP_MASK ((HQC_N % 64) ? ((1ULL << (HQC_N % 64)) - 1) : ~0ULL)

#define HQC_SEED_BYTES 32
#define HQC_SALT_BYTES 16
#define HQC_SS_BYTES 32

/* Wire sizes (spec section "Key encapsulation"): ek = seed_ek || s; dk = ek || seed_dk || sigma
 * || seed_kem; ct = u || v || salt. */
#define HQC_PK_BYTES (HQC_SEED_BYTES + HQC_N_BYTES)
#define HQC_SK_BYTES (HQC_PK_BYTES + HQC_SEED_BYTES + HQC_SEC_BYTES + HQC_SEED_BYTES)
#define HQC_CT_BYTES (HQC_N_BYTES + HQC_N1N2_BYTES + HQC_SALT_BYTES)

/* The largest weights any dialect samples (dialect.h): Bouncy Castle 1.87 draws one more
 * position than the spec for x and y at every level, and for r1, r2, e at HQC-1 and HQC-5.
 * Buffers of supports are sized by these; sampling.c checks every dialect against them. */
#define HQC_OMEGA_MAX (HQC_OMEGA + 1)
#define HQC_WEIGHT_MAX (HQC_OMEGA_R + 1)

/* Keygen samples positions from 24-bit draws below the largest multiple of n under 2^24. */
#define HQC_REJECT_THRESHOLD (((1UL << 24) / HQC_N) * HQC_N)

#endif
