# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Shared fixtures: where the build is, which levels and backends it has, and a runner.

The Makefile passes HQC_BUILD (build/<BACKEND>); run by hand, the tests default to
build/auto. Metadata of each level (sizes, official digests) lives in kat/levels.json so the
tests are driven by data rather than by constants repeated in every file.
"""
import atexit
import json
import os
import shlex
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from hqctools import upstream_build as ub  # unpack_peer, shared with scripts/bench-tls

ROOT = Path(__file__).resolve().parent.parent
BUILD = Path(os.environ.get("HQC_BUILD", ROOT / "build" / "auto"))
if not BUILD.is_absolute():
    BUILD = ROOT / BUILD

SHARED = ROOT.parent / "shared"
SHARED_KAT = SHARED / "kat" / "hqc-v5"
PEERS = SHARED / "peers"
# The registry packages of the interop tests (scripts/install-deps installs them there).
PEERS_VENV = Path(os.environ.get("HQC_PEERS_VENV", Path.home() / ".cache" / "hqc-fast" / "peers-venv"))
LEVELS_META = json.loads((ROOT / "kat" / "levels.json").read_text())
LEVELS = [1, 3, 5]
# A command put before every program of the build that run() starts, for a build of another
# architecture: HQC_BUILD=build/auto-aarch64 HQC_EXEC_WRAPPER="qemu-aarch64 -L
# /usr/aarch64-linux-gnu" runs the suite on the cross-built aarch64 programs under qemu-user.
# tests/test_aarch64.py passes its own (wrapper=) for the build it makes.
EXEC_WRAPPER = shlex.split(os.environ.get("HQC_EXEC_WRAPPER", ""))


def run(cmd, check=True, wrapper=None, **kw):
    """Run a command, capturing text output; fail the test with its output if check fails.
    A program of the build runs under wrapper (a list), HQC_EXEC_WRAPPER when it is None."""
    kw.setdefault("capture_output", True)
    kw.setdefault("text", True)
    cmd = [str(c) for c in cmd]
    if wrapper is None:
        wrapper = EXEC_WRAPPER if cmd and cmd[0].startswith(str(BUILD) + os.sep) else []
    res = subprocess.run(list(wrapper) + cmd, **kw)
    if check and res.returncode != 0:
        pytest.fail("command %s exited %d\nstdout:\n%s\nstderr:\n%s"
                    % (" ".join(map(str, cmd)), res.returncode, res.stdout, res.stderr))
    return res


def bin_path(name):
    p = BUILD / "bin" / name
    if not p.exists():
        pytest.fail("%s is missing: run make first (HQC_BUILD=%s)" % (p, BUILD))
    return p


def build_info():
    return json.loads(run([bin_path("hqc_info")]).stdout)


def supported_backends(level, constant_time_only=False):
    """Names of the backends compiled into this build that this CPU can run."""
    info = build_info()
    names = [b["name"] for b in info["levels"][str(level)]["backends"] if b["supported"]]
    if constant_time_only:
        names = [n for n in names if "sparse" not in n]
    return names


def qemu_x86_64():
    """The qemu-x86_64 program (Debian: qemu-user), or a skip. It runs a program as if on the CPU
    model named by -cpu, raising SIGILL on any instruction the model lacks; qemu 7.2 has neither
    VPCLMULQDQ nor AVX-512, so those paths run only natively."""
    qemu = shutil.which("qemu-x86_64")
    if qemu is None:
        pytest.skip("qemu-x86_64 is not installed (Debian: qemu-user, in scripts/install-deps): "
                    "the emulated-CPU tests need it")
    return qemu


def died_of_sigill(res):
    """SIGILL seen directly (-4), through a shell or qemu's own exit (132), or in the message
    qemu prints for it (also when munit's forked child takes it)."""
    return res.returncode in (-4, 132) or "signal 4" in res.stderr


@pytest.fixture(scope="session")
def info():
    return build_info()


# Pristine upstream trees (../shared/peers, see ../shared/README.md), unpacked once per pytest
# session into one temporary folder removed at exit. An environment variable naming a tree
# overrides the tarball.
_UNPACKED = {}


def peer_tree(env, tarball, what):
    """The tree named by $env, else ../shared/peers/<tarball> unpacked (its one top folder).
    Skips, saying so, only when ../shared is absent; a ../shared without the tarball fails."""
    if os.environ.get(env):
        return Path(os.environ[env])
    if not SHARED.is_dir():
        pytest.skip("%s is absent and %s is unset: the %s tests need peers/%s from it"
                    % (SHARED, env, what, tarball))
    if tarball not in _UNPACKED:
        src = PEERS / tarball
        if not src.is_file():
            pytest.fail("%s is missing (../shared/README.md lists the peer trees)" % src)
        if "dir" not in _UNPACKED:
            _UNPACKED["dir"] = Path(tempfile.mkdtemp(prefix="hqc-peers-"))
            atexit.register(shutil.rmtree, _UNPACKED["dir"], True)
        _UNPACKED[tarball] = ub.unpack_peer(src, _UNPACKED["dir"] / tarball.split(".tar")[0])
    return _UNPACKED[tarball]


def liboqs_source():
    """A pristine liboqs 0.16.0 tree: $LIBOQS_SRC or ../shared/peers."""
    return peer_tree("LIBOQS_SRC", "liboqs-0.16.0.tar.xz", "liboqs 0.16.0")


def official_source():
    """The official HQC tree at 161cd4f: $HQC_UPSTREAM or ../shared/peers."""
    return peer_tree("HQC_UPSTREAM", "hqc-2025-08-22.tar.xz", "official-tree (hqc-2025-08-22)")


def oqs_provider_source():
    """oqs-provider main at 00fde33 (HQC groups enabled): $OQS_PROVIDER_SRC or ../shared/peers."""
    return peer_tree("OQS_PROVIDER_SRC", "oqs-provider-0.12.0-dev.00fde33.tar.xz", "oqs-provider")
