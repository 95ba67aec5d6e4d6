# SPDX-License-Identifier: Apache-2.0 OR MIT
"""liboqs_import.py: how the tests (tests/test_liboqs_import.py, tests/test_tls.py) and
scripts/bench-tls get a liboqs 0.16.0 with our KEM the way liboqs would: its own import script
(scripts/copy_from_upstream/copy_from_upstream.py) run on the hqc family (import_hqc.py) from a
local git repository of this project, with the series' first patch
(patches/liboqs-0.16.0/0000-point-copy_from_upstream-at-hqc-fast.patch); and how they build
such a tree (HQC only) and oqs-provider against it. Failures raise upstream_build.BuildError
with the command's output.
"""
import os
import shutil
from pathlib import Path

from hqctools import upstream_build as ub

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
YML_PATCH = ROOT / "patches" / "liboqs-0.16.0" / \
    "0000-point-copy_from_upstream-at-hqc-fast.patch"
MINIMAL = "KEM_hqc_1;KEM_hqc_3;KEM_hqc_5"
# git commit needs an identity; these are the local snapshots' only commits.
GIT_ENV = dict(GIT_AUTHOR_NAME="hqc-fast", GIT_AUTHOR_EMAIL="hqc-fast@invalid",
               GIT_COMMITTER_NAME="hqc-fast", GIT_COMMITTER_EMAIL="hqc-fast@invalid")


def git(*args, **kw):
    return ub.sh(["git", *args], env=dict(os.environ, **GIT_ENV), **kw).stdout.strip()


def clone_head(repo, dest):
    """A clean clone of repo's HEAD at dest (what a maintainer's git_url would give); returns
    the commit."""
    git("clone", "-q", "--no-local", repo, dest)
    return git("-C", dest, "rev-parse", "HEAD")


def commit_all(dest):
    """Makes dest a git repository holding its files in one commit; returns the commit."""
    git("-C", dest, "init", "-q")
    git("-C", dest, "add", "-A")
    git("-C", dest, "commit", "-q", "-m", "snapshot")
    return git("-C", dest, "rev-parse", "HEAD")


def snapshot(src, dest):
    """A git repository at dest holding src's files in one commit; returns the commit."""
    shutil.copytree(src, dest, symlinks=True)
    return commit_all(dest)


def copy_pristine(pristine, dest):
    """A copy of a liboqs tree without the build folders at its top (a user's tree may hold
    some; scripts/build-android.sh, deeper down, is a source)."""
    shutil.copytree(pristine, dest, symlinks=True, ignore=lambda d, names: [
        n for n in names if Path(d) == Path(pristine) and n.startswith("build")])


def tree_files(tree):
    """{path relative to tree: bytes} of every file of a liboqs tree but those of .git and of
    the build folders at its top: what the import and the patch series change."""
    out = {}
    for dirpath, dirnames, filenames in os.walk(tree):
        rel_dir = Path(dirpath).relative_to(tree)
        dirnames[:] = [d for d in dirnames if d != ".git"
                       and not (rel_dir == Path(".") and d.startswith("build"))]
        for name in filenames:
            if (Path(dirpath) / name).is_file():
                out[(rel_dir / name).as_posix()] = (Path(dirpath) / name).read_bytes()
    return out


def import_hqc(pristine, official, work, repo=ROOT):
    """A copy of the pristine liboqs tree at work/liboqs after liboqs's own import of the hqc
    family from a clean clone of repo's HEAD. liboqs's current HQC upstream (pqc-hqc) is the
    official tree at 161cd4f (official), snapshotted into a local repository: the import
    renders its HQC blocks too, to find them in the shared files. Returns (tree, what
    import_hqc.py printed)."""
    import yaml
    work = Path(work)
    ours_commit = clone_head(repo, work / "hqc-fast")
    official_commit = snapshot(official, work / "pqc-hqc")
    tree = work / "liboqs"
    copy_pristine(pristine, tree)
    ub.sh(["patch", "-p1", "-s", "-d", tree, "-i", YML_PATCH])
    here = tree / "scripts" / "copy_from_upstream"
    full = yaml.safe_load((here / "copy_from_upstream.yml").read_text())
    family = [f for f in full["kems"] if f["name"] == "hqc"][0]
    ups = {u["name"]: u for u in full["upstreams"]}
    new_up = dict(ups["hqc-fast"], git_url="file://%s" % (work / "hqc-fast"),
                  git_commit=ours_commit)
    old_family = {k: v for k, v in family.items() if not k.startswith("derandomized_")}
    old_family["upstream_location"] = "pqc-hqc"
    old_up = dict(ups["pqc-hqc"], git_url="file://%s" % (work / "pqc-hqc"),
                  git_commit=official_commit)
    for name, up, fam in (("hqc-new.yml", new_up, family), ("hqc-old.yml", old_up, old_family)):
        (here / name).write_text(yaml.safe_dump({"upstreams": [up], "kems": [fam], "sigs": []}))
    try:
        # import_hqc.py runs liboqs's script, which imports its neighbours in `here`.
        path = os.pathsep.join(filter(None, [str(here), os.environ.get("PYTHONPATH")]))
        res = ub.sh(["python3", HERE / "import_hqc.py", tree, "hqc-new.yml", "hqc-old.yml"],
                    env=dict(os.environ, PYTHONPATH=path, **GIT_ENV))
    finally:
        for name in ("hqc-new.yml", "hqc-old.yml"):
            (here / name).unlink()
    return tree, res.stdout


def build_liboqs(tree, out, *options, target=None):
    """A DIST build of a liboqs tree with HQC alone (static unless options say otherwise;
    Ninja if present, 2 jobs), of everything or of one target."""
    generator = ["-GNinja"] if shutil.which("ninja") else []
    ub.sh(["nice", "-n", "15", "cmake", *generator, "-S", tree, "-B", out,
           "-DOQS_MINIMAL_BUILD=" + MINIMAL, "-DOQS_DIST_BUILD=ON", *options])
    ub.sh(["nice", "-n", "15", "cmake", "--build", out, "-j2",
           *(["--target", target] if target else [])])
    return Path(out)


def build_provider(provider_src, liboqs_build, out):
    """oqs-provider against one liboqs build (installed under out/liboqs) and the system's
    OpenSSL 3; returns the folder holding oqsprovider.so."""
    out = Path(out)
    ub.sh(["cmake", "--install", liboqs_build, "--prefix", out / "liboqs"])
    generator = ["-GNinja"] if shutil.which("ninja") else []
    ub.sh(["nice", "-n", "15", "cmake", *generator, "-S", provider_src, "-B", out / "provider",
           "-Dliboqs_DIR=%s" % (out / "liboqs" / "lib" / "cmake" / "liboqs"),
           "-DCMAKE_BUILD_TYPE=Release"])
    ub.sh(["nice", "-n", "15", "cmake", "--build", out / "provider", "-j2", "--target",
           "oqsprovider"])
    return out / "provider" / "lib"


def self_signed(out):
    """A P-256 key and a self-signed certificate for CN=localhost: (cert, key) paths."""
    cert, key = Path(out) / "cert.pem", Path(out) / "key.pem"
    ub.sh(["openssl", "req", "-x509", "-new", "-newkey", "ec", "-pkeyopt",
           "ec_paramgen_curve:P-256", "-nodes", "-keyout", key, "-out", cert, "-subj",
           "/CN=localhost", "-days", "2"])
    return cert, key


def build_paired_cycles(pristine_build, patched_build, exe):
    """bench/liboqs/paired_cycles.c linked with liboqs's own HQC (the object files of the
    pristine build's pqc-hqc folders, without kem_hqc_<L>.c: the patched liboqs.a has its own
    OQS_KEM_hqc_* entry points) and the patched liboqs.a; returns exe."""
    refs = sorted(p for p in (Path(pristine_build) / "src" / "kem" / "hqc").rglob("*.o")
                  if "pqc-hqc_hqc-" in p.as_posix())
    if not refs:
        raise ub.BuildError("no pqc-hqc objects in the pristine build %s" % pristine_build)
    ub.sh(["cc", "-std=c11", "-O2", "-Wall", "-Wextra", "-Werror", "-D_DEFAULT_SOURCE",
           "-I", Path(patched_build) / "include", ROOT / "bench" / "liboqs" / "paired_cycles.c",
           *refs, Path(patched_build) / "lib" / "liboqs.a", "-lcrypto", "-lpthread", "-o", exe])
    return exe
