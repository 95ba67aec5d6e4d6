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


def cargo():
    found = shutil.which("cargo") or str(Path.home() / ".cargo" / "bin" / "cargo")
    return found if os.access(found, os.X_OK) else None


def build_crate(manifest, target_dir, what, env=None, timeout=900):
    """cargo build --release --locked of the crate at manifest into target_dir: offline first
    (the crates already in cargo's cache), else fetching the pinned crates. When that fails for
    any reason (a pin crates.io does not have, no network, a compile error), the test fails
    with cargo's own error text: no error text is read as a skip. Without cargo it skips, which
    fails a CI=true run (tests/lib/skip_policy.py)."""
    exe = cargo()
    if exe is None:
        pytest.skip("cargo not found: %s did not run (scripts/install-deps installs it)" % what)
    env = dict(os.environ if env is None else env, CARGO_TARGET_DIR=str(target_dir))
    cmd = [exe, "build", "--release", "--locked", "--manifest-path", manifest]
    res = run(cmd + ["--offline"], check=False, env=env, timeout=timeout)
    if res.returncode != 0:
        run(cmd, env=env, timeout=timeout)  # first build: fetch the pinned crates


def build_interop():
    """The built hqc-interop program (cached under the build directory), also used by
    test_interop_dialects.py for RustCrypto's keys."""
    flags = BUILD / ".verify-flags"
    if flags.exists() and "-fsanitize" in flags.read_text():
        pytest.skip("a sanitiser build's libhqc.a cannot be linked into the Rust program")
    build_crate(CRATE / "Cargo.toml", BUILD / "interop", "the interop test with RustCrypto's hqc-kem",
                env=dict(os.environ, HQC_LIB_DIR=str(BUILD)))
    return BUILD / "interop" / "release" / "hqc-interop"
