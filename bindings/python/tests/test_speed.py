# SPDX-License-Identifier: Apache-2.0 OR MIT
"""test_speed.py: the paired speed table of hqc_fast.v5_0_0 against PyPI pqcrypto 1.0.0 (same
dialect) in one process: per iteration both run keygen, encaps and decaps, in an order that
alternates, each call timed by perf_counter_ns (Python has no rdtsc); the table gives per level
and operation the median of the per-iteration ratios pqcrypto / hqc_fast. It is written to
$HQC_BINDINGS_REPORT (if set) and printed. Timings on a loaded machine are noisy: the test checks
only that every ratio was measured and every round trip held."""
import os
import statistics
import time

import hqc_fast
from conftest import LEVELS, peer

ITERATIONS = int(os.environ.get("HQC_BINDINGS_ITERATIONS", "31"))


def timed_round(kem):
    t0 = time.perf_counter_ns()
    pk, sk = kem.keygen()
    t1 = time.perf_counter_ns()
    ct, ss = kem.encaps(pk)
    t2 = time.perf_counter_ns()
    ok = kem.decaps(sk, ct) == ss
    t3 = time.perf_counter_ns()
    assert ok
    return (t1 - t0, t2 - t1, t3 - t2)


def test_paired_table():
    lines = ["hqc_fast %s (dialect v5.0.0) vs pqcrypto 1.0.0, %d paired iterations, median of "
             "per-iteration ratios pqcrypto/hqc_fast:" % (hqc_fast.__version__, ITERATIONS)]
    for name in LEVELS:
        theirs = peer("pqcrypto.kem." + name, "scripts/install-deps puts pqcrypto 1.0.0 into the peers venv")
        ours = getattr(hqc_fast.v5_0_0, name)
        ratios = ([], [], [])
        for i in range(ITERATIONS):
            if i % 2:
                a = timed_round(ours)
                b = timed_round(theirs)
            else:
                b = timed_round(theirs)
                a = timed_round(ours)
            for r, x, y in zip(ratios, a, b):
                r.append(y / x)
        med = [statistics.median(r) for r in ratios]
        assert all(m > 0 for m in med)
        lines.append("  HQC-%d  keygen %7.1f  encaps %7.1f  decaps %7.1f"
                     % ((ours.LEVEL,) + tuple(med)))
    table = "\n".join(lines) + "\n"
    print(table)
    if os.environ.get("HQC_BINDINGS_REPORT"):
        with open(os.environ["HQC_BINDINGS_REPORT"], "a") as f:
            f.write(table)
