# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The avx512 and avx512-sparse backends on a CPU without AVX-512, through the emulated build
(make avx512-emu-build, mk/emu.mk): src/gf2x/native/x86_64/avx512 and the AVX-512 Keccak kernels compiled
with SIMDe's portable intrinsics and tests/emu/avx512_simde.h. Checks what the intrinsics
compute: the Keccak kernels against their twins, the official KAT digests of both backends at every
level, products against libgf2x, the support expansion
(including HQC-1's 512-bit kernel) and RS syndromes against their portable twins, RS decoding
through their syndromes, their sparse products, and keygen's sampler through keygen_discards_vbmi
against the spec's. Not the AVX-512 machine code, its speed or
constant time (docs/VERIFICATION.md). Skips where SIMDe is missing, and on a CPU with the
AVX-512 features the backend needs, where the ordinary tests run the real code.

The build also guards against the alignment faults that AVX-512 hardware raises and SIMDe's C
would not: its aligned 512-bit intrinsics assert their address and it runs under
-fsanitize=alignment. That guard is shown live on every CPU (test_alignment_guard_*)."""
import hashlib
import json
import os
import re
import shutil
from pathlib import Path

import pytest

from conftest import LEVELS, LEVELS_META, ROOT, run
from lib.cpuflags import cpu_flags
from verify_build import make

EMU = ROOT / "build" / "avx512emu"
SIMDE = "/usr/include/simde/x86/avx512.h"
BACKENDS = ("avx512", "avx512-sparse")
REAL_FEATURES = {"avx512f", "avx512bw", "avx512dq", "avx512vl", "avx512vbmi", "vpclmulqdq", "gfni"}
# Random product pairs per level (each through every backend of the build, four buffer layouts
# every 64th): emulation makes HQC-5 the slow one.
PAIRS = {1: 1000, 3: 500, 5: 300}


@pytest.fixture(scope="module")
def emu():
    if not os.path.exists(SIMDE):
        pytest.skip("SIMDe is missing (%s; Debian: libsimde-dev)" % SIMDE)
    if shutil.which("gcc") is None:
        pytest.skip("the emulated build is made with gcc")
    if REAL_FEATURES <= cpu_flags():
        pytest.skip("this CPU has %s (all in /proc/cpuinfo): the ordinary tests run the real "
                    "avx512 backends" % " ".join(sorted(REAL_FEATURES)))
    make("avx512-emu-build")
    return EMU / "bin"


def test_emulated_build_offers_both_backends_and_has_no_avx512_code(emu):

    info = json.loads(run([emu / "hqc_info"]).stdout)
    for level in LEVELS:
        names = {b["name"] for b in info["levels"][str(level)]["backends"] if b["supported"]}
        assert set(BACKENDS) <= names, (level, names)
    # One object per avx512 source and level, named from the sources (an object left behind
    # by a source since deleted is not part of the build and is not read).
    avx512 = Path("src") / "gf2x" / "native" / "x86_64" / "avx512"
    sources = sorted((ROOT / avx512).glob("*.c"))
    objs = [EMU / "obj" / ("hqc%d" % level) / avx512 / (src.stem + ".o")
            for level in LEVELS for src in sources]
    objs += [EMU / "obj" / "common" / "src" / "fips202" / "native" / "x86_64" / (k + ".o")
             for k in ("keccak_f1600_x4_avx512vl", "keccak_f1600_avx512", "keccak_f1600_xmm")]
    missing = [o for o in objs if not o.exists()]
    assert sources and not missing, missing
    for obj in objs:
        asm = run(["objdump", "-d", "--no-show-raw-insn", obj]).stdout
        found = re.findall(r"%zmm\d+|%[xy]mm(?:1[6-9]|2\d|3[01])\b|%k[0-7]\b|gf2p8\w+|vpclmul\w*\s+\S*%[yz]mm\d+|"
                           r"vpternlog\w+|vpro[lr]\w+", asm)
        assert not found, "%s runs real AVX-512/GFNI/VPCLMULQDQ code: %s" % (obj, sorted(set(found))[:5])


def test_emulated_keccak_kernel_matches_its_twins_and_is_dispatched(emu):
    """The AVX-512 one-state (zmm and xmm) and AVX-512VL four-state permutations against the
    portable twin, and as the kernels the emulated build dispatches to (the xmm one on AMD CPUs,
    src/fips202/keccak.c), so the KATs below permute through them too."""
    out = run([emu / "test_keccak"]).stdout
    assert out.rstrip().endswith(": ok"), out
    vendor = re.search(r"^vendor_id\s*:\s*(\S+)", Path("/proc/cpuinfo").read_text(), re.M).group(1)
    first = "xmm+avx512vl" if vendor == "AuthenticAMD" else "avx512+avx512vl"
    assert out.startswith("test_keccak (%s; kernels tested: avx512+avx512vl xmm+avx512vl bmi+avx512vl avx512vl "
                          % first), out


@pytest.mark.parametrize("level", LEVELS)
def test_emulated_kats_match_official_digests(emu, level, tmp_path):
    meta = LEVELS_META[str(level)]
    for backend in BACKENDS:
        out = tmp_path / backend
        out.mkdir()
        run([emu / ("hqc%d_kat" % level), "--backend", backend, "--out", out])
        for kind in ("req", "rsp"):
            digest = hashlib.sha256((out / meta[kind]).read_bytes()).hexdigest()
            assert digest == meta[kind + "_sha256"], (level, backend, kind)


@pytest.mark.parametrize("level", LEVELS)
def test_emulated_products_supports_and_syndromes_match_twins(emu, level):
    # ref runs the edge cases only (last argument 0); libgf2x is the oracle of every product.
    out = run([emu / ("hqc%d_test_mul" % level), PAIRS[level], 1, 0], timeout=900).stdout
    assert out.rstrip().endswith(": ok"), out
    assert " avx512 " in out and " avx512-sparse;" in out, out


@pytest.mark.parametrize("level", LEVELS)
def test_emulated_decoding_and_sparse_products(emu, level):
    out = run([emu / ("hqc%d_test_code" % level), 200]).stdout
    assert out.rstrip().endswith(": ok"), out
    out = run([emu / ("hqc%d_test_sparse" % level), 1000, 1], timeout=900).stdout
    assert out.rstrip().endswith(": ok"), out
    assert "[avx512-sparse]" in out, out


@pytest.mark.parametrize("level", LEVELS)
def test_emulated_keygen_sampler_matches_its_twin(emu, level):
    # keygen_discards_vbmi through keygen's sampler, every dialect, against the spec's twin, and
    # against its contract directly (beside the AVX2 kernel, which runs natively there too).
    out = run([emu / ("hqc%d_test_sampling" % level), 300]).stdout
    assert "sampler comparisons ok" in out, out
    assert "with a keygen_discards kernel: avx2, avx512, avx2-sparse, avx512-sparse" in out, out


@pytest.fixture(scope="module")
def guard():
    if not os.path.exists(SIMDE):
        pytest.skip("SIMDe is missing (%s; Debian: libsimde-dev)" % SIMDE)
    if shutil.which("gcc") is None:
        pytest.skip("the emulated build is made with gcc")
    make("avx512-emu-guard")
    return ROOT / "build" / "emu-guard" / "misaligned"


@pytest.mark.parametrize("access", ["load", "store", "typed"])
def test_alignment_guard_passes_aligned_accesses(guard, access):
    assert run([guard, access, "0"]).stdout.startswith("ok"), access


# A 64-byte aligned access at 8 bytes past the boundary: each kind must stop the program with a
# message naming the source line. At 32 bytes past it, only the intrinsics' own assertion can
# tell: without -mavx512f gcc gives __m512i a 32-byte alignment, so the sanitizer checks typed
# accesses against 32 (docs/VERIFICATION.md, "Emulated AVX-512").
@pytest.mark.parametrize("access,words,message", [
    ("load", "1", "_mm512_load_si512 at"), ("store", "1", "_mm512_store_si512 at"),
    ("typed", "1", "runtime error: load of misaligned address"),
    ("load", "4", "_mm512_load_si512 at"), ("store", "4", "_mm512_store_si512 at")])
def test_alignment_guard_stops_misaligned_accesses(guard, access, words, message):
    res = run([guard, access, words], check=False)
    assert res.returncode != 0 and "ok" not in res.stdout, (access, words, res.stdout)
    assert message in res.stderr and "misaligned.c:" in res.stderr, res.stderr
