# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The vpclmul backend on any AVX2 CPU, through the emulated build (make vpclmul-emu-build,
mk/emu-vpclmul.mk): src/gf2x/native/x86_64/vpclmul compiled without -mvpclmulqdq, its 256-bit
carry-less multiplies taken from SIMDe (tests/emu/vpclmul_simde.h), each two 128-bit PCLMULQDQ.
Checks what the backend computes: the official KAT digests of vpclmul at every level in both
dialects, products against libgf2x (and the support expansion and syndromes against their
twins), RS and RM decoding. Not the VPCLMULQDQ machine code, its speed or constant time. Runs on
every x86-64 CPU with AVX2, PCLMULQDQ and BMI2, those with VPCLMULQDQ included (where the
ordinary tests also run the real code), so vpclmul's arithmetic is checked on every CI machine."""
import hashlib
import json
import os
import re
import shutil
from pathlib import Path

import pytest

from conftest import BUILD, LEVELS, LEVELS_META, ROOT, run
from lib.cpuflags import require_cpu, require_machine
from lib.dialects import DIALECTS
from verify_build import make

EMU = ROOT / "build" / "vpclmulemu"
SIMDE = "/usr/include/simde/x86/clmul.h"
PAIRS = {1: 1000, 3: 600, 5: 400}


@pytest.fixture(scope="module")
def emu():
    require_machine("x86_64", why="the emulated vpclmul build is of x86-64 code")
    require_cpu("avx2", "pclmulqdq", "bmi2", why="the emulated vpclmul build still needs them")
    if not os.path.exists(SIMDE):
        pytest.skip("SIMDe is missing (%s; Debian: libsimde-dev, in scripts/install-deps)" % SIMDE)
    if shutil.which("gcc") is None:
        pytest.skip("the emulated build is made with gcc")
    make("vpclmul-emu-build")
    return EMU / "bin"


def test_emulated_build_offers_vpclmul_without_its_instruction(emu):
    info = json.loads(run([emu / "hqc_info"]).stdout)
    for level in LEVELS:
        names = {b["name"] for b in info["levels"][str(level)]["backends"] if b["supported"]}
        assert "vpclmul" in names, (level, names)
    folder = Path("src") / "gf2x" / "native" / "x86_64" / "vpclmul"
    sources = sorted((ROOT / folder).glob("*.c"))
    objs = [EMU / "obj" / ("hqc%d" % level) / folder / (src.stem + ".o") for level in LEVELS for src in sources]
    missing = [o for o in objs if not o.exists()]
    assert sources and not missing, missing
    clmul_xmm = 0
    for obj in objs:
        asm = run(["objdump", "-d", "--no-show-raw-insn", obj]).stdout
        # objdump names carry-less multiplies vpclmulqdq or by their immediate (vpclmullqlqdq,
        # vpclmulhqhqdq, ...). VEX.128 on xmm is AVX+PCLMULQDQ; on ymm or zmm it is the
        # VPCLMULQDQ extension, which this build must not contain.
        found = re.findall(r"vpclmul\w*\s+\S*%[yz]mm\d+|%zmm\d+", asm)
        assert not found, "%s runs real VPCLMULQDQ/AVX-512 code: %s" % (obj, sorted(set(found))[:5])
        clmul_xmm += len(re.findall(r"\bv?pclmul\w*\s+\S*%xmm\d+", asm))
    # And the products do multiply, through the 128-bit instruction.
    assert clmul_xmm > 100, clmul_xmm


def test_the_objdump_check_sees_real_vpclmulqdq():
    """The pattern above finds the 256-bit instruction in the ordinary build's vpclmul code."""
    real = BUILD / "obj" / "hqc1" / "src" / "gf2x" / "native" / "x86_64" / "vpclmul" / "karat2_mul.o"
    if not real.exists():
        pytest.fail("%s is missing: the check needs a build with the vpclmul backend" % real)
    asm = run(["objdump", "-d", "--no-show-raw-insn", real]).stdout
    assert re.findall(r"vpclmul\w*\s+\S*%[yz]mm\d+", asm), real


@pytest.mark.parametrize("dialect", [d.name for d in DIALECTS])
@pytest.mark.parametrize("level", LEVELS)
def test_emulated_kats_match_official_digests(emu, level, dialect, tmp_path):
    meta = LEVELS_META[str(level)]
    want = meta["dialects"][dialect]
    run([emu / ("hqc%d_kat" % level), "--backend", "vpclmul", "--dialect", dialect, "--out", tmp_path])
    for kind in ("req", "rsp"):
        digest = hashlib.sha256((tmp_path / meta[kind]).read_bytes()).hexdigest()
        assert digest == want.get(kind + "_sha256", meta[kind + "_sha256"]), (level, dialect, kind)


@pytest.mark.parametrize("level", LEVELS)
def test_emulated_products_and_decoding_match_twins(emu, level):
    # libgf2x is the oracle of every product; ref runs the edge cases only (last argument 0).
    out = run([emu / ("hqc%d_test_mul" % level), PAIRS[level], 7, 0], timeout=900).stdout
    assert out.rstrip().endswith(": ok") and " vpclmul" in out, out
    out = run([emu / ("hqc%d_test_code" % level), 200]).stdout
    assert out.rstrip().endswith(": ok"), out
