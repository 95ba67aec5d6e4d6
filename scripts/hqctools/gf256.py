# SPDX-License-Identifier: Apache-2.0 OR MIT
"""gf256.py: arithmetic in HQC's GF(2^8) = GF(2)[x]/(x^8+x^4+x^3+x^2+1), alpha = x (spec section
"Reed-Solomon codes"), for the table generators gen-rs-tables and gen-syndromes-tables.
"""

POLY = 0x11D


def gf_mul(a, b):
    """a * b in GF(2^8) (shift-and-add, reducing by POLY)."""
    r = 0
    while b:
        if b & 1:
            r ^= a
        b >>= 1
        a <<= 1
        if a & 0x100:
            a ^= POLY
    return r


def gf_pow(a, e):
    """a^e in GF(2^8), e >= 0."""
    r = 1
    for _ in range(e):
        r = gf_mul(r, a)
    return r
