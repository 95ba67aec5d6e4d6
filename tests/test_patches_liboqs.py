# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The liboqs 0.16.0 series (patches/liboqs-0.16.0, generated once per session by the
liboqs_series fixture: it is not tracked): what liboqs's own import script makes of this
repository (scripts/make-liboqs-series; tests/test_liboqs_import.py checks that applying it gives
the imported tree byte for byte). Here: it carries our files verbatim and none of our
Keccak, SHA3 or randomness (liboqs's serve them); apply-patches applies it, refuses a second
application and reverts byte for byte; and on a tree it patched (the static Release build is
the imported tree's of test_liboqs_import, the same files): the derandomised entry points agree
with the randomised ones, every file gets exactly its machine flags, liboqs sends HQC to the
implementation the (emulated) CPU runs, SHA3 and SHAKE can come from OpenSSL, and the shared
library keeps our code out of its ABI. The pristine tree comes from ../shared/peers or
$LIBOQS_SRC and is never modified.
"""
import json
import os
import re
import shutil
import sys
from pathlib import Path

import pytest
import yaml

from conftest import PEERS_VENV, ROOT, built, died_of_sigill, liboqs_source, qemu_x86_64, run
from hqctools import liboqs_import as li
from lib.cpuflags import backend_runs, cpu_flags
from lib.liboqs import choice_report, compile_against, expected_backend, import_choice
from hqctools import make_patches
from lib.patches import parse_patch, snapshot  # what all trees' tests share

APPLY = ROOT / "scripts" / "apply-patches"
INTEGRATION = ROOT / "integration" / "liboqs"
HQC_DIR = "src/kem/hqc/"
IMPLS = ("ref", "x86_64", "aarch64")
LEVELS = ["1", "3", "5"]
# Seed lengths of the derandomised entry points: seed_kem, and m || salt (m of the level's
# security bytes, a 16-byte salt).
SEEDS = {"1": (32, 32), "3": (32, 40), "5": (32, 48)}


def folder(level, impl):
    return "%shqc-fast_hqc-%s_%s/" % (HQC_DIR, level, impl)


def created_files(series):
    """{path in the tree: text} of every file the series creates."""
    created = {}
    for name in (series / "series").read_text().split():
        for old, new, hunk in parse_patch(series / name):
            if old == "/dev/null":
                created[new.split("/", 1)[1]] = "".join(l[1:] + "\n" for l in hunk
                                                        if l.startswith("+"))
    return created


def test_series_carries_our_files_verbatim(liboqs_series):
    """Every implementation folder (3 levels x ref, x86_64, aarch64) holds exactly the files
    its META entry lists, and every common dependency's folder (the files that need more
    machine flags) exactly its COMMONS.yml sources, each a verbatim copy of ours; no
    variable-time sparse code, and none of our Keccak, SHA3 or getrandom: hashes, XOF and
    randomness are liboqs's (the glue's oqs_sha3.c, oqs_shake.c, oqs_randombytes.c)."""
    created = created_files(liboqs_series)
    commons = yaml.safe_load((INTEGRATION / "COMMONS.yml").read_text())["commons"]
    ours = [p for p in created if p.startswith(HQC_DIR + "hqc-fast_")]
    folders = {p.split("/")[3] for p in ours}
    for level in LEVELS:
        meta = yaml.safe_load((INTEGRATION / ("HQC-%s_META.yml" % level)).read_text())
        assert [i["name"] for i in meta["implementations"]] == list(IMPLS)
        for impl in meta["implementations"]:
            where = folder(level, impl["name"])
            listed = set(impl["sources"].split())
            got = {p[len(where):] for p in ours if p.startswith(where)}
            assert got == listed, (where, sorted(got ^ listed))
            for rel in got:
                assert created[where + rel] == (ROOT / rel).read_text(), where + rel
            names = {Path(r).name for r in got}
            assert {"oqs_sha3.c", "oqs_shake.c", "oqs_randombytes.c"} <= names
            assert not names & {"keccak.c", "keccak_batch.c", "sha3.c", "randombytes.c"}, where
            assert not [r for r in got if "sparse" in r or r.startswith("src/keccak_")], where
    for dep in commons:
        where = "%shqc-fast_%s/" % (HQC_DIR, dep["name"])
        got = {p[len(where):] for p in ours if p.startswith(where)}
        assert got == set(dep["sources"].split()), where
        for name in got:
            assert created[where + name] == (ROOT / dep["folder_name"] / name).read_text()
    assert len(folders) == 3 * len(IMPLS) + len(commons), sorted(folders)
    assert {d["name"].split("_", 2)[1] for d in commons} == {"x86", "aarch64"}


def test_series_edits_only_hqc_of_liboqs(liboqs_series):
    """Besides the new folders, the series edits liboqs's yml (our upstream), the files the
    import renders in src/kem/hqc, and the HQC options of alg_support.cmake and
    oqsconfig.h.cmake (every changed line names hqc, or is the if()/endif() around one)."""
    for name in (liboqs_series / "series").read_text().split():
        for old, new, hunk in parse_patch(liboqs_series / name):
            if old == "/dev/null":
                assert new.startswith("b/" + HQC_DIR + "hqc-fast_"), new
                continue
            path = old.split("/", 1)[1]
            if path in (".CMake/alg_support.cmake", "src/oqsconfig.h.cmake"):
                changed = [l[1:] for l in hunk if l[:1] in "+-" and not l.startswith("@@")]
                assert all(not l.strip() or "hqc" in l or re.match(r"\s*(end)?if\(", l)
                           for l in changed), (path, changed)
            else:
                assert path.startswith(HQC_DIR) or path == \
                    "scripts/copy_from_upstream/copy_from_upstream.yml", path


@pytest.mark.parametrize("embedded", [False, True])
def test_embedded_dispatcher(tmp_path, embedded):
    """src/hqc/backend.c as liboqs builds it (HQC_EMBEDDED, from hqc_liboqs.h) references no
    variable-time table and reads no environment; as the project builds it, it does both."""
    defines = ["HQC_HAVE_AVX2", "HQC_HAVE_VPCLMUL", "HQC_HAVE_AVX512"] + \
        (["HQC_EMBEDDED"] if embedded else [])
    obj = tmp_path / "backend.o"
    run(["cc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-D_DEFAULT_SOURCE", "-DHQC_LEVEL=1",
         *("-D" + d for d in defines), "-I", ROOT / "src" / "hqc", "-I", ROOT / "src" / "fips202",
         "-I", ROOT / "include", "-c", ROOT / "src" / "hqc" / "backend.c", "-o", obj])
    undefined = {l.split()[-1] for l in run(["nm", "-u", obj]).stdout.splitlines()}
    variable_time = {s for s in undefined if s.endswith("_sparse")}
    reads_env = bool({"getenv", "secure_getenv"} & undefined)
    assert bool(variable_time) != embedded and reads_env != embedded, undefined
    assert "hqc1_backend_vpclmul" in undefined and "hqc1_backend_avx512" in undefined


# ------------------------------------------------------------------------------------------
# A liboqs 0.16.0 tree patched with the series.

def liboqs_tree():
    tree = liboqs_source()
    if not (tree / "src" / "kem" / "hqc" / "kem_hqc_1.c").is_file():
        pytest.fail("%s is not a liboqs tree with HQC" % tree)
    for tool in ("cmake", "patch"):
        if shutil.which(tool) is None:
            pytest.skip("%s is not installed (scripts/install-deps installs it)" % tool)
    return tree


def build_liboqs(tree, build, *options, target=None):
    return built(li.build_liboqs, tree, build, *options, target=target)


def copy_liboqs(dest):
    """A copy of the pristine tree at dest (the tree itself is never modified)."""
    shutil.copytree(liboqs_tree(), dest, symlinks=True,
                    ignore=shutil.ignore_patterns("build*", ".git"))
    return dest


@pytest.fixture(scope="module")
def patched_tree(tmp_path_factory):
    """A copy of the pristine tree patched by apply-patches."""
    tree = copy_liboqs(tmp_path_factory.mktemp("liboqs") / "liboqs")
    run(["python3", APPLY, tree])
    return tree


@pytest.fixture(scope="module")
def patched(imported, import_build):  # noqa: F811
    """A tree with the series' files and its static Release build: the imported tree's, the
    same files as a patched one (test_liboqs_import.test_series_is_the_import)."""
    return imported[1], import_build


def kats_json(tree):
    return json.loads((tree / "tests" / "KATs" / "kem" / "kats.json").read_text())


def kat_sha256(kat_kem_output):
    """What kats.json records of kat_kem's output: its sha256, with Unix line ends."""
    import hashlib
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


@pytest.fixture(scope="module")
def programs(patched, tmp_path_factory):
    """import_choice and derand_check linked with the patched liboqs.a."""
    _, build = patched
    out = tmp_path_factory.mktemp("liboqs-programs")
    import_choice(build, out)
    compile_against(build, "derand_check.c", out / "derand_check", build / "lib" / "liboqs.a",
                    "-lcrypto", "-lpthread")
    return out


def test_compiled_isa_flags(patched):
    """What the build ran: the files of our ref folders with no machine flag; those of the
    x86_64 folders with the implementation's required flags (AVX2, BMI2, PCLMULQDQ: liboqs
    calls it only where the CPU has them) and, in a common dependency, exactly the Makefile's
    flags for that folder too (the AVX-512 ones only in the avx512 folder); none of liboqs's own
    files with ours."""
    tree, build = patched
    mk = make_patches
    commands = json.loads((build / "compile_commands.json").read_text())
    seen = set()
    for c in commands:
        path = Path(c["file"])
        if not path.is_relative_to(tree / HQC_DIR):
            continue
        rel = path.relative_to(tree).as_posix()
        words = c.get("command", "").split() or c.get("arguments", [])
        flags = {w for w in words if re.match(r"-m(?!64\b)[a-z]", w)}
        m = re.match(re.escape(HQC_DIR) + r"hqc-fast_(?:hqc-\d_(ref|x86_64)|hqc\d_x86_64_(\w+))/(.*)", rel)
        if not m:
            assert not flags & {"-mavx512f", "-mvpclmulqdq"}, rel  # liboqs's own HQC
            continue
        impl, dep, inner = m.groups()
        seen.add(impl or dep)
        if impl == "ref":
            assert not flags, rel
            continue
        base = {"-mavx2", "-mbmi2", "-mpclmul"}
        want = base | (set(mk.isa_flags(mk.backend_dir(dep))[0]) if dep else set())
        assert flags == want, (rel, sorted(flags), sorted(want))
    assert {"ref", "x86_64", "avx512", "vpclmul"} <= seen, seen


# The DIST build on CPUs emulated by qemu-user (qemu-x86_64 -cpu MODEL raises SIGILL on any
# instruction the model lacks; it has no VPCLMULQDQ or AVX-512, so those run only natively):
# per model, which of our implementations liboqs's kem_hqc_<L>.c calls (OQS_CPU_has_extension:
# AVX2, BMI2 and PCLMULQDQ for x86_64) and the backend of its dispatcher.
EMULATED = {
    "Nehalem": ("ref", "-"),                # no AVX, no PCLMULQDQ
    "Haswell,-bmi2": ("ref", "-"),
    "Haswell,-pclmulqdq": ("ref", "-"),
    "Haswell": ("x86_64", "avx2"),          # no VPCLMULQDQ
}
# Models whose KAT files are checked whole (kat_kem --all, 100 vectors per level); the others
# check the first vector.
EMULATED_ALL_KATS = ("Nehalem", "Haswell")


@pytest.mark.parametrize("model", list(EMULATED))
def test_emulated_cpu(patched, programs, model):
    """Under qemu-x86_64 -cpu MODEL, liboqs sends HQC to the implementation that CPU runs, and
    at every level liboqs's kat_kem matches kats.json, test_kem passes, and the derandomised
    entry points agree with the randomised ones."""
    qemu = [qemu_x86_64(), "-cpu", model]
    tree, build = patched
    impl, backend = EMULATED[model]

    def emulated(*cmd):
        res = run([*qemu, *cmd], check=False)
        assert res.returncode == 0, "%s under -cpu %s exited %d%s:\n%s" % (
            " ".join(map(str, cmd)), model, res.returncode,
            " (SIGILL)" if died_of_sigill(res) else "", res.stderr[-2000:])
        return res

    out = choice_report(emulated(programs / "import_choice").stdout)
    for level in LEVELS:
        assert (out["hqc%s-kem" % level], out["hqc" + level]) == (impl, backend), (model, out)
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
    for level in LEVELS:
        for impl in IMPLS:
            assert (tree / folder(level, impl) / "src" / "hqc" / "kem.c").is_file()
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
        assert "OQS_ENABLE_KEM_hqc_%s_aarch64 1" % level not in config
        kp, enc = SEEDS[level]
        assert "#define OQS_KEM_hqc_%s_length_keypair_seed %d" % (level, kp) in header
        assert "#define OQS_KEM_hqc_%s_length_encaps_seed %d" % (level, enc) in header


@pytest.mark.parametrize("level", LEVELS)
def test_derand_agrees_with_randomised(programs, level):
    assert "agree" in run([programs / "derand_check", "HQC-" + level]).stdout


def test_sha3_and_shake_from_openssl(patched, tmp_path):
    """In a liboqs that takes SHA3 from OpenSSL, every hash and XOF of ours goes through
    OQS_SHA3 (the glue's oqs_sha3.c and oqs_shake.c; our Keccak is not even in the tree), and
    the KAT digests still match."""
    tree, _ = patched
    build = build_liboqs(tree, tmp_path / "build-ossl", "-DCMAKE_BUILD_TYPE=Release",
                         "-DOQS_USE_OPENSSL=ON", "-DOQS_USE_SHA3_OPENSSL=ON",
                         "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON")
    files = {Path(c["file"]).relative_to(tree).as_posix()
             for c in json.loads((build / "compile_commands.json").read_text())
             if Path(c["file"]).is_relative_to(tree)}
    for level in LEVELS:
        for impl in ("ref", "x86_64"):
            where = folder(level, impl)
            assert {where + "integration/liboqs/oqs_sha3.c",
                    where + "integration/liboqs/oqs_shake.c"} <= files
            assert not [f for f in files if f.startswith(where) and "keccak" in f], where
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
    """The patched tree's shared Release DIST build: liboqs.so, liboqs's test programs linked
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
        for impl in ("REF", "X86_64"):
            name = " t HQCFAST_HQC%s_%s_hqc%s_crypto_kem_keypair" % (level, impl, level)
            assert any(l.endswith(name) for l in local), name


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
    assert not re.search(r" (OQS_KEM_new|OQS_KEM_hqc_1_keypair)$", defined, re.M), exe


def test_shared_calls_cannot_be_interposed(shared):
    """A program defining hqc<L>_crypto_kem_* itself (as one linking libhqc does) does not
    capture liboqs.so's calls: they stay on the library's own KEM, whose names are prefixed
    and hidden."""
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
    -cpu Westmere (our ref implementation). test_distbuild looks for qemu-x86_64-static; our
    qemu-user is the same emulator, dynamically linked."""
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
    x86_64 implementation, none to the ref one, and its dispatcher (the library's own, asked
    in the running process) runs the fastest backend the CPU allows. liboqs.so calls our
    hidden functions directly, so -Wl,--wrap cannot count them: gdb's breakpoints on their
    entries do (tests/liboqs/served_by_gdb.py)."""
    if shutil.which("gdb") is None:
        pytest.fail("gdb is not installed (scripts/install-deps installs it): it counts the "
                    "calls inside liboqs.so")
    res = run(["gdb", "-q", "-batch", "-nx", "-x", ROOT / "tests" / "liboqs" / "served_by_gdb.py",
               "--args", shared / "tests" / "test_kem", "HQC-" + level])
    out = choice_report(res.stdout.split(REPORT_MARK, 1)[-1])
    assert Path(out["liboqs"]).resolve() == (shared / "lib" / "liboqs.so").resolve(), out
    assert out["exit"] == "0", res.stdout[-2000:]
    for other in LEVELS:
        assert out["hqc%s-kem" % other] == ("x86_64" if other == level else "none"), out
    # The backend that multiplied (breakpoints on each backend's product, no call into the
    # process needed) is the one /proc/cpuinfo's flags call for, read here without our CPUID.
    flags = cpu_flags()
    want = "ref"
    for name in ("avx2", "vpclmul", "avx512"):
        if backend_runs(name, flags):
            want = name
    assert out["hqc%s-multiplied" % level] == (want if want != "ref" else "none"), out
    if "calls" in out:
        # gdb could not call the dispatcher here (served_by_gdb.py says why, e.g. AMX state on
        # a Sapphire Rapids VM): the products above showed its choice.
        assert out["calls"].startswith("unavailable: "), out
    else:
        cpu = set(out["cpu"].split())
        for other in LEVELS:
            assert out["hqc" + other] == expected_backend(cpu) == want, out


def liboqs_python():
    """A Python with liboqs-python 0.16.0.1: the peers venv's, or the one running pytest."""
    probe = "import importlib.metadata as m; print(m.version('liboqs-python'))"
    for py in (PEERS_VENV / "bin" / "python3", Path(sys.executable)):
        if py.exists() and run([py, "-c", probe], check=False).stdout.strip() == "0.16.0.1":
            return py
    pytest.skip("liboqs-python 0.16.0.1 is not installed (scripts/install-deps puts it into %s)"
                % PEERS_VENV)


def test_shared_through_liboqs_python(shared, tmp_path):
    """liboqs-python 0.16.0.1 (PyPI; scripts/install-deps puts it into the peers venv) on an
    install of the patched shared build, named by its OQS_INSTALL_PATH (so it neither looks for
    nor downloads another liboqs): HQC-1/3/5 round trips, randomised and from keypair_derand
    (tests/liboqs/liboqs_python_round_trip.py), in a process that mapped that install's
    liboqs.so."""
    python = liboqs_python()
    prefix = tmp_path / "install"
    run(["cmake", "--install", shared, "--prefix", prefix])
    env = dict(os.environ, OQS_INSTALL_PATH=str(prefix))
    res = run([python, ROOT / "tests" / "liboqs" / "liboqs_python_round_trip.py"],
              check=False, env=env, timeout=120)
    assert res.returncode == 0, res.stdout[-2000:] + res.stderr[-2000:]
    out = choice_report("\n".join(l for l in res.stdout.splitlines() if ": " in l))
    assert [out["HQC-" + level] for level in LEVELS] == ["round trips ok"] * 3, out
    loaded = out["liboqs"].split()
    assert len(loaded) == 1 and Path(loaded[0]).resolve().parent == (prefix / "lib").resolve(), out
