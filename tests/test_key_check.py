# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Key checks on import (issue 36, item 3): hqcL_<d>_check_pk and _check_sk through the shared
library, and `hqc check-key`, in every dialect of src/hqc/dialect.h at every level.
  - A fresh key passes; a single-byte change at sampled positions of every part of an expanded
    secret key (seed_ek and s of pk, seed_dk, sigma, seed_kem) fails, naming that part (a
    changed seed_kem regenerates another pk). bc-1.87's expanded key holds no seed_kem: a change
    in pk or seed_dk fails, a change in sigma passes (nothing determines it but the seed), which
    the test pins down as the documented limit.
  - A public key with a bit at n or above, or of another length, fails.
  - The tool exits 0 for good keys and seeds, 1 naming the part for a bad one."""
import ctypes
import hashlib

import pytest

from conftest import LEVELS, LEVELS_META, bin_path, run
from lib.dialects import DIALECTS, sk_bytes
from lib.exports import shared_library
from lib.tool import load_library

ERR = {"length": -10, "padding": -11, "pk": -12, "seed_dk": -13, "sigma": -14}
K = {1: 16, 3: 24, 5: 32}
SAMPLES = 40  # positions per part


@pytest.fixture(scope="module")
def lib():
    return load_library(shared_library())


def keypair(lib, level, d, seed):
    meta = LEVELS_META[str(level)]
    pk, sk = ctypes.create_string_buffer(meta["pk"]), ctypes.create_string_buffer(sk_bytes(meta, d.name))
    assert getattr(lib, "hqc%d_%s_crypto_kem_keypair_derand" % (level, d.id))(pk, sk, seed) == 0
    return pk.raw, sk.raw


def parts(level, d):
    """(name, first, end, expected error) of each part of the expanded key."""
    pk = LEVELS_META[str(level)]["pk"]
    out = [("seed_ek", 0, 32, "pk"), ("s", 32, pk, "pk"), ("seed_dk", pk, pk + 32, "seed_dk" if d.sk_seed else "pk"),
           ("sigma", pk + 32, pk + 32 + K[level], "sigma" if d.sk_seed else None)]
    if d.sk_seed:
        out.append(("seed_kem", pk + 32 + K[level], pk + 64 + K[level], "pk"))
    return out


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("d", DIALECTS, ids=lambda d: d.name)
def test_every_single_byte_tamper_fails_in_its_part(lib, level, d):
    check_sk = getattr(lib, "hqc%d_%s_check_sk" % (level, d.id))
    check_pk = getattr(lib, "hqc%d_%s_check_pk" % (level, d.id))
    for f in (check_sk, check_pk):
        f.argtypes = [ctypes.c_char_p, ctypes.c_size_t]
    seed = hashlib.sha256(b"check %d %s" % (level, d.name.encode())).digest()
    pk, sk = keypair(lib, level, d, seed)
    assert check_sk(sk, len(sk)) == 0 and check_pk(pk, len(pk)) == 0
    rng = hashlib.shake_256(seed).digest(8 * SAMPLES * 6)
    tried = 0
    for name, first, end, err in parts(level, d):
        # The first and last byte of the part, then sampled ones.
        positions = [first, end - 1] + [first + int.from_bytes(rng[8 * (tried + j):8 * (tried + j) + 4], "little")
                                        % (end - first) for j in range(SAMPLES - 2)]
        tried += SAMPLES
        for at in positions:
            for flip in (0x01, 0x80):
                bad = bytearray(sk)
                bad[at] ^= flip
                got = check_sk(bytes(bad), len(bad))
                if name == "s" and at == LEVELS_META[str(level)]["pk"] - 1 and flip == 0x80:
                    assert got == ERR["padding"], (name, at)  # bit 7 of the last byte is above n
                elif err is None:
                    assert got == 0, (name, at)  # bc-1.87's sigma: cannot be checked without the seed
                else:
                    assert got == ERR[err], (name, at, flip, got)
    assert check_sk(sk, len(sk) - 1) == ERR["length"] and check_sk(sk + b"\0", len(sk) + 1) == ERR["length"]
    # Public keys: every bit above n of the last byte, and the lengths.
    n_bits = LEVELS_META[str(level)]["n"] % 8
    for bit in range(n_bits, 8):
        bad = bytearray(pk)
        bad[-1] |= 1 << bit
        assert check_pk(bytes(bad), len(bad)) == ERR["padding"], bit
    assert check_pk(pk, len(pk) - 1) == ERR["length"]


@pytest.mark.parametrize("d", DIALECTS, ids=lambda d: d.name)
def test_check_key_tool_names_the_part(tmp_path, d):
    hqc = bin_path("hqc")
    for level in LEVELS:
        pk, sk, seed = tmp_path / "pk", tmp_path / "sk", tmp_path / "seed"
        run([hqc, "keygen", "--level", level, "--pk", pk, "--sk", sk, "--dialect", d.name,
             "--sk-format", "expanded", "--force"])
        run([hqc, "keygen", "--level", level, "--pk", tmp_path / "pk2", "--sk", seed, "--dialect", d.name,
             "--sk-format", "seed", "--force"])
        for args in (("--pk", pk), ("--sk", sk), ("--sk", seed)):
            res = run([hqc, "check-key", *args, "--dialect", d.name], check=False)
            assert res.returncode == 0 and ": ok" in res.stdout or "32-byte seed" in res.stdout, res.stdout + res.stderr
        data = bytearray(sk.read_bytes())
        pk_len = LEVELS_META[str(level)]["pk"]
        data[pk_len + 3] ^= 0x10  # seed_dk
        bad = tmp_path / "bad.sk"
        bad.write_bytes(bytes(data))
        res = run([hqc, "check-key", "--sk", bad, "--dialect", d.name], check=False)
        assert res.returncode == 1, res.stdout + res.stderr
        assert ("seed_dk:" if d.sk_seed else "pk (or seed_kem):") in res.stderr, res.stderr
        data = bytearray(pk.read_bytes())
        data[-1] |= 0x80
        bad.write_bytes(bytes(data))
        res = run([hqc, "check-key", "--pk", bad, "--dialect", d.name], check=False)
        assert res.returncode == 1 and "padding" in res.stderr, res.stderr
    res = run([hqc, "check-key", "--pk", pk, "--sk", sk], check=False)
    assert res.returncode == 2 and "exactly one" in res.stderr
