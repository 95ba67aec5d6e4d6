# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Stack budget (issue 16, deliverable 3): every KEM operation (keygen, encaps, decaps of a
valid and of a tampered ciphertext) with every backend this CPU runs completes on a thread whose
whole stack is 128 KiB (musl's default), and touches at most 96 KiB of it, measured by painting
the stack (tests/c/test_stack.c). The library itself uses no heap, so this is all it needs.
(HQC-5 avx2 and vpclmul are the tightest: about 95 KiB in decapsulation, see README.)
The static bound (scripts/stack-bound, from gcc's -fcallgraph-info=su call graphs) covers every
backend compiled in, including those this CPU cannot run (avx512, avx512-sparse); it must not be
below what was measured, and it is held to the same budget. The script itself is checked on
hand-written call graphs: it adds frames along the deepest path and refuses what it cannot
bound (cycles, unknown external calls, dynamic frames, indirect calls it cannot resolve)."""
import json
import shutil
import sys

import pytest

from conftest import BUILD, LEVELS, ROOT, bin_path, run, supported_backends
from hqctools import stack_bound
from verify_build import make

STACK = 128 * 1024
BUDGET = 96 * 1024
ALL_BACKENDS = {"ref", "avx2", "vpclmul", "avx2-sparse", "avx512", "avx512-sparse"}
# Over the 96 KiB budget by the static bound (README "Stack"): none since the avx512 product's
# HQC-5 frames shrank (Toom-3 52 -> 32.5 KiB, 5-way Karatsuba 33 -> 25 KiB; checked on this CPU
# by the emulated build, tests/test_avx512_emulated.py). A backend that goes over again fails.
KNOWN_OVER = set()


@pytest.fixture(scope="module")
def measured():
    rows = {}
    for level in LEVELS:
        for line in run([bin_path("hqc%d_test_stack" % level)], timeout=600).stdout.splitlines():
            r = json.loads(line)
            rows[(r["level"], r["backend"], r["op"])] = r
    return rows


@pytest.mark.parametrize("level", LEVELS)
def test_every_op_fits_128k(measured, level):
    for backend in supported_backends(level):
        for op in ("keygen", "encaps", "decaps", "decaps-reject"):
            r = measured[(level, backend, op)]
            assert r["stack"] == STACK
            assert "signal" not in r, "HQC-%d %s %s overflowed a 128 KiB stack" % (level, backend, op)


@pytest.mark.parametrize("level", LEVELS)
def test_high_water_within_96k(measured, level):
    over = []
    for backend in supported_backends(level):
        worst = max(measured[(level, backend, op)].get("high_water", STACK + 1)
                    for op in ("keygen", "encaps", "decaps", "decaps-reject"))
        if worst > BUDGET:
            over.append((backend, worst))
    assert not over, "above the 96 KiB budget: %s" % over


@pytest.fixture(scope="module")
def static_bounds(tmp_path_factory):
    if shutil.which("gcc") is None:
        pytest.skip("the static bound needs gcc (-fcallgraph-info=su)")
    make("stack-bound-build")
    out = tmp_path_factory.mktemp("stack") / "bounds.json"
    run([sys.executable, ROOT / "scripts" / "stack-bound", "--build", ROOT / "build" / "stack",
         "--json", out])
    return {(r["level"], r["backend"], r["op"]): r["bound"] for r in json.loads(out.read_text())}


def baseline(measured, level):
    """The thread's own use before any call (the "none" row): descriptor, TLS, start frames."""
    return max(r["high_water"] for (l, _, op), r in measured.items() if l == level and op == "none")


def test_static_bound_covers_every_backend(static_bounds):
    for level in LEVELS:
        assert {b for (l, b, _) in static_bounds if l == level} == ALL_BACKENDS


def built_by_gcc(program):
    comment = run(["readelf", "-p", ".comment", program], check=False).stdout
    return "GCC:" in comment and "clang" not in comment


@pytest.mark.parametrize("level", LEVELS)
def test_static_bound_not_below_measured(measured, static_bounds, level):
    # The bound is of gcc's -O3 code (build/stack); another compiler's frames are not comparable.
    if not built_by_gcc(bin_path("hqc%d_test_stack" % level)):
        pytest.skip("%s was not built by gcc" % BUILD)
    base = baseline(measured, level)
    for backend in supported_backends(level):
        for op in ("keygen", "encaps", "decaps", "decaps-reject"):
            bound = static_bounds[(level, backend, op.replace("-reject", ""))] + base
            assert bound >= measured[(level, backend, op)]["high_water"], (backend, op, bound)


@pytest.mark.parametrize("level", LEVELS)
def test_static_bound_within_96k(measured, static_bounds, level):
    base = baseline(measured, level)
    worst = {}
    for (l, backend, op), bound in static_bounds.items():
        if l == level:
            worst[backend] = max(worst.get(backend, 0), bound + base)
    assert all(w <= STACK for w in worst.values()), worst
    over = {(level, b) for b, w in worst.items() if w > BUDGET}
    assert not over - KNOWN_OVER, "above the 96 KiB budget: %s" % worst
    assert over == {k for k in KNOWN_OVER if k[0] == level}, "fixed? update KNOWN_OVER: %s" % worst
    if over:
        pytest.xfail("static bound above 96 KiB: %s" % {b: worst[b] for _, b in over})


def synthetic_bound(tmp_path, text):
    """A Bound over one hand-written call graph, resolving nothing from the sources."""
    m = stack_bound
    ci = tmp_path / "unit.ci"
    ci.write_text('graph: { title: "src/hqc/unit.c"\n' + text + "}\n")
    graph = m.Graph()
    graph.read(ci)
    bound = m.Bound.__new__(m.Bound)
    bound.g, bound.level, bound.memo, bound.externals = graph, "1", {}, set()
    bound.recursion, bound.default_targets, bound.keccak, bound.named = {}, {"t"}, set(), {}
    return m, bound


def node(title, size, kind="static"):
    return 'node: { title: "%s" label: "%s\\nsrc/hqc/unit.c:1:1\\n%d bytes (%s)" }\n' % (title, title, size, kind)


def edge(a, b):
    return 'edge: { sourcename: "%s" targetname: "%s" label: "src/hqc/unit.c:2:2" }\n' % (a, b)


def test_stack_bound_adds_frames_along_the_deepest_path(tmp_path):
    # f (100) calls g (50), memcpy (counted as EXTERNAL_FRAME) and, through a table, t (400).
    m, b = synthetic_bound(tmp_path, node("f", 100) + node("g", 50) + node("t", 400) +
                           edge("f", "g") + edge("f", "memcpy") + edge("f", "__indirect_call"))
    assert b.of("f") == (500, ["f", "t"])
    assert b.externals == {"memcpy"} and m.EXTERNAL_FRAME < 400
    assert m.karatsuba_depth(277) == 9 and m.karatsuba_depth(901) == 10 and m.karatsuba_depth(2) == 1


@pytest.mark.parametrize("case, text, message", [
    ("cycle", node("f", 8) + node("g", 8) + edge("f", "g") + edge("g", "f"), "call cycle"),
    ("external", node("f", 8) + edge("f", "fopen"), "not a known C library leaf"),
])
def test_stack_bound_refuses_what_it_cannot_bound(tmp_path, case, text, message):
    m, b = synthetic_bound(tmp_path, text)
    with pytest.raises(SystemExit, match=message):
        b.of("f")


def test_stack_bound_refuses_dynamic_frames_and_stray_indirect_calls(tmp_path):
    with pytest.raises(SystemExit, match="dynamic frame"):
        synthetic_bound(tmp_path, node("f", 8, "dynamic"))
    m, b = synthetic_bound(tmp_path, node("f", 8) + edge("f", "__indirect_call"))
    b.g.file["f"] = "src/elsewhere/unit.c"
    with pytest.raises(SystemExit, match="unresolved indirect call"):
        b.of("f")
