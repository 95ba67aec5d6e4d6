# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Fuzzing (docs/VERIFICATION.md): the libFuzzer targets of tests/fuzz/ built with ASan and
UBSan (make fuzz-build): decapsulation of arbitrary and near-valid ciphertexts and secret keys
at every level by one backend under test, every answer checked (K or the rejection secret J,
ref as the differential twin); the KAT .req parser; the backend-name inputs; the hqc tool's
key and ciphertext files (raw and hex) and its command line, through the tool as shipped.
CI replays the committed corpus and crash regressions, then fuzzes each target for a short
bounded time (HQC_FUZZ_SECONDS, default 15); `make fuzz FUZZ_SECONDS=N` runs longer. The
decapsulation target also runs under tests/fuzz/standalone.c, as the verification bundle does.
"""
import json
import os
import re
import sys

import pytest

from conftest import ROOT, bin_path, run
from verify_build import make

FUZZ_BUILD = ROOT / "build" / "fuzz"
RUN_FUZZ = ROOT / "scripts" / "run-fuzz"
TARGETS = ["fuzz_decaps_hqc1", "fuzz_decaps_hqc3", "fuzz_decaps_hqc5", "fuzz_kat_req", "fuzz_backend_name",
           "fuzz_tool"]
SECONDS = int(os.environ.get("HQC_FUZZ_SECONDS", "15"))


@pytest.fixture(scope="module")
def fuzz_build():
    make("fuzz-build")
    return FUZZ_BUILD


def test_replay_corpus_and_regressions(fuzz_build, tmp_path):
    out = tmp_path / "replay.json"
    run([sys.executable, RUN_FUZZ, "--build", fuzz_build, "--replay-only", "--json", out])
    results = json.loads(out.read_text())
    assert sorted(results) == sorted(TARGETS)
    for target, r in results.items():
        assert r["replay_ok"] and r["replayed"] > 0, (target, r)


@pytest.mark.parametrize("target", TARGETS)
def test_bounded_fuzzing(fuzz_build, tmp_path, target):
    out = tmp_path / "fuzz.json"
    res = run([sys.executable, RUN_FUZZ, "--build", fuzz_build, "--targets", target,
               "--seconds", SECONDS, "--json", out], check=False)
    assert res.returncode == 0, res.stdout[-8000:] + res.stderr[-2000:]
    r = json.loads(out.read_text())[target]
    # It must really have run: decapsulation is slow (milliseconds per input under ASan), the
    # parsers are fast.
    assert r["ok"] and r["execs"] >= (10 if "decaps" in target else 1000), r


# The same decapsulation target under tests/fuzz/standalone.c (the verification bundle's
# fuzzing step, where libFuzzer cannot run): random inputs on the default backend for a few
# seconds, every answer checked; a bad flag is refused.
@pytest.mark.parametrize("level", [1, 3, 5])
def test_standalone_decaps_driver(level, tmp_path):
    prog = bin_path("hqc%d_fuzz_decaps_standalone" % level)
    out = run([prog, "-max_total_time=2", "-seed=%d" % level], cwd=tmp_path).stdout
    m = re.match(r"standalone: (\d+) inputs in 2 s \(seed %d\), every answer as expected$" % level,
                 out.strip())
    assert m and int(m.group(1)) > 0, out
    assert os.listdir(tmp_path) == []
    bad = run([prog, "-max_total_time=x"], cwd=tmp_path, check=False)
    assert bad.returncode == 2 and "bad number" in bad.stderr
