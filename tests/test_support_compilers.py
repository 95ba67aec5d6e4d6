# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The x86 support expansions (support_to_vector_avx2 and the avx512 backend's
support_to_vector_gfni) built by each compiler scripts/install-deps installs, at -O2 and -O3,
every level, against a bit-by-bit reference (tests/c/support_compilers.c). The rest of the suite
runs the AVX-512 code only as the default compiler builds it, and clang 14 to 19 miscompiled
the gfni kernel (a broadcast affine's disp8, LLVM pull request 120340) while gcc did not."""
import subprocess

import pytest

from conftest import LEVELS, ROOT
from lib.cpuflags import BACKEND_FLAGS, require_cpu
from lib.skip_policy import need_tools

COMPILERS = ["gcc-12", "clang-14", "clang-16", "clang-19"]
ISA = ["-mavx2", "-mpclmul", "-mbmi2", "-mavx512f", "-mavx512bw", "-mavx512dq", "-mavx512vl",
       "-mavx512vbmi", "-mvpclmulqdq", "-mgfni"]  # the Makefile's ISA_avx512
X86 = ROOT / "src" / "gf2x" / "native" / "x86_64"


@pytest.mark.parametrize("cc", COMPILERS)
def test_support_expansions_under_each_compiler(cc, tmp_path):
    require_cpu(*sorted(BACKEND_FLAGS["avx512"]), why="the gfni kernel needs them to run")
    need_tools(cc)
    for opt in ("-O2", "-O3"):
        for level in LEVELS:
            exe = tmp_path / ("support%d%s" % (level, opt))
            subprocess.run([cc, "-std=c11", opt, "-Wall", "-Wextra", "-Werror", "-fno-strict-aliasing",
                            *ISA, "-I%s" % (ROOT / "src" / "hqc"), "-I%s" % (ROOT / "src" / "gf2x"),
                            "-I%s" % X86, "-I%s" % (X86 / "avx512"), "-DHQC_LEVEL=%d" % level,
                            ROOT / "tests" / "c" / "support_compilers.c", X86 / "support_to_vector_avx2.c",
                            X86 / "avx512" / "support_to_vector_gfni.c", "-o", exe],
                           check=True, capture_output=True, text=True)
            out = subprocess.run([exe], capture_output=True, text=True)
            assert out.returncode == 0 and out.stdout.rstrip().endswith("ok"), \
                "%s %s: %s" % (cc, opt, out.stdout + out.stderr)
