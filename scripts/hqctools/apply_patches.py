# SPDX-License-Identifier: Apache-2.0 OR MIT
"""apply-patches: put the project's multiplication into an upstream HQC tree, or take it out.

  apply-patches UPSTREAM_DIR            apply the series of the release UPSTREAM_DIR is
  apply-patches UPSTREAM_DIR --revert   take a series applied by this script out again

The release is recognised from the sha256 of a few key files (patches/<release>/fingerprints:
path, pristine hash, patched hash). The liboqs 0.16.0 series is generated, not tracked: in a git
checkout, applying it to a liboqs 0.16.0 tree first makes it afresh from that tree (read only,
through a copy) and the official tree ($HQC_UPSTREAM or ../shared/peers), writing
patches/liboqs-0.16.0/ (scripts/make-liboqs-series); --revert takes out the series written
there; a release tarball (make dist) ships the series and applies it as it is. A tree that
matches no release, is already patched (or, with --revert, is not), or whose key files were
changed locally is refused. The whole series is
first run with `patch --dry-run` (and applied for real) on a scratch copy of the files it
touches; only if every patch goes through there is the tree itself patched, and should that
still fail, every touched file is put back as it was. A tree where a file to change, or a folder
to create one in, is not writable is refused before anything is touched. Exit status 0 on
success, 1 otherwise (one message, no traceback).
"""
import argparse
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from hqctools import liboqs_series
from hqctools import upstream_build as ub

ROOT = Path(__file__).resolve().parents[2]
PATCHES = ROOT / "patches"


class Refusal(Exception):
    pass


def sha256(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def releases():
    """{release: [(path, pristine sha256, patched sha256)]} from every fingerprints file."""
    out = {}
    for fp in sorted(PATCHES.glob("*/fingerprints")):
        rows = []
        for line in fp.read_text().splitlines():
            if line.strip() and not line.startswith("#"):
                path, pristine, patched = line.split()
                rows.append((path, pristine, patched))
        out[fp.parent.name] = rows
    return out


def identify(tree):
    """(release, state) with state 'pristine' or 'patched'; raises Refusal otherwise."""
    partial = []
    for release, rows in releases().items():
        present = [r for r in rows if (tree / r[0]).is_file()]
        if len(present) != len(rows):
            partial.append((len(present) / len(rows), release))
            continue
        actual = {p: sha256(tree / p) for p, _, _ in rows}
        if all(actual[p] == pristine for p, pristine, _ in rows):
            return release, "pristine"
        if all(actual[p] == patched for p, _, patched in rows):
            return release, "patched"
        foreign = [p for p, pristine, patched in rows if actual[p] not in (pristine, patched)]
        if foreign:
            raise Refusal("%s looks like %s, but it is locally modified: %s differ%s from both "
                          "the pristine and the patched release" % (
                              tree, release, ", ".join(foreign),
                              "s" if len(foreign) == 1 else ""))
        still = [p for p, pristine, patched in rows if actual[p] == pristine != patched]
        raise Refusal("%s looks like %s, but it is only partly patched (%s still pristine); "
                      "restore it from upstream" % (tree, release, ", ".join(still)))
    if liboqs_series.liboqs_version(tree) is not None and \
            not (liboqs_series.OUT / "fingerprints").is_file():
        raise Refusal("%s is a liboqs tree, and no liboqs series has been made here: apply-patches "
                      "makes one when it patches a pristine liboqs 0.16.0 tree (or run "
                      "scripts/make-liboqs-series)" % tree)
    nearest = max(partial, default=(0, None))
    hint = (" (its files resemble %s, but some of that release's key files are missing)"
            % nearest[1]) if nearest[0] > 0 else ""
    raise Refusal("%s is not a known upstream HQC tree%s; known releases: %s"
                  % (tree, hint, ", ".join(sorted(releases()))))


def make_liboqs_series(tree):
    """In a git checkout, before patching a liboqs tree: write patches/liboqs-0.16.0/ afresh
    from it (a tree the current series recognises as patched is left to main to refuse)."""
    version = liboqs_series.liboqs_version(tree)
    if version is None or not liboqs_series.is_checkout():
        return
    if version != liboqs_series.VERSION:
        raise Refusal("%s is liboqs %s; the series is for liboqs %s only" % (
            tree, ".".join(map(str, version)) or "(unknown version)",
            ".".join(map(str, liboqs_series.VERSION))))
    if (liboqs_series.OUT / "fingerprints").is_file():
        try:
            if identify(tree)[1] == "patched":
                return
        except Refusal:
            pass
    try:
        liboqs_series.make(liboqs=tree)
    except ub.BuildError as e:
        raise Refusal("cannot make the liboqs 0.16.0 series from %s (is it a pristine liboqs "
                      "0.16.0 tree? the official tree comes from $HQC_UPSTREAM or "
                      "../shared/peers); the tree was not touched:\n%s" % (tree, e)) from None


def series(release):
    d = PATCHES / release
    return [d / name for name in (d / "series").read_text().split()]


def touched_files(patch):
    """(paths the patch modifies, paths it creates), relative to the tree (-p1)."""
    modified, created = [], []
    lines = patch.read_text().splitlines()
    for old, new in zip(lines, lines[1:]):
        if old.startswith("--- ") and new.startswith("+++ "):
            path = new[4:].split("\t")[0]
            path = path.split("/", 1)[1]
            (created if old[4:].startswith("/dev/null") else modified).append(path)
    return modified, created


def run_patch(patch, directory, reverse=False, dry_run=False):
    cmd = ["patch", "-p1", "--batch", "--silent", "--no-backup-if-mismatch", "-E",
           "-r", "-", "-d", str(directory), "-i", str(patch)]
    cmd.insert(1, "--reverse" if reverse else "--forward")
    if dry_run:
        cmd.append("--dry-run")
    return subprocess.run(cmd, capture_output=True, text=True)


def plan(tree, patches, reverse):
    """Every path the series touches, and the files that must not exist beforehand."""
    touched, absent = set(), set()
    for p in patches:
        modified, created = touched_files(p)
        touched.update(modified)
        touched.update(created)
        if not reverse:
            absent.update(created)
    clash = sorted(f for f in absent if (tree / f).exists())
    if clash:
        raise Refusal("%s already has %s, which the series would create; is it patched by "
                      "hand?" % (tree, ", ".join(clash)))
    return sorted(touched)


def rehearse(tree, patches, touched, reverse):
    """Dry-run then apply each patch, in order, to a scratch copy of the touched files."""
    with tempfile.TemporaryDirectory() as scratch:
        scratch = Path(scratch)
        for f in touched:
            if (tree / f).is_file():
                (scratch / f).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(tree / f, scratch / f)
        for p in patches:
            for dry in (True, False):
                res = run_patch(p, scratch, reverse, dry_run=dry)
                if res.returncode != 0:
                    raise Refusal("%s does not %s cleanly; the tree was not touched:\n%s%s"
                                  % (p.relative_to(ROOT), "revert" if reverse else "apply",
                                     res.stdout, res.stderr))


def check_writable(tree, touched):
    """Refuse before touching anything if a file the series changes, or the folder a new file
    goes into, cannot be written (permissions, a read-only mount)."""
    blocked = set()
    for f in touched:
        path = tree / f
        if path.exists():
            # patch replaces a file by renaming a new one over it: its folder must be writable.
            targets = (path, path.parent)
        else:
            parent = path.parent
            while not parent.exists():
                parent = parent.parent
            targets = (parent,)
        for t in targets:
            if not os.access(t, os.W_OK):
                blocked.add(str(t.relative_to(tree)) if t != tree else ".")
    if blocked:
        raise Refusal("%s: not writable: %s; the tree was not touched"
                      % (tree, ", ".join(sorted(blocked))))


def restore(tree, touched, saved, modes, made_dirs):
    """Put back every touched file that changed and remove what the series created; returns
    the paths that could not be restored (each is tried, whatever failed before it)."""
    failed = []
    for f in touched:
        path = tree / f
        try:
            if f in saved:
                if not path.is_file() or path.read_bytes() != saved[f]:
                    path.parent.mkdir(parents=True, exist_ok=True)
                    path.write_bytes(saved[f])
                if path.stat().st_mode != modes[f]:
                    path.chmod(modes[f])
            elif path.exists():
                path.unlink()
        except OSError as e:
            failed.append("%s (%s)" % (f, e.strerror or e))
    for d in sorted(made_dirs, key=lambda d: len(d.parts), reverse=True):
        try:
            if d.is_dir() and not any(d.iterdir()):
                d.rmdir()
        except OSError as e:
            failed.append("%s/ (%s)" % (d.relative_to(tree), e.strerror or e))
    return failed


def apply_for_real(tree, patches, touched, reverse):
    """Apply to the tree; on any failure put every touched file back and raise Refusal."""
    saved = {f: (tree / f).read_bytes() for f in touched if (tree / f).is_file()}
    modes = {f: (tree / f).stat().st_mode for f in saved}
    made_dirs = set()
    for f in touched:
        parent = (tree / f).parent
        while not parent.exists():
            made_dirs.add(parent)
            parent = parent.parent
    try:
        for p in patches:
            res = run_patch(p, tree, reverse)
            if res.returncode != 0:
                raise Refusal("%s failed on the tree after a clean rehearsal:\n%s%s"
                              % (p.relative_to(ROOT), res.stdout, res.stderr))
    except BaseException as e:
        failed = restore(tree, touched, saved, modes, made_dirs)
        if failed:
            raise Refusal("%s\nand these could not be restored: %s"
                          % (e, "; ".join(failed))) from None
        if isinstance(e, Refusal):
            raise Refusal("%s\nevery touched file was restored" % e) from None
        raise


def remove_empty_dirs(tree, touched):
    """After --revert: folders the series had created and that are now empty."""
    dirs = {(tree / f).parent for f in touched}
    for d in sorted(dirs, key=lambda d: len(d.parts), reverse=True):
        while d != tree and d.is_dir() and not any(d.iterdir()):
            d.rmdir()
            d = d.parent


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("tree", metavar="UPSTREAM_DIR")
    ap.add_argument("--revert", action="store_true", help="take the series out again")
    args = ap.parse_args()
    tree = Path(args.tree).resolve()
    try:
        if not tree.is_dir():
            raise Refusal("%s is not a directory" % args.tree)
        if shutil.which("patch") is None:
            raise Refusal("GNU patch is not installed")
        if not args.revert:
            make_liboqs_series(tree)
        release, state = identify(tree)
        if args.revert and state != "patched":
            raise Refusal("%s is a pristine %s tree: nothing to revert" % (tree, release))
        if not args.revert and state == "patched":
            raise Refusal("%s is already patched (%s); use --revert to take the series out"
                          % (tree, release))
        patches = series(release)
        if args.revert:
            patches = patches[::-1]
        touched = plan(tree, patches, args.revert)
        check_writable(tree, touched)
        rehearse(tree, patches, touched, args.revert)
        apply_for_real(tree, patches, touched, args.revert)
        if args.revert:
            remove_empty_dirs(tree, touched)
    except Refusal as e:
        print("apply-patches: refused: %s" % e, file=sys.stderr)
        return 1
    print("apply-patches: %s %s (%d patches) %s %s"
          % ("reverted" if args.revert else "applied", release, len(patches),
             "from" if args.revert else "to", tree))
    return 0


if __name__ == "__main__":
    sys.exit(main())
