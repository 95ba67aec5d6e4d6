/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* old_sampling.c: keygen's fixed-weight sampler as it was before issue 13 item 4 (one draw at
 * a time: read 3 bytes, reduce, compare with the kept list, branch on the declassified
 * decision), frozen and renamed OLD_SAMPLER (default old_sample_support_keygen) so that the
 * programs of bench/sampling can time it against sample_support_keygen in one process. Built
 * with -DOLD_KEM_TABLE (mk/sampling.mk's old KEM), it also defines the 161cd4f dialect's table
 * with this sampler for keygen, which the joined old kem.o and pke.o then use. Not part of the
 * library. */
#include <stddef.h>
#include <stdint.h>

#include "ct.h"
#include "declassify.h"
#include "symmetric.h"
#include "zeroize.h"

#ifndef OLD_SAMPLER
#define OLD_SAMPLER old_sample_support_keygen
#endif
void OLD_SAMPLER(xof_stream *xof, uint32_t *support, size_t weight);

#ifdef OLD_KEM_TABLE
#include "dialect.h"
#include "sampling.h"
const hqc_dialect HQC_DIALECT_TABLE(161cd4f) = {"161cd4f", OLD_SAMPLER, sample_support_encrypt};
#endif

#define OLD_BARRETT_MU ((uint32_t)((1ULL << 32) / HQC_N))

static uint32_t old_reduce_mod_n(uint32_t x)
{
    uint32_t q = (uint32_t)(((uint64_t)x * OLD_BARRETT_MU) >> 32);
    uint32_t r = x - q * HQC_N;
    return r - (HQC_N & ~ct_mask_lt32(r, HQC_N));
}

static uint32_t old_mask_in_list(uint16_t x, const uint16_t *list, size_t len)
{
    uint16_t all_differ = 0xFFFF;
    for (size_t j = 0; j < len; j++) {
        uint16_t d = (uint16_t)(list[j] ^ x);
        all_differ &= (uint16_t)(d | (uint16_t)(0u - d));
    }
    return (uint32_t)(all_differ >> 15) - 1u;
}

void OLD_SAMPLER(xof_stream *xof, uint32_t *support, size_t weight)
{
    uint16_t kept[HQC_OMEGA_R];
    size_t count = 0;
    while (count < weight) {
        uint8_t b[3];
        xof_stream_read(xof, b, 3);
        uint32_t draw = (uint32_t)b[0] | ((uint32_t)b[1] << 8) | ((uint32_t)b[2] << 16);
        uint32_t reject = ~ct_mask_lt32(draw, HQC_REJECT_THRESHOLD);
        uint32_t pos = old_reduce_mod_n(draw);
        uint32_t seen = old_mask_in_list((uint16_t)pos, kept, count);
        if (declassify_u32(reject | seen))
            continue;
        kept[count] = (uint16_t)pos;
        support[count++] = pos;
    }
    zeroize(kept, sizeof kept);
}
