# SPDX-License-Identifier: Apache-2.0 OR MIT
"""test_api.py: hqc_fast's own surface: the names pqcrypto uses and the sizes, round trips at
every level of every dialect, derandomised calls (fixed outputs for fixed seeds, different per
dialect), tampered ciphertexts, ValueError naming the expected size, other buffer types, and
threads running calls concurrently with the results of a serial run."""
import hashlib
import threading

import pytest

import hqc_fast
from conftest import LEVELS, every_level

SIZES = {"hqc_128": (2241, 2321, 4433, 16), "hqc_192": (4514, 4602, 8978, 24),
         "hqc_256": (7237, 7333, 14421, 32)}


def seed(label, n):
    return hashlib.shake_256(label.encode()).digest(n)


def test_names_and_dialects():
    from hqc_fast import hqc_128, hqc_192, hqc_256  # noqa: F401
    from hqc_fast.v5_0_0 import hqc_128 as v5  # noqa: F401
    import hqc_fast.v5_0_0.hqc_256  # noqa: F401
    assert hqc_fast.DIALECTS[:2] == [("d161cd4f", "161cd4f"), ("v5_0_0", "v5.0.0")]
    assert hqc_fast.hqc_128 is hqc_fast.d161cd4f.hqc_128
    assert hqc_fast.hqc_128.DIALECT == "161cd4f" and v5.DIALECT == "v5.0.0"
    assert hqc_fast.__version__ == "1.1.0"


@pytest.mark.parametrize("dialect,m", every_level(), ids=lambda x: getattr(x, "__name__", x))
def test_sizes_round_trip_tamper(dialect, m):
    name = m.__name__.rsplit(".", 1)[1]
    pk_n, sk_n, ct_n, msg_n = SIZES[name]
    if m.DIALECT == "bc-1.87":
        sk_n -= 32  # its expanded key (pk || seed_dk || sigma) holds no seed_kem
    assert (m.PUBLIC_KEY_SIZE, m.SECRET_KEY_SIZE, m.CIPHERTEXT_SIZE, m.SHARED_SECRET_SIZE,
            m.MESSAGE_SIZE, m.SALT_SIZE, m.SEED_SIZE) == (pk_n, sk_n, ct_n, 32, msg_n, 16, 32)
    assert m.ALGORITHM == {"hqc_128": "Hqc128", "hqc_192": "Hqc192", "hqc_256": "Hqc256"}[name]
    pk, sk = m.keygen()
    assert (type(pk), len(pk), type(sk), len(sk)) == (bytes, pk_n, bytes, sk_n)
    ct, ss = m.encaps(pk)
    assert (len(ct), len(ss)) == (ct_n, 32)
    assert m.decaps(sk, ct) == ss
    for i in range(3):
        bad = bytearray(ct)
        bad[(i * 1499) % ct_n] ^= 1 << i
        rej = m.decaps(sk, bad)
        assert len(rej) == 32 and rej != ss
        assert m.decaps(sk, bytes(bad)) == rej  # implicit rejection is deterministic


@pytest.mark.parametrize("name", LEVELS)
def test_derandomised(name):
    """The same seed and coins give the same bytes; the dialects give different keys from one
    seed; memoryview and bytearray inputs work."""
    d0, d1 = getattr(hqc_fast.d161cd4f, name), getattr(hqc_fast.v5_0_0, name)
    s = seed("derand " + name, 32)
    pk, sk = d0.keygen_derand(s)
    assert d0.keygen_derand(bytearray(s)) == (pk, sk)
    assert sk[-32:] == s  # the secret key ends with seed_kem
    assert d1.keygen_derand(s)[0] != pk
    msg, salt = seed("m " + name, d0.MESSAGE_SIZE), seed("salt " + name, 16)
    ct, ss = d0.encaps_derand(pk, msg, salt)
    assert d0.encaps_derand(memoryview(pk), msg, salt) == (ct, ss)
    assert ct[-16:] == salt
    assert d0.decaps(sk, ct) == ss
    other = d0.encaps_derand(pk, msg, bytes(16))
    assert other[0] != ct and other[1] != ss


@pytest.mark.parametrize("name", LEVELS)
def test_wrong_lengths_raise_value_error(name):
    m = getattr(hqc_fast, name)
    level = "HQC-%d" % m.LEVEL
    pk, sk = m.keygen()
    ct, _ = m.encaps(pk)
    cases = [
        (lambda: m.encaps(pk[:-1]), "%s public key must be %d bytes, got %d" % (level, len(pk), len(pk) - 1)),
        (lambda: m.decaps(sk + b"x", ct), "%s secret key must be %d bytes, got %d" % (level, len(sk), len(sk) + 1)),
        (lambda: m.decaps(sk, b""), "%s ciphertext must be %d bytes, got 0" % (level, len(ct))),
        (lambda: m.keygen_derand(b"s" * 31), "%s seed must be 32 bytes, got 31" % level),
        (lambda: m.encaps_derand(pk, b"m", bytes(16)), "%s message m must be %d bytes, got 1" % (level, m.MESSAGE_SIZE)),
        (lambda: m.encaps_derand(pk, bytes(m.MESSAGE_SIZE), bytes(17)), "%s salt must be 16 bytes, got 17" % level),
    ]
    for call, message in cases:
        with pytest.raises(ValueError) as e:
            call()
        assert str(e.value) == message
    with pytest.raises(TypeError):
        m.encaps("not bytes")


def test_threads():
    """Eight threads run derandomised keygen, encapsulation and decapsulation of every level
    and dialect at once (the GIL is released inside each call); every result equals the serial
    run's."""
    jobs = [(m, seed("thread %s %d" % (m.__name__, i), 32)) for _, m in every_level() for i in range(4)]

    def work(m, s):
        pk, sk = m.keygen_derand(s)
        ct, ss = m.encaps_derand(pk, s[:m.MESSAGE_SIZE], s[:16])
        return pk, sk, ct, ss, m.decaps(sk, ct)

    serial = [work(m, s) for m, s in jobs]
    results = [None] * len(jobs)
    errors = []

    def worker(k):
        try:
            for j in range(k, len(jobs), 8):
                for _ in range(3):
                    r = work(*jobs[j])
                    assert results[j] is None or results[j] == r
                    results[j] = r
        except Exception as e:  # reported below, in the main thread
            errors.append(e)

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    assert results == serial
    assert all(r[3] == r[4] for r in results)


def test_gil_released_during_calls():
    """With the interpreter's switch interval at 5 s, a thread that wants the GIL gets it before
    another thread's loop of 300 decapsulations ends only if each call releases the GIL: the
    waiting thread sets a flag that the looping thread reads after its loop."""
    import sys
    m = hqc_fast.hqc_256
    pk, sk = m.keygen()
    ct, _ = m.encaps(pk)
    started, ran = threading.Event(), threading.Event()
    seen = []

    def looping():
        m.decaps(sk, ct)
        started.set()
        for _ in range(300):
            m.decaps(sk, ct)
        seen.append(ran.is_set())

    def waiting():
        started.wait()
        ran.set()

    old = sys.getswitchinterval()
    sys.setswitchinterval(5.0)
    try:
        a, b = threading.Thread(target=looping), threading.Thread(target=waiting)
        b.start()
        a.start()
        a.join()
        b.join()
    finally:
        sys.setswitchinterval(old)
    assert seen == [True]
