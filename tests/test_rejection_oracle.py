# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Implicit rejection against an oracle that is not our code: tests/lib/hqc_spec.py computes,
from the specification over Python's hashlib (SHA3-256, SHA3-512, SHAKE256), sigma from
seed_kem, the shared secret K of an encapsulation, and K-bar = J(H(ek), sigma, c) of a tampered
ciphertext c (u, v or salt changed). At every level, in every dialect and on every backend this
CPU runs (-sparse ones included), libhqc.so's keygen, encapsulation and decapsulation of valid
and tampered ciphertexts must give exactly those bytes. A one-byte change in how decapsulation
uses sigma fails it (shown by mutation of src/hqc/kem.c, commit message)."""
import ctypes
import random

import pytest

from conftest import LEVELS, LEVELS_META, supported_backends
from lib import hqc_spec as spec
from lib.dialects import BY_NAME, DIALECTS, sk_bytes
from lib.exports import shared_library
from lib.tool import load_library

KEYS = 2  # key pairs per level, dialect and backend


@pytest.fixture(scope="module")
def lib():
    return load_library(shared_library())


def kem(lib, level, dialect, backend):
    prefix = "hqc%d_%s_crypto_kem_" % (level, BY_NAME[dialect].id)
    by_name = getattr(lib, "hqc%d_backend_by_name" % level)
    by_name.restype = ctypes.c_void_p
    be = ctypes.c_void_p(by_name(backend.encode()))
    assert be.value, backend
    meta = LEVELS_META[str(level)]

    def keygen(seed):
        pk, sk = ctypes.create_string_buffer(meta["pk"]), ctypes.create_string_buffer(sk_bytes(meta, dialect))
        assert getattr(lib, prefix + "keypair_derand_with")(be, pk, sk, seed) == 0
        return pk.raw, sk.raw

    def encaps(pk, m, salt):
        ct, ss = ctypes.create_string_buffer(meta["ct"]), ctypes.create_string_buffer(32)
        assert getattr(lib, prefix + "enc_derand_with")(be, ct, ss, pk, m, salt) == 0
        return ct.raw, ss.raw

    def decaps(sk, ct):
        ss = ctypes.create_string_buffer(32)
        assert getattr(lib, prefix + "dec_with")(be, ss, ct, sk) == 0
        return ss.raw
    return keygen, encaps, decaps


def tampered(ct, level, rnd):
    """Copies of ct with one bit flipped in u (first and a random byte), in v (a random and the
    last byte) and in the salt (the ciphertext's last 16 bytes)."""
    n_bytes = LEVELS_META[str(level)]["ct"] - spec.SALT_BYTES
    u_end = n_bytes // 3  # inside u (u and v are about the same size)
    spots = [0, rnd.randrange(1, u_end), rnd.randrange(u_end + 1, n_bytes - 1), n_bytes - 1,
             n_bytes + rnd.randrange(spec.SALT_BYTES), len(ct) - 1]
    for i in spots:
        bad = bytearray(ct)
        bad[i] ^= 1 << rnd.randrange(8)
        yield i, bytes(bad)


def test_the_model_knows_every_dialect():
    """A dialect added to src/hqc/dialect.h must be written into the model too."""
    assert {d.name for d in DIALECTS} <= set(spec.KEYGEN_DOMAIN)


@pytest.mark.parametrize("dialect", sorted(d.name for d in DIALECTS))
@pytest.mark.parametrize("level", LEVELS)
def test_secrets_match_the_hashlib_model(lib, level, dialect):
    backends = supported_backends(level)
    assert "ref" in backends
    rnd = random.Random("%d %s" % (level, dialect))
    k = spec.SEC_BYTES[level]
    checked = 0
    for backend in backends:
        keygen, encaps, decaps = kem(lib, level, dialect, backend)
        for _ in range(KEYS):
            seed_kem = rnd.randbytes(spec.SEED_BYTES)
            pk, sk = keygen(seed_kem)
            # dk = ek || seed_dk || sigma [|| seed_kem], sigma from SHAKE256(seed_kem || domain).
            seed_dk = sk[len(pk):len(pk) + spec.SEED_BYTES]
            assert sk == spec.decaps_key(level, pk, seed_dk, seed_kem, dialect), (backend, level, dialect)
            m, salt = rnd.randbytes(k), rnd.randbytes(spec.SALT_BYTES)
            ct, ss = encaps(pk, m, salt)
            assert ct.endswith(salt) and ss == spec.shared_secret(pk, m, salt), (backend, level, dialect)
            assert decaps(sk, ct) == ss
            for where, bad in tampered(ct, level, rnd):
                got = decaps(sk, bad)
                assert got == spec.rejection_secret(level, pk, seed_kem, bad, dialect), (backend, level, dialect, where)
                assert got != ss
                checked += 1
    assert checked == len(backends) * KEYS * 6
