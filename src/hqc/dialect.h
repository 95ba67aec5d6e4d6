/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* dialect.h: the HQC dialects libhqc speaks (HQC_DIALECTS, the one table of them) and, inside a
 * level's KEM, a dialect's two fixed-weight samplers, the only code that differs between
 * dialects (spec section "Sampling"), which pke.c calls through hqc_dialect. Keys of one
 * dialect fail silently in the other, so each has its own entry points, named here. */
#ifndef HQC_DIALECT_H
#define HQC_DIALECT_H

/* Two deployed implementations of the 2025-08-22 specification draw the fixed-weight vectors
 * from the same SHAKE256 stream differently; everything else (hashes, domain bytes, formats,
 * sizes) is shared.
 * X(id, name, big_endian, align, chunked, origin), the default first. Three columns say how
 * the stream is read (src/hqc/sampling.c):
 *   big_endian  keygen's 24-bit draw is b0 << 16 | b1 << 8 | b2 (else b0 | b1 << 8 | b2 << 16);
 *   align       every XOF read advances the stream by a multiple of align bytes: a read of L
 *               bytes skips the next (-L mod align) bytes after them;
 *   chunked     keygen reads its draws weight at a time (one read of 3 weight bytes); a vector
 *               starts on a fresh read and leaves what its last one did not use; else draw by
 *               draw, the next vector going on where the previous one stopped.
 *   origin      who speaks it, for the public header's list of dialects.
 * 161cd4f: the official tree at commit 161cd4f (2026-02-10), liboqs 0.16.0, RustCrypto hqc-kem.
 * v5.0.0: the official tag v5.0.0 (2025-08-26), Bouncy Castle 1.83-1.85, PyPI pqcrypto 1.0.0
 * (crates.io backbone-hqc 0.2.0). A dialect's id names its functions: hqc<L>_<id>_crypto_kem_*.
 * A new dialect is one line here (a new way of reading would be a new column) and its KAT
 * digests in kat/levels.json: scripts/gen-api derives its declarations in the public api.h and
 * the exported names from this table, and the C code expands it where it needs every dialect.
 * This part needs no level: level-independent code (tools/hqc.c) includes it for the table. */
#define HQC_DIALECTS(X)                                                                              \
    X(161cd4f, "161cd4f", 0, 1, 0, "official tree commit 161cd4f; liboqs 0.16.0, RustCrypto hqc-kem") \
    X(v5_0_0, "v5.0.0", 1, 8, 1, "official tag v5.0.0; Bouncy Castle 1.83-1.85, PyPI pqcrypto 1.0.0")

#define HQC_DEFAULT_DIALECT 161cd4f
#define HQC_DEFAULT_DIALECT_NAME "161cd4f"

/* The rest is a level's (params.h's HQC_LEVEL): the dialect inside its KEM. */
#ifdef HQC_LEVEL

#include <stddef.h>
#include <stdint.h>

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

#endif /* HQC_LEVEL */
#endif
