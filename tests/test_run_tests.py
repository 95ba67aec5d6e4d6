# SPDX-License-Identifier: Apache-2.0 OR MIT
"""scripts/run-tests, make test's parallel runner: the plan (tests/suite-plan.json) covers every
test file and names only files that exist; units start longest first, alone units with nothing
beside them, a together group in one pytest process; a failure, an error or a skip is reported
with its text and fails the run as pytest itself would; --record writes the seconds."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT
from hqctools import suite

RUN_TESTS = ROOT / "scripts" / "run-tests"
PLAN = ROOT / "tests" / "suite-plan.json"


def test_plan_covers_every_test_file():
    plan = suite.load_plan(PLAN)
    files = {str(p.relative_to(ROOT)) for p in (ROOT / "tests").glob("test_*.py")}
    named = set(plan["seconds"]) | set(plan["alone"]) | {f for g in plan["together"] for f in g}
    assert not named - files, "the plan names files that do not exist: %s" % sorted(named - files)
    assert not files - set(plan["seconds"]), "no recorded seconds (scripts/run-tests --record): %s" \
        % sorted(files - set(plan["seconds"]))


def test_schedule_longest_first_alone_first_groups_together():
    plan = {"seconds": {"a": 10, "b": 300, "c": 50, "d": 40, "e": 20, "f": 5},
            "together": [["c", "d"]], "alone": ["e"]}
    units = suite.make_units(["a", "b", "c", "d", "e", "f", "g"], plan)
    order = suite.schedule(units)
    assert [u.files for u in order] == [("e",), ("b",), ("c", "d"), ("g",), ("a",), ("f",)]
    assert [u.seconds for u in order] == [20, 300, 90, suite.DEFAULT_SECONDS, 10, 5]
    # two jobs: e alone (20), then b on one job (300) against c+d, g, a, f on the other (165)
    assert suite.simulate(units, 2) == 320
    assert suite.simulate(units, 1) == 20 + 300 + 90 + 60 + 10 + 5
    # a group's files that are not run form no unit; one left is a unit of its own
    assert [u.files for u in suite.make_units(["d", "a"], plan)] == [("d",), ("a",)]


def test_plan_errors_are_refused(tmp_path):
    bad = tmp_path / "plan.json"
    for text, what in (({"seconds": {}, "together": [["a"]], "alone": []}, "two files or more"),
                       ({"seconds": {}, "together": [["a", "b"], ["b", "c"]], "alone": []}, "two \"together\""),
                       ({"seconds": [], "together": [], "alone": []}, "\"seconds\" must be a dict")):
        bad.write_text(json.dumps(text))
        with pytest.raises(ValueError, match=what):
            suite.load_plan(bad)
    res = subprocess.run([sys.executable, RUN_TESTS, "--plan", bad, "tests/test_license.py"], cwd=ROOT,
                         capture_output=True, text=True)
    assert res.returncode == 2 and "run-tests: error: cannot read the plan" in res.stderr, res.stderr


# Test files for a run of the runner itself: each test records its process and when it ran.
FAKE = {
    "test_a.py": "def test_a():\n    mark('a', 0.6)\n",
    "test_b.py": "def test_b():\n    mark('b', 0.6)\n",
    "test_c.py": "def test_c():\n    mark('c', 0.6)\n    assert 1 + 1 == 3, 'boom from c'\n",
    "test_d.py": "import pytest\n\ndef test_d():\n    mark('d', 0.1)\n    pytest.skip('d has no peer')\n",
    "test_e.py": "def test_e():\n    mark('e', 1.0)\n",
}
MARK = """import json, os, time
from pathlib import Path


def mark(name, seconds):
    t0 = time.time()
    time.sleep(seconds)
    Path(os.environ['FAKE_OUT'], name).write_text(json.dumps([os.getpid(), t0, time.time()]))
"""


def fake_suite(tmp_path, names):
    d = tmp_path / "fake"
    d.mkdir()
    (d / "conftest.py").write_text(MARK + "\n\nimport builtins\nbuiltins.mark = mark\n")
    for n in names:
        (d / n).write_text(FAKE[n])
    out = tmp_path / "out"
    out.mkdir()
    return d, out


def run_fake(tmp_path, d, out, plan, *args):
    plan_file = tmp_path / "plan.json"
    plan_file.write_text(json.dumps(plan))
    res = subprocess.run([sys.executable, RUN_TESTS, "--plan", plan_file, "--jobs", "2", *args, d],
                         cwd=ROOT, capture_output=True, text=True, timeout=300,
                         env={**os.environ, "FAKE_OUT": str(out), "CI": ""})
    marks = {p.name: json.loads(p.read_text()) for p in out.iterdir()}
    return res, marks, plan_file


def test_runner_reports_failures_and_skips(tmp_path):
    d, out = fake_suite(tmp_path, FAKE)
    rel = lambda n: str(Path(d, n))  # noqa: E731
    plan = {"seconds": {rel("test_a.py"): 5, rel("test_b.py"): 5, rel("test_c.py"): 9, rel("test_e.py"): 1},
            "together": [[rel("test_a.py"), rel("test_b.py")]], "alone": [rel("test_e.py")]}
    res, marks, _ = run_fake(tmp_path, d, out, plan)
    text = res.stdout + res.stderr
    assert res.returncode == 1, text
    assert "boom from c" in text and "FAILED" in text and "SKIPPED" in text and "d has no peer" in text, text
    assert "run-tests: 3 passed, 1 failed, 0 errors, 1 skipped; 1 of 4 units failed" in text, text
    assert sorted(marks) == ["a", "b", "c", "d", "e"]
    # a and b: one process; c elsewhere; e alone, before the rest
    assert marks["a"][0] == marks["b"][0] != marks["c"][0]
    e_start, e_end = marks["e"][1:]
    assert all(m[1] >= e_end for n, m in marks.items() if n != "e"), marks
    # two jobs: c (the longest) ran beside a and b
    assert marks["c"][1] < max(marks["a"][2], marks["b"][2]), marks


def test_runner_passes_and_records(tmp_path):
    d, out = fake_suite(tmp_path, ["test_a.py", "test_b.py"])
    plan = {"seconds": {}, "together": [], "alone": []}
    res, marks, plan_file = run_fake(tmp_path, d, out, plan, "--record")
    assert res.returncode == 0, res.stdout + res.stderr
    assert "run-tests: 2 passed, 0 failed, 0 errors, 0 skipped; 0 of 2 units failed" in res.stdout
    assert marks["a"][0] != marks["b"][0]  # two units, two processes
    seconds = json.loads(plan_file.read_text())["seconds"]
    assert sorted(seconds) == [str(d / "test_a.py"), str(d / "test_b.py")]
    assert all(0 < s < 60 for s in seconds.values()), seconds


def test_series_cleanup_leaves_another_writers_temp_files(tmp_path):
    """Two processes may regenerate patches/liboqs-0.16.0 at once: the cleanup after a write
    removes what is not part of the series, but not the other writer's NAME.tmp.PID files,
    whose rename would otherwise fail."""
    from hqctools import liboqs_series as ls
    out = tmp_path / "liboqs-0.16.0"
    out.mkdir()
    (out / "series.tmp.4242").write_text("the other writer's")
    (out / "stale.patch").write_text("from an older series")
    ls.write({"series": "a\n", "a.patch": "x\n"}, out)
    assert sorted(p.name for p in out.iterdir()) == ["a.patch", "series", "series.tmp.4242"]
    assert (out / "series").read_text() == "a\n"
