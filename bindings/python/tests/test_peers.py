# SPDX-License-Identifier: Apache-2.0 OR MIT
"""test_peers.py: hqc_fast against implementations that are not ours, at every level, both ways:
PyPI pqcrypto 1.0.0 (dialect v5.0.0, hqc_fast.v5_0_0) and liboqs-python 0.16.0.1 over a pristine
liboqs 0.16.0 (dialect 161cd4f, the default): one side makes the keys, the other encapsulates,
the first decapsulates (liboqs 0.16.0's own HQC has no keypair_derand, so no seeded keygen to
compare); a tampered ciphertext gives both sides the same implicit-rejection secret."""
import pytest

import hqc_fast
from conftest import LEVELS, NUMBERS, peer

ROUNDS = 3


@pytest.mark.parametrize("name", LEVELS)
def test_pqcrypto(name):
    theirs = peer("pqcrypto.kem." + name, "scripts/install-deps puts pqcrypto 1.0.0 into the peers venv")
    ours = getattr(hqc_fast.v5_0_0, name)
    assert (theirs.PUBLIC_KEY_SIZE, theirs.SECRET_KEY_SIZE, theirs.CIPHERTEXT_SIZE,
            theirs.SHARED_SECRET_SIZE) == (ours.PUBLIC_KEY_SIZE, ours.SECRET_KEY_SIZE,
                                           ours.CIPHERTEXT_SIZE, ours.SHARED_SECRET_SIZE)
    for i in range(ROUNDS):
        # their keys, our encapsulation, their decapsulation
        pk, sk = theirs.keygen()
        ct, ss = ours.encaps(pk)
        assert theirs.decaps(sk, ct) == ss, i
        # our keys, their encapsulation, our decapsulation (their secret key also decapsulates)
        pk, sk = ours.keygen()
        ct, ss = theirs.encaps(pk)
        assert ours.decaps(sk, ct) == ss, i
        # tampered: the same rejection secret on both sides
        bad = bytearray(ct)
        bad[(i * 2003) % len(bad)] ^= 0x10
        rej = ours.decaps(sk, bytes(bad))
        assert rej != ss and bytes(theirs.decaps(sk, bytes(bad))) == rej, i
        # the default dialect's decapsulation of this v5.0.0 ciphertext does not give ss
        assert getattr(hqc_fast, name).decaps(sk, ct) != ss, i


def oqs_module():
    return peer("oqs", "liboqs-python 0.16.0.1 (peers venv) with OQS_INSTALL_PATH naming a "
                       "liboqs 0.16.0 shared build (tests/test_bindings_python.py makes one)")


@pytest.mark.parametrize("name", LEVELS)
def test_liboqs_python(name):
    oqs = oqs_module()
    ours = getattr(hqc_fast, name)
    alg = "HQC-" + NUMBERS[name]
    for i in range(ROUNDS):
        with oqs.KeyEncapsulation(alg) as client, oqs.KeyEncapsulation(alg) as server:
            # their keys, our encapsulation, their decapsulation
            pk = client.generate_keypair()
            ct, ss = ours.encaps(pk)
            assert client.decap_secret(ct) == ss, i
            # our keys, their encapsulation, our decapsulation
            opk, osk = ours.keygen()
            ct, ss = server.encap_secret(opk)
            assert ours.decaps(osk, ct) == ss, i
            # tampered, decapsulated by both with the same secret key
            bad = bytearray(ct)
            bad[(i * 3001) % len(bad)] ^= 0x01
            rej = ours.decaps(osk, bytes(bad))
            with oqs.KeyEncapsulation(alg, secret_key=osk) as holder:
                assert rej != ss and holder.decap_secret(bytes(bad)) == rej, i
