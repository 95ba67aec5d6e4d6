# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The portable verification bundle (make verify-bundle, scripts/make-verify-bundle, issue 27):
built from this tree and the official tree in ../shared/peers, it is a few MiB, holds only
statically linked programs, and runs from an empty directory with PATH=/usr/bin:/bin and no
other environment, every step passing (quick mode) and the report naming each step and the
CPU. A failing program makes verify.sh exit non-zero and name its step; so does an official
KAT file that differs from its digest. The bundle carries the proved sources byte for byte, and
its opt-in prove step (verify.sh --prove) runs scripts/prove on them: it passes where Frama-C is,
fails on a sources' off-by-one, and fails, naming what is missing, where Frama-C is not.
Skips without ../shared/peers or cmake, and off x86-64."""
import os
import re
import shutil
import subprocess
import tarfile

import pytest

from conftest import ROOT, run
from lib.cpuflags import require_machine
from lib.skip_policy import need_tools

PEERS = ROOT.parent / "shared" / "peers"
STEPS = ("selftest", "products", "keccak", "stack", "fuzz", "official-ctest", "leakage",
         "upstream-paired", "keccak-bench")
MINIMAL_ENV = {"PATH": "/usr/bin:/bin"}


@pytest.fixture(scope="module")
def bundle(tmp_path_factory):
    require_machine("x86_64", why="the bundle is of x86-64 programs")
    if not (PEERS / "hqc-2025-08-22.tar.xz").is_file():
        pytest.skip("../shared/peers/hqc-2025-08-22.tar.xz is missing (a checkout without "
                    "../shared): the bundle carries the official tree's programs")
    if shutil.which("cmake") is None:
        pytest.skip("cmake is missing (scripts/install-deps installs it)")
    out = tmp_path_factory.mktemp("bundle") / "hqc-verify-bundle.tar.xz"
    run([ROOT / "scripts" / "make-verify-bundle", "--out", out], timeout=3600)
    return out


def extract(bundle, dest):
    with tarfile.open(bundle) as tf:
        tf.extractall(dest)
    (top,) = [p for p in dest.iterdir() if p.is_dir()]
    return top


def test_bundle_is_small_and_static(bundle, tmp_path):
    assert bundle.stat().st_size < 6 * 2**20, bundle.stat().st_size
    top = extract(bundle, tmp_path)
    programs = [p for p in (top / "bin").iterdir()] + [
        p for p in (top / "official").iterdir() if p.name != "tests.txt"]
    assert len(programs) >= 30, sorted(p.name for p in programs)
    for p in programs:
        assert p.read_bytes()[:4] == b"\x7fELF", p
        assert "INTERP" not in run(["readelf", "-l", p]).stdout, "%s is dynamically linked" % p
    lines = (top / "official" / "tests.txt").read_text().split()
    assert len(lines) == 12, lines  # the official tree's ctest: kat, intermediates, api, unit x 3


def test_bundle_runs_from_an_empty_directory_with_a_minimal_path(bundle, tmp_path):
    top = extract(bundle, tmp_path / "x")
    empty = tmp_path / "run"
    empty.mkdir()
    res = subprocess.run(["/bin/sh", top / "verify.sh", "--quick", "--fuzz-seconds", "2"],
                         cwd=empty, env=MINIMAL_ENV, capture_output=True, text=True, timeout=1800)
    report = (empty / "hqc-verify-report.txt").read_text()
    assert res.returncode == 0, report[-6000:]
    assert "result: PASS (%d step(s))" % len(STEPS) in report, report[:3000]
    for step in STEPS:
        assert re.search(r"^%s +PASS +\d+ s$" % re.escape(step), report, re.M), (step, report[:3000])
        assert "==== " + step in report
    assert re.search(r"^cpu: \S", report, re.M)
    assert re.search(r"^proof: not run \(sh verify.sh --prove", report, re.M)
    assert "==== prove" not in report
    assert os.listdir(empty) == ["hqc-verify-report.txt"]
    # Every official ctest program ran and matched; the KATs through their digests.
    assert len(re.findall(r"^test_kat_hqc_\d: ok$", report, re.M)) == 3, report


def test_bundle_names_a_failing_step_and_exits_nonzero(bundle, tmp_path):
    top = extract(bundle, tmp_path / "x")
    broken = top / "bin" / "test_keccak"
    broken.write_text("#!/bin/sh\necho 'test_keccak: deliberately broken'\nexit 3\n")
    tests = top / "official" / "tests.txt"
    lines = tests.read_text().splitlines()
    kat = next(i for i, line in enumerate(lines) if line.startswith("test_kat_hqc_1|"))
    lines[kat] = lines[kat][:-64] + "0" * 64  # the digest the .rsp must have
    tests.write_text("\n".join(lines) + "\n")
    res = subprocess.run(["/bin/sh", top / "verify.sh", "--quick", "--only", "keccak,official-ctest,stack",
                          "--report", tmp_path / "r.txt"], cwd=tmp_path, env=MINIMAL_ENV,
                         capture_output=True, text=True, timeout=900)
    report = (tmp_path / "r.txt").read_text()
    assert res.returncode == 1, report
    assert re.search(r"^keccak +FAIL", report, re.M) and re.search(r"^official-ctest +FAIL", report, re.M)
    assert re.search(r"^stack +PASS", report, re.M)
    assert "result: FAIL (2 step(s))" in report
    assert "deliberately broken" in report
    assert re.search(r"^test_kat_hqc_1: PQCkemKAT_2321.rsp differs from the official file", report, re.M)
    assert re.search(r"^test_kat_hqc_3: ok$", report, re.M)


def test_bundle_refuses_bad_usage(bundle, tmp_path):
    top = extract(bundle, tmp_path)
    for args, message in ((["--only", "nosuch"], "unknown step 'nosuch'"),
                          (["--fuzz-seconds", "x"], "--fuzz-seconds must be a number"),
                          (["--prove-args"], "--prove-args needs arguments"),
                          (["--frobnicate"], "usage: sh verify.sh")):
        res = subprocess.run(["/bin/sh", top / "verify.sh", *args], cwd=tmp_path, env=MINIMAL_ENV,
                             capture_output=True, text=True, timeout=60)
        assert res.returncode == 2 and message in res.stderr, (args, res.stderr)
        assert not (tmp_path / "hqc-verify-report.txt").exists()


# What scripts/prove reads (scripts/make-verify-bundle's PROOF_PATHS).
PROOF_SCRIPTS = ("scripts/prove", "scripts/gen-keccak-tables", "scripts/gen-rs-tables",
                 "scripts/hqctools/__init__.py", "scripts/hqctools/common.py",
                 "scripts/hqctools/dialects.py", "scripts/hqctools/gf256.py")


def test_bundle_carries_the_proved_sources(bundle, tmp_path):
    top = extract(bundle, tmp_path)
    tracked = run(["git", "-C", ROOT, "ls-files", "src", "include", "proofs"]).stdout.split()
    assert "src/gf2x/rs_errors.c" in tracked and "proofs/eva_kem.c" in tracked
    carried = sorted(str(p.relative_to(top / "proofs")) for p in (top / "proofs").rglob("*") if p.is_file())
    assert carried == sorted(tracked + list(PROOF_SCRIPTS))
    for f in carried:
        assert (top / "proofs" / f).read_bytes() == (ROOT / f).read_bytes(), f
    assert re.search(r"^proof sources: %d files$" % len(carried), (top / "VERSION").read_text(), re.M)


# A quick part of the proof (WP on the RS syndromes at HQC-1, 39 goals in seconds), and the
# mutation that must fail it: the syndromes' Horner loop starting one past cdw's end.
QUICK_PROOF = "--parts wp --levels 1 --wp-units syndromes --jobs 1"
SYN_LOOP = "for (int j = HQC_N1 - 1; j >= 0; j--)"
SYN_MUTANT = "for (int j = HQC_N1; j >= 0; j--)"


def prove_step(top, tmp_path, env):
    res = subprocess.run(["/bin/sh", top / "verify.sh", "--only", "prove", "--prove-args", QUICK_PROOF,
                          "--report", tmp_path / "r.txt"], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=900)
    return res.returncode, (tmp_path / "r.txt").read_text()


def test_bundle_prove_step_runs_the_proof_and_fails_on_an_off_by_one(bundle, tmp_path):
    need_tools("frama-c", "why3", "z3", "cvc4")
    top = extract(bundle, tmp_path / "x")
    rc, report = prove_step(top, tmp_path, MINIMAL_ENV)  # no HOME: the step's own Why3 configuration
    assert rc == 0, report[-4000:]
    assert re.search(r"^prove +PASS +\d+ s$", report, re.M) and "result: PASS (1 step(s))" in report
    assert "proof: the whole make prove (step prove), arguments: " + QUICK_PROOF in report
    assert re.search(r"^prove: wp 1 src/gf2x/syndromes.c +ok +(\d+)/\1 goals proved", report, re.M), report
    syn = top / "proofs" / "src/gf2x/syndromes.c"
    assert syn.read_text().count(SYN_LOOP) == 1
    syn.write_text(syn.read_text().replace(SYN_LOOP, SYN_MUTANT))
    rc, report = prove_step(top, tmp_path, MINIMAL_ENV)
    assert rc == 1, report[-4000:]
    assert re.search(r"^prove +FAIL", report, re.M) and "result: FAIL (1 step(s))" in report
    assert re.search(r"^prove: wp 1 src/gf2x/syndromes.c +FAIL", report, re.M), report[-4000:]


def test_bundle_prove_step_fails_where_frama_c_is_missing(bundle, tmp_path):
    top = extract(bundle, tmp_path / "x")
    # A PATH with what verify.sh and scripts/prove use, but neither Frama-C nor the solvers.
    tools = tmp_path / "tools"
    tools.mkdir()
    for t in ("sh", "python3", "cp", "cat", "cut", "date", "dirname", "grep", "mktemp", "mv", "rm",
              "sed", "tail", "tr", "uname", "wc"):
        (tools / t).symlink_to(shutil.which(t))
    rc, report = prove_step(top, tmp_path, {"PATH": str(tools)})
    assert rc == 1, report[-4000:]
    assert re.search(r"^prove +FAIL", report, re.M)
    assert "prove: missing frama-c, why3, z3, cvc4" in report, report[-3000:]
