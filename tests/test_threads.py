# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Thread safety: the library keeps no mutable global or static state, and concurrent KEM
calls give the same results as serial ones (tests/c/test_threads.c). See docs/VERIFICATION.md.

The static-data check reads the symbol table of libhqc.a: a symbol in a writable section
(.data, .bss, thread-local or common, but not .data.rel.ro, which is read-only once relocated)
is mutable state. The only ones allowed are the default-backend cache of src/hqc/backend.c
(one per level) and the Keccak-kernel cache of src/fips202/keccak.c (one), atomic pointers to
constant tables that every thread fills with the same value, and the CPU-feature cache of
src/hqc/cpu.c (one atomic word, likewise the same for every thread), with, on x86, its
CPU-vendor cache beside it (one atomic word: the avx2 backend's product tree asks it).
"""
import re
import shutil
import subprocess

import pytest

from conftest import BUILD, LEVELS, bin_path, run

SANITIZER_PREFIXES = ("__odr_asan", "__asan", "___asan", "__sancov", "__msan", "__tsan", "__ubsan")
CACHE = re.compile(r"^(?:\w+\.)?cached(?:\.\d+)?$")
ALLOWED = [("backend.o", CACHE), ("keccak.o", CACHE), ("cpu.o", CACHE)]


def writable_symbols(archive):
    """(member, symbol, section) of every object in a writable data section of an archive."""
    out = run(["nm", "-A", "--format=sysv", archive]).stdout
    found = []
    for line in out.splitlines():
        fields = [f.strip() for f in line.split("|")]
        if len(fields) < 7:
            continue
        head, section = fields[0], fields[6]
        # head is "ARCHIVE:MEMBER:SYMBOL" (nm -A); the archive path itself may not hold ':'.
        parts = head.rsplit(":", 2)
        if len(parts) != 3:
            continue
        member, symbol = parts[1], parts[2]
        if symbol.startswith(SANITIZER_PREFIXES):
            continue  # the instrumentation's bookkeeping in sanitizer builds, not the library's
        writable = (re.match(r"^\.(?:data|bss|tdata|tbss)(?:\.|$)", section)
                    and not section.startswith(".data.rel.ro"))
        if writable or fields[2] == "C" or section in ("*COM*", "COMMON"):
            found.append((member, symbol, section))
    return found


def is_allowed(member, symbol):
    return any(member == m and pat.match(symbol) for m, pat in ALLOWED)


@pytest.mark.parametrize("level", LEVELS)
def test_concurrent_kem_matches_serial(level):
    # 4 threads x 2 jobs per backend, plus a first round racing on the default backend.
    out = run([bin_path("hqc%d_test_threads" % level), 4, 2]).stdout
    assert out.rstrip().endswith("ok"), out


def test_no_mutable_static_data_in_library():
    lib = BUILD / "libhqc.a"
    if not lib.exists():
        pytest.fail("%s is missing: run make first" % lib)
    found = writable_symbols(lib)
    bad = [f for f in found if not is_allowed(f[0], f[1])]
    assert not bad, "mutable static data in libhqc.a (member, symbol, section): %s" % bad
    # The scan must see the allowed caches (the backend's once per level, the Keccak kernels'
    # once), or it is looking at nothing.
    caches = [f for f in found if is_allowed(f[0], f[1])]
    backend_caches = [f for f in caches if f[0] == "backend.o"]
    assert len(backend_caches) == len(LEVELS), "expected one default-backend cache per level, found %s" % caches
    x86 = "hqc_cpu_is_amd_cached" in run(["nm", "--defined-only", "--format=just-symbols", lib]).stdout
    cpu_caches = [f for f in caches if f[0] == "cpu.o"]
    assert len(cpu_caches) == (2 if x86 else 1), "expected the CPU-feature cache (and on x86 the vendor's), found %s" % caches
    assert len(caches) == len(LEVELS) + 1 + len(cpu_caches), "expected one Keccak-kernel cache, found %s" % caches


@pytest.mark.skipif(shutil.which("cc") is None, reason="no C compiler")
def test_static_data_scan_flags_mutable_state(tmp_path):
    # The scanner itself: an object with a mutable global, a mutable function-local static and
    # a read-only table must yield exactly the two mutable ones.
    src = tmp_path / "state.c"
    src.write_text("int counter = 1;\n"
                   "static const int table[4] = {1, 2, 3, 4};\n"
                   "int bump(int i) { static int calls; calls++; return table[i & 3] + counter + calls; }\n")
    obj, lib = tmp_path / "state.o", tmp_path / "libstate.a"
    run(["cc", "-O2", "-c", src, "-o", obj])
    run(["ar", "rcs", lib, obj])
    names = sorted(re.sub(r"\.\d+$", "", s) for _, s, _ in writable_symbols(lib))
    assert names == ["calls", "counter"], names
