# SPDX-License-Identifier: Apache-2.0 OR MIT
"""_kem.py: one module object per dialect and level, with pqcrypto's names (keygen, encaps,
decaps and the *_SIZE constants) and the derandomised variants, over the C extension _hqc."""
import types

from . import _hqc

# The levels: module name, level, pqcrypto's ALGORITHM string.
LEVELS = (("hqc_128", 1, "Hqc128"), ("hqc_192", 3, "Hqc192"), ("hqc_256", 5, "Hqc256"))


def _bytes(x):
    """x as bytes (a bytearray or memoryview is copied, so the C code reads a fixed buffer
    while the GIL is released)."""
    return x if type(x) is bytes else bytes(memoryview(x))


def level_module(package, index, dialect, name, level, algorithm):
    """The module `<package>.<name>` of one level of one dialect (index: the dialect's place in
    the C table)."""
    m = types.ModuleType("%s.%s" % (package, name))
    pk, sk, ct, ss, msg, salt, seed = _hqc.sizes(index, level)

    def keygen():
        """A fresh key pair from the operating system's randomness: (public key, secret key)."""
        return _hqc.keypair(index, level)

    def encaps(public_key):
        """(ciphertext, shared secret) for public_key, from the OS's randomness."""
        return _hqc.enc(index, level, _bytes(public_key))

    def decaps(secret_key, ciphertext):
        """The shared secret of ciphertext (pqcrypto's order: the secret key first). An invalid
        ciphertext of the right length gives the implicit-rejection secret, not an error."""
        return _hqc.dec(index, level, _bytes(secret_key), _bytes(ciphertext))

    def keygen_derand(seed):
        """The key pair of a 32-byte seed (seed_kem): (public key, secret key)."""
        return _hqc.keypair_derand(index, level, _bytes(seed))

    def encaps_derand(public_key, m, salt):
        """(ciphertext, shared secret) of message m (MESSAGE_SIZE bytes) and a 16-byte salt."""
        return _hqc.enc_derand(index, level, _bytes(public_key), _bytes(m), _bytes(salt))

    for f in (keygen, encaps, decaps, keygen_derand, encaps_derand):
        f.__module__ = m.__name__
        setattr(m, f.__name__, f)
    m.ALGORITHM = algorithm
    m.LEVEL = level
    m.DIALECT = dialect
    m.PUBLIC_KEY_SIZE, m.SECRET_KEY_SIZE, m.CIPHERTEXT_SIZE = pk, sk, ct
    m.SHARED_SECRET_SIZE, m.MESSAGE_SIZE, m.SALT_SIZE, m.SEED_SIZE = ss, msg, salt, seed
    m.__doc__ = "HQC-%d (pqcrypto's %s) in dialect %s." % (level, algorithm, dialect)
    m.__all__ = ["keygen", "encaps", "decaps", "keygen_derand", "encaps_derand", "ALGORITHM",
                 "PUBLIC_KEY_SIZE", "SECRET_KEY_SIZE", "CIPHERTEXT_SIZE", "SHARED_SECRET_SIZE",
                 "MESSAGE_SIZE", "SALT_SIZE", "SEED_SIZE", "DIALECT", "LEVEL"]
    return m


def module_name(dialect_id):
    """A dialect's module name: its id, with a leading d if that starts with a digit
    (161cd4f -> d161cd4f; v5_0_0 stays)."""
    return "d" + dialect_id if dialect_id[:1].isdigit() else dialect_id
