/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* painted_stack.h: runs a function on a fresh thread whose stack, with a guard page below it,
 * is first painted with one byte, so that afterwards the bytes the call changed can be measured
 * (test_stack.c: the high-water mark) or searched (test_stack_secrets.c: secrets left behind).
 * Test code only; CHECK (testutil.h) stops the program on any system failure. */
#ifndef HQC_TEST_PAINTED_STACK_H
#define HQC_TEST_PAINTED_STACK_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "testutil.h"

typedef struct {
    uint8_t *region; /* the mapping: guard page, then the stack */
    size_t mapped;
    uint8_t *stack; /* bytes stack[0 .. len), the top at stack + len */
    size_t len;
    size_t low; /* stack[low ..] is what the call changed (it still differs from the paint) */
} painted_stack;

/* Runs fn(arg) on a thread whose len-byte stack is painted with pattern; fills ps. The caller
 * reads ps->stack, then calls painted_stack_free. */
static void painted_stack_run(painted_stack *ps, size_t len, uint8_t pattern, void *(*fn)(void *), void *arg)
{
    long page = sysconf(_SC_PAGESIZE);
    ps->mapped = len + (size_t)page;
    ps->region = mmap(NULL, ps->mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    CHECK(ps->region != MAP_FAILED, "mmap failed");
    CHECK(mprotect(ps->region, (size_t)page, PROT_NONE) == 0, "mprotect failed"); /* guard page */
    ps->stack = ps->region + page;
    ps->len = len;
    memset(ps->stack, pattern, len);

    pthread_attr_t attr;
    pthread_t t;
    CHECK(pthread_attr_init(&attr) == 0 && pthread_attr_setstack(&attr, ps->stack, len) == 0,
          "pthread_attr_setstack failed");
    CHECK(pthread_create(&t, &attr, fn, arg) == 0, "pthread_create failed");
    CHECK(pthread_join(t, NULL) == 0, "pthread_join failed");
    pthread_attr_destroy(&attr);

    ps->low = 0;
    while (ps->low < len && ps->stack[ps->low] == pattern)
        ps->low++;
}

static void painted_stack_free(painted_stack *ps)
{
    munmap(ps->region, ps->mapped);
}

#endif
