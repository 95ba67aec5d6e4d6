# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Issue 3: the vectorised RS syndromes and the variable-time sparse-dense products equal
their portable twins (hqcL_test_sparse, >= 10000 random position sets per level plus edge
cases), and the dispatcher never picks a variable-time backend by default. Their KATs are
checked with every other backend's in test_kat.py."""
import json
import os

import pytest

from conftest import LEVELS, bin_path, build_info, run
from lib.cpuflags import BACKEND_FLAGS, require_cpu

SKIPPED = 77  # hqcL_test_sparse: no vectorised kernel in this build or on this CPU


@pytest.mark.parametrize("level", LEVELS)
def test_kernels_match_portable(level):
    res = run([bin_path("hqc%d_test_sparse" % level), 10000, 1], check=False)
    if res.returncode == SKIPPED:
        # No sparse product or syndrome kernel: a hardware skip only where the CPU lacks AVX2.
        require_cpu(*BACKEND_FLAGS["avx2-sparse"], why=res.stdout.strip())
        pytest.fail("%s although /proc/cpuinfo has what avx2-sparse needs" % res.stdout.strip())
    assert res.returncode == 0, res.stdout + res.stderr
    assert res.stdout.rstrip().endswith(": ok"), res.stdout
    names = [b["name"] for b in build_info()["levels"][str(level)]["backends"] if b["supported"]]
    for sparse in ("avx2-sparse", "avx512-sparse"):
        if sparse in names:
            assert "[%s]" % sparse in res.stdout, (sparse, res.stdout)


def test_default_is_never_variable_time():
    env = dict(os.environ)
    env.pop("HQC_BACKEND", None)
    info = run([bin_path("hqc_info")], env=env).stdout
    for level, meta in json.loads(info)["levels"].items():
        assert meta["default"] is not None and "sparse" not in meta["default"], (level, meta)
