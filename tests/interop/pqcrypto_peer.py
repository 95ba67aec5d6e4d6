# SPDX-License-Identifier: Apache-2.0 OR MIT
"""pqcrypto_peer.py: PyPI pqcrypto 1.0.0's HQC (backbone-hqc 0.2.0, dialect v5.0.0) behind a
line protocol on stdin/stdout, run by the Python that has pqcrypto installed (the peers venv of
scripts/install-deps) for tests/test_interop_dialects.py and scripts/bench-peers. Its API draws
its own randomness, so nothing here is derandomised. Commands (hex arguments, one reply each):
  rkeygen L -> PK SK      rencaps L PK -> CT SS      decaps L SK CT -> SS
  bench L ITERS -> keygen, encaps, decaps nanoseconds per call (medians of Python calls)"""
import importlib
import statistics
import sys
import time

MODULES = {"1": "pqcrypto.kem.hqc_128", "3": "pqcrypto.kem.hqc_192", "5": "pqcrypto.kem.hqc_256"}


def bench(kem, iters):
    times = ([], [], [])
    for _ in range(iters):
        t0 = time.perf_counter_ns()
        pk, sk = kem.keygen()
        t1 = time.perf_counter_ns()
        ct, ss = kem.encaps(pk)
        t2 = time.perf_counter_ns()
        if kem.decaps(sk, ct) != ss:
            raise RuntimeError("round trip failed")
        t3 = time.perf_counter_ns()
        for t, d in zip(times, (t1 - t0, t2 - t1, t3 - t2)):
            t.append(d)
    return " ".join(str(int(statistics.median(t))) for t in times)


def serve(words):
    kem = importlib.import_module(MODULES[words[1]])
    if words[0] == "rkeygen":
        pk, sk = kem.keygen()
        return "%s %s" % (bytes(pk).hex(), bytes(sk).hex())
    if words[0] == "rencaps":
        ct, ss = kem.encaps(bytes.fromhex(words[2]))
        return "%s %s" % (bytes(ct).hex(), bytes(ss).hex())
    if words[0] == "decaps":
        return bytes(kem.decaps(bytes.fromhex(words[2]), bytes.fromhex(words[3]))).hex()
    if words[0] == "bench":
        return bench(kem, int(words[2]))
    raise ValueError("unknown command " + words[0])


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--version":
        from importlib.metadata import version
        print(version("pqcrypto"))
        return
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            print(serve(line.split()), flush=True)
        except Exception as e:  # reported to the test, which fails on it
            print("error %s" % e, flush=True)


if __name__ == "__main__":
    main()
