# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The patch series of patches/<release>/ (issue 6): they are current with src/, carry only our
code plus a few lines of upstream context, apply and revert all-or-nothing through
scripts/apply-patches, and the patched upstream KEMs give the same answers as the unpatched ones.

PQClean (pqclean-2023-04-30) comes from `npm pack pqclean@0.8.1`, cached under
build/upstream-cache (or $HQC_PATCHES_CACHE); without npm or the registry those tests skip.
The official tree (hqc-2025-08-22) is tested only when $HQC_UPSTREAM names one (see
docs/PATCHES.md); it also needs cmake.
"""
import hashlib
import json
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from conftest import (LEVELS_META, ROOT, SHARED_KAT, built, died_of_sigill, official_source,
                      qemu_x86_64, run, supported_backends)
from hqctools import upstream_build as ub  # the build recipes shared with bench-upstream
from hqctools import make_patches
from lib.patches import parse_patch, snapshot

PATCHES = ROOT / "patches"
HARNESS = ub.HARNESS
APPLY = ROOT / "scripts" / "apply-patches"

# PQClean's META.yml nistkat-sha256 of each scheme: SHA-256 of the count-0 block of the .rsp
# file made with PQClean's HQC KAT RNG (test/crypto_kem/hqckat.c).
PQCLEAN_KAT_SHA256 = {
    128: "74290ad7a789c01aa92cd7f72f1b5ba5fa30a58294cdf2df52b9c76c3aafba3b",
    192: "771c5e421c4eea951850d5883e2329c40783a3c0f363d8dc8e1be7c4026d1ab7",
    256: "e89c520e1ac615ecf6923f211569177c536a89bf94bebf85bb263528282092c4",
}
PQCLEAN_SCHEMES = list(ub.PQCLEAN_SCHEMES)
SEEDED_RUNS = 100
SLOT_CPU_FLAGS = ub.SLOT_CPU_FLAGS
cpu_flags = ub.cpu_flags
runnable_slots = ub.runnable_slots


def apply_patches(tree, *extra, check=True):
    return run(["python3", APPLY, tree, *extra], check=check)


def refused(tree, *extra):
    """Run apply-patches expecting a refusal; return its message."""
    res = apply_patches(tree, *extra, check=False)
    assert res.returncode == 1, "apply-patches should have refused:\n" + res.stdout + res.stderr
    assert "refused" in res.stderr
    return res.stderr


# ------------------------------------------------------------------------------------------
# The series themselves.


def releases():
    return sorted(p.parent.name for p in PATCHES.glob("*/series"))


def assert_release_complete(r):
    names = (PATCHES / r / "series").read_text().split()
    assert names and all((PATCHES / r / n).is_file() for n in names)
    assert all(re.fullmatch(r"\d{4}-[\w.-]+\.patch", n) for n in names)
    assert (PATCHES / r / "fingerprints").is_file()


def test_releases_present():
    """The tracked series are complete; of the liboqs one (generated) git keeps only its
    hand-kept first patch."""
    assert {"hqc-2025-08-22", "pqclean-2023-04-30"} <= set(releases())
    for r in ("hqc-2025-08-22", "pqclean-2023-04-30"):
        assert_release_complete(r)
    tracked = run(["git", "-C", ROOT, "ls-files", "patches/liboqs-0.16.0"]).stdout.split()
    assert tracked == ["patches/liboqs-0.16.0/0000-point-copy_from_upstream-at-hqc-fast.patch"]


def test_generated_liboqs_series_present(liboqs_series):
    """scripts/make-liboqs-series writes the liboqs series next to its first patch, in the
    layout of the tracked ones."""
    assert releases() == ["hqc-2025-08-22", "liboqs-0.16.0", "pqclean-2023-04-30"]
    assert_release_complete(liboqs_series.name)


def test_patches_are_current_with_src():
    """Regenerating from src/ and patches/glue/ gives byte-identical patches."""
    res = run(["python3", ROOT / "scripts" / "make-patches", "--check"], check=False)
    assert res.returncode == 0, res.stderr


@pytest.mark.parametrize("release", ["hqc-2025-08-22", "pqclean-2023-04-30"])
def test_patches_carry_our_code_and_little_upstream_text(release):
    series = (PATCHES / release / "series").read_text().split()
    created, upstream_lines = {}, 0
    for name in series:
        for old, new, hunk in parse_patch(PATCHES / release / name):
            assert new != "/dev/null", "%s deletes a file by printing it" % name
            path = new.split("/", 1)[1]
            if old == "/dev/null":
                created[path] = "".join(l[1:] + "\n" for l in hunk if l.startswith("+"))
                continue
            # An edit of an upstream file: only the lines patch needs to place it.
            ctx = [l for l in hunk if l[:1] in (" ", "-")]
            upstream_lines += len(ctx)
            assert len(ctx) <= 8 * max(1, sum(l.startswith("@@") for l in hunk)), \
                "%s shows too much of upstream %s" % (name, path)
    assert upstream_lines <= 30
    # Every file of 0001 is one of our sources, verbatim.
    ours = [p for p in created if re.search(r"hqc_gf2x/(gf2x|hqc|fips202)/", p)]
    assert ours, "0001 adds none of our sources"
    for path in ours:
        rel = re.sub(r"^.*?hqc_gf2x/", "", path)
        assert (ROOT / "src" / rel).read_text() == created[path], path
    # Generated headers are what their generator writes now.
    for path in [p for p in created if "/hqc_gf2x/gen/" in p]:
        name = path.rsplit("/", 1)[1]
        script = make_patches.generated_headers().get(name)
        assert script, "%s has no generator rule in the Makefile or mk/*.mk" % name
        with tempfile.TemporaryDirectory() as tmp:
            run(["python3", ROOT / script, Path(tmp) / name])
            assert (Path(tmp) / name).read_text() == created[path], path


# ------------------------------------------------------------------------------------------
# PQClean, from the npm package.


def pqclean_copy(pristine, dest):
    return ub.pqclean_copy(pristine, dest)


def pqclean_build(tree, scheme, gf2x, out):
    return built(ub.pqclean_build, tree, scheme, gf2x, HARNESS / "pqclean_kem_runs.c", out)


@pytest.fixture(scope="session")
def pqclean_programs(pqclean_pristine, tmp_path_factory):
    """{(scheme, 'clean' | slot): harness program}: unpatched, and patched for every slot."""
    work = tmp_path_factory.mktemp("pqclean")
    plain = pqclean_copy(pqclean_pristine, work / "plain")
    patched = pqclean_copy(pqclean_pristine, work / "patched")
    apply_patches(patched)
    progs = {}
    for scheme in PQCLEAN_SCHEMES:
        progs[scheme, "clean"] = pqclean_build(plain, scheme, None, work / ("clean-%d" % scheme))
        for slot in SLOT_CPU_FLAGS:
            progs[scheme, slot] = pqclean_build(patched, scheme, slot,
                                                work / ("%s-%d" % (slot, scheme)))
    return progs


def seeded_runs(prog):
    """The harness's `runs` output; on failure only its tail is shown (it is megabytes)."""
    res = subprocess.run([str(prog), "runs", str(SEEDED_RUNS)], capture_output=True, text=True)
    if res.returncode != 0:
        pytest.fail("%s runs %d exited %d: %s ... %s" % (prog, SEEDED_RUNS, res.returncode,
                                                        res.stdout[-200:], res.stderr[-500:]))
    return res.stdout


@pytest.fixture(scope="session")
def pqclean_clean_runs(pqclean_programs):
    return {s: seeded_runs(pqclean_programs[s, "clean"]) for s in PQCLEAN_SCHEMES}


def kat_digest(prog):
    return hashlib.sha256(run([prog, "kat"]).stdout.encode()).hexdigest()


@pytest.mark.parametrize("scheme", PQCLEAN_SCHEMES)
def test_pqclean_unpatched_kat_reproduces_published_digest(pqclean_programs, scheme):
    """The harness's KAT procedure is PQClean's: the unpatched build gives META.yml's digest."""
    assert kat_digest(pqclean_programs[scheme, "clean"]) == PQCLEAN_KAT_SHA256[scheme]


@pytest.mark.parametrize("slot", sorted(SLOT_CPU_FLAGS))
@pytest.mark.parametrize("scheme", PQCLEAN_SCHEMES)
def test_pqclean_patched_kat_and_runs_match_unpatched(pqclean_programs, pqclean_clean_runs,
                                                      scheme, slot):
    if slot not in runnable_slots():
        pytest.skip("this CPU lacks %s (not in /proc/cpuinfo): the %s slot needs it"
                    % (" ".join(sorted(SLOT_CPU_FLAGS[slot] - cpu_flags())), slot))
    prog = pqclean_programs[scheme, slot]
    assert kat_digest(prog) == PQCLEAN_KAT_SHA256[scheme]
    got = seeded_runs(prog)
    want = pqclean_clean_runs[scheme]
    assert want.count("\nss ") == SEEDED_RUNS and want.count("tampered-ss ") == SEEDED_RUNS
    assert "tampered-rc 0" not in want, "a tampered ciphertext was accepted"
    if got != want:
        lines = list(zip(got.splitlines(), want.splitlines()))
        first = next((i for i, (a, b) in enumerate(lines) if a != b), len(lines))
        pytest.fail("hqc-%d %s differs from the unpatched build from output line %d on"
                    % (scheme, slot, first))


def test_pqclean_default_build_is_unchanged(pqclean_pristine, tmp_path):
    """Without GF2X the patched Makefiles build PQClean's own gf2x.o and nothing of ours."""
    tree = pqclean_copy(pqclean_pristine, tmp_path / "t")
    apply_patches(tree)
    d = tree / "crypto_kem" / "hqc-128" / "clean"
    run(["make", "-s", "-C", d])
    members = run(["ar", "t", d / "libhqc-128_clean.a"]).stdout.split()
    assert "gf2x.o" in members and not [m for m in members if m.startswith("hqc_gf2x")]


# ------------------------------------------------------------------------------------------
# apply-patches: all or nothing, and its refusals.

@pytest.fixture
def pqclean_tree(pqclean_pristine, tmp_path):
    return pqclean_copy(pqclean_pristine, tmp_path / "PQClean")


def test_apply_then_revert_restores_the_tree(pqclean_tree):
    before = snapshot(pqclean_tree)
    out = apply_patches(pqclean_tree).stdout
    assert "applied pqclean-2023-04-30" in out
    after = snapshot(pqclean_tree)
    added = sorted(set(after) - set(before))
    assert "common/hqc_gf2x/pqclean.mk" in added and "common/hqc_gf2x/hqc/backend.h" in added
    assert after["crypto_kem/hqc-128/clean/Makefile"] != before["crypto_kem/hqc-128/clean/Makefile"]
    apply_patches(pqclean_tree, "--revert")
    assert snapshot(pqclean_tree) == before
    assert not (pqclean_tree / "common" / "hqc_gf2x").exists()


def test_refuses_to_patch_twice(pqclean_tree):
    apply_patches(pqclean_tree)
    state = snapshot(pqclean_tree)
    assert "already patched" in refused(pqclean_tree)
    assert snapshot(pqclean_tree) == state


def test_refuses_to_revert_a_pristine_tree(pqclean_tree):
    state = snapshot(pqclean_tree)
    assert "nothing to revert" in refused(pqclean_tree, "--revert")
    assert snapshot(pqclean_tree) == state


@pytest.mark.parametrize("key_file", ["crypto_kem/hqc-192/clean/Makefile",
                                      "crypto_kem/hqc-256/clean/gf2x.c"])
def test_refuses_a_locally_modified_tree(pqclean_tree, key_file):
    with open(pqclean_tree / key_file, "a") as fh:
        fh.write("\n# local change\n")
    state = snapshot(pqclean_tree)
    msg = refused(pqclean_tree)
    assert "locally modified" in msg and key_file in msg
    assert snapshot(pqclean_tree) == state


def test_refuses_when_a_file_it_would_create_exists(pqclean_tree):
    (pqclean_tree / "common" / "hqc_gf2x").mkdir()
    (pqclean_tree / "common" / "hqc_gf2x" / "pqclean.mk").write_text("# mine\n")
    state = snapshot(pqclean_tree)
    assert "would create" in refused(pqclean_tree)
    assert snapshot(pqclean_tree) == state


def test_failed_revert_leaves_the_tree_untouched(pqclean_tree):
    """A patched tree whose added files were edited afterwards cannot be reverted cleanly: the
    rehearsal on a scratch copy fails and the tree is left exactly as it was."""
    apply_patches(pqclean_tree)
    with open(pqclean_tree / "common" / "hqc_gf2x" / "pqclean.mk", "a") as fh:
        fh.write("# local change\n")
    state = snapshot(pqclean_tree)
    assert "does not revert cleanly" in refused(pqclean_tree, "--revert")
    assert snapshot(pqclean_tree) == state


def test_refuses_a_wrong_tree(tmp_path, pqclean_pristine):
    assert "not a known upstream HQC tree" in refused(ROOT / "src")
    # A PQClean tree without the HQC schemes is not the release either.
    partial = tmp_path / "partial"
    shutil.copytree(pqclean_pristine / "common", partial / "common")
    state = snapshot(partial)
    assert "not a known upstream HQC tree" in refused(partial)
    assert snapshot(partial) == state
    assert "not a directory" in refused(tmp_path / "missing")


# ------------------------------------------------------------------------------------------
# The official tree, when HQC_UPSTREAM names one.

def official_tree():
    tree = official_source()
    if not (tree / "src" / "x86_64" / "avx256").is_dir():
        pytest.fail("%s is not an official HQC tree (no src/x86_64/avx256)" % tree)
    if shutil.which("cmake") is None:
        pytest.skip("cmake is not installed (scripts/install-deps installs it): the official "
                    "tree builds with CMake")
    return tree


def official_copy(dest):
    """A copy of $HQC_UPSTREAM made buildable (see upstream_build.official_copy)."""
    rsp = {level: meta["rsp"] for level, meta in LEVELS_META.items()}
    return ub.official_copy(official_tree(), dest, SHARED_KAT, rsp)


def official_kat_files(tree, impl, fips202, out):
    """Build the KAT programs of tree with HQC_X86_IMPL=impl and run them in out; returns
    {level: sha256 of its .rsp}. fips202: None (the tree's own) or a source file."""
    targets = ["test_kat_hqc_%s" % l for l in LEVELS_META]
    build = built(ub.official_build, tree, impl, out / "build", targets, fips202)
    return kat_digests(build, out)


def kat_digests(build, out, env=None):
    """{level: sha256 of the .rsp} written by the build's KAT programs, run in out."""
    digests = {}
    for level, meta in LEVELS_META.items():
        d = out / ("run-" + level)
        d.mkdir(parents=True)
        run([build / "tests" / "kats" / ("test_kat_hqc_" + level)], cwd=d, env=env)
        digests[level] = hashlib.sha256((d / meta["rsp"]).read_bytes()).hexdigest()
    return digests


def test_official_apply_and_revert(tmp_path):
    tree = official_copy(tmp_path / "hqc")
    before = snapshot(tree)
    apply_patches(tree)
    assert (tree / "src" / "x86_64" / "avx512" / "vect_mul.c").is_file()
    assert "already patched" in refused(tree)
    apply_patches(tree, "--revert")
    assert snapshot(tree) == before


# The backends vect_mul.c of the patched official tree chooses among, fastest first.
OFFICIAL_DISPATCH = make_patches.dispatch_backends(make_patches.RELEASES["hqc-2025-08-22"]["dispatch"])


@pytest.fixture(scope="session")
def official_patched_build(tmp_path_factory):
    """The patched official tree with fips202_fixed.c, every target built (ctest needs them)."""
    work = tmp_path_factory.mktemp("official-patched")
    tree = official_copy(work / "tree")
    apply_patches(tree)
    build = built(ub.official_build, tree, "avx512", work / "build", ["all"],
                  HARNESS / "fips202_fixed.c")
    return tree, build


@pytest.fixture(scope="session")
def official_builds(tmp_path_factory, official_patched_build):
    """KAT digests of the unpatched avx256 and patched avx512 builds, each with the tree's own
    fips202 and with bench/upstream/fips202_fixed.c."""
    work = tmp_path_factory.mktemp("official")
    plain = official_copy(work / "plain")
    patched = official_copy(work / "patched")
    apply_patches(patched)
    fixed = HARNESS / "fips202_fixed.c"
    return {
        ("avx256", "own"): official_kat_files(plain, "avx256", None, work / "a-own"),
        ("avx512", "own"): official_kat_files(patched, "avx512", None, work / "b-own"),
        ("avx256", "fixed"): official_kat_files(plain, "avx256", fixed, work / "a-fixed"),
        ("avx512", "fixed"): kat_digests(official_patched_build[1], work / "b-fixed"),
    }


def test_official_patched_matches_unpatched(official_builds):
    """With the tree's own fips202 (official digests or not), avx512 answers as avx256 does on
    all 100 KAT counts of every level."""
    assert official_builds["avx512", "own"] == official_builds["avx256", "own"]


def test_official_patched_reproduces_official_kats(official_builds):
    """With a correct SHAKE/SHA3, the patched tree reproduces the official KAT digests."""
    want = {level: meta["rsp_sha256"] for level, meta in LEVELS_META.items()}
    assert official_builds["avx256", "fixed"] == want
    assert official_builds["avx512", "fixed"] == want


def test_official_patched_ctest_passes(official_patched_build):
    """The tree's own test suite (API, KAT, intermediate values, unit) passes completely on this
    CPU, whichever backend vect_mul.c picks for it (issue 15: it died with SIGILL without
    AVX-512)."""
    res = run(["ctest", "--output-on-failure"], cwd=official_patched_build[1], check=False)
    assert res.returncode == 0 and "100% tests passed" in res.stdout, res.stdout[-3000:]
    assert re.search(r"0 tests failed out of (\d+)", res.stdout).group(1) == "12"


def test_official_every_runnable_backend_reproduces_official_kats(official_patched_build,
                                                                   tmp_path):
    """HQC_BACKEND forces each backend of the dispatch list this CPU runs, and the tree's own
    product (the fallback for CPUs with none of ours): all give the official digests."""
    want = {level: meta["rsp_sha256"] for level, meta in LEVELS_META.items()}
    runnable = [b for b in OFFICIAL_DISPATCH if b in supported_backends(1, True)]
    assert runnable, "this CPU runs none of %s" % OFFICIAL_DISPATCH
    for name in runnable + ["upstream"]:
        env = dict(os.environ, HQC_BACKEND=name)
        assert kat_digests(official_patched_build[1], tmp_path / name, env) == want, name


def test_official_refuses_a_backend_the_cpu_lacks(official_patched_build, tmp_path):
    """Forcing a backend this CPU cannot run, or an unknown one, stops with a message instead of
    executing a missing instruction (SIGILL) or silently running another product."""
    prog = official_patched_build[1] / "tests" / "kats" / "test_kat_hqc_1"
    missing = [b for b in OFFICIAL_DISPATCH if b not in supported_backends(1, True)]
    cases = [(b, "this CPU lacks its features") for b in missing] + \
        [("nonesuch", "is not one of: %s, upstream, auto" % ", ".join(OFFICIAL_DISPATCH))]
    for name, message in cases:
        res = run([prog], cwd=tmp_path, check=False, env=dict(os.environ, HQC_BACKEND=name))
        assert res.returncode != 0 and res.returncode != -4, (name, res.returncode)  # not SIGILL
        assert ("HQC_BACKEND=%s" % name) in res.stderr and message in res.stderr, res.stderr


# ------------------------------------------------------------------------------------------
# The patched official tree on other CPUs, emulated by qemu-user (qemu-x86_64 -cpu MODEL), whose
# TCG raises SIGILL on any instruction the model lacks (it has no VPCLMULQDQ or AVX-512, so those
# backends run only natively).

# What vect_mul.c serves per emulated CPU, or None where the load-time check refuses the CPU
# (the tree's own code needs AVX2, BMI1 and PCLMULQDQ), with the features it names as missing.
OFFICIAL_EMULATED = {
    "Haswell": ("avx2", None),                    # AVX2, PCLMULQDQ, BMI2; no VPCLMULQDQ
    "Haswell,-bmi2": ("upstream", None),          # none of ours: the tree's own product
    "Haswell,-pclmulqdq": (None, "pclmul"),
    "Nehalem": (None, "pclmul avx2 bmi1"),
}


def emulated_ctest(build, model, env=None):
    """{test name: completed process} of every test of build's ctest, each program of the build
    run under qemu-x86_64 -cpu model. ctest cannot do it itself: the KAT tests are shell lines
    that name their program, so the programs' paths in them are prefixed with qemu."""
    qemu = [qemu_x86_64(), "-cpu", model]
    listing = json.loads(run(["ctest", "--show-only=json-v1"], cwd=build).stdout)["tests"]
    assert len(listing) == 12, [t["name"] for t in listing]

    def program(path):
        return Path(path).is_relative_to(build) and Path(path).is_file() \
            and os.access(path, os.X_OK)

    results = {}
    for test in listing:
        cmd = test["command"]
        if program(cmd[0]):
            cmd = qemu + cmd
        else:
            assert cmd[:2] == ["/bin/sh", "-c"], cmd
            prefix = " ".join(map(str, qemu)) + " "
            cmd = [re.sub(r"'(/[^']+)'",
                          lambda m: prefix + m.group(0) if program(m.group(1)) else m.group(0),
                          c) for c in cmd]
            assert prefix in cmd[2], cmd
        cwd = [p["value"] for p in test["properties"] if p["name"] == "WORKING_DIRECTORY"][0]
        results[test["name"]] = run(cmd, cwd=cwd, env=env, check=False)
    return results


@pytest.mark.parametrize("model", [m for m, (product, _) in OFFICIAL_EMULATED.items() if product])
def test_official_emulated_cpu_runs_its_backend(official_patched_build, model, tmp_path):
    """On an emulated CPU with the tree's instruction set, the whole ctest passes, and vect_mul.c
    serves the expected product: forcing it (HQC_BACKEND) gives the official HQC-1 digest, and
    every backend of the dispatch list before it is refused as one this CPU lacks, so that is
    what the automatic choice (the first the CPU runs) takes."""
    build = official_patched_build[1]
    results = emulated_ctest(build, model)
    failed = {n: r.returncode for n, r in results.items() if r.returncode != 0}
    assert not failed, "under -cpu %s: %s\n%s" % (model, failed, "".join(
        results[n].stderr[-1000:] for n in failed))
    product = OFFICIAL_EMULATED[model][0]
    order = OFFICIAL_DISPATCH + ["upstream"]
    assert product in order
    prog = [qemu_x86_64(), "-cpu", model, build / "tests" / "kats" / "test_kat_hqc_1"]
    for name in order[:order.index(product) + 1]:
        res = run(prog, cwd=tmp_path, check=False, env=dict(os.environ, HQC_BACKEND=name))
        assert not died_of_sigill(res), (model, name)
        if name != product:
            assert res.returncode != 0 and \
                "HQC_BACKEND=%s: this CPU lacks its features" % name in res.stderr, (model, name)
            continue
        assert res.returncode == 0, (model, name, res.stderr[-1000:])
        rsp = tmp_path / LEVELS_META["1"]["rsp"]
        assert hashlib.sha256(rsp.read_bytes()).hexdigest() == LEVELS_META["1"]["rsp_sha256"]


@pytest.mark.parametrize("model", [m for m, (product, _) in OFFICIAL_EMULATED.items()
                                   if not product])
def test_official_emulated_cpu_without_the_trees_isa_is_refused(official_patched_build, model):
    """On an emulated CPU without AVX2, BMI1 or PCLMULQDQ, which the tree's own code is compiled
    for, every program of the ctest stops before main with a message naming what is missing,
    instead of dying with SIGILL in upstream's code (as it did before the load-time check)."""
    missing = OFFICIAL_EMULATED[model][1]
    for name, res in emulated_ctest(official_patched_build[1], model).items():
        assert res.returncode != 0 and not died_of_sigill(res), (model, name, res.returncode,
                                                                 res.stderr[-500:])
        assert "hqc-gf2x: this CPU lacks %s, which this build" % missing in res.stderr, \
            (model, name, res.stderr[-500:])
        assert "-DHQC_ARCH=ref" in res.stderr


def test_official_isa_flags_per_backend_folder(official_patched_build):
    """Only our AVX-512 backend's files are compiled with AVX-512 flags; every folder of ours
    gets its own backend's flags (the Makefile's ISA_<x>), upstream's files none of ours;
    vect_mul.c (its load-time CPU check) and cpu.c take the tree's -m flags back."""
    tree, build = official_patched_build
    commands = json.loads((build / "compile_commands.json").read_text())
    ours = tree / "src" / "x86_64" / "avx512" / "hqc_gf2x"
    mk = make_patches
    seen, any_x86_64 = set(), set()
    for c in commands:
        f, flags = Path(c["file"]), c["command"].split()
        avx512 = sorted(w for w in flags if w.startswith(("-mavx512", "-mvpclmul", "-mgfni")))
        if f.name in ("vect_mul.c", "cpu.c"):
            for isa in ("avx", "bmi", "pclmul"):  # the last word for each one wins
                last = [w for w in flags if w in ("-m" + isa, "-mno-" + isa)][-1]
                assert last == "-mno-" + isa, (f, flags)
            any_x86_64.add(f.name)
        if not f.is_relative_to(ours):
            assert not avx512, "%s gets %s" % (f, " ".join(avx512))
            assert "-mbmi2" not in flags, "%s gets our -mbmi2" % f
            continue
        folder = f.parent.relative_to(ours).as_posix()
        want = mk.isa_flags(folder)[0]
        assert (" %s " % " ".join(want)) in c["command"] if want else not avx512, (f, flags)
        # AVX-512 is for the avx512 folder alone; 256-bit VPCLMULQDQ also for vpclmul's.
        if folder != "gf2x/native/x86_64/avx512":
            extra = [w for w in avx512 if w.startswith("-mavx512") or w not in want]
            assert not extra, "%s gets %s" % (f, " ".join(extra))
        seen.add(folder)
    assert {"gf2x/native/x86_64/avx512", "gf2x/native/x86_64/avx2", "gf2x/native/x86_64", "hqc"} <= seen
    assert any_x86_64 == {"vect_mul.c", "cpu.c"}


def test_bench_upstream_tiny_run(tmp_path):
    """bench-upstream on the official tree, 3 iterations: a row per level, op and peer (the
    patched tree, then every constant-time backend this CPU runs), with medians and ratio
    quartiles, in the table and in --json."""
    tree = official_tree()
    out = tmp_path / "peers.json"
    res = run(["python3", ROOT / "scripts" / "bench-upstream", tree, "--runs", "3", "--cpu", "0",
               "--json", out])
    peers = ["patched-tree"] + supported_backends(1, True)
    rows = re.findall(r"^HQC-(\d)\s+(\S+)\s+(keygen|encaps|decaps)\s+(\d+)\s+(\d+)\s+"
                      r"([\d.]+)x\s+([\d.]+)-([\d.]+)$", res.stdout, re.M)
    assert [(r[0], r[1], r[2]) for r in rows] == [
        (str(l), p, op) for l in (1, 3, 5) for p in peers for op in ("keygen", "encaps", "decaps")]
    assert ub.cpu_name() in res.stdout.splitlines()[0]
    data = json.loads(out.read_text())
    assert data["release"] == "hqc-2025-08-22" and data["runs"] == 3
    assert len(data["paired"]) == len(rows)
    for r in data["paired"]:
        for key in ("upstream_ticks", "peer_ticks", "ratio"):
            q = r[key]
            assert 0 < q["q1"] <= q["median"] <= q["q3"], (r, key)
        assert r["runs"] == 3 and r["op"] in ("keygen", "encaps", "decaps")
