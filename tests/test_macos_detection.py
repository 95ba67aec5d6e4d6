# SPDX-License-Identifier: Apache-2.0 OR MIT
"""src/hqc/cpu.c's macOS branch (sysctlbyname of hw.optional.*) compiles: clang
--target=arm64-apple-macos with -Wall -Wextra -Werror, the macOS SDK replaced by declaration
stubs (tests/macos/include: stdio.h, string.h, sys/sysctl.h) and clang's own headers. The
object must be an arm64 Mach-O that calls sysctlbyname with the three feature names, so the
Apple branch, not the featureless fallback, was compiled. Compiling is all this shows: the
branch is not run (no macOS machine)."""
import shutil

import pytest

from conftest import ROOT, run

FEATURES = ("hw.optional.AdvSIMD", "hw.optional.arm.FEAT_PMULL", "hw.optional.arm.FEAT_SHA3")


def clang():
    for name in ("clang-19", "clang-16", "clang"):
        if shutil.which(name):
            return name
    pytest.skip("clang is not installed (scripts/install-deps installs clang-16 and llvm-19)")


def test_macos_branch_compiles_to_an_arm64_macho(tmp_path):
    cc = clang()
    resource = run([cc, "-print-resource-dir"]).stdout.strip()
    obj = tmp_path / "cpu.o"
    run([cc, "--target=arm64-apple-macos", "-std=c11", "-O2", "-Wall", "-Wextra", "-Werror",
         "-nostdinc", "-isystem", resource + "/include", "-isystem", ROOT / "tests" / "macos" / "include",
         "-I", ROOT / "src" / "hqc", "-c", ROOT / "src" / "hqc" / "cpu.c", "-o", obj])
    head = obj.read_bytes()[:8]
    assert head[:4] == bytes.fromhex("cffaedfe"), head          # MH_MAGIC_64, little-endian
    assert int.from_bytes(head[4:8], "little") == 0x0100000C, head  # CPU_TYPE_ARM64
    nm = shutil.which("llvm-nm-19") or shutil.which("llvm-nm")
    if nm is None:
        pytest.skip("llvm-nm is not installed (scripts/install-deps installs llvm-19)")
    symbols = run([nm, obj]).stdout.split("\n")
    assert any(l.split() == ["U", "_sysctlbyname"] for l in symbols), symbols
    assert any(l.endswith(" T _hqc_cpu_features") for l in symbols), symbols
    data = obj.read_bytes()
    for name in FEATURES:
        assert name.encode() + b"\0" in data, name
