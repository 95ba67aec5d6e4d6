/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* rs_errors_gfni.c: the RS decoder's error values (spec section "Decoding the Reed-Solomon
 * code", steps 2-4) with GFNI: ../rs_errors_body.h over GF2P8MULB. GF2P8MULB multiplies in the
 * AES field (x^8+x^4+x^3+x+1), not HQC's: the syndromes and locators go into it by a field
 * isomorphism (GF2P8AFFINEQB with a generated matrix), and the errors come back. The
 * isomorphism keeps every product, sum and zero test, so the output equals the portable one
 * for every syndrome vector, within the radius or not. */
#include "rs_errors_gfni.h"

#include <immintrin.h>

#include "syndromes_tables.h"

/* The AES field's identity matrix: GF2P8AFFINEINVQB with it is the field inverse (0 -> 0). */
#define AES_IDENTITY 0x0102040810204080ULL

static inline __m256i affine(__m256i x, uint64_t m)
{
    return _mm256_gf2p8affine_epi64_epi8(x, _mm256_set1_epi64x((long long)m), 0);
}

#define RS_ERRORS rs_errors_gfni
#define FIELD_IN(v) affine((v), RS_FIELD_TO_AES)
#define FIELD_OUT(v) affine((v), RS_FIELD_FROM_AES)
#define RS_MUL(early, late) _mm256_gf2p8mul_epi8((early), (late))
/* One instruction a product: the look-ahead's extra products cost less than the latency it
 * takes off each iteration (1.22-1.27x alone; the AVX2 product, some 45 operations, made the
 * AVX2 kernel 1.4x slower with it: bench/README.md, "The GFNI RS error kernel's look-ahead"). */
#define RS_LOOKAHEAD
#define RS_INV(v) _mm256_gf2p8affineinv_epi64_epi8((v), _mm256_set1_epi64x((long long)AES_IDENTITY), 0)
#include "rs_errors_body.h"
