# SPDX-License-Identifier: Apache-2.0 OR MIT
"""liboqs_bench.py: what scripts/bench-liboqs and scripts/bench-tls share: their --work, --reuse,
--cpu and --lock options, a fresh work folder holding the pristine liboqs 0.16.0 and the one that
imported our KEM (both Release DIST builds, HQC only), and the pinned, locked timed run.
"""
import contextlib
import fcntl
import shutil
from pathlib import Path

from hqctools import liboqs_import as li
from hqctools import upstream_build as ub


def add_timing_args(ap, work):
    """--work (default work), --reuse, --cpu and --lock, after the command's own options."""
    ap.add_argument("--work", type=Path, default=work)
    ap.add_argument("--reuse", action="store_true")
    ap.add_argument("--cpu", type=int, default=1)
    ap.add_argument("--lock", default="/tmp/hqc-timing.lock")


def pin(cpu):
    """The taskset prefix that pins a command to cpu, or nothing without taskset."""
    return ["taskset", "-c", str(cpu)] if shutil.which("taskset") else []


@contextlib.contextmanager
def timing_lock(path):
    """Holds an exclusive flock on path (shared by every timing script) for the block."""
    with open(path, "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def build_pristine_and_imported(work, pristine_dir, patched_dir, peers=()):
    """Empties work, then builds under it the pristine liboqs (work/pristine_dir) and the liboqs
    that imported this repository's HEAD (work/patched_dir). Returns (pristine build, patched
    build, {env: tree} of the extra peers asked for)."""
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    liboqs = ub.peer_tree("LIBOQS_SRC", work / "peers")
    official = ub.peer_tree("HQC_UPSTREAM", work / "peers")
    extra = {env: ub.peer_tree(env, work / "peers") for env in peers}
    tree, _ = li.import_hqc(liboqs, official, work / "import")
    pristine = li.build_liboqs(liboqs, work / pristine_dir, "-DCMAKE_BUILD_TYPE=Release")
    patched = li.build_liboqs(tree, work / patched_dir, "-DCMAKE_BUILD_TYPE=Release")
    return pristine, patched, extra
