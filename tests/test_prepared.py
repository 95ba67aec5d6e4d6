# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The prepared secret key (issue 36, item 5): hqcL_<d>_crypto_kem_prepare, _dec_prepared(_with)
and _prepared_wipe, in every dialect of src/hqc/dialect.h, level and backend: decapsulation
with the prepared key gives the same secret as with the expanded key, for the encapsulated
ciphertext and for ciphertexts with one bit changed (the implicit-rejection secret), and the
wipe leaves only zero bytes."""
import ctypes
import hashlib
import re

import pytest

from conftest import BUILD, LEVELS, LEVELS_META, supported_backends
from lib.dialects import DIALECTS, sk_bytes
from lib.exports import shared_library
from lib.tool import load_library

K = {1: 16, 3: 24, 5: 32}


@pytest.fixture(scope="module")
def lib():
    return load_library(shared_library())


def prepared_bytes(level):
    """HQC<L>_CRYPTO_PREPAREDBYTES of the generated api.h, evaluated."""
    text = (BUILD / "include" / ("hqc-%d" % level) / "api.h").read_text()
    expr = re.search(r"#define HQC%d_CRYPTO_PREPAREDBYTES (.+)" % level, text).group(1)
    return eval(expr.replace("/", "//"), {})  # integer arithmetic of the header's constants


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("d", DIALECTS, ids=lambda d: d.name)
def test_prepared_decapsulation_matches(lib, level, d):
    meta = LEVELS_META[str(level)]
    p = "hqc%d_%s_crypto_kem_" % (level, d.id)
    by_name = getattr(lib, "hqc%d_backend_by_name" % level)
    by_name.restype = ctypes.c_void_p
    size = prepared_bytes(level)
    assert size == meta["sk"] + 32 + 8 * ((meta["n"] + 63) // 64)
    for backend in supported_backends(level):
        be = ctypes.c_void_p(by_name(backend.encode()))
        seed = hashlib.sha256(b"prep %d %s %s" % (level, d.name.encode(), backend.encode())).digest()
        pk, sk = ctypes.create_string_buffer(meta["pk"]), ctypes.create_string_buffer(sk_bytes(meta, d.name))
        assert getattr(lib, p + "keypair_derand_with")(be, pk, sk, seed) == 0
        m_salt = hashlib.shake_256(seed).digest(K[level] + 16)
        ct, ss = ctypes.create_string_buffer(meta["ct"]), ctypes.create_string_buffer(32)
        assert getattr(lib, p + "enc_derand_with")(be, ct, ss, pk, m_salt[:K[level]], m_salt[K[level]:]) == 0
        prep = ctypes.create_string_buffer(size)
        assert getattr(lib, p + "prepare")(prep, sk) == 0
        rng = hashlib.shake_256(seed + b"bits").digest(4 * 8)
        for t in range(9):
            c = bytearray(ct.raw)
            if t:
                bit = int.from_bytes(rng[4 * (t - 1):4 * t], "little") % (8 * len(c))
                c[bit // 8] ^= 1 << (bit % 8)
            a, b = ctypes.create_string_buffer(32), ctypes.create_string_buffer(32)
            assert getattr(lib, p + "dec_with")(be, a, bytes(c), sk) == 0
            assert getattr(lib, p + "dec_prepared_with")(be, b, bytes(c), prep) == 0
            assert a.raw == b.raw and (a.raw == ss.raw) == (t == 0), (backend, t)
        getattr(lib, p + "prepared_wipe")(prep)
        assert prep.raw == bytes(size)
