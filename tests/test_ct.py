# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Constant-time checks (docs/VERIFICATION.md): the KEM at every level and backend runs with its
secrets marked uninitialised under valgrind memcheck and under MemorySanitizer, and no branch
or memory address may depend on them. CI runs nine configurations: the project's own compiler
at -O3 and at -O0 (a Debug build, where gcc 12 compiled the RM decoders' (~key & 1) << 7 as a
jump on the bit; liboqs's own valgrind test found it first), clang at -O2 (the configuration
where clang once turned a masked selection into a secret-dependent load), clang tuned for
znver3 (-O2 -mtune, -O3 -march) and alderlake (-O2 -mtune), where it turned the portable RM
decoder's peak selection into a branch, clang at -O1 untuned and tuned for alderlake (where it
branched on the keygen sampler's equality masks and on the RS error values' coefficient bits),
and MSan at -O3 (the only tool that can run AVX-512).
`make ct` runs cc and clang x -O3/-O2/-Os/-O1/-O0, clang's tuned rows and MSan at the same five
(every configuration CI runs: checked below); `make ct-matrix` every compiler, optimisation and
tuning (mk/verify.mk).

Each configuration is one goal of mk/verify.mk, which builds it and runs scripts/ct-check;
the goal fails on any finding. The tests then read ct-report.json to check that the check
really happened: the tool's calibration, the backends covered, the variable-time backends
caught, and KEM outputs equal across backends and builds.
"""
import json

import pytest

from conftest import LEVELS, ROOT, run
from lib.cpuflags import BACKEND_FLAGS, require_cpu
from verify_build import make

CT_DIR = ROOT / "build" / "ct"
CONFIGS = [("valgrind", "vg-cc-O3"), ("valgrind", "vg-cc-O0"), ("valgrind", "vg-clang-16-O2"),
           ("valgrind", "vg-clang-16-O2-mtune-znver3"), ("valgrind", "vg-clang-16-O3-march-znver3"),
           ("valgrind", "vg-clang-16-O2-mtune-alderlake"), ("valgrind", "vg-clang-16-O1"),
           ("valgrind", "vg-clang-16-O1-mtune-alderlake"), ("msan", "msan-clang-16-O3")]

# What each tool reports on the calibration functions of tests/ct/ct_leaky.c, as measured and
# documented in docs/VERIFICATION.md ("What the tools see"). True = reported.
EXPECTED_CALIBRATION = {
    "valgrind": {"clean": False, "branch": True, "index": True, "carry": True, "asm-cmov": False,
                 "div-divisor": False, "div-dividend": False, "movemask": False},
    # movemask: silent at CI's -O3; make ct's -O0 row reports it (an intrinsic MSan does not model)
    "msan": {"clean": False, "branch": True, "index": True, "carry": False, "asm-cmov": True,
             "div-divisor": True, "div-dividend": False, "movemask": False},
}


@pytest.fixture(scope="module")
def reports():
    out = {}
    for tool, name in CONFIGS:
        make("ct-" + name)
        out[name] = json.loads((CT_DIR / name / "ct-report.json").read_text())
    return out


def host_backends(report_name, level):
    """Backends compiled into that build with whether this CPU runs them (hqcL_ct_kem --list)."""
    prog = CT_DIR / report_name / "bin" / ("hqc%d_ct_kem" % level)
    found = {}
    for line in run([prog, "--list"]).stdout.splitlines():
        _, name, ct, sup = line.split()
        found[name] = {"constant_time": ct.endswith("1"), "supported": sup.endswith("1")}
    return found


def test_make_ct_runs_every_configuration_ci_runs():
    # CI's rows are the ones that once leaked; the full make ct must not leave them out (it did
    # from 2026-11-27 to 2026-12-07: CT_VG_TUNED was set after a := had expanded it empty).
    goals = make("ct-list", timeout=120).split()
    assert len(goals) == len(set(goals))
    missing = ["ct-" + name for _, name in CONFIGS if "ct-" + name not in goals]
    assert not missing, "make ct leaves out CI's %s (it runs %s)" % (missing, goals)


@pytest.mark.parametrize("tool,name", CONFIGS)
def test_tool_calibration(reports, tool, name):
    # A checker that flags nothing proves nothing: the leaks must be reported, the masked
    # code must not, and the tool must behave as the documentation says.
    rep = reports[name]
    assert rep["calibration_ok"]
    for mode, want in EXPECTED_CALIBRATION[tool].items():
        assert rep["calibration"][mode] == want, (mode, rep["calibration"])


@pytest.mark.parametrize("tool,name", CONFIGS)
def test_every_constant_time_backend_is_clean(reports, tool, name):
    rep = reports[name]
    assert rep["ok"], rep
    for level in LEVELS:
        entries = rep["levels"][str(level)]
        for backend, meta in host_backends(name, level).items():
            e = entries[backend]
            if not meta["constant_time"]:
                continue
            if e["status"] == "not-run":
                # Only a CPU-model limit of valgrind may leave a backend out, and then the MSan
                # configuration must cover it (next test): valgrind 3.19 runs no AVX-512 and no
                # VEX-encoded VPCLMULQDQ (it clears the CPUID bit and raises SIGILL on it).
                cpu_lacks_it = not meta["supported"]
                valgrind_lacks_it = tool == "valgrind" and ("avx512" in backend or backend == "vpclmul")
                assert cpu_lacks_it or valgrind_lacks_it, (level, backend, e)
                continue
            assert e["status"] == "clean" and not e["findings"], (level, backend, e)


def test_msan_covers_what_valgrind_cannot(reports):
    msan = reports["msan-clang-16-O3"]
    for level in LEVELS:
        for backend, meta in host_backends("msan-clang-16-O3", level).items():
            if meta["supported"] and meta["constant_time"]:
                assert msan["levels"][str(level)][backend]["status"] == "clean", (level, backend)


def test_variable_time_backends_are_flagged(reports):
    # The "-sparse" backends are variable time by design (memory addresses follow the secret
    # support): they are excluded from the clean requirement, and the checker must catch them.
    seen = 0
    for tool, name in CONFIGS:
        for level in LEVELS:
            for backend, e in reports[name]["levels"][str(level)].items():
                if e.get("constant_time") is False:
                    assert e["status"] == "flagged-as-expected", (name, level, backend, e)
                    seen += 1
    if seen == 0:
        require_cpu(*BACKEND_FLAGS["avx2-sparse"], why="no variable-time backend runs here")
        pytest.fail("no variable-time backend ran in these builds although /proc/cpuinfo has "
                    "what avx2-sparse needs")


def test_outputs_agree_across_backends_and_builds(reports):
    # The MSan build computes SHA3 with the in-tree Keccak instead of OpenSSL: equal digests
    # show the substitution changes nothing, and that marking secrets changed no result.
    for level in LEVELS:
        digests = {e["digest"] for rep in reports.values() for e in rep["levels"][str(level)].values()
                   if e.get("digest") and e.get("constant_time")}
        assert len(digests) == 1, (level, digests)
