# SPDX-License-Identifier: Apache-2.0 OR MIT
"""liboqs_python_round_trip.py: HQC-1/3/5 through liboqs-python (the PyPI binding, ctypes over
liboqs.so) on the shared liboqs that OQS_INSTALL_PATH names: a randomised round trip, and one
from keys of keypair_derand (generate_keypair_seed: the same seed gives the same key, another
seed another). Prints the liboqs.so the process mapped, for the test to check."""
import oqs

for level in ("1", "3", "5"):
    alg = "HQC-" + level
    with oqs.KeyEncapsulation(alg) as client, oqs.KeyEncapsulation(alg) as server:
        ct, ss = server.encap_secret(client.generate_keypair())
        assert client.decap_secret(ct) == ss, alg
        seed = bytes(range(client.details["length_keypair_seed"]))
        pk = client.generate_keypair_seed(seed)
        assert client.generate_keypair_seed(bytes(reversed(seed))) != pk, alg
        assert client.generate_keypair_seed(seed) == pk, alg
        ct, ss = server.encap_secret(pk)
        assert client.decap_secret(ct) == ss, alg
    print("%s: round trips ok" % alg)
with open("/proc/self/maps") as maps:
    print("liboqs: " + " ".join(sorted({l.split()[-1] for l in maps if "/liboqs.so" in l})))
