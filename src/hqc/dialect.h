/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* dialect.h: the HQC dialects libhqc speaks (HQC_DIALECTS, the one table of them) and, inside a
 * level's KEM, a dialect's two fixed-weight samplers, the only code that differs between
 * dialects (spec section "Sampling"), which pke.c calls through hqc_dialect. Keys of one
 * dialect fail silently in the other, so each has its own entry points, named here. */
#ifndef HQC_DIALECT_H
#define HQC_DIALECT_H

/* Three deployed implementations of the 2025-08-22 specification differ in how they read the
 * SHAKE256 streams, in their domain bytes and, for Bouncy Castle 1.87, in the code and the
 * weights; everything else (hashes G H I J, sizes of pk, ct and ss) is shared.
 * X(id, name, big_endian, align, chunked, kem_domain, xof_domain, sk_seed, field, rm_order,
 *   omega, omega_r, origin), the default first.
 * Three columns say how the keygen stream is read (src/hqc/sampling.c):
 *   big_endian  keygen's 24-bit draw is b0 << 16 | b1 << 8 | b2 (else b0 | b1 << 8 | b2 << 16);
 *   align       every XOF read advances the stream by a multiple of align bytes: a read of L
 *               bytes skips the next (-L mod align) bytes after them;
 *   chunked     keygen reads its draws weight at a time (one read of 3 weight bytes); a vector
 *               starts on a fresh read and leaves what its last one did not use; else draw by
 *               draw, the next vector going on where the previous one stopped.
 * Two columns are domain bytes (src/hqc/symmetric.c), HQC_DOMAIN_NONE for no byte:
 *   kem_domain  the byte after seed_KEM in SHAKE256(seed_KEM || byte) -> seed_PKE || sigma;
 *               HQC_DOMAIN_K is the byte k (16, 24, 32: the level's message bytes);
 *   xof_domain  the byte after seed_dk, seed_ek and theta in the other SHAKE256 streams.
 *   sk_seed     1: the expanded secret key ends with seed_KEM (pk || seed_dk || sigma ||
 *               seed_KEM); 0: it stops after sigma (pk || seed_dk || sigma).
 *   field       the GF(2^8) of the RS code: 0x11D (x^8+x^4+x^3+x^2+1, alpha = x) or 0x11B
 *               (x^8+x^4+x^3+x+1, alpha = x+1). The two are isomorphic by a GF(2)-linear map
 *               that sends x+1 to x, and both RS codes have the roots alpha^1..alpha^2delta, so
 *               the 0x11B code is the 0x11D one with every symbol mapped (src/hqc/code.c).
 *   rm_order    the bit order of each RM codeword byte: 0 as the spec; 1 reversed (codeword
 *               bit p sits at p ^ 7), so the RM code is the spec's with bits swapped in bytes.
 *   omega, omega_r  the weights of x, y and of r1, r2, e, per level: HQC_PER_LEVEL(1, 3, 5).
 *   origin      who speaks it, for the public header's list of dialects.
 * 161cd4f: the official tree at commit 161cd4f (2026-02-10), liboqs 0.16.0, RustCrypto hqc-kem.
 * v5.0.0: the official tag v5.0.0 (2025-08-26), Bouncy Castle 1.83-1.86, PyPI pqcrypto 1.0.0
 * (crates.io backbone-hqc 0.2.0).
 * bc_1_87: Bouncy Castle 1.87 (bcprov-jdk18on 1.87, 2026-11): no upstream tag; read from its
 * classes (HQCEngine, GF, ReedMuller, ReedSolomon, HQCParameters), its private key is the 32-byte
 * seed_KEM, the expanded key pk || seed_dk || sigma.
 * A dialect's id names its functions: hqc<L>_<id>_crypto_kem_*.
 * A new dialect is one line here (a new way of reading would be a new column) and its KAT
 * digests in kat/levels.json: scripts/gen-api derives its declarations in the public api.h and
 * the exported names from this table, and the C code expands it where it needs every dialect.
 * This part needs no level: level-independent code (tools/hqc.c) includes it for the table. */
#define HQC_DOMAIN_NONE (-1)
#define HQC_DOMAIN_K (-2)
#define HQC_DIALECTS(X)                                                                              \
    X(161cd4f, "161cd4f", 0, 1, 0, 1, 1, 1, 0x11D, 0, HQC_PER_LEVEL(66, 100, 131), HQC_PER_LEVEL(75, 114, 149), "official tree commit 161cd4f; liboqs 0.16.0, RustCrypto hqc-kem") \
    X(v5_0_0, "v5.0.0", 1, 8, 1, 1, 1, 1, 0x11D, 0, HQC_PER_LEVEL(66, 100, 131), HQC_PER_LEVEL(75, 114, 149), "official tag v5.0.0; Bouncy Castle 1.83-1.86, PyPI pqcrypto 1.0.0") \
    X(bc_1_87, "bc-1.87", 0, 1, 0, HQC_DOMAIN_K, HQC_DOMAIN_NONE, 0, 0x11B, 1, HQC_PER_LEVEL(67, 101, 132), HQC_PER_LEVEL(76, 114, 150), "Bouncy Castle 1.87 (no upstream tag); seed private keys")

#define HQC_DEFAULT_DIALECT 161cd4f
#define HQC_DEFAULT_DIALECT_NAME "161cd4f"

/* The rest is a level's (params.h's HQC_LEVEL): the dialect inside its KEM. */
#ifdef HQC_LEVEL

#include <stddef.h>
#include <stdint.h>

#include "keccak.h"
#include "params.h"
#include "symmetric.h"

/* The column of the level being compiled (HQC_PER_LEVEL(at HQC-1, at HQC-3, at HQC-5)). */
#if HQC_LEVEL == 1
#define HQC_PER_LEVEL(a, b, c) a
#elif HQC_LEVEL == 3
#define HQC_PER_LEVEL(a, b, c) b
#else
#define HQC_PER_LEVEL(a, b, c) c
#endif

struct hqc_backend; /* backend.h */

/* The most bytes a dialect's encrypt_stride (below) can be: alignments are at most 8. */
#define HQC_ENCRYPT_STRIDE_MAX (4 * HQC_WEIGHT_MAX + 8)

typedef struct hqc_dialect {
    const char *name; /* "161cd4f", "v5.0.0", "bc-1.87" */
    int kem_domain;   /* the byte after seed_KEM, or HQC_DOMAIN_NONE (HQC_DOMAIN_K resolved) */
    int xof_domain;   /* the byte after seed_dk, seed_ek, theta, or HQC_DOMAIN_NONE */
    int sk_seed;      /* the expanded key ends with seed_KEM */
    int field_11b;    /* the RS code lives in GF(2^8) mod 0x11B (else 0x11D) */
    int rm_reversed;  /* RM codeword bits reversed within bytes */
    size_t omega;     /* weight of x and y */
    size_t omega_r;   /* weight of r1, r2 and e */
    size_t sk_bytes;  /* the expanded secret key's length */
    /* weight distinct positions < n by rejection on 24-bit draws (keygen: y and x; decaps: y) */
    void (*sample_keygen)(xof_stream *xof, uint32_t *support, size_t weight);
    /* weight distinct positions < n without rejection (encryption: r2, e, r1), the positions
     * computed by be's fixed_weight kernel where it has one (backend.h) */
    void (*sample_encrypt)(shake256_ctx *xof, uint32_t *support, size_t weight, const struct hqc_backend *be);
    /* the XOF bytes sample_encrypt reads for weight omega_r (4 a position, padded to the
     * dialect's alignment): r2, e and r1 take the first three such runs of XOF(theta) */
    size_t encrypt_stride;
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
/* The dialect called name ("161cd4f", "v5.0.0", "bc-1.87"), or NULL. */
const hqc_dialect *dialect_by_name(const char *name);

#endif /* HQC_LEVEL */
#endif
