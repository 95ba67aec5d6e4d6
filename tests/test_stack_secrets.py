# SPDX-License-Identifier: Apache-2.0 OR MIT
"""No secrets left on the stack (issue 31, item 3): tests/c/test_stack_secrets.c runs keygen,
encaps and decaps with every backend this CPU runs and every dialect on a painted thread stack,
then searches the part the call used for every 8-byte window of the secrets it knows from the
derandomised inputs (seeds, sigma, theta, the supports and bits of y, x, r1, r2, e, m and the
shared secret). None may be found. Before src/hqc/kem.c scrubbed its callees' stack the search
found, on the AVX-512 Xeon: 9 windows of m after every encaps and decaps at HQC-3 and HQC-5
(every backend and dialect), a word of r2 after some encaps/decaps (ref at HQC-1; avx512 at
HQC-3/5; avx2 at HQC-5 v5.0.0) and a word of y after some keygens (avx2, avx512 at HQC-1; ref
at HQC-3 v5.0.0; avx512 at HQC-5 v5.0.0): 56 of 108 runs leaked, and the program exited 1.
With the third dialect, whose secrets the program recomputes with its own domain bytes,
weights and RS field (m also as its image in the spec's field): 88 of 162 runs leak without
the scrub (-DHQC_NO_STACK_SCRUB), bc-1.87's as often as the others'. The program checks its
recomputation against keygen's and encapsulation's outputs, so a wrong one cannot pass.
The scrub must not push an operation past the stack budget of tests/test_stack.py either."""
import json

import pytest

from conftest import LEVELS, bin_path, run, supported_backends

BUDGET = 96 * 1024
OPS = ["keygen", "encaps", "decaps"]


@pytest.mark.parametrize("level", LEVELS)
def test_no_secret_window_left_on_the_stack(level):
    res = run([bin_path("hqc%s_test_stack_secrets" % level)], check=False)
    rows = [json.loads(l) for l in res.stdout.splitlines()]
    leaks = [r for r in rows if r["found"]]
    assert not leaks, "\n".join(json.dumps(r) for r in leaks)
    assert res.returncode == 0, res.stderr
    # every backend this CPU runs, every dialect, every operation was searched
    seen = {(r["dialect"], r["backend"], r["op"]) for r in rows}
    dialects = {r["dialect"] for r in rows}
    assert dialects >= {"161cd4f", "v5.0.0"}, dialects
    want = {(d, b, op) for d in dialects for b in supported_backends(level) for op in OPS}
    assert seen == want, sorted(want ^ seen)
    for r in rows:
        assert len(r["windows"]) >= 8, r  # each operation's secrets were all searched
        assert 0 < r["used"] <= BUDGET, r
