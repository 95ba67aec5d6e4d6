# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The object check of the constant-time promise (scripts/ct-objects, mk/ct-objects.mk,
docs/VERIFICATION.md "The object check"): the code valgrind cannot run (vpclmul, avx512, and
aarch64) is checked in its compiled objects instead, for branches, addresses, indirect
targets and divisions that depend on secrets.

Here: the check's calibration on the leaky twin (tests/ct/ct_leaky_obj.c) under every
compiler, for x86-64 and aarch64; the issue-31 leak itself, the portable RM decoder without
its value barrier under clang 16 tuned for znver3, is reported, and with the barrier it is
not; and two configurations of `make ct-objects` (the full set is `make ct-objects`, part of
`make ct-matrix`): clang 16 -O2 -march=znver4 (the x86 objects of every backend, AVX-512 ones
included) and clang 19 -O2 -mcpu=neoverse-v2 for aarch64 (neon and ref).
"""
import shutil
import subprocess

import pytest

from conftest import ROOT, run
from lib.skip_policy import need_tools
from verify_build import make

CHECK = ROOT / "scripts" / "ct-objects"
X86_CCS = ["gcc-12", "clang-14", "clang-16", "clang-19"]
A64_CCS = [["aarch64-linux-gnu-gcc"], ["clang-16", "--target=aarch64-linux-gnu"],
           ["clang-19", "--target=aarch64-linux-gnu"]]
X86_ISA = ["-mavx2", "-mpclmul", "-mbmi2", "-mavx512f", "-mavx512bw", "-mavx512dq", "-mavx512vl",
           "-mavx512vbmi", "-mvpclmulqdq", "-mgfni"]


need = need_tools  # a compiler the check needs (lib/skip_policy.py)


def compile_obj(cc, flags, src, out, *extra):
    need(cc[0])
    run([*cc, "-std=c11", *flags, "-Wall", "-Wextra", "-Werror", "-fPIC", *extra, "-c", src,
         "-o", out])
    return out


@pytest.mark.parametrize("opt", ["-O2", "-O3", "-Os"])
@pytest.mark.parametrize("cc", X86_CCS)
def test_leaky_twin_x86(tmp_path, cc, opt):
    """Every leak_* function of the twin is reported (scalar branch and index, vptest, a
    vector lane used as an address, an AVX-512 mask branch), no clean_* one is."""
    obj = compile_obj([cc], [opt], ROOT / "tests" / "ct" / "ct_leaky_obj.c",
                      tmp_path / "leaky.o", *X86_ISA)
    res = run(["python3", CHECK, "--expect-leaks", obj], check=False)
    assert res.returncode == 0, res.stdout
    assert "5 leaky functions reported, 0 missed" in res.stdout, res.stdout


@pytest.mark.parametrize("cc", A64_CCS, ids=lambda c: c[0])
def test_leaky_twin_aarch64(tmp_path, cc):
    obj = compile_obj(cc, ["-O2", "-march=armv8-a+crypto"], ROOT / "tests" / "ct" / "ct_leaky_obj.c",
                      tmp_path / "leaky.o")
    res = run(["python3", CHECK, "--arch", "aarch64", "--expect-leaks", obj], check=False)
    assert res.returncode == 0, res.stdout
    assert "3 leaky functions reported, 0 missed" in res.stdout, res.stdout


@pytest.mark.parametrize("cc", [["aarch64-linux-gnu-gcc"], ["clang-19", "--target=aarch64-linux-gnu"]],
                         ids=lambda c: c[0])
def test_aarch64_constants(tmp_path, cc):
    """aarch64 loads of read-only data by adrp + :lo12: are public (gcc 12 -O3 keeps its
    vectorised loop counters' start and step there), those of writable data, through an
    address that is a constant's on one path only, or at a secret index are not
    (tests/ct/ct_rodata_a64.S)."""
    need(cc[0])
    obj = tmp_path / "rodata.o"
    run([*cc, "-c", ROOT / "tests" / "ct" / "ct_rodata_a64.S", "-o", obj])
    res = run(["python3", CHECK, "--arch", "aarch64", "--expect-leaks", obj], check=False)
    assert res.returncode == 0, res.stdout
    assert "3 leaky functions reported, 0 missed []; 2 clean functions, 0 reported" in res.stdout, \
        res.stdout


@pytest.mark.parametrize("cc", [["aarch64-linux-gnu-gcc"], ["clang-19", "--target=aarch64-linux-gnu"]],
                         ids=lambda c: c[0])
def test_aarch64_sve_slots(tmp_path, cc):
    """SVE stack slots addressed in vector lengths ([x29, #-1, mul vl], clang -mcpu=neoverse-v2's
    spills in sampling.c) are no fixed slots: a reloaded secret used as an address is reported,
    a spill stored back at a public address is not (tests/ct/ct_sve_slots_a64.S). The check
    once stopped on the operand (ValueError), leaving those rows without a result."""
    need(cc[0])
    obj = tmp_path / "sve.o"
    run([*cc, "-c", ROOT / "tests" / "ct" / "ct_sve_slots_a64.S", "-o", obj])
    res = run(["python3", CHECK, "--arch", "aarch64", "--expect-leaks", obj], check=False)
    assert res.returncode == 0, res.stdout + res.stderr
    assert "1 leaky functions reported, 0 missed []; 1 clean functions, 0 reported" in res.stdout, \
        res.stdout


# Hand-written x86 calibrations of one rule each, and what scripts/ct-objects must say of them:
#   ct_ipa_ra_x86.S  a register a static callee never writes keeps its taint across the call
#                    (gcc's IPA-RA), the callee's padding xchg %ax,%ax included; one it loads is
#                    secret after it. Before the padding was read as a nop, gcc 12 -O3
#                    -march=native's vpclmul objects gave 108 findings (mul32, mul16, 3 levels).
#                    A sign extension (movslq) in the callee writes its destination only: it
#                    was taken for the string move movs, and gcc 12 -Os -march=native's
#                    hqc3_rm_encode_gfni was reported for its loop counter in rcx.
#   ct_sse_flags_x86.S  legacy SSE floating-point instructions (andpd, shufpd, orps, cmpltpd...)
#                    write no flags: a loop branch past them still reads its public counter's
#                    (clang 19 -O3 -mtune=znver3/4's rm_decode_portable was reported for it);
#                    comisd, ucomisd, popcnt and kortest of a vptestmd mask are reported, as is
#                    an address made from an SSE lane compare of a secret.
#   ct_two_address_x86.S  legacy two-address forms with three operands (shld $n, shufpd $n)
#                    read their destination, mulx writes both halves: secrets kept there are
#                    reported; pshufd and imul $n overwrite theirs from a public source.
#   ct_slots_x86.S   a secret a callee copied into the frame (memcpy), stored at a computed
#                    frame offset (from rsp or through a frame pointer), stored over a spill
#                    through a pointer, or possibly written by an unknown callee given the
#                    spill's address is reported when a fixed slot is then read and used as an
#                    address; a public spill below the buffer a callee is given, beside an
#                    8-byte store through a pointer, or below memcpy's source, and the caller's
#                    stack argument, are not. Before, all five leaks passed.
#   ct_extent_x86.S  a callee of known write extent (keccak_f1600_scalar, 200 bytes) leaves a
#                    public spill above its state alone, not one inside it; an unknown callee
#                    may write from its pointer up; cmpq and push at a spill read 8 bytes, so a
#                    secret ymm stored above it leaves it public; shlq %cl writes 8 bytes, not
#                    %cl's 1. Before, the three clean functions were reported and the shift missed.
#   ct_store_widths_x86.S  vmovq and vmovd beside a public spill leave it public, vextracti128
#                    and vpmovqd over one make it secret; memset with a public fill leaves a
#                    spill above it public, with a secret fill not; gf256x64_load writes its 64
#                    bytes only, through its first argument only. Before, the five clean
#                    functions were reported (rs_errors_portable under gcc 12 -O2 -march=native,
#                    clang 14 -O2 and clang 16 -O2 -march=znver4) and vextracti128 over a spill
#                    was missed (its immediate hid the register's width).
X86_CALIBRATIONS = {"ct_ipa_ra_x86.S": (2, 2), "ct_sse_flags_x86.S": (5, 1),
                    "ct_two_address_x86.S": (3, 1), "ct_slots_x86.S": (5, 4),
                    "ct_extent_x86.S": (3, 3), "ct_store_widths_x86.S": (4, 5)}


@pytest.mark.parametrize("name", sorted(X86_CALIBRATIONS))
def test_x86_calibration(tmp_path, name):
    need("gcc")
    obj = tmp_path / (name + ".o")
    run(["gcc", "-c", ROOT / "tests" / "ct" / name, "-o", obj])
    res = run(["python3", CHECK, "--expect-leaks", obj], check=False)
    leaks, clean = X86_CALIBRATIONS[name]
    assert res.returncode == 0, res.stdout
    assert "%d leaky functions reported, 0 missed []; %d clean functions, 0 reported" % (leaks, clean) \
        in res.stdout, res.stdout


def rm_decoder_object(tmp_path, barrier):
    """src/hqc/reed_muller.c at HQC-1 by clang 16 -O2 -mtune=znver3, from a copy of src/ whose
    ct.h keeps its value barrier or has it removed (ct_barrier32/64 return their argument)."""
    src = tmp_path / "src"
    shutil.copytree(ROOT / "src", src)
    ct = src / "hqc" / "ct.h"
    text = ct.read_text()
    if not barrier:
        for bits in ("32", "64"):
            old = "    volatile uint%s_t opaque = x;\n    return opaque;" % bits
            assert old in text, "ct.h's barrier changed: update this mutation"
            text = text.replace(old, "    return x;")
        ct.write_text(text)
    return compile_obj(["clang-16"], ["-O2", "-mtune=znver3", "-D_DEFAULT_SOURCE", "-DHQC_LEVEL=1",
                                      "-I%s" % (src / "hqc"), "-I%s" % (src / "fips202"),
                                      "-I%s" % (src / "gf2x"), "-I%s" % (ROOT / "include")],
                       src / "hqc" / "reed_muller.c", tmp_path / "rm.o")


def test_rm_decoder_without_barrier_is_reported(tmp_path):
    """Issue 31's leak, seen in the object: without ct_barrier32 clang 16 tuned for znver3
    turns the peak selection of rm_decode_portable into conditional branches (js/jns)."""
    res = run(["python3", CHECK, rm_decoder_object(tmp_path, barrier=False)], check=False)
    assert res.returncode == 1, res.stdout
    assert "rm_decode_portable" in res.stdout and ": branch: j" in res.stdout, res.stdout


def test_rm_decoder_with_barrier_is_clean(tmp_path):
    res = run(["python3", CHECK, rm_decoder_object(tmp_path, barrier=True)], check=False)
    assert res.returncode == 0 and " 0 findings" in res.stdout, res.stdout


# aarch64: clang 19 -mcpu=neoverse-v2 (SVE), which valgrind-arm64 cannot run, and gcc 12 -O3
# generic, whose vectorised loops in ref_karatsuba_mul take their counters from .rodata.
@pytest.mark.parametrize("goal,tools", [
    ("ct-obj-clang-16-O2-march-znver4", ["clang-16"]),
    ("ct-obj-a64-clang-19-O2-mcpu-neoverse-v2", ["clang-19"]),
    ("ct-obj-a64-gcc-12-O3-generic", ["aarch64-linux-gnu-gcc"]),
])
def test_objects_of_a_configuration_are_clean(goal, tools):
    """One row of make ct-objects: its calibration holds and no secret function of any level
    and backend has a finding (the goal fails otherwise)."""
    for t in tools:
        need(t)
    make(goal)
    folder = ROOT / "build" / "ct" / "obj" / goal[len("ct-obj-"):]
    text = (folder / "ct-objects.txt").read_text()
    assert "0 missed" in text and ", 0 reported" in text, text
    last = text.strip().splitlines()[-1]
    assert last.startswith("ct-objects: ") and " 0 findings" in last, last
    # every level's objects were checked (x86-64: 25 a level, aarch64: 14; the backend tables,
    # which hold no code of their own, are left out), then the level-independent Keccak ones
    per_level = 14 if "-a64-" in goal else 25
    assert int(last.split()[1]) > 3 * per_level, last
