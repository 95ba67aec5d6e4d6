# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The backends `hqc info` offers, against this CPU as the kernel describes it: the flags of
/proc/cpuinfo, read by tests/lib/cpuflags.py without the library's CPUID code (the kernel
already drops what the OS does not enable, e.g. AVX-512 without ZMM state in XCR0, which Python
cannot read). Every compiled backend must be offered exactly when the CPU has what it needs,
the default must be the fastest constant-time one of those, and the features hqc info reports
must be exactly those of /proc/cpuinfo it knows. A wrong feature bit in src/hqc/cpu.c fails it
(shown by mutation, commit message)."""
import json

import pytest

from conftest import EXEC_WRAPPER, LEVELS, bin_path, run
from lib.cpuflags import BACKEND_FLAGS, backend_runs, cpu_flags

# The library's names of CPU features (hqc_cpu_features_string) in the kernel's spelling.
KERNEL_NAME = {"pclmul": "pclmulqdq", "avx2": "avx2", "bmi1": "bmi1", "bmi2": "bmi2",
               "avx512f": "avx512f", "avx512bw": "avx512bw", "avx512dq": "avx512dq",
               "avx512vl": "avx512vl", "vpclmulqdq": "vpclmulqdq", "gfni": "gfni",
               "asimd": "asimd", "pmull": "pmull", "sha3": "sha3", "avx512vbmi": "avx512vbmi"}
# Constant-time backends, fastest first.
SPEED_ORDER = ("avx512", "vpclmul", "avx2", "neon", "ref")


@pytest.fixture(scope="module")
def info():
    if EXEC_WRAPPER:
        pytest.fail("HQC_EXEC_WRAPPER runs the programs on another CPU than /proc/cpuinfo's")
    return json.loads(run([bin_path("hqc"), "info"]).stdout)


def test_reported_features_are_the_kernels(info):
    flags = cpu_flags()
    assert flags, "no flags line in /proc/cpuinfo"
    got = set(info["cpu_features"].split())
    assert got <= set(KERNEL_NAME), got
    want = {name for name, kernel in KERNEL_NAME.items() if kernel in flags}
    assert got == want, ("reported but not in /proc/cpuinfo: %s; in /proc/cpuinfo but not reported: %s"
                         % (sorted(got - want), sorted(want - got)))


@pytest.mark.parametrize("level", LEVELS)
def test_offered_backends_follow_proc_cpuinfo(info, level):
    flags = cpu_flags()
    backends = info["levels"][str(level)]["backends"]
    names = [b["name"] for b in backends]
    assert "ref" in names and set(names) <= set(BACKEND_FLAGS), names
    wrong = {b["name"]: b["supported"] for b in backends if b["supported"] != backend_runs(b["name"], flags)}
    assert not wrong, "offered (True) or refused (False) against /proc/cpuinfo's flags: %s" % wrong
    runnable = [n for n in SPEED_ORDER if n in names and backend_runs(n, flags)]
    assert info["levels"][str(level)]["default"] == runnable[0], (info["levels"][str(level)], runnable)
