/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* ct_poison.h: the secret-marking primitives of the constant-time harnesses (the "ctgrind"
 * method of A. Langley, 2010): secret bytes are marked uninitialised, so valgrind memcheck or
 * MemorySanitizer reports every branch and memory address that depends on them. Compile with
 * -DHQC_CT_CHECK (valgrind) or -DHQC_CT_CHECK -DHQC_CT_MSAN (MemorySanitizer). */
#ifndef HQC_CT_POISON_H
#define HQC_CT_POISON_H

#include <stddef.h>
#include <stdint.h>

#if !defined(HQC_CT_CHECK)
#error "the constant-time harnesses need -DHQC_CT_CHECK"
#endif

#if defined(HQC_CT_MSAN)
#include <sanitizer/msan_interface.h>

static inline void ct_secret(const void *p, size_t len)
{
    __msan_poison(p, len);
}

static inline void ct_public(const void *p, size_t len)
{
    __msan_unpoison(p, len);
}

/* 1 if every byte is marked defined; never reports by itself. */
static inline int ct_is_public(const void *p, size_t len)
{
    return __msan_test_shadow(p, len) == -1;
}

/* 1 if at least one bit is still marked secret. */
static inline int ct_has_secret(const void *p, size_t len)
{
    return !ct_is_public(p, len);
}
#define CT_TOOL "msan"
#else
#include <valgrind/memcheck.h>

static inline void ct_secret(const void *p, size_t len)
{
    VALGRIND_MAKE_MEM_UNDEFINED(p, len);
}

static inline void ct_public(const void *p, size_t len)
{
    VALGRIND_MAKE_MEM_DEFINED(p, len);
}

/* Reads the validity bits without reporting anything: a V bit of 1 means undefined. Outside
 * valgrind the request does nothing (returns 0), which ct_running_under_tool detects. */
static inline int ct_vbits_all(const void *p, size_t len, int want_defined)
{
    uint8_t vbits[256];
    const uint8_t *b = p;
    for (size_t off = 0; off < len; off += sizeof vbits) {
        size_t n = len - off < sizeof vbits ? len - off : sizeof vbits;
        if (VALGRIND_GET_VBITS(b + off, vbits, n) != 1)
            return 0;
        for (size_t i = 0; i < n; i++)
            if ((vbits[i] == 0) != want_defined)
                return 0;
    }
    return 1;
}

static inline int ct_is_public(const void *p, size_t len)
{
    return ct_vbits_all(p, len, 1);
}

static inline int ct_has_secret(const void *p, size_t len)
{
    return !ct_vbits_all(p, len, 1);
}
#define CT_TOOL "valgrind"
#endif

/* A harness that is not really watched by its tool proves nothing: under valgrind this is
 * RUNNING_ON_VALGRIND; an MSan build always is. */
static inline int ct_running_under_tool(void)
{
#if defined(HQC_CT_MSAN)
    return 1;
#else
    return RUNNING_ON_VALGRIND != 0;
#endif
}

#endif
