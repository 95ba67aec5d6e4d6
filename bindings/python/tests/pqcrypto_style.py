# SPDX-License-Identifier: Apache-2.0 OR MIT
"""pqcrypto_style.py: a program written for PyPI pqcrypto's HQC, kept unchanged: test_swap.py
runs it as it is and with its import line (the one below) swapped for hqc_fast's. It checks what
pqcrypto's users rely on (the size constants, bytes in and out, round trips, ValueError for a
wrong length) and writes its keys, ciphertexts and secrets as JSON to the file argv[1]."""
import json
import sys

from pqcrypto.kem import hqc_128, hqc_192, hqc_256

out = {}
for kem in (hqc_128, hqc_192, hqc_256):
    public_key, secret_key = kem.keygen()
    assert len(public_key) == kem.PUBLIC_KEY_SIZE and len(secret_key) == kem.SECRET_KEY_SIZE
    ciphertext, shared_secret = kem.encaps(public_key)
    assert len(ciphertext) == kem.CIPHERTEXT_SIZE and len(shared_secret) == kem.SHARED_SECRET_SIZE
    assert kem.decaps(secret_key, ciphertext) == shared_secret
    try:
        kem.encaps(public_key[:-1])
        raise SystemExit("a short public key was accepted")
    except ValueError:
        pass
    out[kem.ALGORITHM] = [bytes(x).hex() for x in (public_key, secret_key, ciphertext, shared_secret)]
with open(sys.argv[1], "w") as f:
    json.dump(out, f)
print("ok", sorted(out))
