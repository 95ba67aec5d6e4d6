# SPDX-License-Identifier: Apache-2.0 OR MIT
"""hqc_spec.py: the HQC-KEM hash layer (HQC specification 2025-08-22, section "HQC-KEM" and its
functions H, G, J and XOF, with their domain bytes) written out from the specification over
Python's hashlib, which shares no code with the library: the key derivation of keygen from
seed_kem, the shared secret K of encapsulation, and the implicit-rejection secret K-bar that
decapsulation must return for a ciphertext that does not re-encrypt. Bouncy Castle 1.87's form
(docs/DIALECTS.md, read from its classes) differs here only in keygen: SHAKE256(seed_kem || k)
and an expanded key without seed_kem; its table entry is written out below, not read from
the library's."""
import hashlib

SEED_BYTES = 32   # seed_kem, seed_pke, seed_dk, H(ek)
SALT_BYTES = 16
SS_BYTES = 32
# k: the security level in bytes (m and sigma), per parameter set.
SEC_BYTES = {1: 16, 3: 24, 5: 32}

# Domain separation bytes, appended after the input (specification, "Symmetric primitives").
DOMAIN_G, DOMAIN_H, DOMAIN_J = 0, 1, 3
DOMAIN_XOF = 1


def H(ek):
    """H(ek) = SHA3-256(ek || 1)."""
    return hashlib.sha3_256(ek + bytes([DOMAIN_H])).digest()


def G(h_ek, m, salt):
    """G(H(ek), m, salt) = SHA3-512(H(ek) || m || salt || 0): K (first 32 bytes) and theta."""
    return hashlib.sha3_512(h_ek + m + salt + bytes([DOMAIN_G])).digest()


def J(h_ek, sigma, c):
    """J(H(ek), sigma, c) = SHA3-256(H(ek) || sigma || c || 3), c = u || v || salt: K-bar."""
    return hashlib.sha3_256(h_ek + sigma + c + bytes([DOMAIN_J])).digest()


def XOF(seed, n):
    """XOF(seed) = SHAKE256(seed || 1), its first n bytes."""
    return hashlib.shake_256(seed + bytes([DOMAIN_XOF])).digest(n)


# The dialects this model knows: the byte after seed_kem in keygen's SHAKE256 ("k": the level's
# k), and whether the expanded key ends with seed_kem.
KEYGEN_DOMAIN = {"161cd4f": DOMAIN_XOF, "v5.0.0": DOMAIN_XOF, "bc-1.87": "k"}
SK_HOLDS_SEED = {"161cd4f": True, "v5.0.0": True, "bc-1.87": False}


def keygen_seeds(level, seed_kem, dialect="161cd4f"):
    """(seed_pke, sigma): keygen squeezes them, in that order, from SHAKE256(seed_kem || domain)
    (XOF(seed_kem) in the specification's dialects)."""
    k = SEC_BYTES[level]
    domain = KEYGEN_DOMAIN[dialect]
    out = hashlib.shake_256(seed_kem + bytes([k if domain == "k" else domain])).digest(SEED_BYTES + k)
    return out[:SEED_BYTES], out[SEED_BYTES:]


def decaps_key(level, ek, seed_dk, seed_kem, dialect="161cd4f"):
    """dk_KEM = ek || seed_dk || sigma || seed_kem (bc-1.87: without seed_kem)."""
    key = ek + seed_dk + keygen_seeds(level, seed_kem, dialect)[1]
    return key + seed_kem if SK_HOLDS_SEED[dialect] else key


def shared_secret(ek, m, salt):
    """K of Encaps(ek; m, salt)."""
    return G(H(ek), m, salt)[:SS_BYTES]


def rejection_secret(level, ek, seed_kem, c, dialect="161cd4f"):
    """K-bar, the secret Decaps returns for c when c' != c: from sigma, derived here from
    seed_kem (not read from the library's key), and the whole ciphertext with its salt."""
    return J(H(ek), keygen_seeds(level, seed_kem, dialect)[1], c)[:SS_BYTES]
