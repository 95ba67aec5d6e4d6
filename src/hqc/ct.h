/* ct.h: branch-free comparisons and selections on secret words. Each returns an all-ones or
 * all-zero mask so callers combine values with AND/OR instead of branching. */
#ifndef HQC_CT_H
#define HQC_CT_H

#include <stdint.h>

static inline uint32_t ct_mask_nonzero32(uint32_t x)
{
    return 0u - ((x | (0u - x)) >> 31);
}

static inline uint32_t ct_mask_eq32(uint32_t a, uint32_t b)
{
    return ~ct_mask_nonzero32(a ^ b);
}

/* a < b for a, b < 2^31. */
static inline uint32_t ct_mask_lt32(uint32_t a, uint32_t b)
{
    return 0u - ((a - b) >> 31);
}

static inline uint64_t ct_mask_eq64_32(uint32_t a, uint32_t b)
{
    return (uint64_t)0 - (uint64_t)(ct_mask_eq32(a, b) & 1u);
}

#endif
