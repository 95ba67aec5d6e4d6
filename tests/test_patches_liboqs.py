# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The liboqs 0.16.0 series (patches/liboqs-0.16.0, issue 15): it carries our KEM verbatim and
little of liboqs, and, when LIBOQS_SRC names a pristine liboqs 0.16.0 tree (docs/PATCHES.md,
section "liboqs 0.16.0"), it applies to a copy, builds, passes liboqs's own KAT and KEM tests,
gives derandomised entry points that agree with the randomised ones, refuses a second
application and reverts byte for byte, and passes liboqs's constant-time test (a Debug build
under valgrind, about two minutes; LIBOQS_CT=0 leaves it out). The tree itself is never modified.
"""
import hashlib
import importlib.metadata
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT, died_of_sigill, liboqs_source, qemu_x86_64, run
from test_patches import load_script, parse_patch, snapshot  # what all trees' tests share

RELEASE = "liboqs-0.16.0"
SERIES = ROOT / "patches" / RELEASE
APPLY = ROOT / "scripts" / "apply-patches"
DEST = "src/kem/hqc/hqc-fast_x86_64/"
LEVELS = ["1", "3", "5"]
MINIMAL = "KEM_hqc_1;KEM_hqc_3;KEM_hqc_5"
# Seed lengths of the derandomised entry points: seed_kem, and m || salt (m of the level's
# security bytes, a 16-byte salt).
SEEDS = {"1": (32, 32), "3": (32, 40), "5": (32, 48)}


def test_series_carries_our_kem_verbatim_and_little_of_liboqs():
    created, context = {}, 0
    for name in (SERIES / "series").read_text().split():
        for old, new, hunk in parse_patch(SERIES / name):
            assert new != "/dev/null", "%s deletes a file" % name
            path = new.split("/", 1)[1]
            if old == "/dev/null":
                created[path] = "".join(l[1:] + "\n" for l in hunk if l.startswith("+"))
                continue
            ctx = [l for l in hunk if l[:1] in (" ", "-")]
            context += len(ctx)
            assert len(ctx) <= 6 * max(1, sum(l.startswith("@@") for l in hunk)), \
                "%s shows too much of liboqs's %s" % (name, path)
    # Only the hook's few context lines of liboqs (its build, KEM and documentation hunks: 36 of
    # them, one line of context each side), and none of its sources copied.
    assert context <= 100
    ours = [p for p in created if p.startswith(DEST) and "/integration/" not in p
            and "/gen/" not in p]
    assert any(p.endswith("/hqc/kem.c") for p in ours)
    for path in ours:
        rel = path[len(DEST):]
        # Our public headers travel as include/hqc/*.h; everything else comes from src/.
        origin = ROOT / rel if rel.startswith("include/") else ROOT / "src" / rel
        assert origin.read_text() == created[path], path
    # Replaced by the glue, so never shipped: getrandom. Our dispatcher (built HQC_EMBEDDED)
    # and SHA3 (swapped for oqs_sha3.c in a liboqs with OQS_USE_SHA3_OPENSSL) are shipped, the
    # variable-time sparse backends are not.
    assert DEST + "hqc/randombytes.c" not in created
    assert DEST + "hqc/backend.c" in created and DEST + "hqc/sha3.c" in created
    assert not [p for p in created if "sparse" in p]
    # Every backend of the dispatch list whose folder exists, and every x86 Keccak kernel.
    mk = load_script("make-patches")
    for backend in mk.dispatch_backends(mk.RELEASES[RELEASE]):
        assert DEST + "gf2x_%s/backend_%s.c" % (backend, backend) in created
    kernels = sorted((ROOT / "src" / "keccak_x86").glob("*.c"))
    assert kernels and all(DEST + "keccak_x86/" + k.name in created for k in kernels)
    glue = [p for p in created if "/integration/liboqs/" in p]
    assert {Path(p).name for p in glue} == {"hqc_fast.cmake", "oqs_sha3.c",
                                           "oqs_randombytes.c", "oqs_encaps_derand.c"}


def test_isa_flags_are_the_makefiles_per_file():
    """The CMake fragment gives each of our sources exactly the machine flags the Makefile
    gives it (its backend folder's ISA_<x>, a Keccak kernel's own ISA_<stem>), and every file
    that has such flags is listed: nothing else gets -m flags."""
    mk = load_script("make-patches")
    glue = SERIES / "0002-add-liboqs-0.16.0-glue.patch"
    cmake = ["".join(l[1:] + "\n" for l in hunk if l.startswith("+"))
             for _, new, hunk in parse_patch(glue) if new.endswith("/hqc_fast.cmake")][0]
    calls = re.findall(r'^hqc_fast_isa_flags\("([^"]*)"\n((?:    \S+\n?)+)\)', cmake, re.M)
    given = {f: flags.split(";") for flags, files in calls for f in files.split()}
    flagged = [l for l in cmake.splitlines() if re.search(r"(^|[\s\";])-m[a-z]", l)]
    assert len(flagged) == len(calls), flagged
    sources = [p.split(DEST, 1)[1] for p in re.findall(r"^\+\+\+ b/(\S+\.c)$",
               (SERIES / "0001-add-hqc-fast-kem.patch").read_text(), re.M)]
    for rel in sources:
        want = mk.file_isa_flags(ROOT / "src" / rel)[0]
        assert given.get(rel, []) == want, rel
    assert set(given) <= set(sources)
    assert {"gf2x_vpclmul/backend_vpclmul.c", "keccak_x86/keccak_f1600_x4_avx2.c"} <= set(given)
    # AVX-512 flags on the avx512 backend and on the one Keccak kernel written for AVX-512VL.
    assert all("-mavx512f" not in f for rel, f in given.items()
               if not rel.startswith("gf2x_avx512/") and rel != "keccak_x86/keccak_f1600_x4_avx512vl.c")
    assert given["keccak_x86/keccak_f1600_x4_avx512vl.c"] == ["-mavx512f", "-mavx512vl"]


@pytest.mark.parametrize("embedded", [False, True])
def test_embedded_dispatcher(tmp_path, embedded):
    """src/hqc/backend.c as the series builds it (HQC_EMBEDDED) references no variable-time
    table and reads no environment; as the project builds it, it does both."""
    mk = load_script("make-patches")
    spec = mk.RELEASES[RELEASE]
    defines = spec["defines"] + ["HQC_HAVE_" + b.upper() for b in mk.dispatch_backends(spec)]
    if not embedded:
        defines.remove("HQC_EMBEDDED")
    obj = tmp_path / "backend.o"
    run(["cc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-D_DEFAULT_SOURCE", "-DHQC_LEVEL=1",
         *("-D" + d for d in defines), "-I", ROOT / "src" / "hqc", "-I", ROOT / "include",
         "-c", ROOT / "src" / "hqc" / "backend.c", "-o", obj])
    undefined = {l.split()[-1] for l in run(["nm", "-u", obj]).stdout.splitlines()}
    variable_time = {s for s in undefined if s.endswith("_sparse")}
    assert bool(variable_time) != embedded and ("getenv" in undefined) != embedded, undefined
    assert "hqc1_backend_vpclmul" in undefined and "hqc1_backend_avx512" in undefined


# ------------------------------------------------------------------------------------------
# A real liboqs 0.16.0 tree (LIBOQS_SRC).

def liboqs_tree():
    tree = liboqs_source()
    if not (tree / "src" / "kem" / "hqc" / "kem_hqc_1.c").is_file():
        pytest.fail("%s is not a liboqs tree with HQC" % tree)
    for tool in ("cmake", "patch"):
        if shutil.which(tool) is None:
            pytest.skip("%s is not installed (scripts/install-deps installs it)" % tool)
    return tree


def build_liboqs(tree, build, *options, target=None):
    generator = ["-GNinja"] if shutil.which("ninja") else []
    run(["nice", "-n", "15", "cmake", *generator, "-S", tree, "-B", build,
         "-DOQS_MINIMAL_BUILD=" + MINIMAL, "-DOQS_DIST_BUILD=ON", *options])
    run(["nice", "-n", "15", "cmake", "--build", build, "-j2",
         *(["--target", target] if target else [])])
    return build


def copy_liboqs(dest):
    """A copy of $LIBOQS_SRC at dest (the tree itself is never modified)."""
    shutil.copytree(liboqs_tree(), dest, symlinks=True,
                    ignore=shutil.ignore_patterns("build*", ".git"))
    return dest


def compile_against(build, source, exe, *link):
    """One of tests/liboqs/*.c compiled with a liboqs build's headers and linked with link."""
    run(["cc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-I", build / "include",
         ROOT / "tests" / "liboqs" / source, *link, "-o", exe])
    return exe


@pytest.fixture(scope="module")
def patched_tree(tmp_path_factory):
    """A patched copy of $LIBOQS_SRC."""
    tree = copy_liboqs(tmp_path_factory.mktemp("liboqs") / "liboqs")
    run(["python3", APPLY, tree])
    return tree


@pytest.fixture(scope="module")
def patched(patched_tree):
    """The patched copy and its static Release build."""
    build = build_liboqs(patched_tree, patched_tree.parent / "build", "-DCMAKE_BUILD_TYPE=Release",
                         "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON")
    return patched_tree, build


def test_compiled_isa_flags(patched):
    """What the build ran: each of our files with the Makefile's flags for it, none of liboqs's
    own HQC files with ours."""
    tree, build = patched
    mk = load_script("make-patches")
    ours = tree / DEST
    seen, compiled = 0, set()
    for c in json.loads((build / "compile_commands.json").read_text()):
        f, words = Path(c["file"]), c["command"].split()
        compiled.add(f)
        mflags = [w for w in words if re.match(r"-m(avx|bmi|pclmul|vpclmul|gfni)", w)]
        if f.is_relative_to(ours) and "integration" not in f.parts:
            assert mflags == mk.file_isa_flags(ROOT / "src" / f.relative_to(ours))[0], f
            seen += 1
        elif f.is_relative_to(tree / "src" / "kem" / "hqc"):
            assert not mflags, (f, mflags)
    assert seen > 0
    # SHA3 from our Keccak unless liboqs takes it from OpenSSL (test_sha3_from_openssl).
    assert ours / "hqc" / "sha3.c" in compiled
    assert ours / "integration" / "liboqs" / "oqs_sha3.c" not in compiled


def kats_json(tree):
    return json.loads((tree / "tests" / "KATs" / "kem" / "kats.json").read_text())


def kat_sha256(kat_kem_output):
    """What kats.json records of kat_kem's output: its sha256, with Unix line ends."""
    return hashlib.sha256(kat_kem_output.replace("\r\n", "\n").encode()).hexdigest()


def assert_kem_programs_pass(execute, kat_kem, test_kem, derand_check, alg, want, scopes, where):
    """liboqs's kat_kem hashes to kats.json (want: its entry for alg) for each scope ("single":
    the first vector, "all": the 100), its test_kem passes with the derandomised round trip, and
    derand_check finds the derandomised entry points agreeing with the randomised ones.
    execute(*cmd) runs one program (natively or under an emulator) and returns its result."""
    for scope in scopes:
        res = execute(kat_kem, alg, *(["--all"] if scope == "all" else []))
        assert kat_sha256(res.stdout) == want[scope], (where, alg, scope)
    assert "failed, as expected" not in execute(test_kem, alg).stdout, (where, alg)
    assert "agree" in execute(derand_check, alg).stdout, (where, alg)


def expected_keccak(cpu):
    """The Keccak kernels src/hqc/keccak.c picks for these CPU features."""
    bmi = {"bmi1", "bmi2"} <= cpu
    x4 = "avx512vl" if {"avx512f", "avx512vl"} <= cpu else "avx2" if "avx2" in cpu else ""
    return "+".join(k for k in ("bmi" if bmi else "", x4) if k) or "portable"


def expected_backend(cpu):
    """The table src/hqc/backend.c picks for these CPU features: the fastest whose features
    (src/gf2x_*/backend_*.c) are all there."""
    avx2 = {"avx2", "pclmul", "bmi2"}
    if avx2 | {"avx512f", "avx512bw", "avx512dq", "avx512vl", "vpclmulqdq", "gfni"} <= cpu:
        return "avx512"
    if avx2 | {"vpclmulqdq"} <= cpu:
        return "vpclmul"
    return "avx2" if avx2 <= cpu else "ref"


@pytest.fixture(scope="module")
def programs(patched, tmp_path_factory):
    """tests/liboqs/backend_choice.c and derand_check.c linked with the patched liboqs.a.
    backend_choice counts the calls liboqs makes into each implementation through -Wl,--wrap."""
    tree, build = patched
    out = tmp_path_factory.mktemp("liboqs-programs")
    wrapped = ["-Wl,--wrap=%s_%s" % (kem, op) for level in LEVELS
               for kem in ("hqc%s_crypto_kem" % level, "PQCHQC_HQC%s_C_crypto_kem" % level)
               for op in ("keypair", "enc", "dec")]
    compile_against(build, "backend_choice.c", out / "backend_choice", "-DHQC_LEVEL=1",
                    "-I", tree / DEST / "hqc", "-I", tree / DEST / "include",
                    build / "lib" / "liboqs.a", "-lcrypto", "-lpthread", *wrapped)
    compile_against(build, "derand_check.c", out / "derand_check", build / "lib" / "liboqs.a",
                    "-lcrypto", "-lpthread")
    return out


def choice_report(text):
    """backend_choice's report (or served_by_gdb.py's) as {key: value}."""
    return dict(l.split(": ", 1) for l in text.splitlines())


def test_backend_choice(programs):
    """The kernels the patched liboqs runs here are the fastest the CPU allows, and liboqs sends
    HQC to our KEM; under valgrind, which hides VPCLMULQDQ (and cannot run it), the same choice
    is made from what it shows."""
    exe = programs / "backend_choice"
    runs = [[exe]] + ([["valgrind", "-q", "--error-exitcode=1", exe]]
                      if shutil.which("valgrind") else [])
    for cmd in runs:
        out = choice_report(run(cmd).stdout)
        cpu = set(out["cpu"].split())
        for level in LEVELS:
            assert out["hqc" + level] == expected_backend(cpu), (cmd, out)
            assert out["hqc%s-kem" % level] == "hqc-fast", (cmd, out)
        assert out["keccak"] == expected_keccak(cpu), (cmd, out)


# The DIST build on CPUs emulated by qemu-user (qemu-x86_64 -cpu MODEL raises SIGILL on any
# instruction the model lacks; it has no VPCLMULQDQ or AVX-512, so those run only natively):
# per model, which implementation liboqs's kem_hqc_<L>.c calls (OQS_CPU_has_extension: AVX2,
# PCLMULQDQ and BMI2, or its ref), the backend of our dispatcher (which also serves the
# derandomised entry points) and our Keccak kernels.
EMULATED = {
    "Nehalem": ("liboqs-ref", "ref", "portable"),           # no AVX, no PCLMULQDQ
    "Haswell,-bmi2": ("liboqs-ref", "ref", "avx2"),
    "Haswell,-pclmulqdq": ("liboqs-ref", "ref", "bmi+avx2"),
    "Haswell": ("hqc-fast", "avx2", "bmi+avx2"),             # no VPCLMULQDQ
}
# Models whose KAT files are checked whole (kat_kem --all, 100 vectors per level: about 45 s
# for liboqs's ref under qemu, 17 s for ours); the others check the first vector.
EMULATED_ALL_KATS = ("Nehalem", "Haswell")


@pytest.mark.parametrize("model", list(EMULATED))
def test_emulated_cpu(patched, programs, model):
    """Under qemu-x86_64 -cpu MODEL, liboqs sends HQC to the implementation that CPU runs
    (counted by backend_choice), and at every level liboqs's kat_kem matches kats.json,
    test_kem passes, and the derandomised entry points (always ours) agree with the randomised
    ones: on CPUs without the baseline that compares our ref backend with liboqs's ref."""
    qemu = [qemu_x86_64(), "-cpu", model]
    tree, build = patched
    kem, backend, keccak = EMULATED[model]

    def emulated(*cmd):
        res = run([*qemu, *cmd], check=False)
        assert res.returncode == 0, "%s under -cpu %s exited %d%s:\n%s" % (
            " ".join(map(str, cmd)), model, res.returncode,
            " (SIGILL)" if died_of_sigill(res) else "", res.stderr[-2000:])
        return res

    out = choice_report(emulated(programs / "backend_choice").stdout)
    for level in LEVELS:
        assert (out["hqc%s-kem" % level], out["hqc" + level]) == (kem, backend), (model, out)
    assert out["keccak"] == keccak, (model, out)
    want = kats_json(tree)
    scopes = ("single", "all") if model in EMULATED_ALL_KATS else ("single",)
    for level in LEVELS:
        alg = "HQC-" + level
        assert_kem_programs_pass(emulated, build / "tests" / "kat_kem", build / "tests" / "test_kem",
                                 programs / "derand_check", alg, want[alg], scopes, model)


def test_apply_refuse_revert_byte_identical(tmp_path):
    tree = copy_liboqs(tmp_path / "liboqs")
    before = snapshot(tree)
    run(["python3", APPLY, tree])
    assert (tree / DEST / "hqc" / "kem.c").is_file()
    again = run(["python3", APPLY, tree], check=False)
    assert again.returncode == 1 and "already patched" in again.stderr
    run(["python3", APPLY, tree, "--revert"])
    assert snapshot(tree) == before


def test_options_enabled_and_seed_lengths(patched):
    tree, build = patched
    config = (build / "include" / "oqs" / "oqsconfig.h").read_text()
    header = (build / "include" / "oqs" / "kem_hqc.h").read_text()
    for level in LEVELS:
        assert "#define OQS_ENABLE_KEM_hqc_%s_x86_64 1" % level in config
        kp, enc = SEEDS[level]
        assert "#define OQS_KEM_hqc_%s_length_keypair_seed %d" % (level, kp) in header
        assert "#define OQS_KEM_hqc_%s_length_encaps_seed %d" % (level, enc) in header


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("scope", ["single", "all"])
def test_liboqs_kat_digest(patched, level, scope):
    """liboqs's kat_kem (its NIST DRBG through OQS_randombytes) hashes to kats.json."""
    tree, build = patched
    args = [build / "tests" / "kat_kem", "HQC-" + level] + (["--all"] if scope == "all" else [])
    assert kat_sha256(run(args).stdout) == kats_json(tree)["HQC-" + level][scope]


@pytest.mark.parametrize("level", LEVELS)
def test_liboqs_test_kem(patched, level):
    """liboqs's test_kem, whose derandomised round trip now succeeds instead of failing as
    expected."""
    _, build = patched
    out = run([build / "tests" / "test_kem", "HQC-" + level]).stdout
    assert "failed, as expected" not in out


@pytest.mark.parametrize("level", LEVELS)
def test_derand_agrees_with_randomised(programs, level):
    assert "agree" in run([programs / "derand_check", "HQC-" + level]).stdout


def test_namespace_rule(patched):
    """liboqs's test_binary.py rule: every global text symbol starts with an allowed prefix
    (ours start with hqc)."""
    _, build = patched
    out = run(["nm", "-g", "--defined-only", build / "lib" / "liboqs.a"]).stdout
    ours = [l.split()[-1] for l in out.splitlines() if re.search(r" [TDR] hqc", l)]
    assert any(s == "hqc1_crypto_kem_keypair_derand" for s in ours)
    allowed = ("oqs", "pqclean", "keccak", "pqchqc", "hqc", "sha3", "shake", "init", "fini")
    stray = [l.split()[-1] for l in out.splitlines() if " T " in l
             and not l.split()[-1].lower().lstrip("_").startswith(allowed)]
    assert not stray, "symbols outside liboqs's namespaces: %s" % stray[:10]


def test_sha3_from_openssl(patched, tmp_path):
    """In a liboqs that takes SHA3 from OpenSSL, G, H, I and J go through OQS_SHA3 (the glue's
    oqs_sha3.c in place of our sha3.c) and the KAT digests still match."""
    tree, _ = patched
    build = build_liboqs(tree, tmp_path / "build-ossl", "-DCMAKE_BUILD_TYPE=Release",
                         "-DOQS_USE_OPENSSL=ON", "-DOQS_USE_SHA3_OPENSSL=ON",
                         "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON")
    files = {Path(c["file"]).relative_to(tree).as_posix()
             for c in json.loads((build / "compile_commands.json").read_text())
             if Path(c["file"]).is_relative_to(tree)}
    assert DEST + "integration/liboqs/oqs_sha3.c" in files and DEST + "hqc/sha3.c" not in files
    want = kats_json(tree)
    for level in LEVELS:
        out = run([build / "tests" / "kat_kem", "HQC-" + level, "--all"]).stdout
        assert kat_sha256(out) == want["HQC-" + level]["all"], level


# ------------------------------------------------------------------------------------------
# The shared library (BUILD_SHARED_LIBS=ON), which liboqs-python, liboqs-rust and oqs-provider
# link.

SHARED = ("-DCMAKE_BUILD_TYPE=Release", "-DBUILD_SHARED_LIBS=ON")


@pytest.fixture(scope="module")
def shared(patched_tree):
    """The patched copy's shared Release DIST build: liboqs.so, liboqs's test programs linked
    with it, and derand_check and interpose_check linked with it too."""
    build = build_liboqs(patched_tree, patched_tree.parent / "build-shared", *SHARED)
    lib = build / "lib"
    for program in ("derand_check", "interpose_check"):
        compile_against(build, program + ".c", build / "tests" / program, "-L", lib, "-loqs",
                        "-Wl,-rpath," + str(lib))
    return build


def dynamic_symbols(lib):
    """liboqs.so's exported symbols: {name: nm type}."""
    out = run(["nm", "-D", "--defined-only", lib / "liboqs.so"]).stdout
    return {l.split()[-1]: l.split()[-2] for l in out.splitlines()}


def test_shared_exports_liboqs_abi_only(shared, tmp_path):
    """Our code stays out of liboqs.so's ABI: it exports exactly the symbols of the pristine
    tree's same shared build (the OQS_ API, and liboqs's own Keccak assembly), the HQC entry
    points among them, while our functions are in the library as local symbols."""
    pristine = build_liboqs(copy_liboqs(tmp_path / "pristine"), tmp_path / "build", *SHARED,
                            target="oqs")
    ours = dynamic_symbols(shared / "lib")
    assert ours == dynamic_symbols(pristine / "lib")
    for level in LEVELS:
        for op in ("keypair", "keypair_derand", "encaps", "encaps_derand", "decaps"):
            assert ours.get("OQS_KEM_hqc_%s_%s" % (level, op)) == "T", (level, op)
    assert not [s for s in ours if s.lower().lstrip("_").startswith(("hqc", "pqchqc"))]
    local = run(["nm", "--defined-only", shared / "lib" / "liboqs.so"]).stdout.split("\n")
    for level in LEVELS:
        assert any(l.endswith(" t hqc%s_crypto_kem_keypair" % level) for l in local), level


def assert_loads_liboqs_so(exe, lib):
    """exe needs liboqs.so, resolves it to lib's build, and holds none of liboqs itself (no
    OQS_ KEM function linked in statically)."""
    needed = re.findall(r"\(NEEDED\)\s+Shared library: \[(\S+)\]",
                        run(["readelf", "-d", exe]).stdout)
    soname = [n for n in needed if n.startswith("liboqs.so")]
    assert soname, (exe, needed)
    resolved = re.search(r"^\s*%s => (\S+)" % re.escape(soname[0]), run(["ldd", exe]).stdout,
                         re.M)
    assert resolved and Path(resolved.group(1)).resolve() == lib.resolve(), exe
    defined = run(["nm", "--defined-only", exe]).stdout
    assert not re.search(r" (OQS_KEM_new|OQS_KEM_hqc_1_keypair)$",
                         defined, re.M), exe


def test_shared_calls_cannot_be_interposed(shared):
    """A program defining hqc<L>_crypto_kem_* itself (as one linking libhqc does) does not
    capture liboqs.so's calls: they stay on the library's own KEM. With our functions exported
    (the series before they were hidden) all three round trips failed into the decoys."""
    exe = shared / "tests" / "interpose_check"
    assert_loads_liboqs_so(exe, shared / "lib" / "liboqs.so")
    out = run([exe]).stdout
    assert "program's definitions called: 0" in out and out.count("round trip: ok") == 3, out


def test_shared_stack_not_executable(shared):
    """liboqs's test_binary.py::test_non_executable_stack: liboqs.so's GNU_STACK is RW."""
    out = run(["readelf", "--wide", "--segments", shared / "lib" / "liboqs.so"]).stdout
    stack = [l.split() for l in out.splitlines() if "GNU_STACK" in l]
    assert len(stack) == 1 and stack[0][6] == "RW", stack


def test_shared_liboqs_pytest(shared, patched_tree, tmp_path):
    """liboqs's own pytest on the shared build: namespace (nm -D of liboqs.so), non-executable
    stack, KATs (first vector and all), test_kem, and test_distbuild's test_kem under qemu
    -cpu Westmere (liboqs's ref, our derandomised path on our ref backend). test_distbuild
    looks for qemu-x86_64-static; our qemu-user is the same emulator, dynamically linked."""
    files = ["test_binary.py", "test_kat.py", "test_kat_all.py", "test_cmdline.py"]
    env = dict(os.environ, OQS_BUILD_DIR=str(shared))
    qemu = shutil.which("qemu-x86_64-static") or shutil.which("qemu-x86_64")
    if qemu:
        (tmp_path / "qemu-x86_64-static").symlink_to(qemu)
        env["PATH"] = "%s:%s" % (tmp_path, env["PATH"])
        files.append("test_distbuild.py")
    res = run(["python3", "-m", "pytest", "-q", "-p", "no:cacheprovider",
               *("tests/" + f for f in files), "-k", "HQC or namespace or stack"],
              check=False, cwd=patched_tree, env=env)
    # All of them pass, none skipped: 2 of test_binary, 3 per other file.
    want = r"^%d passed, \d+ deselected in " % (2 + 3 * (len(files) - 1))
    assert res.returncode == 0 and re.search(want, res.stdout, re.M), res.stdout[-3000:]


@pytest.mark.parametrize("level", LEVELS)
def test_shared_kat_test_kem_derand(shared, patched_tree, level):
    """liboqs's kat_kem and test_kem, and derand_check, as programs that load liboqs.so: the
    KAT digests equal kats.json (first vector and all 100), test_kem runs the derandomised
    round trip, the derandomised entry points agree with the randomised ones."""
    lib = shared / "lib" / "liboqs.so"
    tests = shared / "tests"
    for exe in ("kat_kem", "test_kem", "derand_check"):
        assert_loads_liboqs_so(tests / exe, lib)
    alg = "HQC-" + level
    assert_kem_programs_pass(lambda *cmd: run(cmd), tests / "kat_kem", tests / "test_kem",
                             tests / "derand_check", alg, kats_json(patched_tree)[alg],
                             ("single", "all"), "liboqs.so")


# served_by_gdb.py prints its report after this line, below the program's own output.
REPORT_MARK = "--- served_by_gdb report ---\n"


@pytest.mark.parametrize("level", LEVELS)
def test_shared_serves_hqc_with_our_kem(shared, level):
    """In liboqs's test_kem loading liboqs.so, every HQC keygen, encaps and decaps goes to our
    KEM, none to liboqs's ref, and our dispatcher (the library's own, asked in the running
    process) runs the fastest backend and Keccak kernels the CPU allows. liboqs.so calls our
    hidden functions directly, so -Wl,--wrap (test_backend_choice) cannot count them: gdb's
    breakpoints on their entries do (tests/liboqs/served_by_gdb.py)."""
    if shutil.which("gdb") is None:
        pytest.skip("gdb is not installed: it counts the calls inside liboqs.so")
    res = run(["gdb", "-q", "-batch", "-nx", "-x", ROOT / "tests" / "liboqs" / "served_by_gdb.py",
               "--args", shared / "tests" / "test_kem", "HQC-" + level])
    out = choice_report(res.stdout.split(REPORT_MARK, 1)[-1])
    assert Path(out["liboqs"]).resolve() == (shared / "lib" / "liboqs.so").resolve(), out
    assert out["exit"] == "0", res.stdout[-2000:]
    for other in LEVELS:
        assert out["hqc%s-kem" % other] == ("hqc-fast" if other == level else "none"), out
    if "calls" in out:
        # gdb could not call the dispatcher here (served_by_gdb.py says why): which backend it
        # picks is then test_backend_choice's evidence, from the static build.
        assert out["calls"].startswith("unavailable: "), out
        return
    cpu = set(out["cpu"].split())
    for other in LEVELS:
        assert out["hqc" + other] == expected_backend(cpu), out
    assert out["keccak"] == expected_keccak(cpu), out


def test_shared_through_liboqs_python(shared, tmp_path):
    """liboqs-python (PyPI, if installed: pip install liboqs-python==0.16.0.1) on an install of
    the patched shared build, named by its OQS_INSTALL_PATH (so it neither looks for nor
    downloads another liboqs): HQC-1/3/5 round trips, randomised and from keypair_derand
    (tests/liboqs/liboqs_python_round_trip.py), in a process that mapped that install's
    liboqs.so."""
    try:
        importlib.metadata.version("liboqs-python")
    except importlib.metadata.PackageNotFoundError:
        pytest.skip("liboqs-python is not installed (pip install liboqs-python==0.16.0.1)")
    prefix = tmp_path / "install"
    run(["cmake", "--install", shared, "--prefix", prefix])
    env = dict(os.environ, OQS_INSTALL_PATH=str(prefix))
    res = run([sys.executable, ROOT / "tests" / "liboqs" / "liboqs_python_round_trip.py"],
              check=False, env=env, timeout=120)
    assert res.returncode == 0, res.stdout[-2000:] + res.stderr[-2000:]
    out = choice_report("\n".join(l for l in res.stdout.splitlines() if ": " in l))
    assert [out["HQC-" + level] for level in LEVELS] == ["round trips ok"] * 3, out
    loaded = out["liboqs"].split()
    assert len(loaded) == 1 and Path(loaded[0]).resolve().parent == (prefix / "lib").resolve(), out


def test_liboqs_docs_are_what_its_generator_makes(patched, tmp_path):
    """The series documents the implementation in hqc.yml, and its hqc.md and ALGORITHMS.md are
    what liboqs's scripts/update_docs_from_yaml.py makes of that: rerunning it on the patched
    tree changes nothing. liboqs's test_alg_info.py (datasheet against the library) passes."""
    tree, build = patched
    yml = (tree / "docs" / "algorithms" / "kem" / "hqc.yml").read_text()
    assert yml.count("upstream: hqc-fast") == 3 and "required_flags" in yml
    env = dict(os.environ, OQS_BUILD_DIR=str(build))
    res = subprocess.run(["python3", "-m", "pytest", "-q", "tests/test_alg_info.py", "-k",
                          "HQC"], cwd=tree, env=env, capture_output=True, text=True)
    assert res.returncode == 0 and re.search(r"\b3 passed", res.stdout), res.stdout[-2000:]
    probe = subprocess.run(["python3", "-c", "import yaml, tabulate"], capture_output=True)
    if probe.returncode != 0:
        pytest.skip("liboqs's doc generator needs PyYAML and tabulate")
    copy = tmp_path / "liboqs"
    shutil.copytree(tree, copy, symlinks=True, ignore=shutil.ignore_patterns("build*", ".git"))
    before = snapshot(copy)
    run(["python3", copy / "scripts" / "update_docs_from_yaml.py", "--liboqs-root", copy])
    assert snapshot(copy) == before


@pytest.mark.skipif(os.environ.get("LIBOQS_CT") == "0",
                    reason="LIBOQS_CT=0 leaves out liboqs's constant-time test (Debug build, valgrind)")
def test_liboqs_constant_time(patched, tmp_path):
    tree, _ = patched
    if shutil.which("valgrind") is None:
        pytest.skip("valgrind is not installed")
    build = build_liboqs(tree, tmp_path / "build-ct", "-DCMAKE_BUILD_TYPE=Debug",
                         "-DOQS_ENABLE_TEST_CONSTANT_TIME=ON")
    env = dict(os.environ, OQS_BUILD_DIR=str(build))
    res = subprocess.run(["python3", "-m", "pytest", "-q", "tests/test_constant_time.py", "-k",
                          "HQC"], cwd=tree, env=env, capture_output=True, text=True)
    assert res.returncode == 0, res.stdout[-3000:] + res.stderr[-2000:]
    assert re.search(r"\b3 passed", res.stdout), res.stdout[-2000:]
