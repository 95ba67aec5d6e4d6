# SPDX-License-Identifier: Apache-2.0 OR MIT
"""make dist (scripts/make-dist, issue 35): the release tarball holds exactly HEAD's files plus
the generated liboqs series (which git does not track), and that series, applied by the
tarball's own apply-patches where there is no git checkout and no official tree, patches and
reverts a pristine liboqs 0.16.0 tree.
"""
import os
import re
import shutil
import tarfile

import pytest

from conftest import ROOT, liboqs_source, official_source, run
from hqctools import liboqs_series as ls
from lib.liboqs import needs_tools
from lib.patches import snapshot

SERIES = "patches/%s/" % ls.RELEASE


@pytest.fixture(scope="module")
def dist(tmp_path_factory):
    """(tarball, its top folder's name, {member: bytes of a file})."""
    needs_tools()
    out = tmp_path_factory.mktemp("dist")
    env = dict(os.environ, LIBOQS_SRC=str(liboqs_source()), HQC_UPSTREAM=str(official_source()))
    run(["make", "-s", "dist", "DIST_DIR=%s" % out], cwd=ROOT, env=env)
    header = (ROOT / "include" / "hqc" / "hqc_common.h").read_text()
    version = re.search(r'HQC_VERSION_STRING "([^"]+)"', header).group(1)
    tarball = out / ("hqc-fast-%s.tar.xz" % version)
    assert [p.name for p in out.iterdir()] == [tarball.name]
    with tarfile.open(tarball) as tar:
        files = {m.name: tar.extractfile(m).read() for m in tar.getmembers() if m.isfile()}
    return tarball, "hqc-fast-" + version, files


def test_dist_holds_head_and_the_series(dist):
    """Every file of HEAD, as committed, and the liboqs series; nothing else."""
    _, top, files = dist
    head = run(["git", "-C", ROOT, "ls-tree", "-r", "--name-only", "HEAD"]).stdout.split()
    want = set(head) | {SERIES + n for n in ls.GENERATED}
    assert set(f.split("/", 1)[1] for f in files) == want
    assert all(f.startswith(top + "/") for f in files)
    for rel in ("README.md", "src/hqc/kem.c", SERIES + ls.YML_PATCH):
        shown = run(["git", "-C", ROOT, "show", "HEAD:" + rel], text=False).stdout
        assert files[top + "/" + rel] == shown, rel
    series = files[top + "/" + SERIES + "series"].decode().split()
    assert series == [ls.YML_PATCH, ls.SOURCES, ls.BUILD]
    assert b"src/kem/hqc/hqc-fast_hqc-1_ref/src/hqc/kem.c" in files[top + "/" + SERIES + ls.SOURCES]


def test_dist_series_applies_without_git(dist, tmp_path):
    """The tarball's apply-patches (no .git: it makes nothing) applies the shipped series to a
    pristine liboqs 0.16.0 copy, without the official tree, and --revert restores it byte for
    byte."""
    tarball, top, _ = dist
    with tarfile.open(tarball) as tar:
        tar.extractall(tmp_path / "x", filter="data")
    apply = tmp_path / "x" / top / "scripts" / "apply-patches"
    tree = tmp_path / "liboqs"
    shutil.copytree(liboqs_source(), tree, symlinks=True)
    before = snapshot(tree)
    env = dict(os.environ, HQC_UPSTREAM=str(tmp_path / "absent"))
    res = run(["python3", apply, tree], env=env)
    assert "applied %s (3 patches)" % ls.RELEASE in res.stdout
    assert (tree / "src/kem/hqc/hqc-fast_hqc-5_x86_64/src/hqc/kem.c").is_file()
    run(["python3", apply, tree, "--revert"], env=env)
    assert snapshot(tree) == before
