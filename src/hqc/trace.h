/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* trace.h: the counted calls behind `make floor` (issue 34): every Keccak sponge of a KEM
 * operation reports its role, the bytes it absorbed and squeezed and its permutations (single-
 * and four-state), every product its kind and weight. Only a build with -DHQC_TRACE (make floor's
 * build/floor-trace) has them, and there the tracing program (bench/floor_counts.c) defines the
 * three functions; in every other build the macros are empty and the library holds no trace. */
#ifndef HQC_TRACE_H
#define HQC_TRACE_H

#include <stddef.h>

#ifdef HQC_TRACE
typedef struct {
    const char *role;     /* the spec function: "XOF(seed_KEM)", "I", "H", "G", "J", ... */
    size_t absorbed;      /* message bytes, the domain byte included */
    size_t squeezed;      /* output bytes */
    unsigned perms_x1;    /* single-state permutations of this sponge */
    unsigned perms_x4;    /* four-state permutations it took part in */
} hqc_trace_sponge;

/* Defined by the tracing program. A sponge whose role is NULL (the SHA3 of sha3.c, which does
 * not know what it hashes) takes the role last given to hqc_trace_role. */
void hqc_trace_sponge_done(const hqc_trace_sponge *s);
void hqc_trace_role(const char *role);
void hqc_trace_product(const char *kind, size_t weight);

#define HQC_TRACE_ROLE(role) hqc_trace_role(role)
#define HQC_TRACE_PRODUCT(kind, weight) hqc_trace_product(kind, weight)
#else
#define HQC_TRACE_ROLE(role) ((void)0)
#define HQC_TRACE_PRODUCT(kind, weight) ((void)0)
#endif

#endif
