/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* declassify.h: marks a value derived from secrets as public where the spec makes it so (a
 * rejection-sampling decision, a ciphertext). In the constant-time build (-DHQC_CT_CHECK)
 * it tells valgrind or MemorySanitizer that the value is defined; elsewhere it is free. */
#ifndef HQC_DECLASSIFY_H
#define HQC_DECLASSIFY_H

#include <stddef.h>
#include <stdint.h>

#if defined(HQC_CT_CHECK) && defined(HQC_CT_MSAN)
#include <sanitizer/msan_interface.h>
#define HQC_MAKE_DEFINED(p, len) __msan_unpoison((p), (len))
#elif defined(HQC_CT_CHECK)
#include <valgrind/memcheck.h>
#define HQC_MAKE_DEFINED(p, len) VALGRIND_MAKE_MEM_DEFINED((p), (len))
#else
#define HQC_MAKE_DEFINED(p, len) ((void)(p), (void)(len))
#endif

/*@ assigns \nothing;
    ensures wp_same: \result == x; */
static inline uint32_t declassify_u32(uint32_t x)
{
    HQC_MAKE_DEFINED(&x, sizeof x);
    return x;
}

/*@ assigns \nothing; */
static inline void declassify(const void *p, size_t len)
{
    HQC_MAKE_DEFINED(p, len);
}

#endif
