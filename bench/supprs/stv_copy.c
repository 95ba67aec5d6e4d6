/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* stv_copy.c: one more copy of a support-expansion kernel for bench_supprs, named STV_NAME and
 * placed STV_PAD bytes further into .text than it would otherwise be (built with
 * -fno-toplevel-reorder, so the padding is emitted just before the function). Several copies
 * let one process time the same code at several placements: issue 13 asks that the time of
 * the kernel not depend on where the linker puts it. STV_OLD selects the pre-issue-13 kernel. */
#include "params.h"

#define STV_STR_(x) #x
#define STV_STR(x) STV_STR_(x)
__asm__(".text\n\t.fill " STV_STR(STV_PAD) ", 1, 0xcc\n");

#if STV_OLD
#define old_support_to_vector_avx2 STV_NAME
#include "old_support_to_vector_avx2.c"
#else
#include "support_to_vector_avx2.h"
#undef support_to_vector_avx2
#define support_to_vector_avx2 STV_NAME
#include "support_to_vector_avx2.c"
#endif
