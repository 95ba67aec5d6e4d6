# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The Frama-C proofs (scripts/prove, mk/prove.mk; docs/VERIFICATION.md, "What is proven"):
the WP contracts of the decoders and the encryption sampler and EVA on the decoder at every
level must hold with no goal unproved and no alarm; and an off-by-one slipped into a copy of
the RS decoder must make both fail (a proof that cannot fail proves nothing).

The whole `make prove` (EVA over keygen/encaps/decaps of every dialect) is too slow for the
suite on two cores; this file runs `make prove-quick`'s parts.
"""
import json
import shutil
import subprocess
import sys

import pytest

from conftest import ROOT
from lib.skip_policy import need_tools

TOOLS = ("frama-c", "why3", "z3", "cvc4")




def prove(root, out, *args):
    p = subprocess.run([sys.executable, str(ROOT / "scripts" / "prove"), "--root", str(root), "--out", str(out),
                        *args], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    report = json.loads(out.read_text()) if out.exists() else None
    return p.returncode, p.stdout, report


def test_proofs_hold(tmp_path):
    need_tools(*TOOLS)
    rc, log, report = prove(ROOT, tmp_path / "report.json", "--parts", "wp,eva-decode")
    assert rc == 0, log[-6000:]
    assert report["ok"]
    wp = [r for r in report["runs"] if r["part"] == "wp"]
    eva = [r for r in report["runs"] if r["part"] == "eva-decode"]
    # every unit at every level ran, and proved something
    assert len(wp) == 4 * 3 and len(eva) == 3
    assert all(r["goals"] > 0 and r["proved"] == r["goals"] and not r["unproved"] for r in wp)
    assert all(r["alarms"] == 0 and r["unproved_properties"] == 0 for r in eva)


# The mutation: error_locator's loop runs once more, reading syn[2 delta], one past the end.
RS_LOOP = "for (uint32_t r = 0; r < TWO_DELTA; r++) {"
RS_MUTANT = "for (uint32_t r = 0; r <= TWO_DELTA; r++) {"


def test_rs_off_by_one_fails_the_proof(tmp_path):
    need_tools(*TOOLS)
    tree = tmp_path / "tree"
    for d in ("src", "include", "proofs", "scripts"):
        shutil.copytree(ROOT / d, tree / d)
    rs = tree / "src/hqc/reed_solomon.c"
    text = rs.read_text()
    assert text.count(RS_LOOP) == 1
    rs.write_text(text.replace(RS_LOOP, RS_MUTANT))
    rc, log, report = prove(tree, tmp_path / "report.json", "--parts", "wp,eva-decode", "--levels", "1",
                            "--wp-units", "reed_solomon")
    assert rc == 1, log[-4000:]
    wp = [r for r in report["runs"] if r["part"] == "wp"]
    eva = [r for r in report["runs"] if r["part"] == "eva-decode"]
    assert len(wp) == 1 and not wp[0]["ok"] and any("error_locator" in g for g in wp[0]["unproved"])
    assert len(eva) == 1 and eva[0]["alarms"] > 0
    assert any("reed_solomon.c" in loc for loc in eva[0]["alarm_locations"])
    # the real tree is untouched
    assert (ROOT / "src/hqc/reed_solomon.c").read_text().count(RS_LOOP) == 1
