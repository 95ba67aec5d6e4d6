# SPDX-License-Identifier: Apache-2.0 OR MIT
"""patches.py: reading the patch series of patches/ and fingerprinting trees, for
test_patches.py, test_patches_liboqs.py and test_tools.py.
"""
import hashlib


def snapshot(tree):
    """{relative path: sha256} of every file under tree: the whole state apply-patches may touch."""
    return {p.relative_to(tree).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(tree.rglob("*")) if p.is_file()}


def parse_patch(path):
    """[(old path, new path, [hunk lines])] of a unified diff."""
    files, lines = [], path.read_text().splitlines()
    for i, line in enumerate(lines):
        if line.startswith("--- ") and i + 1 < len(lines) and lines[i + 1].startswith("+++ "):
            files.append((line[4:], lines[i + 1][4:], []))
        elif files and line[:1] in (" ", "-", "+", "@", "\\") and not line.startswith("+++ "):
            files[-1][2].append(line)
    return files
