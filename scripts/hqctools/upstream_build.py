# SPDX-License-Identifier: Apache-2.0 OR MIT
"""upstream_build.py: how the tests (tests/test_patches.py) and scripts/bench-upstream copy and
build the upstream HQC trees the patch series target, and link our harness programs to them.

  PQClean (pqclean-2023-04-30): each crypto_kem/hqc-*/clean is built with its own Makefile
  (GF2X=avx2|avx512 after patching); the harness supplies randombytes.
  Official tree (hqc-2025-08-22): CMake with HQC_ARCH=x86_64 and HQC_X86_IMPL=avx256|avx512.
  The vendored copy lacks lib/CMakeLists.txt (upstream-lib.cmake stands in) and some gold .rsp
  files that CMake's configure step insists on (taken from the official KAT folder if given).
"""
import os
import re
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# The C programs and CMake file linked with the upstream trees (bench/upstream/README.md).
HARNESS = ROOT / "bench" / "upstream"
PQCLEAN_SCHEMES = (128, 192, 256)
PQCLEAN_LEVEL = {128: 1, 192: 3, 256: 5}
OFFICIAL_LEVELS = ("1", "3", "5")
HARNESS_CFLAGS = ["-std=c11", "-O2", "-Wall", "-Wextra", "-Werror", "-Wshadow", "-Wvla"]
# CPU flags (/proc/cpuinfo) each patched slot needs: its -m flags in the Makefile's ISA_<slot>.
SLOT_CPU_FLAGS = {"avx2": {"avx2", "pclmulqdq", "bmi2"},
                  "avx512": {"avx2", "pclmulqdq", "bmi2", "avx512f", "avx512bw", "avx512dq",
                             "avx512vl", "avx512vbmi", "vpclmulqdq", "gfni"}}


class BuildError(Exception):
    pass


def sh(cmd, **kw):
    """Run cmd; raise BuildError with the tail of its output if it fails."""
    res = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, **kw)
    if res.returncode != 0:
        raise BuildError("%s exited %d:\n%s%s" % (" ".join(map(str, cmd)), res.returncode,
                                                  res.stdout[-2000:], res.stderr[-3000:]))
    return res


def unpack_peer(tarball, dest):
    """A pristine tree of ../shared/peers (one tarball, one top folder) unpacked under dest;
    returns that folder."""
    import tarfile
    dest = Path(dest)
    with tarfile.open(tarball) as tar:
        tar.extractall(dest)
    tops = list(dest.iterdir())
    if len(tops) != 1:
        raise BuildError("%s holds %s, not one top folder" % (tarball, tops))
    return tops[0]


# The pristine trees of ../shared/peers (../shared/README.md), by the variable that overrides
# each.
PEER_TARBALLS = {"LIBOQS_SRC": "liboqs-0.16.0.tar.xz", "HQC_UPSTREAM": "hqc-2025-08-22.tar.xz",
                 "OQS_PROVIDER_SRC": "oqs-provider-0.12.0-dev.00fde33.tar.xz"}


def peer_tree(env, work, given=None):
    """A pristine peer tree for the scripts: `given`, else $env, else its ../shared/peers
    tarball unpacked under work; raises BuildError saying what is missing."""
    path = given or os.environ.get(env)
    if path:
        return Path(path)
    tarball = Path(__file__).resolve().parents[3] / "shared" / "peers" / PEER_TARBALLS[env]
    if not tarball.is_file():
        raise BuildError("%s is missing and %s is unset: give the pristine tree" % (tarball, env))
    return unpack_peer(tarball, Path(work) / ("peer-" + env))


def cpu_flags():
    try:
        m = re.search(r"^flags\s*:\s*(.*)$", Path("/proc/cpuinfo").read_text(), re.M)
    except OSError:
        return set()
    return set(m.group(1).split()) if m else set()


def cpu_name():
    """The model name of /proc/cpuinfo, which every timing figure is printed with."""
    try:
        m = re.search(r"^model name\s*:\s*(.*)$", Path("/proc/cpuinfo").read_text(), re.M)
    except OSError:
        return "unknown CPU"
    return m.group(1).strip() if m else "unknown CPU"


def runnable_slots():
    """The patched slots this CPU can run."""
    have = cpu_flags()
    return [slot for slot, need in SLOT_CPU_FLAGS.items() if need <= have]


def is_pqclean(tree):
    return (Path(tree) / "crypto_kem" / "hqc-128" / "clean").is_dir()


# ---------------------------------------------------------------------------------------------
# PQClean

def pqclean_copy(pristine, dest):
    """The part of PQClean the series and the harness need: common/ and the HQC schemes."""
    pristine, dest = Path(pristine), Path(dest)
    shutil.copytree(pristine / "common", dest / "common")
    for scheme in PQCLEAN_SCHEMES:
        rel = Path("crypto_kem") / ("hqc-%d" % scheme)
        shutil.copytree(pristine / rel, dest / rel)
    return dest


def pqclean_scheme_dir(tree, scheme):
    return Path(tree) / "crypto_kem" / ("hqc-%d" % scheme) / "clean"


def pqclean_build(tree, scheme, gf2x, harness, out, extra_cflags=()):
    """Build one scheme (GF2X=gf2x, or PQClean's plain Makefile if None) and link the harness
    source against it and PQClean's fips202.c; returns the program's path."""
    d = pqclean_scheme_dir(tree, scheme)
    make = ["make", "-s", "-j2", "-C", d] + (["GF2X=" + gf2x] if gf2x else [])
    sh(make + ["clean"])
    sh(make)
    sh(["cc", *HARNESS_CFLAGS, *extra_cflags, "-I", d, "-I", Path(tree) / "common",
        "-DPQCLEAN_NS=PQCLEAN_HQC%d_CLEAN" % scheme, harness,
        d / ("libhqc-%d_clean.a" % scheme), Path(tree) / "common" / "fips202.c", "-o", out])
    return Path(out)


# ---------------------------------------------------------------------------------------------
# The official tree

def official_copy(pristine, dest, gold_kats=None, rsp_names=None):
    """Copy the tree and supply what a CMake configure needs and the tree may lack: a
    lib/CMakeLists.txt (the vendored copy has none), and the gold files its KAT tests compare
    with (from gold_kats/hqc-L/: rsp_names[L] and intermediates_values), either in place of
    missing .rsp files (the vendored copy) or as a whole kats/ folder (the official tree as
    ../shared/peers has it, packed without kats/). Both implementations' folders get the same
    gold files: the official tree's ref and avx256 answer alike."""
    pristine, dest = Path(pristine), Path(dest)
    shutil.copytree(pristine, dest, ignore=shutil.ignore_patterns("build", "build-*"))
    if not (dest / "lib" / "CMakeLists.txt").exists():
        shutil.copy(HARNESS / "upstream-lib.cmake", dest / "lib" / "CMakeLists.txt")
    for level in OFFICIAL_LEVELS:
        for impl in ("ref", "x86_64/avx256"):
            folder = dest / "kats" / impl / ("hqc-" + level)
            gold = Path(gold_kats or "/nonexistent") / ("hqc-" + level)
            # A mirror may lack the whole kats/ folder (the 2025-08-22 tarball does); configure
            # wants the .rsp and the intermediates_values file of each level.
            for name, present in (((rsp_names or {}).get(level, ""), "PQCkemKAT_*.rsp"),
                                  ("intermediates_values", "intermediates_values")):
                if (folder.is_dir() and list(folder.glob(present))) or not (gold / name).is_file():
                    continue
                folder.mkdir(parents=True, exist_ok=True)
                shutil.copy(gold / name, folder / name)
    return dest


def official_build(tree, impl, build, targets, fips202=None, exe_ldflags=()):
    """Configure tree for x86_64 with HQC_X86_IMPL=impl into build and build targets.
    fips202: None for the tree's own lib, or a source file replacing it (upstream-lib.cmake).
    exe_ldflags: extra link flags of its programs (-static for the verification bundle)."""
    cfg = ["cmake", "-S", tree, "-B", build, "-DHQC_ARCH=x86_64", "-DHQC_X86_IMPL=" + impl,
           "-DHQC_ENABLE_NTL_TESTS=OFF", "-DCMAKE_BUILD_TYPE=Release"]
    if exe_ldflags:
        cfg.append("-DCMAKE_EXE_LINKER_FLAGS=" + " ".join(exe_ldflags))
    if fips202:
        cfg.append("-DHQC_FIPS202_SOURCE=%s" % fips202)
    sh(cfg)
    sh(["cmake", "--build", build, "-j2", "--target", *targets])
    return Path(build)


def official_library(build, level):
    return Path(build) / "src" / ("libhqc_%s_x86_64.a" % level)


def official_fips202_library(build):
    return Path(build) / "lib" / "libfips202.a"


def official_link(tree, build, level, harness, out, extra_cflags=()):
    """Link a harness program against level's library of an official-tree build. The tree's
    GCC flags include -flto, so the link step does too."""
    tree = Path(tree)
    sh(["cc", *HARNESS_CFLAGS, "-O3", "-flto", *extra_cflags,
        "-I", tree / "src" / "common" / ("hqc-" + level), harness,
        official_library(build, level), official_fips202_library(build), "-o", out])
    return Path(out)


# ---------------------------------------------------------------------------------------------
# One program holding several KEMs (scripts/bench-upstream): each official-tree level becomes
# one relocatable object whose only global symbols are the NIST API and the PRNG, renamed.

# The tree's CMake flags for GCC (top CMakeLists.txt, Release): its objects are LTO bytecode,
# so the partial link that turns them into machine code runs the optimiser with these.
OFFICIAL_GCC_FLAGS = ["-O3", "-funroll-all-loops", "-flto", "-mavx", "-mavx2", "-mbmi", "-mpclmul"]
OFFICIAL_EXPORTS = ("crypto_kem_keypair", "crypto_kem_enc", "crypto_kem_dec", "prng_init",
                    "prng_get_bytes")


def official_kem_object(build, level, prefix, out):
    """level's KEM of an official-tree build with its fips202, as one object file whose global
    symbols are <prefix>_crypto_kem_{keypair,enc,dec} and <prefix>_prng_{init,get_bytes};
    everything else is made local, so several trees and levels link into one program."""
    out = Path(out)
    raw, kept = out.with_suffix(".raw.o"), out.with_suffix(".kept.o")
    sh(["cc", *OFFICIAL_GCC_FLAGS, "-r", "-nostdlib", "-flinker-output=nolto-rel",
        "-Wl,--whole-archive", official_library(build, level), official_fips202_library(build),
        "-Wl,--no-whole-archive", "-o", raw])
    # Two passes: objcopy keeps globals by their old names, then renames.
    sh(["objcopy", *["--keep-global-symbol=" + s for s in OFFICIAL_EXPORTS], raw, kept])
    sh(["objcopy", *[a for s in OFFICIAL_EXPORTS for a in ("--redefine-sym",
                                                            "%s=%s_%s" % (s, prefix, s))],
        kept, out])
    return out


def our_library():
    """Our libhqc.a (every backend, all levels), built or brought up to date by the Makefile."""
    sh(["make", "-s", "-C", ROOT, "-j2", "build/auto/libhqc.a"])
    return ROOT / "build" / "auto" / "libhqc.a"


def peers_program(level, objects, out, patched=False, ldflags=()):
    """bench/upstream/kem_peers.c for level, linked with the renamed tree objects and ours."""
    sh(["cc", *HARNESS_CFLAGS, *ldflags, "-O2", "-DHQC_LEVEL=%s" % level,
        *(["-DHQC_PEERS_PATCHED"] if patched else []), "-I", ROOT / "src" / "hqc", "-I", ROOT / "src" / "fips202",
        "-I", ROOT / "include",
        "-I", ROOT / "bench", HARNESS / "kem_peers.c", *objects, our_library(), "-lcrypto",
        "-o", out])
    return Path(out)
