# SPDX-License-Identifier: Apache-2.0 OR MIT
"""cpuflags.py: the CPU features the kernel reports in /proc/cpuinfo ("flags" on x86-64,
"Features" on aarch64), read here without the library's CPUID code, and the one way a test
may skip for hardware: require_cpu(), whose reason names the flags it found missing (the
wording tests/skip_allowlist.txt accepts under CI=true). The kernel already drops a feature
the OS does not enable (AVX-512 without ZMM state in XCR0), which Python cannot read itself."""
import platform
import re
from pathlib import Path

import pytest

CPUINFO = Path("/proc/cpuinfo")

# What each backend needs, in the kernel's names (Intel SDM CPUID bits as Linux spells them;
# arch/arm64 HWCAP names), written from the backends' documented requirements
# (docs/ARCHITECTURE.md), not from src/hqc/cpu.c.
BACKEND_FLAGS = {
    "ref": set(),
    "avx2": {"avx2", "pclmulqdq", "bmi2"},
    "avx2-sparse": {"avx2", "pclmulqdq", "bmi2"},
    "vpclmul": {"avx2", "pclmulqdq", "bmi2", "vpclmulqdq"},
    "avx512": {"avx2", "pclmulqdq", "bmi2", "avx512f", "avx512bw", "avx512dq", "avx512vl",
               "avx512vbmi", "vpclmulqdq", "gfni"},
    "avx512-sparse": {"avx2", "pclmulqdq", "bmi2", "avx512f", "avx512bw", "avx512dq",
                      "avx512vl", "avx512vbmi", "vpclmulqdq", "gfni"},
    "neon": {"asimd", "pmull"},
}


def cpu_flags(text=None):
    """The set of feature names of the first processor in /proc/cpuinfo (empty if unreadable)."""
    if text is None:
        try:
            text = CPUINFO.read_text()
        except OSError:
            return set()
    m = re.search(r"^(?:flags|Features)\s*:\s*(.*)$", text, re.M)
    return set(m.group(1).split()) if m else set()


def require_cpu(*flags, why=""):
    """Skip, naming the missing flags, unless /proc/cpuinfo lists every one of flags."""
    missing = sorted(set(flags) - cpu_flags())
    if missing:
        pytest.skip("this CPU lacks %s (not in /proc/cpuinfo)%s"
                    % (" ".join(missing), ": " + why if why else ""))


def require_machine(machine, why=""):
    """Skip unless platform.machine() is machine (x86_64, aarch64)."""
    have = platform.machine()
    if have != machine:
        pytest.skip("not %s %s host (platform.machine() is %s)%s"
                    % ("an" if machine[0] in "aeiou" else "a", machine, have,
                       ": " + why if why else ""))


def backend_runs(name, flags=None):
    """Whether this CPU (by /proc/cpuinfo) has what backend name needs."""
    return BACKEND_FLAGS[name] <= (cpu_flags() if flags is None else flags)
