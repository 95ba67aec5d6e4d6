# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The KAT generator reads a .req strictly: a valid (possibly shorter) request file gives the
official answers for its entries, and a malformed or truncated one is rejected with a clear
message, a non-zero exit and no output file; an unknown backend is refused the same way. Input
that is not text (NUL bytes, a lone CR, /dev/zero) ends at once with its line number, and a write
that fails (full disk, file-size limit) names the file and leaves neither output behind."""
import hashlib
import os
import resource
import subprocess

import pytest

from conftest import LEVELS_META, SHARED_KAT, bin_path, run

META = LEVELS_META["1"]


def official_files():
    """The official HQC-1 .req and .rsp of ../shared/kat/hqc-v5 (the submission's files, not our
    generator's), checked against the digests kat/levels.json records for them."""
    d = SHARED_KAT / "hqc-1"
    if not d.is_dir():
        pytest.skip("official KAT files not present at %s" % SHARED_KAT)
    req, rsp = (d / META["req"]).read_bytes(), (d / META["rsp"]).read_bytes()
    assert hashlib.sha256(req).hexdigest() == META["req_sha256"]
    assert hashlib.sha256(rsp).hexdigest() == META["rsp_sha256"]
    return req.decode(), rsp.decode()


@pytest.fixture(scope="module")
def official_req():
    return official_files()


def generate(tmp_path, req_text, *extra):
    req = tmp_path / "in.req"
    req.write_text(req_text)
    out = tmp_path / "out"
    out.mkdir()
    res = run([bin_path("hqc1_kat"), "--req", req, "--out", out, *extra], check=False)
    return res, out


def test_short_req_gives_official_prefix(tmp_path, official_req):
    """The first three entries of the official .req give the first three of the official .rsp."""
    req, rsp = official_req
    three = req.split("count = 3\n")[0]
    res, out = generate(tmp_path, three)
    assert res.returncode == 0, res.stderr
    got = (out / META["rsp"]).read_text()
    assert rsp.startswith(got) and got.count("count = ") == 3


def test_full_req_from_shared(tmp_path, official_req):
    req, rsp = official_req
    res, out = generate(tmp_path, req)
    assert res.returncode == 0, res.stderr
    assert (out / META["rsp"]).read_text() == rsp


MALFORMED = {
    "empty": ("", "no KAT entries"),
    "truncated mid-entry": (lambda r: r[: r.index("ct =\n", 200)], "truncated"),
    "truncated seed": (lambda r: r.replace(r.split("\n")[1], r.split("\n")[1][:-10], 1), "hex digits"),
    "non-hex seed": (lambda r: r.replace(r.split("\n")[1], r.split("\n")[1][:-1] + "G", 1), "hex digits"),
    "wrong count": (lambda r: r.replace("count = 1\n", "count = 7\n", 1), "expected 'count = 1'"),
    "missing pk line": (lambda r: r.replace("pk =\n", "", 1), "expected 'pk ='"),
    "garbage": ("hello world\n", "expected 'count = 0'"),
}


@pytest.mark.parametrize("case", sorted(MALFORMED))
def test_malformed_req_is_rejected(tmp_path, official_req, case):
    make, message = MALFORMED[case]
    text = make(official_req[0]) if callable(make) else make
    res, out = generate(tmp_path, text)
    assert res.returncode != 0
    assert message in res.stderr, res.stderr
    assert os.listdir(out) == [], "nothing may be written for a rejected .req"


def test_missing_req_file(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    res = run([bin_path("hqc1_kat"), "--req", tmp_path / "nope.req", "--out", out], check=False)
    assert res.returncode != 0 and "cannot open" in res.stderr
    assert os.listdir(out) == []


@pytest.mark.parametrize("how", ["option", "environment"])
def test_unknown_backend_is_an_error(tmp_path, how):
    args, env = [bin_path("hqc1_kat"), "--out", tmp_path], dict(os.environ)
    if how == "option":
        args += ["--backend", "nosuch"]
    else:
        env["HQC_BACKEND"] = "nosuch"
    res = run(args, check=False, env=env)
    assert res.returncode == 2
    if how == "option":
        assert "'nosuch' is unknown or not supported" in res.stderr
    else:
        assert "HQC_BACKEND 'nosuch' refused: no such backend" in res.stderr
    assert "available: ref" in res.stderr
    assert os.listdir(tmp_path) == []


def test_bad_usage(tmp_path):
    res = run([bin_path("hqc1_kat"), "--frobnicate"], check=False)
    assert res.returncode == 2 and "usage:" in res.stderr


# --- inputs that are not text, and outputs that cannot be written --------------------------

def test_dev_zero_ends_at_once():
    """NUL bytes are an error on line 1, not an endless stream of empty lines."""
    res = run([bin_path("hqc1_kat"), "--req", "/dev/zero", "--out", "/nonexistent"],
              check=False, timeout=20)
    assert res.returncode == 1
    assert "/dev/zero:1: NUL byte at column 1" in res.stderr, res.stderr


@pytest.mark.parametrize("case,needle", [
    ("nul", ":8: NUL byte at column 3"),
    ("cr", ":3: carriage return without a line feed"),
    ("blank lines", "more than 864 lines"),
    ("long line", ":2: line longer than 511 bytes"),
])
def test_non_text_req_names_the_line(tmp_path, official_req, case, needle):
    req = official_req[0]
    lines = req.split("\n")
    if case == "nul":
        lines[7] = lines[7][:2] + "\0" + lines[7][2:]
        text = "\n".join(lines)
    elif case == "cr":
        text = "\n".join(lines[:2]) + "\npk =\rsk =\n" + "\n".join(lines[4:])
    elif case == "blank lines":
        text = "\n" * 100000
    else:
        text = lines[0] + "\nseed = " + "0" * 600 + "\n"
    res, out = generate(tmp_path, text)
    assert res.returncode == 1
    assert needle in res.stderr, res.stderr
    assert os.listdir(out) == []


def test_crlf_req_is_accepted(tmp_path, official_req):
    req, rsp = official_req
    three = req.split("count = 3\n")[0].replace("\n", "\r\n")
    res, out = generate(tmp_path, three)
    assert res.returncode == 0, res.stderr
    assert rsp.startswith((out / META["rsp"]).read_text())


def limit_file_size(limit):
    def apply():
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return apply


@pytest.mark.parametrize("limit", [100, 200_000])
def test_write_failure_leaves_nothing(tmp_path, limit):
    """A file-size limit makes writes fail like a full disk: first on the .req (100 bytes),
    then on the .rsp (200 kB). Either way: exit 1, the file named, no output at all."""
    res = run([bin_path("hqc1_kat"), "--backend", "ref", "--out", tmp_path], check=False,
              preexec_fn=limit_file_size(limit))
    name = META["req"] if limit == 100 else META["rsp"]
    assert res.returncode == 1
    assert "error: writing %s failed: File too large" % (tmp_path / name) in res.stderr, res.stderr
    assert os.listdir(tmp_path) == []


def test_full_tmpfs_leaves_nothing(tmp_path):
    """The real thing: a 600 KiB tmpfs holds the .req but not the .rsp (needs root)."""
    mnt = tmp_path / "tiny"
    mnt.mkdir()
    if os.geteuid() != 0 or subprocess.run(["mount", "-t", "tmpfs", "-o", "size=600k", "tmpfs",
                                           str(mnt)], capture_output=True).returncode != 0:
        pytest.skip("mounting a small tmpfs needs root")
    try:
        res = run([bin_path("hqc1_kat"), "--backend", "ref", "--out", mnt], check=False)
        assert res.returncode == 1
        assert "error: writing %s failed: No space left on device" % (mnt / META["rsp"]) \
            in res.stderr, res.stderr
        assert os.listdir(mnt) == []
    finally:
        subprocess.run(["umount", str(mnt)], check=True)


def test_unwritable_out_dir(tmp_path):
    res = run([bin_path("hqc1_kat"), "--out", tmp_path / "missing"], check=False)
    assert res.returncode == 1 and "cannot create %s" % (tmp_path / "missing") in res.stderr
