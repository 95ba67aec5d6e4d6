# SPDX-License-Identifier: Apache-2.0 OR MIT
"""bindings.py: what tests/test_bindings_rust.py and tests/test_bindings_python.py share (issue
32): a missing tool or peer skips locally and fails under CI=true, the version the bindings must
carry, the backend the CPU calls for, and a pristine liboqs 0.16.0 shared library for
liboqs-python (built once per build folder)."""
import os
import platform
import re

import pytest

from conftest import BUILD, ROOT, built, liboqs_source, run
from lib.liboqs import expected_backend

def missing(why):
    """Skip saying why; under CI=true (.ci/run) fail instead: CI has every tool."""
    if os.environ.get("CI") == "true":
        pytest.fail(why)
    pytest.skip(why)


def library_version():
    """HQC_VERSION_STRING of include/hqc/hqc_common.h."""
    text = (ROOT / "include" / "hqc" / "hqc_common.h").read_text()
    return re.search(r'#define HQC_VERSION_STRING "([^"]+)"', text).group(1)


def cpu_backend():
    """The backend libhqc's dispatcher should pick here (x86-64: from /proc/cpuinfo's flags),
    or None where this test does not know (another architecture, HQC_BACKEND set)."""
    if platform.machine() != "x86_64" or "HQC_BACKEND" in os.environ:
        return None
    with open("/proc/cpuinfo") as f:
        flags = next((l.split(":", 1)[1].split() for l in f if l.startswith("flags")), [])
    cpu = set(flags) | ({"pclmul"} if "pclmulqdq" in flags else set())
    return expected_backend(cpu)


def _build_liboqs_shared(out):
    from hqctools import liboqs_import as li
    tree = liboqs_source()
    build = li.build_liboqs(tree, out / "build", "-DCMAKE_BUILD_TYPE=Release",
                            "-DBUILD_SHARED_LIBS=ON", target="oqs")
    run(["cmake", "--install", build, "--prefix", out / "install"])
    return out / "install"


def liboqs_shared():
    """The install prefix of a pristine liboqs 0.16.0 shared Release build (HQC only, liboqs's
    own HQC code), for liboqs-python's OQS_INSTALL_PATH; built once under the build folder."""
    out = BUILD / "bindings" / "liboqs-0.16.0-shared"
    lib = out / "install" / "lib" / "liboqs.so"
    if not lib.exists():
        built(_build_liboqs_shared, out)
    assert lib.exists(), lib
    return out / "install"
