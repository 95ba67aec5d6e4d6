# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Stack budget (issue 16, deliverable 3): every KEM operation (keygen, encaps, decaps of a
valid and of a tampered ciphertext) with every backend this CPU runs completes on a thread whose
whole stack is 128 KiB (musl's default), and touches at most 96 KiB of it, measured by painting
the stack (tests/c/test_stack.c). The library itself uses no heap, so this is all it needs.
(HQC-5 avx2 and vpclmul are the tightest: 92-94 KiB in decapsulation, see README.)"""
import json

import pytest

from conftest import LEVELS, bin_path, run, supported_backends

STACK = 128 * 1024
BUDGET = 96 * 1024


@pytest.fixture(scope="module")
def measured():
    rows = {}
    for level in LEVELS:
        for line in run([bin_path("hqc%d_test_stack" % level)], timeout=600).stdout.splitlines():
            r = json.loads(line)
            rows[(r["level"], r["backend"], r["op"])] = r
    return rows


@pytest.mark.parametrize("level", LEVELS)
def test_every_op_fits_128k(measured, level):
    for backend in supported_backends(level):
        for op in ("keygen", "encaps", "decaps", "decaps-reject"):
            r = measured[(level, backend, op)]
            assert r["stack"] == STACK
            assert "signal" not in r, "HQC-%d %s %s overflowed a 128 KiB stack" % (level, backend, op)


@pytest.mark.parametrize("level", LEVELS)
def test_high_water_within_96k(measured, level):
    over = []
    for backend in supported_backends(level):
        worst = max(measured[(level, backend, op)].get("high_water", STACK + 1)
                    for op in ("keygen", "encaps", "decaps", "decaps-reject"))
        if worst > BUDGET:
            over.append((backend, worst))
    assert not over, "above the 96 KiB budget: %s" % over
