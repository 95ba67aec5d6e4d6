# SPDX-License-Identifier: Apache-2.0 OR MIT
"""KATs: every supported backend at every level regenerates the official .req/.rsp files of
every dialect (161cd4f, v5.0.0, bc-1.87: src/hqc/dialect.h) byte for byte (checked by SHA-256 against kat/levels.json and,
when ../shared is present, with kat-diff against the official files of 161cd4f); a one-bit
change of any output field is caught, and kat-diff names the dialect of a file of the other
one."""
import hashlib
import shutil
import subprocess
import sys

import pytest

from conftest import LEVELS, LEVELS_META, ROOT, SHARED_KAT, bin_path, run, supported_backends
from lib.dialects import DIALECTS as TABLE_DIALECTS

KAT_DIFF = ROOT / "scripts" / "kat-diff"


def sha256(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


DEFAULT_DIALECT = "161cd4f"
DIALECTS = list(LEVELS_META["1"]["dialects"])


@pytest.fixture(scope="module")
def all_generated(tmp_path_factory):
    """{(level, backend, dialect): directory holding the generated .req and .rsp}."""
    out = {}
    for level in LEVELS:
        for backend in supported_backends(level):
            for dialect in DIALECTS:
                d = tmp_path_factory.mktemp("kat-%d-%s-%s" % (level, backend, dialect))
                run([bin_path("hqc%d_kat" % level), "--backend", backend, "--dialect", dialect, "--out", d])
                out[(level, backend, dialect)] = d
    return out


@pytest.fixture(scope="module")
def generated(all_generated):
    """{(level, backend): directory} of the default dialect."""
    return {(l, b): d for (l, b, dialect), d in all_generated.items() if dialect == DEFAULT_DIALECT}


def test_every_backend_reproduces_official_digests(all_generated):
    assert len(all_generated) == sum(len(supported_backends(l)) for l in LEVELS) * len(DIALECTS)
    for (level, backend, dialect), d in all_generated.items():
        meta = LEVELS_META[str(level)]
        assert sha256(d / meta["req"]) == meta["req_sha256"], (level, backend, dialect)
        assert sha256(d / meta["rsp"]) == meta["dialects"][dialect]["rsp_sha256"], (level, backend, dialect)


def test_levels_json_dialects():
    """Every dialect of the table (src/hqc/dialect.h) at every level, in its order, distinct
    digests, and rsp_sha256 (which older readers use) is the default dialect's. The v5.0.0 ones
    were reproduced by Bouncy Castle 1.85/1.86 and backbone-hqc 0.2.0 as well, the bc-1.87 ones
    by Bouncy Castle 1.87 (tests/test_interop_dialects.py)."""
    for level in LEVELS:
        meta = LEVELS_META[str(level)]
        assert DIALECTS == [d.name for d in TABLE_DIALECTS] and list(meta["dialects"]) == DIALECTS
        assert meta["rsp_sha256"] == meta["dialects"][DEFAULT_DIALECT]["rsp_sha256"]
        assert len({d["rsp_sha256"] for d in meta["dialects"].values()}) == len(DIALECTS)


def test_unknown_dialect_is_a_usage_error(tmp_path):
    res = run([bin_path("hqc1_kat"), "--dialect", "v9", "--out", tmp_path], check=False)
    assert res.returncode == 2 and "known: %s" % " ".join(DIALECTS) in res.stderr
    assert list(tmp_path.iterdir()) == []


def test_kat_diff_names_the_dialect(all_generated):
    """A v5.0.0 file against a 161cd4f one: a difference, and both files named."""
    backend = supported_backends(5)[0]
    meta = LEVELS_META["5"]
    a = all_generated[(5, backend, "v5.0.0")] / meta["rsp"]
    b = all_generated[(5, backend, DEFAULT_DIALECT)] / meta["rsp"]
    res = run([sys.executable, KAT_DIFF, a, b], check=False)
    assert res.returncode == 1 and "count = 0, field pk" in res.stdout
    assert "%s is the official KAT file of HQC-5 dialect v5.0.0" % a in res.stdout, res.stdout
    assert "%s is the official KAT file of HQC-5 dialect 161cd4f" % b in res.stdout, res.stdout


def test_official_files_match_kept_digests():
    if not SHARED_KAT.is_dir():
        pytest.skip("official KAT files not present at %s" % SHARED_KAT)
    for level in LEVELS:
        meta = LEVELS_META[str(level)]
        d = SHARED_KAT / ("hqc-%d" % level)
        assert sha256(d / meta["rsp"]) == meta["rsp_sha256"]
        assert sha256(d / meta["req"]) == meta["req_sha256"]


def test_kat_diff_against_official(generated):
    if not SHARED_KAT.is_dir():
        pytest.skip("official KAT files not present at %s" % SHARED_KAT)
    for (level, backend), d in generated.items():
        meta = LEVELS_META[str(level)]
        res = run([sys.executable, KAT_DIFF, d / meta["rsp"], SHARED_KAT / ("hqc-%d" % level) / meta["rsp"]])
        assert res.stdout.startswith("identical: 100 entries"), res.stdout


@pytest.mark.parametrize("field", ["pk", "sk", "ct", "ss"])
def test_one_bit_change_is_caught(generated, tmp_path, field):
    """Flip one bit of one field of one entry: the digest check and kat-diff must both see it,
    and kat-diff must name the entry and the field."""
    level, backend = 1, supported_backends(1)[0]
    meta = LEVELS_META["1"]
    src = generated[(level, backend)] / meta["rsp"]
    lines = src.read_text().split("\n")
    target = [i for i, l in enumerate(lines) if l.startswith(field + " = ")][42]
    name, value = lines[target].split(" = ")
    pos = len(value) // 3
    flipped = "%X" % (int(value[pos], 16) ^ 1)
    lines[target] = "%s = %s%s%s" % (name, value[:pos], flipped, value[pos + 1:])
    bad = tmp_path / meta["rsp"]
    bad.write_text("\n".join(lines))
    assert sha256(bad) != meta["rsp_sha256"]
    res = run([sys.executable, KAT_DIFF, bad, src], check=False)
    assert res.returncode == 1
    assert "count = 42, field %s" % field in res.stdout, res.stdout
    byte = pos // 2
    new_value = lines[target].split(" = ")[1]
    assert "[%s]" % new_value[2 * byte:2 * byte + 2] in res.stdout.split("\n")[1], res.stdout
    assert "[%s]" % value[2 * byte:2 * byte + 2] in res.stdout.split("\n")[2], res.stdout


def test_kat_diff_rejects_malformed(tmp_path):
    bad = tmp_path / "bad.rsp"
    bad.write_text("count = 0\nseed = XYZ\n")
    res = run([sys.executable, KAT_DIFF, bad, bad], check=False)
    assert res.returncode == 2 and "not a 'name = value' line" in res.stderr
    res = run([sys.executable, KAT_DIFF, tmp_path / "missing.rsp", bad], check=False)
    assert res.returncode == 2 and "cannot read" in res.stderr


def test_sha3_through_openssl_reproduces_official_digests():
    """`make HQC_SHA3=openssl` (README: SHA3-256/512 from libcrypto, the route liboqs's import
    takes through OQS_SHA3) builds and regenerates every level's KATs of every dialect with the
    default backend. It stopped at a -Wmaybe-uninitialized error until 2026-12-04, unnoticed:
    nothing built it."""
    from verify_build import make
    build = "build/sha3-openssl"
    make("BUILD=" + build, "HQC_SHA3=openssl",
         *["%s/bin/hqc%d_kat" % (build, level) for level in LEVELS])
    for level in LEVELS:
        meta = LEVELS_META[str(level)]
        for dialect in DIALECTS:
            d = ROOT / build / ("kat-%d-%s" % (level, dialect))
            shutil.rmtree(d, ignore_errors=True)
            d.mkdir(parents=True)
            run([ROOT / build / "bin" / ("hqc%d_kat" % level), "--dialect", dialect, "--out", d])
            assert sha256(d / meta["req"]) == meta["req_sha256"], (level, dialect)
            assert sha256(d / meta["rsp"]) == meta["dialects"][dialect]["rsp_sha256"], (level, dialect)
