# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Timing leakage, dudect style (issue 16, deliverable 2): the short pass of scripts/ct-leakage
at HQC-1 over every backend this CPU runs. Constant-time backends' keygen (both classes with
seeds that discard no draw), encaps, decaps (valid against rejected ciphertexts), product and
support expansion (fixed class: a frozen random support) must stay below |t| = 10; the leaky
calibration and the sparse backends' product on the aligned support must exceed it.
`make ct` runs the long pass over every level (docs/VERIFICATION.md). The classes are
interleaved at random, so a loaded machine adds noise but no class difference; the process is
pinned to one CPU when it can be."""
import json
import os
import sys

from conftest import BUILD, ROOT, run, supported_backends

SAMPLES, KEM_SAMPLES = 10000, 1500


def test_leakage_short_pass(tmp_path):
    wrap = "taskset -c %d" % min(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else ""
    report = tmp_path / "leakage.json"
    res = run([sys.executable, ROOT / "scripts" / "ct-leakage", "--build", BUILD, "--levels", "1",
               "--samples", SAMPLES, "--kem-samples", KEM_SAMPLES, "--wrap", wrap,
               "--report", report], check=False, timeout=300)
    print(res.stdout)
    assert res.returncode == 0, res.stdout + res.stderr
    rows = json.loads(report.read_text())
    calibration = [r for r in rows if r["target"] == "calibration-leaky"]
    assert len(calibration) == 1 and calibration[0]["leak"]
    for backend in supported_backends(1):
        targets = {r["target"] for r in rows if r["backend"] == backend}
        product = "mul_sparse" if "sparse" in backend else "mul"
        assert targets == {"keygen", "keygen-discarded-draws", "encaps", "decaps-valid-vs-rejected",
                           product, product + "-aligned", "support_to_vector",
                           "support_to_vector-aligned"}, (backend, targets)
        expect = {r["target"]: r["expect"] for r in rows if r["backend"] == backend}
        if "sparse" in backend:  # the calibration of the product: the aligned class must be flagged
            assert expect["mul_sparse-aligned"] == "leak"
        else:  # gated on a frozen random support; the aligned pattern is reported only
            assert expect["mul"] == expect["support_to_vector"] == "constant-time"
            assert expect["mul-aligned"] == expect["support_to_vector-aligned"] == "any"
        # Keygen's classes both hold seeds whose sampler discards no draw; the discards'
        # own effect is timed beside it and reported, never failed (leakage.c, prep_keygen).
        assert [r["expect"] for r in rows if r["backend"] == backend
                and r["target"] == "keygen-discarded-draws"] == ["any"]
