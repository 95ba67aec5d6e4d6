# SPDX-License-Identifier: Apache-2.0 OR MIT
"""liboqs.py: building liboqs trees (imported or patched) and programs against them, and what
their dispatch reports mean, for test_liboqs_import.py, test_patches_liboqs.py and test_tls.py
(the shared builds themselves are fixtures of tests/conftest.py).
"""
import shutil

import pytest

from conftest import ROOT, built, run
from hqctools import liboqs_import as li

LEVELS = ["1", "3", "5"]


def needs_tools():
    for tool in ("git", "cmake", "patch"):
        if shutil.which(tool) is None:
            pytest.skip("%s is not installed (scripts/install-deps installs it)" % tool)
    try:
        import jinja2  # noqa: F401
        import yaml  # noqa: F401
    except ImportError:
        pytest.skip("liboqs's import script needs jinja2 and PyYAML (scripts/install-deps: "
                    "python3-jinja2, python3-yaml)")


def build(tree, out, *options):
    return built(li.build_liboqs, tree, out, *options)


def compile_against(build, source, exe, *link, cc="cc"):
    """One of tests/liboqs/*.c compiled (by cc) with a liboqs build's headers and linked with
    link."""
    run([cc, "-std=c11", "-Wall", "-Wextra", "-Werror", "-I", build / "include",
         ROOT / "tests" / "liboqs" / source, *link, "-o", exe])
    return exe


def expected_backend(cpu):
    """The table src/hqc/backend.c picks for these CPU features: the fastest whose features
    (src/gf2x/native/*/*/backend_*.c) are all there."""
    avx2 = {"avx2", "pclmul", "bmi2"}
    if avx2 | {"avx512f", "avx512bw", "avx512dq", "avx512vl", "avx512vbmi", "vpclmulqdq",
                   "gfni"} <= cpu:
        return "avx512"
    if avx2 | {"vpclmulqdq"} <= cpu:
        return "vpclmul"
    return "avx2" if avx2 <= cpu else "ref"


def choice_report(text):
    """import_choice's report (or served_by_gdb.py's) as {key: value}."""
    return dict(l.split(": ", 1) for l in text.splitlines() if ": " in l)


def import_choice(build, out, fast="X86_64", cc="cc", *flags):
    """tests/liboqs/import_choice.c linked with a static liboqs.a, counting liboqs's calls
    into our fast implementation (X86_64, or AARCH64 with a cross compiler cc) and our ref one
    through -Wl,--wrap."""
    wraps = ["-Wl,--wrap=HQCFAST_HQC%s_%s_hqc%s_crypto_kem_%s" % (l, i, l, op) for l in LEVELS
             for i in (fast, "REF") for op in ("keypair", "enc", "dec")]
    return compile_against(build, "import_choice.c", out / "import_choice", *flags,
                           *(["-DFAST_AARCH64"] if fast == "AARCH64" else []),
                           build / "lib" / "liboqs.a",
                           *(["-lcrypto"] if fast == "X86_64" else []), "-lpthread", *wraps,
                           cc=cc)
