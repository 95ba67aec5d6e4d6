# SPDX-License-Identifier: Apache-2.0 OR MIT
"""interop.py: building the Rust interop crate of tests/interop (pqcrypto-hqc against our
library), for test_interop.py and test_interop_dialects.py.
"""
import os
import shutil
from pathlib import Path

import pytest

from conftest import BUILD, ROOT, run

CRATE = ROOT / "tests" / "interop"
NETWORK_ERRORS = ("failed to download", "Couldn't resolve", "failed to query replaced source",
                  "network", "spurious", "unable to get packages", "no matching package")


def cargo():
    found = shutil.which("cargo") or str(Path.home() / ".cargo" / "bin" / "cargo")
    return found if os.access(found, os.X_OK) else None


def build_interop():
    """The built hqc-interop program (cached under the build directory), or a skip saying why
    not (also used by test_interop_dialects.py for RustCrypto's keys)."""
    exe = cargo()
    if exe is None:
        pytest.skip("cargo not found: the interop test with RustCrypto's hqc-kem did not run")
    flags = BUILD / ".verify-flags"
    if flags.exists() and "-fsanitize" in flags.read_text():
        pytest.skip("a sanitiser build's libhqc.a cannot be linked into the Rust program")
    env = dict(os.environ, HQC_LIB_DIR=str(BUILD), CARGO_TARGET_DIR=str(BUILD / "interop"))
    cmd = [exe, "build", "--release", "--locked", "--manifest-path", CRATE / "Cargo.toml"]
    res = run(cmd + ["--offline"], check=False, env=env)
    if res.returncode != 0:
        res = run(cmd, check=False, env=env)  # first build: fetch the pinned crates
        if res.returncode != 0 and any(e in res.stderr for e in NETWORK_ERRORS):
            pytest.skip("hqc-kem could not be fetched from crates.io (offline?): %s"
                        % res.stderr.strip().splitlines()[-1])
        assert res.returncode == 0, res.stderr
    return BUILD / "interop" / "release" / "hqc-interop"
