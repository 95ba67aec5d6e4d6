# SPDX-License-Identifier: Apache-2.0 OR MIT
"""`hqc selftest` (issue 27): on this CPU it passes and reports every check it promises (the
dispatch decision, KAT digests per dialect, level and backend, every backend operation against
ref, the Keccak kernels, a paired speed table); and it fails, naming level, backend and
operation, when the test build hqc_fault flips one bit of one backend's output. The hook that
does so (-DHQC_SELFTEST_FAULT) leaves no trace in the release tool or library.
"""
import json
import os
import shutil
import subprocess

import pytest

from conftest import BUILD, LEVELS, bin_path, run, supported_backends
from lib.cpuflags import BACKEND_FLAGS, backend_runs, require_cpu

OPS = ("mul", "support_to_vector", "rm_decode", "rs_syndromes", "rs_errors")


def selftest(tool, *args, env=None):
    return subprocess.run([str(tool), "selftest"] + list(args), capture_output=True, text=True,
                          env=env)


@pytest.fixture(scope="module")
def quick_json():
    res = selftest(bin_path("hqc"), "--quick", "--json")
    assert res.returncode == 0, res.stderr
    return json.loads(res.stdout)


def test_quick_reports_cpu_and_dispatch(quick_json, info):
    assert quick_json["ok"] is True and quick_json["failures"] == []
    assert quick_json["mode"] == "quick"
    assert quick_json["cpu_features"] == info["cpu_features"]
    for level in LEVELS:
        assert quick_json["dispatch"][str(level)] == info["levels"][str(level)]["default"]
    assert [b["name"] for b in quick_json["backends"] if b["supported"]] == supported_backends(1)
    assert len(quick_json["seed"]) == 64


def test_quick_checks_kats_of_every_backend_and_level(quick_json):
    got = {(k["level"], k["backend"], k["op"]) for k in quick_json["kat"] if k["ok"]}
    dialects = {k["op"] for k in quick_json["kat"]}
    assert "kat[161cd4f]" in dialects
    assert got == {(level, b, d) for level in LEVELS for b in supported_backends(level)
                   for d in dialects}
    assert len(quick_json["kat"]) == len(got)


def test_quick_checks_every_backend_operation_against_ref(quick_json):
    rows = {(r["level"], r["backend"], r["op"]): r for r in quick_json["ops"]}
    assert all(r["ok"] for r in rows.values())
    for level in LEVELS:
        for b in supported_backends(level):
            if b == "ref":
                assert not [k for k in rows if k[:2] == (level, b)]
                continue
            for op in OPS:
                assert (level, b, op) in rows, (level, b, op)
            assert rows[(level, b, "mul")]["cases"] >= 1000
            assert ((level, b, "mul_sparse") in rows) == ("sparse" in b)
            # fixed_weight: the backends with a kernel (backend.h): every x86 one (avx2 and
            # vpclmul share fixed_weight_avx2.c), not yet neon
            x86 = b.split("-")[0] in ("avx2", "vpclmul", "avx512")
            assert ((level, b, "fixed_weight") in rows) == x86, (level, b)
            assert not x86 or rows[(level, b, "fixed_weight")]["cases"] >= 502
            # the RS and RM encoders likewise (builds with a native backend, backend.h): GFNI
            # ones in avx512, the AVX2 ones of native/x86_64 in avx2 and vpclmul, none in neon
            for op in ("encode_rs", "encode_rm"):
                assert ((level, b, op) in rows) == x86, (level, b, op)
                assert not x86 or rows[(level, b, op)]["cases"] >= 252
            # keygen's discards likewise: VBMI in avx512, AVX2 in avx2 and vpclmul, none in neon
            assert ((level, b, "keygen_discards") in rows) == x86, (level, b)
            assert not x86 or rows[(level, b, "keygen_discards")]["cases"] >= 250


def test_quick_checks_every_keccak_kernel(quick_json):
    kernels = [k["kernel"] for k in quick_json["keccak"]]
    # The dispatched one is the first this CPU runs and prefers (keccak.c: on AMD the zmm
    # one-state kernel runs but is passed over).
    assert quick_json["keccak_kernel"] == [k["kernel"] for k in quick_json["keccak"] if k["preferred"]][0]
    assert quick_json["keccak"][0]["preferred"] or quick_json["keccak"][0]["kernel"] == "avx512+avx512vl"
    assert "portable" in kernels
    assert all(k["ok"] and k["states"] >= 200 for k in quick_json["keccak"])


def test_quick_speed_table_is_paired(quick_json):
    rows = quick_json["speed"]
    for level in LEVELS:
        for op in ("mul", "decaps"):
            mine = [r for r in rows if (r["level"], r["op"]) == (level, op)]
            assert [r["backend"] for r in mine] == supported_backends(level)
            for r in mine:
                q = r["ref_over_backend"]
                assert r["median_ticks"] > 0 and 0 < q["q1"] <= q["median"] <= q["q3"]
                if r["backend"] == "ref":
                    assert q == {"median": 1.0, "q1": 1.0, "q3": 1.0}


def test_text_output_and_full_mode():
    """The full run does four times the work of --quick; the text names every check."""
    res = selftest(bin_path("hqc"))
    assert res.returncode == 0, res.stderr
    out = res.stdout
    assert out.startswith("hqc selftest (full): libhqc ")
    assert "dispatch (default backend; HQC_BACKEND overrides it):" in out
    for level in LEVELS:
        for b in supported_backends(level):
            assert "  ok   HQC-%d %-13s kat[161cd4f]" % (level, b) in out
            if b != "ref":
                assert "  ok   HQC-%d %-13s mul                 4" % (level, b) in out
    assert "FAIL" not in out and out.rstrip().splitlines()[-1].startswith("selftest passed: ")


# One case per operation kind: which backend of the kind (the first or last vector one, the
# last sparse one) is chosen when the test runs, from the build, so that a missing build fails
# the tests instead of emptying their parameters at collection.
FAULT_CASES = [("vector", -1, 3, "mul"), ("vector", 0, 5, "rs_syndromes"),
               ("vector", 0, 1, "support_to_vector"), ("vector", -1, 1, "rm_decode"),
               ("vector", -1, 1, "rs_errors"), ("vector", -1, 5, "fixed_weight"),
               ("vector", 0, 3, "rs_errors"), ("vector", 0, 1, "fixed_weight"),
               ("vector", -1, 1, "encode_rs"), ("vector", -1, 3, "encode_rm"),
               ("vector", 0, 5, "encode_rs"), ("vector", 0, 1, "encode_rm"),
               ("sparse", -1, 5, "mul_sparse")]


def fault_backend(kind, index):
    """The backend of kind (vector: constant-time native; sparse: -sparse) at index among those
    this CPU runs; a skip naming the flags /proc/cpuinfo lacks, or a failure if it has them."""
    impls = supported_backends(3)
    found = [b for b in impls if b != "ref" and ("sparse" in b) == (kind == "sparse")]
    if not found:
        kinds = [b for b in BACKEND_FLAGS if b != "ref" and ("sparse" in b) == (kind == "sparse")]
        if not any(backend_runs(b) for b in kinds):
            require_cpu(*min((BACKEND_FLAGS[b] for b in kinds), key=len),
                        why="no %s backend runs here" % kind)
        pytest.fail("no %s backend among %s although /proc/cpuinfo has what one needs" % (kind, impls))
    return found[index]


@pytest.mark.parametrize("kind, index, level, op", FAULT_CASES)
def test_flipped_bit_fails_naming_backend_level_and_op(kind, index, level, op):
    backend = fault_backend(kind, index)
    env = dict(os.environ, HQC_SELFTEST_FAULT="%s:%d:%s" % (backend, level, op))
    res = selftest(bin_path("hqc_fault"), "--quick", "--json", env=env)
    assert res.returncode == 1
    report = json.loads(res.stdout)
    assert report["ok"] is False
    assert len(report["failures"]) == 1
    assert report["failures"][0].startswith("HQC-%d %s %s: " % (level, backend, op))
    bad = [r for r in report["ops"] if not r["ok"]]
    assert [(r["level"], r["backend"], r["op"]) for r in bad] == [(level, backend, op)]
    assert "hqc selftest: FAILED HQC-%d %s %s: " % (level, backend, op) in res.stderr
    # Every other check still passed.
    assert all(k["ok"] for k in report["kat"]) and all(k["ok"] for k in report["keccak"])


def test_fault_build_without_the_variable_passes():
    res = selftest(bin_path("hqc_fault"), "--quick")
    assert res.returncode == 0, res.stdout + res.stderr


def test_release_builds_carry_no_fault_hook():
    """The hook exists only in hqc_fault: neither its variable nor its function is in the release
    tool or libraries (strings also sees the debug information)."""
    if shutil.which("strings") is None:
        pytest.skip("strings (binutils) is not installed")
    def text(path):
        return run(["strings", "-a", path]).stdout
    assert "HQC_SELFTEST_FAULT" in text(bin_path("hqc_fault"))
    assert "inject_fault" in text(bin_path("hqc_fault"))
    for path in [bin_path("hqc"), BUILD / "libhqc.a"] + sorted(BUILD.glob("libhqc.so.*.*.*")):
        t = text(path)
        assert "HQC_SELFTEST_FAULT" not in t and "inject_fault" not in t, path


@pytest.mark.parametrize("args, message", [(["--level", "1"], "--level does not apply"),
                                           (["--frobnicate"], "unknown option")])
def test_usage_errors(args, message):
    res = selftest(bin_path("hqc"), *args)
    assert res.returncode == 2 and message in res.stderr and res.stdout == ""
