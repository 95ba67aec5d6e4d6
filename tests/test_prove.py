# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The Frama-C proofs (scripts/prove, mk/prove.mk; docs/VERIFICATION.md, "What is proven"):
the WP contracts of the decoders and the encryption sampler and EVA on the decoder at every
level must hold with no goal unproved and no alarm; and an off-by-one slipped into a copy of
the RS decoder must make both fail (a proof that cannot fail proves nothing).

The whole `make prove` (EVA over keygen/encaps/decaps of every dialect) is too slow for the
suite on two cores; this file runs `make prove-quick`'s parts, and checks that every run of
the whole proof is recorded as held on inputs that read as this tree's
(scripts/prove-inputs, proofs/proved-inputs.json).
"""
import json
import shutil
import subprocess
import sys

import pytest

from conftest import ROOT
from hqctools.common import load_script
from lib.skip_policy import need_tools

TOOLS = ("frama-c", "why3", "z3", "cvc4")




def copy_of_tree(tmp_path):
    """What scripts/prove reads (the sources, the proofs and the scripts), copied to mutate."""
    tree = tmp_path / "tree"
    for d in ("src", "include", "proofs", "scripts"):
        shutil.copytree(ROOT / d, tree / d)
    return tree


def prove(root, out, *args):
    p = subprocess.run([sys.executable, str(ROOT / "scripts" / "prove"), "--root", str(root), "--out", str(out),
                        *args], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    report = json.loads(out.read_text()) if out.exists() else None
    return p.returncode, p.stdout, report


def test_proofs_hold(tmp_path):
    need_tools(*TOOLS)
    rc, log, report = prove(ROOT, tmp_path / "report.json", "--parts", "wp,eva-decode")
    assert rc == 0, log[-6000:]
    assert report["ok"] and report["complete"]
    wp = [r for r in report["runs"] if r["part"] == "wp"]
    eva = [r for r in report["runs"] if r["part"] == "eva-decode"]
    # every unit at every level ran (sampling.c four times: its bit-level helpers and the keys'
    # range with WP's tactics, and the word load in the typed model with casts), and proved
    # something
    assert len(wp) == 7 * 3 and len(eva) == 3
    assert all(r["goals"] > 0 and r["proved"] == r["goals"] and not r["unproved"] for r in wp)
    assert all(r["alarms"] == 0 and r["unproved_properties"] == 0 for r in eva)
    assert {r["unit"] for r in wp} == {"src/gf2x/syndromes.c", "src/gf2x/rs_errors.c", "src/hqc/reed_muller.c",
                                       "src/hqc/sampling.c", "src/hqc/sampling.c (tactics: load_le32)",
                                       "src/hqc/sampling.c (tactics: ct_mask_lt32)",
                                       "src/hqc/sampling.c (model Typed+cast: load_word)"}


# The mutation: error_locator's loop runs once more, reading syn[2 delta], one past the end.
RS_LOOP = "for (uint32_t r = 0; r < TWO_DELTA; r++) {"
RS_MUTANT = "for (uint32_t r = 0; r <= TWO_DELTA; r++) {"


def test_rs_off_by_one_fails_the_proof(tmp_path):
    need_tools(*TOOLS)
    tree = copy_of_tree(tmp_path)
    rs = tree / "src/gf2x/rs_errors.c"
    text = rs.read_text()
    assert text.count(RS_LOOP) == 1
    rs.write_text(text.replace(RS_LOOP, RS_MUTANT))
    rc, log, report = prove(tree, tmp_path / "report.json", "--parts", "wp,eva-decode", "--levels", "1",
                            "--wp-units", "rs_errors")
    assert rc == 1, log[-4000:]
    wp = [r for r in report["runs"] if r["part"] == "wp"]
    eva = [r for r in report["runs"] if r["part"] == "eva-decode"]
    assert len(wp) == 1 and not wp[0]["ok"] and any("error_locator" in g for g in wp[0]["unproved"])
    assert len(eva) == 1 and eva[0]["alarms"] > 0
    assert any("rs_errors.c" in loc for loc in eva[0]["alarm_locations"])
    # the real tree is untouched
    assert (ROOT / "src/gf2x/rs_errors.c").read_text().count(RS_LOOP) == 1


def prove_inputs(root, cmd="check", *args):
    """scripts/prove-inputs CMD on root (check, uncovered), or with its own arguments (record)."""
    where = ["--root", str(root)] if root else []
    return subprocess.run([sys.executable, str(ROOT / "scripts" / "prove-inputs"), cmd, *args, *where],
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def test_proof_inputs_are_those_of_the_last_whole_proof():
    """The whole `make prove` is too slow for the suite; what keeps its result true of this tree is
    that each of its runs held on a revision where it read the same C, with the same command and
    verdict code, as here (proofs/proved-inputs.json, scripts/prove-inputs)."""
    need_tools("frama-c")
    p = prove_inputs(ROOT)
    assert p.returncode == 0, p.stdout


# Mutations of a copy: the padding's last byte one place early (portable code), a loop variant
# of the RM decoder's Walsh-Hadamard transform (an annotation), the x86-only whole-block path
# of the batch and a plain comment of the RM decoder (which the proof does not read, so both
# must still pass).
INPUT_MUTANTS = [
    ("src/fips202/keccak_batch.c", "xor_in(st, stride, j->rate - 1, &last, 1);",
     "xor_in(st, stride, j->rate - 2, &last, 1);", "src/fips202/keccak_batch.c"),
    ("src/hqc/reed_muller.c", "loop variant 128 - len;", "loop variant 129 - len;", "src/hqc/reed_muller.c"),
    ("src/fips202/keccak_batch.c", "c->off += j->rate;", "c->off += j->rate - 8;", None),
    ("src/hqc/reed_muller.c", "picks the largest magnitude", "picks the greatest magnitude", None),
]


@pytest.mark.parametrize("path,old,new,named", INPUT_MUTANTS, ids=["portable", "annotation", "x86-only", "comment"])
def test_proof_inputs_check_sees_portable_changes_only(tmp_path, path, old, new, named):
    need_tools("frama-c")
    tree = copy_of_tree(tmp_path)
    f = tree / path
    text = f.read_text()
    assert text.count(old) == 1, (path, old)
    f.write_text(text.replace(old, new))
    p = prove_inputs(tree)
    if named is None:
        assert p.returncode == 0, p.stdout
    else:
        assert p.returncode == 1 and named in p.stdout, p.stdout


# Mutations of the record, or of what judges a run, in a copy: each must leave some run of the
# whole proof uncovered, named with why.
def drop_run(record):
    del record["runs"]["eva-kem 3 v5_0_0 encaps"]
    return "never recorded: eva-kem 3 v5_0_0 encaps"


def defer_to_nobody(record):
    record["runs"]["eva-kem 1 161cd4f keygen"]["wp_deferred"].append(["no_such_function", "wp_nothing"])
    return "eva-kem 1 161cd4f keygen (no_such_function wp_nothing)"


RECORD_MUTANTS = [
    (drop_run, None),
    (defer_to_nobody, None),
    # the verdict code (an Unknown property no longer fails a run): every run
    (None, ('in ("Unknown", "Invalid", "Inconsistent")', 'in ("Invalid", "Inconsistent")',
            51, "scripts/prove's verdict code")),
    # a WP unit's command: every WP run (7 units at 3 levels), and no EVA run
    (None, ('"-wp-timeout", "30", "-wp-par"', '"-wp-timeout", "3", "-wp-par"', 21, "its Frama-C command")),
]


@pytest.mark.parametrize("mutate,script", RECORD_MUTANTS, ids=["run-missing", "deferral-unproved", "verdict-code",
                                                               "wp-command"])
def test_proof_record_covers_every_run_with_its_deferrals(tmp_path, mutate, script):
    need_tools("frama-c")
    tree = copy_of_tree(tmp_path)
    if mutate:
        rec = tree / "proofs/proved-inputs.json"
        record = json.loads(rec.read_text())
        named = mutate(record)
        rec.write_text(json.dumps(record))
        p = prove_inputs(tree)
        assert p.returncode == 1 and named in p.stdout, p.stdout
        return
    old, new, runs, why = script
    f = tree / "scripts/prove"
    text = f.read_text()
    assert text.count(old) == 1, old
    f.write_text(text.replace(old, new))
    p = prove_inputs(tree)
    stale = [l.strip() for l in p.stdout.splitlines() if " held at " in l]
    assert p.returncode == 1 and len(stale) == runs and all(l.endswith(why) for l in stale), p.stdout
    if runs == 21:
        assert all(l.startswith("wp ") for l in stale), p.stdout



def test_prove_runs_what_the_record_leaves_uncovered(tmp_path):
    """prove-inputs uncovered names the runs check would fail on, and scripts/prove --runs runs
    those only (make prove-uncovered); a name the proof does not have is refused."""
    need_tools(*TOOLS)
    tree = copy_of_tree(tmp_path)
    rec = tree / "proofs/proved-inputs.json"
    record = json.loads(rec.read_text())
    del record["runs"]["wp 1 src/gf2x/syndromes.c"]
    rec.write_text(json.dumps(record))
    p = prove_inputs(tree, "uncovered")
    assert p.returncode == 0 and p.stdout == "wp 1 src/gf2x/syndromes.c\n", p.stdout
    runs = tmp_path / "uncovered.txt"
    runs.write_text(p.stdout)
    rc, log, report = prove(tree, tmp_path / "report.json", "--runs", str(runs))
    assert rc == 0 and report["complete"] and report["ok"], log
    assert [(r["part"], r["level"], r["unit"], r["held"]) for r in report["runs"]] == [
        ("wp", "1", "src/gf2x/syndromes.c", True)]
    runs.write_text("wp 4 src/gf2x/syndromes.c\n")
    rc, log, _ = prove(tree, tmp_path / "report2.json", "--runs", str(runs))
    assert rc == 2 and "wp 4 src/gf2x/syndromes.c" in log, log

def test_proof_record_adds_the_runs_that_held(tmp_path):
    """record: a report's held runs join the record with the revision's inputs; a run that did
    not hold does not; runs the proof no longer has go; a report naming a run the proof does
    not have changes nothing."""
    need_tools("frama-c")
    into = tmp_path / "record.json"
    kept = json.loads((ROOT / "proofs/proved-inputs.json").read_text())["runs"]["eva-kem 5 bc_1_87 decaps"]
    into.write_text(json.dumps({"runs": {"wp 9 gone": {"revision": "0"}, "eva-kem 5 bc_1_87 decaps": kept}}))
    wp = {"part": "wp", "level": "1", "unit": "src/gf2x/syndromes.c", "goals": 39, "proved": 39, "ok": True,
          "seconds": 4.0}
    eva = {"part": "eva-decode", "level": "3", "alarms": 1, "unproved_properties": 0, "wp_deferred": [], "ok": False,
           "held": False, "seconds": 90.0}
    # held on its own; failed only within its partial run, for want of that run's WP units
    kem = {"part": "eva-kem", "level": "1", "dialect": "v5_0_0", "op": "encaps", "alarms": 0, "unproved_properties": 1,
           "wp_deferred": [["ct_count_in", "wp_none"]], "wp_missing": ["ct_count_in wp_none"], "ok": False,
           "held": True, "seconds": 73.0}
    report = tmp_path / "report.json"

    def record(*runs):
        report.write_text(json.dumps({"complete": False, "ok": False, "runs": list(runs)}))
        return prove_inputs(None, "record", str(report), "HEAD", "--into", str(into))
    p = record(wp, eva, kem)
    assert p.returncode == 0, p.stdout
    runs = json.loads(into.read_text())["runs"]
    head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], stdout=subprocess.PIPE,
                          text=True, check=True).stdout.strip()
    assert sorted(runs) == ["eva-kem 1 v5_0_0 encaps", "eva-kem 5 bc_1_87 decaps", "wp 1 src/gf2x/syndromes.c"]
    assert runs["eva-kem 1 v5_0_0 encaps"]["wp_deferred"] == [["ct_count_in", "wp_none"]]
    new = runs["wp 1 src/gf2x/syndromes.c"]
    assert new["revision"] == head and new["result"] == "39/39 goals proved" and len(new["digest"]) == 64
    assert list(new["files"]) == ["src/gf2x/syndromes.c"] and runs["eva-kem 5 bc_1_87 decaps"] == kept
    before = into.read_text()
    p = record(dict(wp, level="4"))
    assert p.returncode != 0 and "wp 4 src/gf2x/syndromes.c" in p.stdout, p.stdout
    assert into.read_text() == before


def test_report_from_log_takes_only_runs_whose_reports_agree(tmp_path):
    """dev/prove/report-from-log (no Frama-C needed): an EVA run of a stopped make prove's log is
    taken with the deferrals its property report gives, judged by the tree's own scripts/prove,
    and refused where the report and the log disagree."""
    root = tmp_path / "root"
    shutil.copytree(ROOT / "scripts", root / "scripts")
    (root / "src").mkdir()
    (root / "src" / "sampling.c").write_text("int f(void);\n    /*@ loop invariant wp_none_yet: m == 0; */\n")
    (root / "build/prove").mkdir(parents=True)
    (root / "build/prove/eva-1-161cd4f-keygen.csv").write_text(
        HEADER + "src\tsampling.c\t2\tany_set\tloop invariant\tUnknown\tm == 0\n")
    log = tmp_path / "prove.log"
    line = "prove: eva-kem 1 161cd4f keygen %s ok    0 alarms, 0 unproved properties, %d left to WP (370 s)\n"
    wp = "prove: wp 1 src/hqc/sampling.c %s ok    591/591 goals proved (272 s)\n" % (" " * 30)
    out = tmp_path / "report.json"
    tool = [sys.executable, str(ROOT / "dev/prove/report-from-log"), str(log), str(root), str(out)]
    log.write_text(wp + line % (" " * 30, 1) + "prove: eva-kem 1 v5_0_0 keygen FAIL  3 alarms\n")
    p = subprocess.run(tool, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert p.returncode == 0, p.stdout
    runs = json.loads(out.read_text())["runs"]
    assert [(r["part"], r.get("unit"), r.get("dialect")) for r in runs] == [
        ("wp", "src/hqc/sampling.c", None), ("eva-kem", None, "161cd4f")]
    assert runs[1]["wp_deferred"] == [["any_set", "wp_none_yet"]] and all(r["source"] == "log" for r in runs)
    out.unlink()
    log.write_text(line % (" " * 30, 0))
    p = subprocess.run(tool, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert p.returncode != 0 and "judges otherwise" in p.stdout and not out.exists(), p.stdout

def load_prove():
    return load_script(ROOT / "scripts" / "prove", "prove_script")


SUMMARY = "[eva:summary] ====== ANALYSIS SUMMARY ======\n  0 alarms generated by the analysis.\n"
HEADER = "directory\tfile\tline\tfunction\tproperty kind\tstatus\tproperty\n"


def verdict_of(prove_mod, report, rows, root):
    """EVA's verdict on a report holding these rows (and the header)."""
    report.write_text(HEADER + rows)
    return prove_mod.eva_verdict(0, SUMMARY, report, root)


def test_eva_verdict_leaves_only_wp_named_properties_to_wp(tmp_path):
    """EVA's verdict (no Frama-C needed): an unknown property fails it unless its annotation is
    named wp_* (read from the source line the report points at) or it is the contract of a
    function EVA uses by its specification; such a property passes only where a WP unit of the
    same run and level proved its function."""
    prove_mod = load_prove()
    (tmp_path / "sampling.c").write_text("int f(void);\n"
                                         "    /*@ loop invariant 0 <= j;\n"
                                         "        loop invariant wp_none_yet: matches == 0;\n")
    report = tmp_path / "r.csv"
    row = ".\tsampling.c\t%d\tct_count_in\tloop invariant\t%s\t%s\n"
    v = verdict_of(prove_mod, report, row % (2, "Valid", "0 <= j") + row % (3, "Unknown", "matches == 0"), tmp_path)
    assert v["ok"] and v["wp_deferred"] == [("ct_count_in", "wp_none_yet")] and v["unproved_properties"] == 0
    for line, status in ((2, "Unknown"), (3, "Invalid"), (1, "Unknown")):
        assert not verdict_of(prove_mod, report, row % (line, status, "matches == 0"), tmp_path)["ok"], (line, status)
    spec = ".\tct.h\t16\tct_barrier32_0\t%s\tUnknown\t\\result == x\n"
    v = verdict_of(prove_mod, report, spec % "postcondition", tmp_path)
    assert v["ok"] and v["wp_deferred"] == [("ct_barrier32", "contract")]
    assert not verdict_of(prove_mod, report, spec % "precondition", tmp_path)["ok"]
    report.write_text(HEADER + row % (1, "Unknown but dead", "mem_access: x"))
    assert prove_mod.eva_verdict(0, SUMMARY, report, tmp_path)["ok"]
    assert not prove_mod.eva_verdict(0, SUMMARY.replace("0 alarms", "1 alarm"), report, tmp_path)["ok"]

    def runs(wp_ok, wp_level):
        eva = {"part": "eva-kem", "level": "1", "ok": True, "unproved_properties": 0,
               "wp_deferred": [("ct_count_in", "wp_none_yet")]}
        wp = {"part": "wp", "level": wp_level, "unit": "src/hqc/sampling.c", "ok": wp_ok}
        return [eva, wp]
    units = {(l, "src/hqc/sampling.c"): {"ct_count_in"} for l in ("1", "3")}
    for wp_ok, wp_level, expect in ((True, "1", True), (False, "1", False), (True, "3", False)):
        results = runs(wp_ok, wp_level)
        prove_mod.check_deferred(results, units)
        assert results[0]["ok"] == expect, (wp_ok, wp_level)
    results = runs(True, "1")
    prove_mod.check_deferred(results, {})
    assert not results[0]["ok"] and results[0]["wp_missing"]


def test_eva_verdict_leaves_preconditions_to_wp_only_at_their_calls(tmp_path):
    """A precondition named wp_* that EVA cannot decide is WP's to prove at each call, in the
    caller: at a call (the report's "precondition of g" row, in the caller f) it passes where
    f's WP unit ran; g's own row, which sums up its calls, passes only beside such a row."""
    prove_mod = load_prove()
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "sampling.c").write_text("/*@ requires wp_pos: x > 0; */\n"
                                                 "static int g(int x)\n{\n    return x;\n}\n\n"
                                                 "int f(void)\n{\n    return g(1);\n}\n")
    report = tmp_path / "r.csv"
    at_call = "src\tsampling.c\t9\tf\tprecondition of g\t%s\t%s: x > 0\n"
    own = "src\tsampling.c\t1\tg\tprecondition\tUnknown\twp_pos: x > 0\n"
    v = verdict_of(prove_mod, report, at_call % ("Unknown", "wp_pos"), tmp_path)
    assert v["ok"] and v["wp_deferred"] == [("f", "wp_pos")]
    assert not verdict_of(prove_mod, report, at_call % ("Unknown", "pos"), tmp_path)["ok"]
    for call_status, deferred in (("Unknown", [("f", "wp_pos")]), ("Valid", [])):
        v = verdict_of(prove_mod, report, own + at_call % (call_status, "wp_pos"), tmp_path)
        assert v["ok"] and v["wp_deferred"] == deferred, call_status
    assert not verdict_of(prove_mod, report, own, tmp_path)["ok"]
    v = verdict_of(prove_mod, report, own + at_call % ("Unknown", "wp_pos"), tmp_path)
    for unit, expect in (({"g"}, False), ({"g", "f"}, True)):
        results = [dict(v, part="eva-kem", level="1"),
                   {"part": "wp", "level": "1", "unit": "src/hqc/sampling.c", "ok": True}]
        prove_mod.check_deferred(results, {("1", "src/hqc/sampling.c"): unit})
        assert results[0]["ok"] == expect, unit
