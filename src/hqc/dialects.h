/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* dialects.h: the HQC dialects libhqc speaks. Two deployed implementations of the 2025-08-22
 * specification draw the fixed-weight vectors from the same SHAKE256 stream differently (spec
 * section "Sampling"); everything else (hashes, domain bytes, formats, sizes) is shared. Keys
 * of one dialect fail silently in the other, so each has its own entry points. */
#ifndef HQC_DIALECTS_H
#define HQC_DIALECTS_H

/* X(id, name, big_endian, align, chunked), the default first. The columns say how the stream
 * is read (src/hqc/sampling.c):
 *   big_endian  keygen's 24-bit draw is b0 << 16 | b1 << 8 | b2 (else b0 | b1 << 8 | b2 << 16);
 *   align       every XOF read advances the stream by a multiple of align bytes: a read of L
 *               bytes skips the next (-L mod align) bytes after them;
 *   chunked     keygen reads its draws weight at a time (one read of 3 weight bytes); a vector
 *               starts on a fresh read and leaves what its last one did not use; else draw by
 *               draw, the next vector going on where the previous one stopped.
 * 161cd4f: the official tree at commit 161cd4f (2026-02-10), liboqs 0.16.0, RustCrypto hqc-kem.
 * v5.0.0: the official tag v5.0.0 (2025-08-26), Bouncy Castle 1.83-1.85, PyPI pqcrypto 1.0.0
 * (crates.io backbone-hqc 0.2.0). A dialect's id names its functions: hqc<L>_<id>_crypto_kem_*.
 * A new dialect is one line here (a new way of reading would be a new column), one block of
 * declarations in src/hqc/api.h.in and its names in src/hqc/exports.txt. */
#define HQC_DIALECTS(X)                       \
    X(161cd4f, "161cd4f", 0, 1, 0)            \
    X(v5_0_0, "v5.0.0", 1, 8, 1)

#define HQC_DEFAULT_DIALECT 161cd4f
#define HQC_DEFAULT_DIALECT_NAME "161cd4f"

#endif
