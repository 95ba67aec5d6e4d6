# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The KAT generator reads a .req strictly: a valid (possibly shorter) request file gives the
official answers for its entries, and a malformed or truncated one is rejected with a clear
message, a non-zero exit and no output file; an unknown backend is refused the same way."""
import os

import pytest

from conftest import LEVELS_META, SHARED_KAT, bin_path, run

META = LEVELS_META["1"]


@pytest.fixture(scope="module")
def official_req(tmp_path_factory):
    d = tmp_path_factory.mktemp("req")
    run([bin_path("hqc1_kat"), "--backend", "ref", "--out", d])
    return (d / META["req"]).read_text(), (d / META["rsp"]).read_text()


def generate(tmp_path, req_text, *extra):
    req = tmp_path / "in.req"
    req.write_text(req_text)
    out = tmp_path / "out"
    out.mkdir()
    res = run([bin_path("hqc1_kat"), "--req", req, "--out", out, *extra], check=False)
    return res, out


def test_short_req_gives_official_prefix(tmp_path, official_req):
    req, rsp = official_req
    three = req.split("count = 3\n")[0]
    res, out = generate(tmp_path, three)
    assert res.returncode == 0, res.stderr
    got = (out / META["rsp"]).read_text()
    assert rsp.startswith(got) and got.count("count = ") == 3


def test_full_req_from_shared(tmp_path):
    if not SHARED_KAT.is_dir():
        pytest.skip("official KAT files not present at %s" % SHARED_KAT)
    res, out = generate(tmp_path, (SHARED_KAT / "hqc-1" / META["req"]).read_text())
    assert res.returncode == 0, res.stderr
    assert (out / META["rsp"]).read_bytes() == (SHARED_KAT / "hqc-1" / META["rsp"]).read_bytes()


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
    assert "'nosuch' is unknown or not supported" in res.stderr and "available: ref" in res.stderr
    assert os.listdir(tmp_path) == []


def test_bad_usage(tmp_path):
    res = run([bin_path("hqc1_kat"), "--frobnicate"], check=False)
    assert res.returncode == 2 and "usage:" in res.stderr
