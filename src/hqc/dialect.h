/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* dialect.h: a dialect of HQC inside the KEM (dialects.h lists them): its two fixed-weight
 * samplers, the only code that differs between dialects (spec section "Sampling"), which
 * pke.c calls through this table. Names per dialect are built here, in one place. */
#ifndef HQC_DIALECT_H
#define HQC_DIALECT_H

#include <stddef.h>
#include <stdint.h>

#include "dialects.h"
#include "keccak.h"
#include "params.h"
#include "symmetric.h"

typedef struct hqc_dialect {
    const char *name; /* "161cd4f", "v5.0.0" */
    /* weight distinct positions < n by rejection on 24-bit draws (keygen: y and x; decaps: y) */
    void (*sample_keygen)(xof_stream *xof, uint32_t *support, size_t weight);
    /* weight distinct positions < n without rejection (encryption: r2, e, r1) */
    void (*sample_encrypt)(shake256_ctx *xof, uint32_t *support, size_t weight);
} hqc_dialect;

/* hqc<L>_<id>_<s>: a dialect's public names; HQC_DIALECT_TABLE(id) its table (sampling.c). */
#define HQC_DIALECT_NS(id, s) HQC_NS(HQC_CAT(id, HQC_CAT(_, s)))
#define HQC_DIALECT_TABLE(id) HQC_NS(HQC_CAT(dialect_, id))

#define HQC_DIALECT_DECLARE_TABLE(id, ...) extern const hqc_dialect HQC_DIALECT_TABLE(id);
HQC_DIALECTS(HQC_DIALECT_DECLARE_TABLE)
#undef HQC_DIALECT_DECLARE_TABLE

#define dialect_list HQC_NS(dialect_list)
#define dialect_by_name HQC_NS(dialect_by_name)

/* Every dialect, the default first, NULL-terminated. */
const hqc_dialect *const *dialect_list(void);
/* The dialect called name ("161cd4f", "v5.0.0"), or NULL. */
const hqc_dialect *dialect_by_name(const char *name);

#endif
