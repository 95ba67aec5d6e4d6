# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The skip policy of tests/lib/skip_policy.py, run on small generated test files in a pytest of
their own: under CI=true a skip whose reason tests/skip_allowlist.txt does not allow fails (at
run time, from a skipif mark and at collection alike), an allowlisted hardware reason still
skips, and without CI=true skips stay skips. Also: the allowlist holds only hardware reasons
naming what they read, and a peer that cannot be installed (a pin crates.io does not have)
fails its test with cargo's own error text instead of skipping."""
import os
import re
import subprocess
import sys

import pytest

from conftest import ROOT
from lib.skip_policy import allowlist

HARDWARE = "this CPU lacks avx512f (not in /proc/cpuinfo): the avx512 backend needs it"


def pytest_in(folder, *args, ci):
    """python -m pytest on folder with the policy's hooks (and nothing of tests/conftest.py's
    fixtures), CI=true or CI unset."""
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    if ci:
        env["CI"] = "true"
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "tests"), str(ROOT / "scripts")])
    (folder / "pytest.ini").write_text("[pytest]\n")
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-rfEs", "-p", "no:cacheprovider",
                           "-p", "lib.skip_policy", *args, str(folder)],
                          cwd=folder, env=env, capture_output=True, text=True, timeout=600)


def summary(res):
    """The counts of pytest's last line, e.g. {"failed": 3, "skipped": 1}."""
    last = res.stdout.strip().splitlines()[-1]
    return {k: int(n) for n, k in re.findall(r"(\d+) (passed|failed|skipped|errors?)", last)}


@pytest.fixture
def skipping(tmp_path):
    (tmp_path / "test_a.py").write_text(
        "import pytest\n"
        "def test_tool():\n    pytest.skip('cargo not found: the interop test did not run')\n"
        "@pytest.mark.skipif(True, reason='no C compiler')\n"
        "def test_mark():\n    pass\n"
        "def test_hardware():\n    pytest.skip(%r)\n"
        "def test_passes():\n    pass\n" % HARDWARE)
    (tmp_path / "test_b.py").write_text(
        "import pytest\npytest.skip('jinja2 is missing', allow_module_level=True)\n")
    return tmp_path


def test_ci_fails_every_skip_but_allowlisted_hardware(skipping):
    res = pytest_in(skipping, ci=True)
    assert res.returncode == 1, res.stdout
    assert summary(res) == {"passed": 1, "failed": 1, "skipped": 1, "errors": 2}, res.stdout
    for reason in ("cargo not found: the interop test did not run", "no C compiler", "jinja2 is missing"):
        assert re.search(r"CI=true: this skip fails the run.*\n\s+%s" % re.escape(reason), res.stdout), res.stdout
    # -rfEs lists the one skip left, with its reason.
    assert re.search(r"^SKIPPED \[1\] test_a.py:\d+: %s$" % re.escape(HARDWARE), res.stdout, re.M), res.stdout


def test_without_ci_skips_stay_skips(skipping):
    res = pytest_in(skipping, ci=False)
    assert res.returncode == 0, res.stdout
    assert summary(res) == {"passed": 1, "skipped": 4}, res.stdout


def test_allowlist_holds_only_hardware_reasons_naming_their_source():
    patterns = allowlist()
    assert patterns
    for p in patterns:
        assert p.pattern.startswith("^") and re.search(r"/proc/cpuinfo|platform\\\.machine", p.pattern), p.pattern
        assert not p.search("cargo not found") and not p.search("gdb is not installed"), p.pattern
    assert any(p.search(HARDWARE) for p in patterns)
    assert any(p.search("not an x86_64 host (platform.machine() is aarch64)") for p in patterns)
    # A hardware reason that does not say what it read is not enough.
    assert not any(p.search("this CPU lacks AVX-512") for p in patterns)


def test_an_uninstallable_peer_fails_with_cargos_error(tmp_path):
    """A Rust peer pinned to a version crates.io does not have: the test that builds it fails
    (outside CI too) and shows cargo's message; before issue 37 its "no matching package" text
    made it a skip."""
    crate = tmp_path / "crate"
    (crate / "src").mkdir(parents=True)
    (crate / "Cargo.toml").write_text(
        '[package]\nname = "peer-pin"\nversion = "0.1.0"\nedition = "2021"\n\n'
        '[dependencies]\nhqc-kem = "=0.0.999"\n')
    (crate / "src" / "main.rs").write_text("fn main() {}\n")
    tests = tmp_path / "t"
    tests.mkdir()
    (tests / "test_peer.py").write_text(
        "from lib.interop import build_crate\n"
        "def test_peer(tmp_path):\n"
        "    build_crate(%r, tmp_path / 'target', 'a peer pinned to hqc-kem 0.0.999')\n"
        % str(crate / "Cargo.toml"))
    res = pytest_in(tests, ci=False)
    if "cargo not found" in res.stdout:
        pytest.skip("cargo not found: the uninstallable-peer check did not run")
    assert res.returncode == 1 and summary(res) == {"failed": 1}, res.stdout
    assert "hqc-kem" in res.stdout and "0.0.999" in res.stdout, res.stdout
