/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* fc_prelude.h: included first in every file Frama-C analyses (scripts/prove, -include). Frama-C
 * 25 does not parse C11's _Alignas: alignment changes no value and no bound EVA or WP checks,
 * so the specifier is dropped for the analysis only (the compiled library keeps it). */
#define _Alignas(x)
/* C11 atomics (the idempotent caches of backend.c, cpu.c and keccak.c) as plain loads and
 * stores: the analysis is of one thread. This replaces Frama-C's <stdatomic.h>, whose loads
 * return an integer that the caches would convert back to a pointer. */
#define __FC_STDATOMIC
#define _Atomic
typedef enum { memory_order_relaxed, memory_order_consume, memory_order_acquire, memory_order_release,
               memory_order_acq_rel, memory_order_seq_cst } memory_order;
#define atomic_load_explicit(obj, order) (*(obj))
#define atomic_store_explicit(obj, value, order) ((void)(*(obj) = (value)))
/* secure_getenv (backend.c, glibc) is not in Frama-C's libc: getenv's specification serves. */
#define secure_getenv getenv
