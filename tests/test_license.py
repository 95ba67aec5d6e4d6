# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The project is offered under Apache-2.0 OR MIT: both license texts are present and every
tracked source, script and build file names the license in an SPDX line within its first five
lines. Data, prose, test-corpus and lock files are exempt (they cannot carry a comment, or a
tool rewrites them)."""
import subprocess

from conftest import ROOT

SPDX = "SPDX-License-Identifier: Apache-2.0 OR MIT"
EXEMPT_SUFFIXES = (".md", ".json", ".patch", ".req", ".rsp", ".lock")  # .lock: written by cargo
EXEMPT_NAMES = ("fingerprints", "series", "LICENSE-APACHE", "LICENSE-MIT")


def tracked_files():
    out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True)
    if out.returncode != 0:
        return None
    return out.stdout.split()


def needs_spdx(path):
    if path.endswith(EXEMPT_SUFFIXES) or path.split("/")[-1] in EXEMPT_NAMES:
        return False
    return "/corpus/" not in path and "/regressions/" not in path


def test_license_texts():
    apache = (ROOT / "LICENSE-APACHE").read_text()
    mit = (ROOT / "LICENSE-MIT").read_text()
    assert "Apache License" in apache and "Version 2.0" in apache
    assert "Permission is hereby granted, free of charge" in mit


def test_every_source_file_has_spdx_line():
    files = tracked_files()
    if files is None:
        import pytest
        pytest.skip("not a git checkout: cannot list tracked files")
    missing = []
    for f in filter(needs_spdx, files):
        with open(ROOT / f, errors="replace") as fh:
            head = "".join(fh.readline() for _ in range(5))
        if SPDX not in head:
            missing.append(f)
    assert not missing, "files without '%s' in their first 5 lines: %s" % (SPDX, missing)
