# SPDX-License-Identifier: Apache-2.0 OR MIT
"""skip_policy.py: under CI=true a skipped test is a failed one, unless its reason matches a
regular expression of tests/skip_allowlist.txt, which holds only hardware reasons that name the
flag they read ("this CPU lacks avx512f (not in /proc/cpuinfo)"). A missing tool, peer or file
must not turn a CI run green by skipping. tests/conftest.py imports the hooks below, so
every test file, present or future, is covered without doing anything itself."""
import os
import re
import shutil
from pathlib import Path

import pytest

ALLOWLIST = Path(__file__).resolve().parent.parent / "skip_allowlist.txt"


def ci():
    """CI=true (GitHub Actions, GitLab and .ci/run set it); also 1 or yes."""
    return os.environ.get("CI", "").strip().lower() in ("true", "1", "yes")


def need_tools(*tools):
    """Tools a test needs: a missing one fails it under CI (scripts/install-deps installs them
    all), else skips it with the reason."""
    missing = [t for t in tools if shutil.which(t) is None]
    if missing:
        msg = "%s not installed (scripts/install-deps installs %s)" % (
            ", ".join(missing), "it" if len(missing) == 1 else "them")
        if ci():
            pytest.fail(msg)
        pytest.skip(msg)


def allowlist(path=ALLOWLIST):
    """The compiled patterns: one regular expression a line, # comments and blank lines ignored."""
    lines = [l.strip() for l in Path(path).read_text().splitlines()]
    return [re.compile(l) for l in lines if l and not l.startswith("#")]


def skip_reason(report):
    """The reason pytest recorded for a skip (its longrepr is (file, line, "Skipped: why"))."""
    longrepr = report.longrepr
    text = longrepr[2] if isinstance(longrepr, tuple) and len(longrepr) == 3 else str(longrepr)
    return text[len("Skipped: "):] if text.startswith("Skipped: ") else text


def enforce(report):
    """Turn a skip whose reason is not allowlisted into a failure, when CI=true. An xfail is
    not a skip (pytest marks it with wasxfail) and is left alone."""
    if not (report.skipped and ci()) or hasattr(report, "wasxfail"):
        return
    reason = skip_reason(report)
    if any(p.search(reason) for p in allowlist()):
        return
    report.outcome = "failed"
    report.longrepr = ("CI=true: this skip fails the run, its reason not being allowlisted in %s "
                       "(only hardware reasons that name the flag they read may skip):\n  %s"
                       % (ALLOWLIST.relative_to(ALLOWLIST.parent.parent), reason))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    enforce(outcome.get_result())


def pytest_configure(config):
    """Under CI=true a module skipped at collection becomes a collection error; the rest of
    the suite still runs (pytest would otherwise stop at the first such error), and the run
    fails."""
    if ci():
        config.option.continue_on_collection_errors = True


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector):
    """Skips at collection: pytest.skip(allow_module_level=True), a module-level
    pytest.importorskip."""
    outcome = yield
    enforce(outcome.get_result())
