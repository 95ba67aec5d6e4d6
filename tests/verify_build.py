# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Helpers of the verification tests (test_ct, test_sanitizers, test_fuzz): they build their
own configurations through the goals of mk/verify.mk. The backend set follows the build under
test (HQC_BUILD=build/<BACKEND>), or HQC_VERIFY_BACKEND when set; see docs/VERIFICATION.md."""
import os
import subprocess

import pytest

from conftest import BUILD, ROOT

BACKENDS = ("auto", "ref", "avx2", "vpclmul", "avx512")


def verify_backend():
    forced = os.environ.get("HQC_VERIFY_BACKEND")
    if forced:
        if forced not in BACKENDS:
            pytest.fail("HQC_VERIFY_BACKEND=%s: use one of %s" % (forced, ", ".join(BACKENDS)))
        return forced
    return BUILD.name if BUILD.name in BACKENDS else "auto"


def make(*goals, timeout=3000):
    """Runs make on the goals (two jobs) with the backend set above; fails the test on error."""
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    cmd = ["make", "-s", "-j2", "-C", str(ROOT), "BACKEND=" + verify_backend()] + list(goals)
    res = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=timeout)
    if res.returncode != 0:
        pytest.fail("%s failed:\n%s\n%s" % (" ".join(cmd), res.stdout[-4000:], res.stderr[-4000:]))
    return res.stdout
