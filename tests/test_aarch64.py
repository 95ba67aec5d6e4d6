# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The aarch64 build (issue 25) on this x86-64 host: `make CC=aarch64-linux-gnu-gcc` cross-builds
every program of `make all` into build/aarch64-test, and qemu-aarch64 runs them on emulated Arm
CPU models. Checked: the detected features, offered backends and default per model (and on a
CPU without PMULL, which no qemu model is, by hiding the HWCAP bit with tests/c/hwcap_mask.c),
the refusal of neon there, the official KAT digests of ref and neon, every neon operation
against the portable twin and libgf2x, the code and KEM tests, the Keccak kernels against
OpenSSL, and the hqc tool's round trip. qemu checks what the instructions compute, not their
timing. Counts are smaller than natively: TCG runs NEON code tens of times slower. Skips with a
message without the cross toolchain, the arm64 libraries or qemu-user (scripts/install-deps)."""
import json
import os
import shutil
from pathlib import Path

import pytest

from conftest import LEVELS, ROOT, run
from lib.dialects import DIALECTS

CROSS_CC = os.environ.get("HQC_AARCH64_CC", "aarch64-linux-gnu-gcc")
SYSROOT = Path("/usr/aarch64-linux-gnu")
ARM_LIBS = Path("/usr/lib/aarch64-linux-gnu")
ARM_BUILD = ROOT / "build" / "aarch64-test"
HWCAP_PMULL = 1 << 4  # arch/arm64/include/uapi/asm/hwcap.h

# qemu -cpu value (or a name ending in "-nopmull": that model with PMULL hidden): the features
# hqc_info must report, the backends it must offer, its default.
MODELS = {
    "max": ("asimd pmull sha3", ["ref", "neon"], "neon"),          # every extension qemu has
    "neoverse-n1": ("asimd pmull", ["ref", "neon"], "neon"),        # Graviton 2, Ampere Altra
    "cortex-a72": ("asimd pmull", ["ref", "neon"], "neon"),
    "a64fx": ("asimd pmull", ["ref", "neon"], "neon"),              # SVE, no SVE2 or SHA3
    "cortex-a72-nopmull": ("asimd", ["ref"], "ref"),                # Raspberry Pi 4
}


@pytest.fixture(scope="module")
def arm():
    missing = [p for p in (CROSS_CC, "qemu-aarch64") if shutil.which(p) is None]
    missing += [str(p) for p in (SYSROOT / "lib" / "libc.so.6", ARM_LIBS / "libcrypto.so", ARM_LIBS / "libgf2x.so")
                if not p.exists()]
    if missing:
        pytest.skip("the aarch64 tests need %s (scripts/install-deps: gcc-aarch64-linux-gnu, qemu-user, "
                    "libssl-dev:arm64, libgf2x3:arm64 and its libgf2x.so link)" % ", ".join(missing))
    run(["make", "-j2", "--no-print-directory", "CC=" + CROSS_CC, "BUILD=" + str(ARM_BUILD), "all"], cwd=ROOT,
        wrapper=[])
    run([CROSS_CC, "-shared", "-fPIC", "-O2", "-Wall", "-Wextra", "-Werror", ROOT / "tests" / "c" / "hwcap_mask.c",
         "-o", ARM_BUILD / "hwcap_mask.so", "-ldl"], wrapper=[])
    return ARM_BUILD


def emulated(arm, model, prog, *args, backend=None, check=False, timeout=900, cwd=None):
    """prog of the aarch64 build with args on the qemu CPU model, HQC_BACKEND unset or backend."""
    wrapper = ["qemu-aarch64", "-L", str(SYSROOT), "-cpu", model.replace("-nopmull", "")]
    if model.endswith("-nopmull"):
        wrapper += ["-E", "LD_PRELOAD=%s" % (arm / "hwcap_mask.so"), "-E", "HQC_TEST_HWCAP_CLEAR=%d" % HWCAP_PMULL]
    env = {k: v for k, v in os.environ.items() if k != "HQC_BACKEND"}
    if backend is not None:
        env["HQC_BACKEND"] = backend
    res = run([arm / "bin" / prog] + list(args), check=check, wrapper=wrapper, env=env, timeout=timeout, cwd=cwd)
    assert res.returncode != -4 and "signal 4" not in res.stderr, "%s: illegal instruction on %s" % (prog, model)
    return res


def test_built_for_aarch64(arm):
    head = (arm / "bin" / "hqc").read_bytes()[:20]
    assert head[:4] == b"\x7fELF" and int.from_bytes(head[18:20], "little") == 183  # EM_AARCH64
    src = arm / "obj" / "hqc1" / "src"
    objs = {p.parent.relative_to(src).as_posix() for p in src.rglob("*.o")}
    assert objs == {"hqc", "gf2x", "gf2x/native/aarch64/neon"}, objs


@pytest.mark.parametrize("model", MODELS)
def test_detects_the_model_and_offers_what_it_runs(arm, model):
    features, offered, default = MODELS[model]
    seen = json.loads(emulated(arm, model, "hqc_info", check=True).stdout)
    assert seen["cpu_features"] == features
    for level in LEVELS:
        lv = seen["levels"][str(level)]
        assert {b["name"] for b in lv["backends"]} == {"ref", "neon"}
        assert {b["name"] for b in lv["backends"] if b["supported"]} == set(offered), level
        assert lv["default"] == default, level


def test_refuses_neon_without_pmull(arm, tmp_path):
    """HQC_BACKEND=neon or --backend neon on a CPU without PMULL: refused with a message, nothing
    written, never a SIGILL. hqc_info reports the refusal and the default the library keeps
    (ref); the tool's commands stop with a usage error."""
    model = "cortex-a72-nopmull"
    res = emulated(arm, model, "hqc_info", backend="neon")
    assert res.returncode == 0 and "HQC_BACKEND" in res.stderr and "neon" in res.stderr, res.stderr
    info = json.loads(res.stdout)
    assert info["hqc_backend_refused"] == "this CPU lacks its features"
    assert {lv["default"] for lv in info["levels"].values()} == {"ref"}
    keygen = ["keygen", "--level", "1", "--pk", tmp_path / "pk", "--sk", tmp_path / "sk"]
    for res in (emulated(arm, model, "hqc", *keygen, "--backend", "neon"),
                emulated(arm, model, "hqc", *keygen, backend="neon")):
        assert res.returncode == 2 and "neon" in res.stderr, (res.returncode, res.stderr)
        assert not (tmp_path / "pk").exists() and not (tmp_path / "sk").exists()
    # ref still works there
    emulated(arm, model, "hqc", *keygen, "--backend", "ref", check=True)


def test_kat_files_match_the_official_digests(arm):
    """`hqc kat --check`: both KAT files of every level, with ref and with neon, in every
    dialects (src/hqc/dialect.h), regenerated and compared with the official SHA-256 digests."""
    res = emulated(arm, "max", "hqc", "kat", "--check", check=True, timeout=1800)
    assert "DIFFERS" not in res.stdout
    for level in LEVELS:
        for dialect in (d.name for d in DIALECTS):
            for name in ("ref", "neon"):
                assert any(line.startswith("HQC-%d %s %s:" % (level, dialect, name))
                           and line.count("matches") == 2
                           for line in res.stdout.splitlines()), (level, dialect, name, res.stdout)


@pytest.mark.parametrize("level", LEVELS)
def test_neon_operations_against_the_twins(arm, level):
    """hqcL_test_mul: every backend's product against ref and libgf2x (random operands, edge
    cases, four alignments and aliasing), the support expansion and the syndromes against the
    portable twins; then the RM/RS code test. neoverse-n1: no SHA3, so the neon backend may use
    nothing beyond ASIMD and PMULL."""
    # Under TCG the edge cases cost most (every boundary bit through ref, neon and libgf2x):
    # every 2nd, 4th, 16th boundary bit by level, and 400 supports instead of 3000.
    stride = {1: 2, 3: 4, 5: 16}[level]
    res = emulated(arm, "neoverse-n1", "hqc%d_test_mul" % level, "100", "1", "10", "400", str(stride), check=True)
    assert "neon" in res.stdout and "ok" in res.stdout, res.stdout
    emulated(arm, "neoverse-n1", "hqc%d_test_code" % level, "100", check=True)


@pytest.mark.parametrize("level", LEVELS)
def test_kem(arm, level):
    emulated(arm, "max", "hqc%d_test_kem" % level, "3", check=True)


@pytest.mark.parametrize("model,kernel", [("max", "sha3"), ("neoverse-n1", "portable")])
def test_keccak_kernels_against_openssl(arm, model, kernel):
    """test_keccak compares every Keccak kernel this CPU runs with the portable permutation, and
    SHAKE256, SHA3 and the batched sponges with OpenSSL: on max the two-state SHA3-extension
    kernel (EOR3, RAX1, XAR, BCAX) is picked, on neoverse-n1 (no SHA3) it must not be, or
    qemu would raise SIGILL."""
    res = emulated(arm, model, "test_keccak", check=True)
    assert res.stdout.startswith("test_keccak (%s;" % kernel), res.stdout


def test_tool_round_trip(arm, tmp_path):
    """keygen, encaps and decaps through the hqc tool with neon, decapsulated again with ref."""
    L = ["--level", "3"]
    d = tmp_path
    emulated(arm, "max", "hqc", "keygen", *L, "--pk", d / "pk", "--sk", d / "sk", "--backend", "neon", check=True)
    emulated(arm, "max", "hqc", "encaps", *L, "--pk", d / "pk", "--ct", d / "ct", "--ss", d / "ss", "--backend",
             "neon", check=True)
    for be in ("neon", "ref"):
        emulated(arm, "max", "hqc", "decaps", *L, "--sk", d / "sk", "--ct", d / "ct", "--ss", d / ("ss_" + be),
                 "--backend", be, check=True)
        assert (d / ("ss_" + be)).read_bytes() == (d / "ss").read_bytes(), be


def test_valgrind_constant_time_of_ref_and_neon():
    """make ct-vg-aarch64: the ct programs of ref and neon at every level, secrets marked, under
    Debian's arm64 valgrind run by qemu-aarch64; the calibration (ct_leaky) must be reported
    where it leaks and silent where it does not, and the backends' KEM outputs must agree."""
    tool = Path("/opt/hqc-valgrind-arm64/usr/libexec/valgrind/memcheck-arm64-linux")
    missing = [p for p in (CROSS_CC, "qemu-aarch64") if shutil.which(p) is None]
    if not tool.exists() or missing or not (SYSROOT / "lib" / "libc.a").exists():
        pytest.skip("the aarch64 valgrind check needs %s (scripts/install-deps extracts valgrind:arm64 and installs "
                    "the cross toolchain)" % ", ".join(missing + ([] if tool.exists() else [str(tool)])))
    res = run(["make", "--no-print-directory", "ct-vg-aarch64"], cwd=ROOT, check=False, wrapper=[], timeout=1800)
    assert res.returncode == 0, res.stdout[-4000:] + res.stderr[-4000:]
    report = json.loads((ROOT / "build" / "ct" / "vg-aarch64-O2" / "ct-report.json").read_text())
    cal = report["calibration"]
    assert cal["clean"] is False and cal["branch"] is True and cal["index"] is True, cal
    for level in LEVELS:
        entries = report["levels"][str(level)]
        assert {n: e["status"] for n, e in entries.items()} == {"ref": "clean", "neon": "clean"}, level
        assert len({e["digest"] for e in entries.values()}) == 1, level


def test_bench_reads_the_generic_timer(arm):
    """bench/tsc.h on aarch64: CNTVCT_EL0, with its frequency (CNTFRQ_EL0) reported as the
    resolution, and both backends offered to `make bench`."""
    info = json.loads(emulated(arm, "max", "hqc1_bench", "--info", check=True).stdout)
    assert info["tsc_source"] == "cntvct_el0" and info["tsc_resolution_hz"] > 0, info
    assert [b["name"] for b in info["backends"] if b["supported"]] == ["ref", "neon"]
