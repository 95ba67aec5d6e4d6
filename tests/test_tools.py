# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The project's scripts on hostile input (issue 16, deliverable 4): scripts/kat-diff,
scripts/bench-compare and scripts/apply-patches end quickly with one message naming the file,
their documented exit status and no traceback, and leave nothing half-written behind.
(hqcL_kat's own cases are in test_kat_req.py.)"""
import contextlib
import json
import os
import shutil
import subprocess
import sys

import pytest

from conftest import ROOT, run
from hqctools import apply_patches
from lib.patches import snapshot

KAT_DIFF = ROOT / "scripts" / "kat-diff"
BENCH_COMPARE = ROOT / "scripts" / "bench-compare"
APPLY = ROOT / "scripts" / "apply-patches"

GOOD_RSP = "# HQC-1\n\ncount = 0\nseed = 00\npk = AB\nsk = CD\nct = EF\nss = 01\n\n" \
           "count = 1\nseed = 02\npk = AB\nsk = CD\nct = EF\nss = 01\n"


def script(path, *args, timeout=60):
    res = run([sys.executable, path, *args], check=False, timeout=timeout)
    assert "Traceback" not in res.stderr, res.stderr
    return res


# --- kat-diff -------------------------------------------------------------------------------

@pytest.mark.parametrize("case,text,needle", [
    ("count not a number", GOOD_RSP.replace("count = 1", "count = ab"),
     ":10: count is not a decimal number: 'ab'"),
    ("count repeated", GOOD_RSP.replace("count = 1", "count = 0"), ":10: count = 0 appears twice"),
    ("field repeated", GOOD_RSP.replace("pk = AB\n", "pk = AB\npk = AB\n", 1),
     ":6: field pk appears twice in count = 0"),
    ("NUL byte", GOOD_RSP.replace("ct = EF\nss = 01\n\ncount", "ct = EF\nss = 01\n\0\ncount"),
     ":9: NUL byte"),
    ("not ASCII", GOOD_RSP.replace("# HQC-1", "# HQC-1 \u00e9"), ": byte 8 is not ASCII"),
])
def test_kat_diff_malformed(tmp_path, case, text, needle):
    bad, good = tmp_path / "bad.rsp", tmp_path / "good.rsp"
    bad.write_text(text)
    good.write_text(GOOD_RSP)
    assert script(KAT_DIFF, good, good).returncode == 0
    for args in ((bad, good), (good, bad)):
        res = script(KAT_DIFF, *args)
        assert res.returncode == 2 and str(bad) + needle in res.stderr, res.stderr


def test_kat_diff_dev_zero_is_bounded(tmp_path):
    good = tmp_path / "good.rsp"
    good.write_text(GOOD_RSP)
    res = script(KAT_DIFF, "/dev/zero", good, timeout=30)
    assert res.returncode == 2 and "/dev/zero:1: NUL byte" in res.stderr, res.stderr


def test_kat_diff_endless_text_is_bounded(tmp_path):
    """An endless stream of text (a pipe from `yes`) stops at the size bound."""
    good = tmp_path / "good.rsp"
    good.write_text(GOOD_RSP)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    yes = subprocess.Popen(["sh", "-c", "yes 'count = 0' > %s" % fifo], stderr=subprocess.DEVNULL)
    try:
        res = script(KAT_DIFF, fifo, good, timeout=60)
    finally:
        yes.kill()
        yes.wait()
    assert res.returncode == 2 and "larger than 64 MiB" in res.stderr, res.stderr


# --- bench-compare --------------------------------------------------------------------------

def result(**record_changes):
    rec = {"what": "kem", "op": "keygen", "level": 1, "impl": "avx2", "median_cycles": 1000}
    rec.update(record_changes)
    return {"metadata": {"cpu_model": "x"}, "records": [rec]}


def test_bench_compare_good(tmp_path):
    f = tmp_path / "r.json"
    f.write_text(json.dumps(result()))
    res = script(BENCH_COMPARE, f, f)
    assert res.returncode == 0 and "1 matched, geometric mean old/new 1.000" in res.stdout


@pytest.mark.parametrize("case,text,needle", [
    ("list-valued level", json.dumps(result(level=[1])), "has a level that is neither"),
    ("dict-valued impl", json.dumps(result(impl={"a": 1})), "has a impl that is neither"),
    ("Infinity", json.dumps(result()).replace("1000", "Infinity"), "Infinity is not a number"),
    ("NaN", json.dumps(result()).replace("1000", "NaN"), "NaN is not a number"),
    ("huge number", json.dumps(result()).replace("1000", "1e400"), "not a positive number"),
    ("deep nesting", '{"metadata": {}, "records": [' + "[" * 100000 + "]" * 100000 + "]}",
     "nested too deeply"),
    ("binary", "\udcff", "not UTF-8"),
])
def test_bench_compare_malformed(tmp_path, case, text, needle):
    bad, good = tmp_path / "bad.json", tmp_path / "good.json"
    bad.write_bytes(text.encode("utf-8", "surrogateescape"))
    good.write_text(json.dumps(result()))
    res = script(BENCH_COMPARE, good, bad)
    assert res.returncode == 2 and needle in res.stderr and str(bad) in res.stderr, res.stderr


def test_bench_compare_dev_zero():
    res = script(BENCH_COMPARE, "/dev/zero", "/dev/zero", timeout=30)
    assert res.returncode == 2 and "/dev/zero" in res.stderr, res.stderr


# --- apply-patches on a tree it cannot write ------------------------------------------------

@contextlib.contextmanager
def read_only(path):
    """PATH made unwritable: a read-only bind mount as root (root ignores permission bits),
    the permission bits otherwise."""
    if os.geteuid() == 0:
        if subprocess.run(["mount", "--bind", str(path), str(path)]).returncode != 0:
            pytest.skip("cannot bind-mount %s read-only" % path)
        try:
            subprocess.run(["mount", "-o", "remount,bind,ro", str(path)], check=True)
            yield
        finally:
            subprocess.run(["umount", str(path)], check=True)
    else:
        modes = {p: p.stat().st_mode for p in [path, *path.rglob("*")]}
        for p in modes:
            p.chmod(modes[p] & ~0o222)
        try:
            yield
        finally:
            for p, m in modes.items():
                p.chmod(m)


@pytest.fixture
def pqclean_tree(pqclean_pristine, tmp_path):  # noqa: F811
    tree = tmp_path / "PQClean"
    shutil.copytree(pqclean_pristine, tree)
    return tree


@pytest.mark.parametrize("which", [".", "crypto_kem/hqc-192"])
def test_apply_patches_read_only_is_refused_untouched(pqclean_tree, which):
    before = snapshot(pqclean_tree)
    dirs_before = sorted(p for p in pqclean_tree.rglob("*") if p.is_dir())
    with read_only(pqclean_tree / which):
        res = script(APPLY, pqclean_tree)
    assert res.returncode == 1 and "not writable" in res.stderr, res.stderr
    assert "crypto_kem/hqc-192/clean" in res.stderr and len(res.stderr.splitlines()) == 1
    assert snapshot(pqclean_tree) == before
    assert sorted(p for p in pqclean_tree.rglob("*") if p.is_dir()) == dirs_before


def test_apply_patches_failure_midway_restores_everything(pqclean_tree, monkeypatch, capsys):
    """Past the writability check (here switched off), a patch that fails on the tree itself
    makes apply-patches restore every file and remove the folders it made: one message, no
    traceback, no empty folders."""
    ap = apply_patches
    monkeypatch.setattr(ap, "check_writable", lambda tree, touched: None)
    monkeypatch.setattr(sys, "argv", ["apply-patches", str(pqclean_tree)])
    before = snapshot(pqclean_tree)
    dirs_before = sorted(p for p in pqclean_tree.rglob("*") if p.is_dir())
    with read_only(pqclean_tree / "crypto_kem" / "hqc-192"):
        assert ap.main() == 1
    err = capsys.readouterr().err
    assert "failed on the tree after a clean rehearsal" in err, err
    assert "every touched file was restored" in err, err
    assert snapshot(pqclean_tree) == before
    assert sorted(p for p in pqclean_tree.rglob("*") if p.is_dir()) == dirs_before
