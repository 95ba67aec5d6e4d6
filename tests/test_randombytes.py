# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Randomness (src/hqc/randombytes.c and the HQC_RANDOMBYTES hook of mk/randombytes.mk).
getrandom misbehaving is simulated with tests/c/preload_io.c under the hqc tool: without
getrandom (ENOSYS) the library reads /dev/urandom; interrupted and short reads are retried;
any other failure makes key generation fail cleanly. A library built with
HQC_RANDOMBYTES=external leaves hqc_randombytes undefined, and a program's own definition
(tests/consumer/own_randombytes.c) is used, linked statically or against the shared library."""
import os
import re

import pytest

from conftest import BUILD, ROOT, bin_path, run
from lib.tool import EXIT_KEM, hqc, listing, preload_library

EXTERNAL_BUILD = ROOT / "build" / "randombytes-external"


def keygen_with(tmp_path, mode, name=None):
    so = preload_library(tmp_path)
    out = tmp_path / (name or mode)
    out.mkdir()
    env = dict(os.environ, LD_PRELOAD=str(so), HQC_TEST_PRELOAD=mode)
    res = hqc(bin_path("hqc"), "keygen", "--level", 1, "--pk", out / "pk", "--sk", out / "sk", env=env)
    calls, opens = map(int, re.search(r"preload: getrandom (\d+), urandom opens (\d+)", res.stderr).groups())
    return res, out, calls, opens


def test_without_getrandom_reads_dev_urandom(tmp_path):
    res, out, calls, opens = keygen_with(tmp_path, "getrandom-enosys")
    assert res.returncode == 0 and calls >= 1 and opens >= 1, res.stderr
    res2, out2, _, _ = keygen_with(tmp_path, "getrandom-enosys", "second")
    assert res2.returncode == 0 and (out2 / "pk").read_bytes() != (out / "pk").read_bytes()


def test_interrupted_and_short_getrandom_reads_are_retried(tmp_path):
    res, out, calls, opens = keygen_with(tmp_path, "getrandom-eintr-short")
    # 32 bytes of seed in reads of 1..7 bytes, each preceded by an EINTR.
    assert res.returncode == 0 and calls >= 2 * 32 // 7 and opens == 0, res.stderr
    assert sorted(listing(out)) == ["pk", "sk"]


def test_failing_getrandom_fails_keygen_cleanly(tmp_path):
    res, out, calls, opens = keygen_with(tmp_path, "getrandom-eio")
    assert res.returncode == EXIT_KEM and "key generation failed" in res.stderr and opens == 0
    assert listing(out) == []


@pytest.fixture(scope="module")
def external_build():
    if (BUILD / ".verify-flags").exists():
        pytest.skip("checked on the ordinary build only")
    run(["nice", "-n", "15", "make", "--no-print-directory", "-C", ROOT, "-j2", "lib",
         "BUILD=%s" % EXTERNAL_BUILD, "BACKEND=ref", "HQC_RANDOMBYTES=external"])
    return EXTERNAL_BUILD


def test_external_build_leaves_randombytes_undefined(external_build):
    for lib in (external_build / "libhqc.a", sorted(external_build.glob("libhqc.so.*.*.*"))[0]):
        syms = run(["nm", lib]).stdout if lib.suffix == ".a" else run(["nm", "-D", lib]).stdout
        kinds = set(re.findall(r"^\s*[0-9a-f]*\s+(\w) hqc_randombytes$", syms, re.M))
        assert kinds == {"U"}, (lib, kinds)


@pytest.mark.parametrize("linkage", ["static", "shared"])
def test_program_supplies_its_own_randombytes(external_build, tmp_path, linkage):
    exe = tmp_path / "own_randombytes"
    lib = [external_build / "libhqc.a"] if linkage == "static" else \
        ["-L%s" % external_build, "-lhqc", "-Wl,-rpath,%s" % external_build]
    run(["cc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-I%s" % (external_build / "include"),
         ROOT / "tests" / "consumer" / "own_randombytes.c", "-o", exe] + lib + ["-lcrypto"])
    assert run([exe]).stdout.strip() == "ok"
