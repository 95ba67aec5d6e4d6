# SPDX-License-Identifier: Apache-2.0 OR MIT
"""suite.py: how scripts/run-tests (make test) spreads the test files over parallel pytest
processes. A unit is one pytest process: one test file, or the files of a "together" group of
tests/suite-plan.json (they share session fixtures, such as the liboqs build, or write the same
files). Units start longest first (their recorded seconds), as many at once as there are jobs;
a unit marked "alone" runs with nothing beside it (a timing-sensitive test)."""
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

DEFAULT_SECONDS = 60.0  # a file with no recorded time (new): it starts among the middling ones


class Unit:
    def __init__(self, files, seconds, alone):
        self.files = tuple(files)
        self.seconds = seconds
        self.alone = alone

    @property
    def name(self):
        return "+".join(Path(f).stem for f in self.files)

    def __repr__(self):
        return "Unit(%s, %.0f s%s)" % (self.name, self.seconds, ", alone" if self.alone else "")


def load_plan(path):
    """The plan: {"seconds": {file: s}, "together": [[file, ...], ...], "alone": [file, ...]};
    files are paths relative to the repository root, as pytest names them."""
    plan = json.loads(Path(path).read_text())
    for key, kind in (("seconds", dict), ("together", list), ("alone", list)):
        if not isinstance(plan.get(key), kind):
            raise ValueError("%s: \"%s\" must be a %s" % (path, key, kind.__name__))
    seen = set()
    for group in plan["together"]:
        if not isinstance(group, list) or len(group) < 2:
            raise ValueError("%s: each \"together\" group lists two files or more" % path)
        if seen & set(group):
            raise ValueError("%s: %s is in two \"together\" groups" % (path, sorted(seen & set(group))[0]))
        seen |= set(group)
    return plan


def make_units(files, plan):
    """The units of these files (in any order): a together group's files that are present form
    one unit, every other file its own. A unit is alone if any of its files is."""
    files = list(dict.fromkeys(files))
    present = set(files)
    units, grouped = [], set()
    for group in plan["together"]:
        members = [f for f in group if f in present]
        if members:
            units.append(members)
            grouped |= set(members)
    units += [[f] for f in files if f not in grouped]
    seconds = plan["seconds"]
    alone = set(plan["alone"])
    return [Unit(u, sum(float(seconds.get(f, DEFAULT_SECONDS)) for f in u), any(f in alone for f in u))
            for u in units]


def schedule(units):
    """The order in which units start: the alone ones first (each waits for an idle machine),
    then the rest longest first, the greedy order that keeps the last finishers short."""
    key = lambda u: (-u.seconds, u.name)  # noqa: E731
    return sorted((u for u in units if u.alone), key=key) + sorted((u for u in units if not u.alone), key=key)


def simulate(units, jobs):
    """The wall time the schedule would take with these recorded seconds: each unit starts on
    the first free job, an alone unit when every job is free."""
    free = [0.0] * jobs
    for u in schedule(units):
        if u.alone:
            t = max(free)
            free = [t + u.seconds] * jobs
        else:
            i = min(range(jobs), key=lambda k: free[k])
            free[i] += u.seconds
    return max(free)


def junit_counts(path):
    """(tests, failures, errors, skipped, {file: seconds}) of one pytest --junitxml report.
    Per file, the sum of its test cases' times (setup, call and teardown), for --record."""
    root = ET.parse(path).getroot()
    suites = [root] if root.tag == "testsuite" else list(root.iter("testsuite"))
    counts = [sum(int(s.get(k, 0)) for s in suites) for k in ("tests", "failures", "errors", "skipped")]
    per_file = {}
    for case in root.iter("testcase"):
        f = case.get("file") or class_file(case.get("classname", ""))
        per_file[f] = per_file.get(f, 0.0) + float(case.get("time", 0) or 0)
    return tuple(counts) + (per_file,)


def class_file(classname):
    """tests.test_kat.SomeClass or tests.test_kat -> tests/test_kat.py."""
    parts = classname.split(".")
    while parts and not re.match(r"test_\w+$", parts[-1]):
        parts.pop()
    return "/".join(parts) + ".py" if parts else classname


def recorded_seconds(unit, wall, per_file):
    """The unit's wall time shared among its files in proportion to their test cases' times
    (a lone file gets the whole wall time: its fixtures and collection are part of its cost)."""
    if len(unit.files) == 1:
        return {unit.files[0]: wall}
    total = sum(per_file.get(f, 0.0) for f in unit.files)
    if total <= 0:
        return {f: wall / len(unit.files) for f in unit.files}
    return {f: wall * per_file.get(f, 0.0) / total for f in unit.files}
