# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Shared fixtures: where the build is, which levels and backends it has, and a runner.

The Makefile passes HQC_BUILD (build/<BACKEND>); run by hand, the tests default to
build/auto. Metadata of each level (sizes, official digests) lives in kat/levels.json so the
tests are driven by data rather than by constants repeated in every file.
"""
import atexit
import fcntl
import json
import os
import shlex
import shutil
import subprocess
import tarfile
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


def built(fn, *args, **kw):
    """Call an upstream_build or liboqs_import recipe, turning its BuildError into a test
    failure."""
    try:
        return fn(*args, **kw)
    except ub.BuildError as e:
        pytest.fail(str(e))


# liboqs with our KEM imported by its own script (tests/lib/liboqs.py), built once per session
# for test_liboqs_import.py, test_patches_liboqs.py and test_tls.py.

@pytest.fixture(scope="session")
def imported(tmp_path_factory):
    """(pristine tree, the tree after liboqs's own import of the hqc family from a clean clone
    of HEAD, what the import printed)."""
    from hqctools import liboqs_import as li
    from lib.liboqs import needs_tools
    needs_tools()
    pristine = liboqs_source()
    tree, out = built(li.import_hqc, pristine, official_source(),
                      tmp_path_factory.mktemp("liboqs-import"))
    return pristine, tree, out


@pytest.fixture(scope="session")
def liboqs_series():
    """patches/liboqs-0.16.0/, generated once per session from the pristine trees (the series
    is not tracked: scripts/make-liboqs-series, hqctools/liboqs_series.py); returns the folder.
    scripts/apply-patches regenerates it there itself before it patches a liboqs tree."""
    from hqctools import liboqs_series as ls
    from lib.liboqs import needs_tools
    needs_tools()
    built(ls.make, liboqs_source(), official_source())
    return ls.OUT


@pytest.fixture(scope="session")
def import_build(imported, tmp_path_factory):
    """The imported tree's static Release DIST build (HQC only): also the series' (the same
    files, test_series_is_the_import), which test_patches_liboqs and test_tls use."""
    from lib.liboqs import build
    return build(imported[1], tmp_path_factory.mktemp("liboqs-import-build") / "build",
                 "-DCMAKE_BUILD_TYPE=Release", "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON")


@pytest.fixture(scope="session")
def pristine_build(imported, tmp_path_factory):
    """The pristine tree's static Release DIST build (HQC only: liboqs's own pqc-hqc ref), for
    test_tls.py's pristine oqs-provider and test_liboqs_import.py's paired comparison."""
    from lib.liboqs import build
    return build(imported[0], tmp_path_factory.mktemp("liboqs-pristine-build") / "build",
                 "-DCMAKE_BUILD_TYPE=Release")


# PQClean from the npm package, for test_patches.py and test_tools.py; cached under
# build/upstream-cache (or $HQC_PATCHES_CACHE).
CACHE = Path(os.environ.get("HQC_PATCHES_CACHE", ROOT / "build" / "upstream-cache"))
PQCLEAN_VERSION = "0.8.1"


@pytest.fixture(scope="session")
def pqclean_pristine():
    """PQClean's root (common/, crypto_kem/) from the npm package, downloaded once and cached.
    The cache is filled under a lock: scripts/run-tests runs test files that use it (test_patches,
    test_tools) in parallel processes, and the second must neither download it again nor replace
    the tree the first is copying."""
    root = CACHE / ("pqclean-" + PQCLEAN_VERSION)
    tree = root / "package" / "deps" / "PQClean"
    CACHE.mkdir(parents=True, exist_ok=True)
    with open(CACHE / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not tree.is_dir():
            fill_pqclean_cache(root)
    return tree


def fill_pqclean_cache(root):
    """Download PQClean's npm package and unpack its common/ and hqc folders into root."""
    need_tools("npm")  # a failure under CI=true, as every missing tool
    with tempfile.TemporaryDirectory(dir=CACHE) as tmp:
        res = subprocess.run(["npm", "pack", "--silent", "pqclean@" + PQCLEAN_VERSION],
                             cwd=tmp, capture_output=True, text=True, timeout=300)
        tgz = list(Path(tmp).glob("pqclean-*.tgz"))
        if res.returncode != 0 or not tgz:
            pytest.fail("`npm pack pqclean@%s` failed (is the npm registry reachable?): %s"
                        % (PQCLEAN_VERSION, res.stderr.strip()[-300:]))
        with tarfile.open(tgz[0]) as tf:
            members = [m for m in tf.getmembers()
                       if m.name.startswith(("package/deps/PQClean/common/",
                                             "package/deps/PQClean/crypto_kem/hqc-"))]
            tf.extractall(Path(tmp) / "x", members=members, filter="data")
        if root.exists():
            shutil.rmtree(root)
        os.replace(Path(tmp) / "x", root)


# Skips under CI=true (issue 37): a skip fails the run unless tests/skip_allowlist.txt allows its
# reason. The hooks live in tests/lib/skip_policy.py; importing them here registers them.
from lib.skip_policy import (need_tools, pytest_configure, pytest_make_collect_report,  # noqa: E402,F401
                              pytest_runtest_makereport)
