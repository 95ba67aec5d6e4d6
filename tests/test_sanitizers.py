# SPDX-License-Identifier: Apache-2.0 OR MIT
"""AddressSanitizer + UndefinedBehaviorSanitizer: the C test programs, run against a build of
the whole library and of the programs with -fsanitize=address,undefined (build/asan, made by
`make sanitize-build`; every backend the Makefile's BACKEND selects, each run where the CPU
supports it). Any out-of-bounds access, use after free, leak, or undefined operation (shift
overflow, misaligned load, signed overflow, ...) aborts the program. The iteration counts are
smaller than in test_units.py; `make sanitize` runs the whole pytest suite on this build.
"""
import hashlib
import os
import subprocess

import pytest

from conftest import LEVELS, LEVELS_META, ROOT
from verify_build import make

ASAN_BUILD = ROOT / "build" / "asan"
SAN_ENV = {"ASAN_OPTIONS": "detect_leaks=1:abort_on_error=0:exitcode=86",
           "UBSAN_OPTIONS": "print_stacktrace=1:halt_on_error=1"}


@pytest.fixture(scope="module")
def asan_bin():
    make("sanitize-build")
    return ASAN_BUILD / "bin"


def run_sanitized(argv):
    env = dict(os.environ, **SAN_ENV)
    res = subprocess.run([str(a) for a in argv], capture_output=True, text=True, env=env, timeout=1200)
    report = "ERROR: AddressSanitizer" in res.stderr or "runtime error:" in res.stderr \
        or "ERROR: LeakSanitizer" in res.stderr
    if res.returncode != 0 or report:
        pytest.fail("%s exited %d under ASan/UBSan\nstdout:\n%s\nstderr:\n%s"
                    % (" ".join(map(str, argv)), res.returncode, res.stdout[-2000:], res.stderr[-6000:]))
    return res.stdout


def test_build_is_instrumented(asan_bin):
    # A sanitizer build that is not instrumented would pass everything.
    syms = subprocess.run(["nm", str(ASAN_BUILD / "libhqc.a")], capture_output=True, text=True).stdout
    assert "__asan_report" in syms and "__ubsan_handle" in syms


def test_keccak(asan_bin):
    assert "ok" in run_sanitized([asan_bin / "test_keccak"])


@pytest.mark.parametrize("level", LEVELS)
def test_mul_and_syndromes(asan_bin, level):
    out = run_sanitized([asan_bin / ("hqc%d_test_mul" % level), 300, 5, 20])
    assert out.rstrip().endswith("ok"), out


@pytest.mark.parametrize("level", LEVELS)
def test_kem_and_rejections(asan_bin, level):
    out = run_sanitized([asan_bin / ("hqc%d_test_kem" % level), 2, 11])
    assert out.rstrip().endswith("ok"), out


@pytest.mark.parametrize("level", LEVELS)
def test_code(asan_bin, level):
    out = run_sanitized([asan_bin / ("hqc%d_test_code" % level), 200, 13])
    assert out.rstrip().endswith("ok"), out


@pytest.mark.parametrize("level", LEVELS)
def test_sparse(asan_bin, level):
    prog = asan_bin / ("hqc%d_test_sparse" % level)
    if not prog.exists():
        pytest.skip("no sparse test program in this build")
    out = run_sanitized([prog, 50, 17])
    assert out.rstrip().endswith("ok"), out


@pytest.mark.parametrize("level", LEVELS)
def test_threads(asan_bin, level):
    out = run_sanitized([asan_bin / ("hqc%d_test_threads" % level), 4, 1])
    assert out.rstrip().endswith("ok"), out


@pytest.mark.parametrize("level", LEVELS)
def test_kat_generation(asan_bin, level, tmp_path):
    # The KAT generator end to end (PRNG, .req writer, all three KEM operations, .rsp writer),
    # then its .req parser on the file it wrote; both must reproduce the official digests.
    meta = LEVELS_META[str(level)]
    run_sanitized([asan_bin / ("hqc%d_kat" % level), "--out", tmp_path])
    again = tmp_path / "again"
    again.mkdir()
    run_sanitized([asan_bin / ("hqc%d_kat" % level), "--req", tmp_path / meta["req"], "--out", again])
    for d in (tmp_path, again):
        assert hashlib.sha256((d / meta["rsp"]).read_bytes()).hexdigest() == meta["rsp_sha256"]
    assert hashlib.sha256((tmp_path / meta["req"]).read_bytes()).hexdigest() == meta["req_sha256"]


def test_threads_under_threadsanitizer():
    # ThreadSanitizer build (clang, build/tsan) of the concurrency test: any data race in the
    # library, such as on the default-backend cache, is reported and fails the run.
    out = make("tsan")
    for level in LEVELS:
        assert "HQC-%d test_threads" % level in out and "ThreadSanitizer" not in out, out
