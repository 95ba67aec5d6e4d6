# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The benchmark suite (issues 4 and 27): bench/run-bench on a tiny run must produce a complete,
sane results.json (every op for every level and supported backend, each record paired with all
the others of its level and op, with ref/X and avx2/X ratio quartiles), the tables and
cycles.png; scripts/bench-compare must match records and reject malformed files. Timings are
never asserted, only their shape (positive integers, q1 <= median <= q3) and the ratios'
consistency with the pairing (a base against itself is exactly 1).
"""
import copy
import json
import platform
import re

from pathlib import Path

import pytest

from conftest import LEVELS, ROOT, bin_path, official_source, run, supported_backends
from hqctools import bench_table

RUN_BENCH = ROOT / "bench" / "run-bench"
COMPARE = ROOT / "scripts" / "bench-compare"
OPS = {"keygen": "kem", "encaps": "kem", "decaps": "kem", "mul": "mul", "syndromes": "syndromes"}
TINY = ["--runs", "20", "--batch", "5", "--warmup", "2", "--rounds", "4", "--no-realtime"]


@pytest.fixture(scope="module")
def tiny_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("bench")
    res = run([RUN_BENCH, "--build", bin_path("hqc_info").parent.parent, "--out", out] + TINY)
    return out, res, json.loads((out / "results.json").read_text())


def expected_keys():
    return {(what, op, level, impl) for level in LEVELS for impl in supported_backends(level)
            for op, what in OPS.items()}


def test_every_record_present_once(tiny_run):
    _, _, results = tiny_run
    keys = [(r["what"], r["op"], r["level"], r["impl"]) for r in results["records"]]
    assert len(keys) == len(set(keys)), "duplicate records"
    assert set(keys) == expected_keys()


def test_records_are_sane(tiny_run):
    _, _, results = tiny_run
    for r in results["records"]:
        for k in ("median_cycles", "q1", "q3"):
            assert isinstance(r[k], int) and not isinstance(r[k], bool) and r[k] > 0, (k, r)
        assert r["min"] <= r["q1"] <= r["median_cycles"] <= r["q3"] <= r["max"], r
        assert r["mode"] == "median" and r["runs"] == 20 and r["batch"] == 5


def test_records_are_paired_with_ratios(tiny_run):
    """Every record of a (level, op) names the same competitors, all supported backends of the
    level in list order, and carries the per-iteration ratio quartiles over ref and avx2 (where
    the level has them); a base over itself is exactly 1 in every iteration."""
    _, _, results = tiny_run
    for r in results["records"]:
        impls = supported_backends(r["level"])
        assert r["paired_with"] == impls, r
        bases = [b for b in ("ref", "avx2") if b in impls]
        assert sorted(r["ratios"]) == sorted(bases), r
        for base, q in r["ratios"].items():
            assert 0 < q["q1"] <= q["median"] <= q["q3"], (base, r)
            if base == r["impl"]:
                assert q == {"median": 1.0, "q1": 1.0, "q3": 1.0}, r


def test_ratio_quartiles_bracket_ratio_of_extremes(tiny_run):
    """Each per-iteration ratio base/X lies between min(base)/max(X) and max(base)/min(X), so
    its quartiles do too: the ratios come from the same process's samples."""
    _, _, results = tiny_run
    recs = {(r["level"], r["op"], r["impl"]): r for r in results["records"]}
    for (level, op, impl), r in recs.items():
        for base, q in r["ratios"].items():
            b = recs[(level, op, base)]
            lo, hi = b["min"] / r["max"], b["max"] / r["min"]
            assert lo * 0.999 <= q["q1"] and q["q3"] <= hi * 1.001, (level, op, impl, base)


def test_metadata(tiny_run):
    _, _, results = tiny_run
    meta = results["metadata"]
    for k in ("cpu_model", "compiler", "cflags", "git_commit", "date", "units", "paired"):
        assert isinstance(meta[k], str) and meta[k], k
    assert isinstance(meta["cpu_flags"], list) and "tsc" in meta["cpu_flags"]
    assert meta["tsc_hz"] > 1e8
    assert meta["mode"] == "median" and meta["runs"] == 20
    assert "TSC" in meta["units"]
    assert meta["upstream"] is None


def test_tables_and_plot(tiny_run):
    out, res, _ = tiny_run
    for level in LEVELS:
        assert "HQC-%d: median [q1-q3] TSC ticks" % level in res.stdout
    assert "NOT core clock cycles" in res.stdout
    tables = res.stdout.split("HQC-")[1:]
    assert len(tables) == len(LEVELS)
    for level, text in zip(LEVELS, tables):
        impls = supported_backends(level)
        header = text.splitlines()[1].split()
        assert header == ["op"] + impls
        for op in OPS:
            assert any(line.split()[:1] == [op] for line in text.splitlines()), (level, op)
        assert ("speed-up vs ref" in text) == (len(impls) > 1)
        assert ("speed-up vs avx2" in text) == ("avx2" in impls)
        if len(impls) > 1:
            # The ref block: every op's row holds ref over itself, exactly 1.
            lines = text.splitlines()
            at = next(i for i, l in enumerate(lines) if l.startswith("speed-up vs ref"))
            for line in lines[at + 1:at + 1 + len(OPS)]:
                assert line.split()[1:3] == ["1.00x", "[1.00-1.00]"], line
    png = (out / "cycles.png").read_bytes()
    assert png.startswith(b"\x89PNG\r\n\x1a\n") and len(png) > 10000
    assert sorted(p.name for p in out.iterdir()) == ["cycles.png", "results.json"]


def test_progress_on_stderr(tiny_run):
    """One process per (level, op), each with all the level's competitors."""
    _, res, _ = tiny_run
    for level in LEVELS:
        for op in OPS:
            assert "HQC-%d %-9s %d competitors" % (level, op, len(supported_backends(level))) \
                in res.stderr


def test_paper_mode(tmp_path):
    """Paper mode reports the mean of per-set minima, which lies between the overall
    minimum and the overall maximum."""
    res = run([RUN_BENCH, "--build", bin_path("hqc_info").parent.parent, "--out", tmp_path,
               "--paper", "--sets", "3", "--runs", "4", "--warmup", "1", "--levels", "1",
               "--ops", "mul,decaps", "--no-plot", "--no-realtime"])
    results = json.loads((tmp_path / "results.json").read_text())
    assert results["metadata"]["mode"] == "paper" and results["metadata"]["sets"] == 3
    assert {(r["op"], r["impl"]) for r in results["records"]} == \
        {(op, impl) for op in ("mul", "decaps") for impl in supported_backends(1)}
    for r in results["records"]:
        assert r["mode"] == "paper" and r["sets"] == 3 and r["runs"] == 4
        assert r["min"] <= r["mean_min_cycles"] <= r["max"]
        assert r["paired_with"] == supported_backends(1)
    assert "mean over 3 data sets of the minimum of 4 calls" in res.stdout
    assert not (tmp_path / "cycles.png").exists()


@pytest.mark.parametrize("bad", [["--runs", "0"], ["--levels", "2"], ["--ops", "sign"],
                                 ["--backends", "nonesuch"], ["--build", "/nonexistent"],
                                 ["--upstream", "/nonexistent"]])
def test_run_bench_rejects_bad_input(tmp_path, bad):
    res = run([RUN_BENCH, "--build", bin_path("hqc_info").parent.parent, "--out", tmp_path,
               "--no-plot"] + bad, check=False)
    assert res.returncode != 0
    assert "error" in res.stderr
    assert list(tmp_path.iterdir()) == []


def test_bench_program_rejects_bad_options():
    prog = bin_path("hqc1_bench")
    for bad in (["--op", "sign"], ["--runs", "0"], ["--runs", "x"], ["--backend", "nonesuch"],
                ["--frobnicate"]):
        res = run([prog] + bad, check=False)
        assert res.returncode == 2 and "error" in res.stderr, bad


def test_bench_program_pairs_what_it_is_given():
    """The program times exactly the backends named, in that order, each paired with all."""
    impls = supported_backends(5)[::-1]
    out = run([bin_path("hqc5_bench"), "--op", "syndromes", "--runs", "7", "--warmup", "1",
               "--no-realtime"] +
              [x for b in impls for x in ("--backend", b)]).stdout
    recs = [json.loads(line) for line in out.splitlines()]
    assert [r["impl"] for r in recs] == impls
    for r in recs:
        assert r["paired_with"] == impls and r["runs"] == 7 and r["op"] == "syndromes"
    # Without ref and avx2 there is no base, hence no ratio.
    others = [b for b in impls if b not in ("ref", "avx2")]
    if others:
        out = run([bin_path("hqc5_bench"), "--op", "mul", "--runs", "3", "--no-realtime",
                   "--backend", others[0]])
        assert json.loads(out.stdout)["ratios"] == {}
    # upstream is a competitor only in the programs run-bench links with the official tree.
    res = run([bin_path("hqc5_bench"), "--backend", "upstream"], check=False)
    assert res.returncode == 2 and "upstream" in res.stderr


def test_bench_program_reports_the_probe():
    """On x86-64 each record of the program carries the probe's summary over its iterations
    (bench/probe.h) and, with --raw, its samples, the same for every competitor; elsewhere
    there is no probe."""
    impls = supported_backends(1)[:2]
    out = run([bin_path("hqc1_bench"), "--op", "mul", "--runs", "40", "--warmup", "1", "--raw",
               "--no-realtime"] + [x for b in impls for x in ("--backend", b)]).stdout
    recs = [json.loads(line) for line in out.splitlines()]
    if platform.machine() != "x86_64":
        assert not any("probe" in r or "probe_ticks" in r for r in recs)
        return
    for r in recs:
        p, ticks = r["probe"], r["probe_ticks"]
        assert p == recs[0]["probe"] and ticks == recs[0]["probe_ticks"] and len(ticks) == 40
        assert p["iterations"] == 40 and p["fastest"] == min(ticks) > 0
        assert sorted(ticks)[19] <= p["median"] <= sorted(ticks)[20]


def test_bench_program_info():
    info = json.loads(run([bin_path("hqc3_bench"), "--info"]).stdout)
    assert info["level"] == 3
    assert [b["name"] for b in info["backends"] if b["supported"]] == supported_backends(3)
    assert info["tsc_hz"] > 1e8 and info["timer_overhead_ticks"] > 0


def write_json(path, data):
    path.write_text(json.dumps(data))
    return path


def test_compare_matches_and_flags_missing(tiny_run, tmp_path):
    _, _, results = tiny_run
    old, new = copy.deepcopy(results), copy.deepcopy(results)
    impl = supported_backends(3)[-1]
    # NEW twice as fast on one record, so the printed ratio is known exactly.
    for data, ticks in ((old, 2000), (new, 1000)):
        rec = next(r for r in data["records"] if (r["op"], r["level"], r["impl"]) == ("mul", 3, impl))
        rec["median_cycles"] = ticks
    dropped = new["records"].pop(0)
    res = run([COMPARE, write_json(tmp_path / "old.json", old),
               write_json(tmp_path / "new.json", new)])
    lines = res.stdout.splitlines()
    row = next(l for l in lines if l.split()[:3] == ["3", "mul", impl])
    assert row.split()[3:] == ["2000", "1000", "2.000"]
    missing = [l for l in lines if "MISSING in new" in l]
    assert len(missing) == 1
    assert missing[0].split()[:3] == [str(dropped["level"]), dropped["op"], dropped["impl"]]
    assert "%d matched" % (len(results["records"]) - 1) in lines[-1]


@pytest.mark.parametrize("content, message", [
    ('{"metadata": {}, "records": [', "not valid JSON"),
    ('[1, 2]', "not a benchmark result"),
    ('{"records": []}', "metadata"),
    ('{"metadata": {}, "records": [{"what": "mul", "op": "mul", "level": 1}]}', "lacks impl"),
    ('{"metadata": {}, "records": [{"what": "mul", "op": "mul", "level": 1, "impl": "ref",'
     ' "median_cycles": -5}]}', "not a positive number"),
])
def test_compare_rejects_malformed(tiny_run, tmp_path, content, message):
    good = write_json(tmp_path / "good.json", tiny_run[2])
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    for args in ([bad, good], [good, bad]):
        res = run([COMPARE] + args, check=False)
        assert res.returncode == 2
        assert "error: %s" % bad in res.stderr and message in res.stderr
        assert res.stdout == ""


def test_compare_usage():
    res = run([COMPARE, "only-one.json"], check=False)
    assert res.returncode == 2 and "usage" in res.stderr


def test_table_speedups_from_synthetic_records():
    """The speed-up blocks print each record's per-iteration ratio quartiles over ref and avx2,
    not a ratio of the medians; a competitor without an op (upstream's mul) gets '-'."""
    rb = bench_table  # bench/run-bench's tables
    ticks = {"ref": 120000, "avx2": 12000, "avx512": 6000, "upstream": 24000}
    records = []
    for op in OPS:
        for impl, t in ticks.items():
            if impl == "upstream" and OPS[op] != "kem":
                continue
            ratios = {b: {"median": ticks[b] / t * 1.01, "q1": ticks[b] / t * 0.9,
                          "q3": ticks[b] / t * 1.1} for b in ("ref", "avx2")}
            records.append({"what": OPS[op], "op": op, "level": 5, "impl": impl,
                            "median_cycles": t, "q1": t - 10, "q3": t + 10, "ratios": ratios})
    lines = rb.table(records, 5, "median_cycles", "t", 2.6e9).splitlines()
    assert lines[1].split() == ["op", "ref", "avx2", "avx512", "upstream"]
    assert lines[2].split() == ["keygen", "120.0k", "[120.0k-120.0k]", "12.00k",
                                "[11.99k-12.01k]", "6000", "[5990-6010]", "24.00k",
                                "[23.99k-24.01k]"]
    assert lines[5].split()[:2] == ["mul", "120.0k"] and lines[5].split()[-1] == "-"
    vs_ref = lines.index(next(l for l in lines if l.startswith("speed-up vs ref")))
    assert lines[vs_ref + 1].split() == ["keygen", "1.01x", "[0.900-1.10]", "10.10x",
                                         "[9.00-11.00]", "20.20x", "[18.00-22.00]", "5.05x",
                                         "[4.50-5.50]"]
    vs_avx2 = lines.index(next(l for l in lines if l.startswith("speed-up vs avx2")))
    assert lines[vs_avx2 + 5].split() == ["syndromes", "0.101x", "[0.0900-0.110]", "1.01x",
                                          "[0.900-1.10]", "2.02x", "[1.80-2.20]", "-"]


def test_upstream_joins_the_table(tmp_path):
    """With --upstream (the official tree: $HQC_UPSTREAM or ../shared/peers), the official
    avx256 KEM is one more competitor of the KEM ops in the same processes, and sits out mul
    and syndromes."""
    tree = official_source()
    res = run([RUN_BENCH, "--build", bin_path("hqc_info").parent.parent, "--out", tmp_path,
               "--upstream", tree, "--levels", "1", "--runs", "6", "--batch", "3", "--warmup",
               "1", "--no-plot", "--no-realtime"])
    results = json.loads((tmp_path / "results.json").read_text())
    assert results["metadata"]["upstream"] == str(Path(tree).resolve())
    impls = supported_backends(1)
    for r in results["records"]:
        kem = r["what"] == "kem"
        assert r["paired_with"] == impls + (["upstream"] if kem else []), r
    ups = [r for r in results["records"] if r["impl"] == "upstream"]
    assert sorted(r["op"] for r in ups) == ["decaps", "encaps", "keygen"]
    for r in ups:
        assert 0 < r["ratios"]["ref"]["q1"] <= r["ratios"]["ref"]["q3"]
        assert r["ratios"]["upstream"] == {"median": 1.0, "q1": 1.0, "q3": 1.0}
    for r in results["records"]:
        assert ("upstream" in r["ratios"]) == (r["what"] == "kem"), r
    assert "speed-up vs upstream" in res.stdout
    header = res.stdout.split("HQC-1: median")[1].splitlines()[1].split()
    assert header == ["op"] + impls + ["upstream"]
    assert not (tmp_path / "cycles.png").exists()


def test_rounds_merge_pairs_within_iterations():
    """Merging rounds concatenates the samples and takes the ratios iteration by iteration
    within each round: two rounds where X is 2x and 3x faster give ratios 2, 2, 3, 3 (median
    2.5), whereas the ratio of the merged medians would be 200/75."""
    rb = bench_table  # bench/run-bench's tables
    assert rb.quartiles([1, 2, 3, 4, 5]) == [2, 3, 4]
    base = [{"impl": "ref", "ticks": [100, 100], "warmup": 1},
            {"impl": "ref", "ticks": [300, 300], "warmup": 1}]
    fast = [{"impl": "avx2", "ticks": [50, 50], "warmup": 1},
            {"impl": "avx2", "ticks": [100, 100], "warmup": 1}]
    merged, samples = {}, {}
    for parts in (base, fast):
        merged[parts[0]["impl"]], samples[parts[0]["impl"]] = rb.merge_rounds(parts, 4)
    rb.merged_ratios(merged, samples)
    x = merged["avx2"]
    assert (x["median_cycles"], x["q1"], x["q3"], x["min"], x["max"]) == (75, 50, 100, 50, 100)
    assert x["runs"] == 4 and x["rounds"] == 2 and x["warmup"] == 2 and "ticks" not in x
    assert x["ratios"] == {"ref": {"median": 2.5, "q1": 2.0, "q3": 3.0},
                           "avx2": {"median": 1.0, "q1": 1.0, "q3": 1.0}}
    assert merged["ref"]["ratios"] == {"ref": {"median": 1.0, "q1": 1.0, "q3": 1.0},
                                       "avx2": {"median": 0.416667, "q1": 0.333333, "q3": 0.5}}


def test_quiet_iterations_from_the_probe():
    """bench/README.md, "Quiet iterations": an iteration whose probe (bench/probe.h) ran more
    than a quarter above the run's fastest is left out of ratios_quiet, and the table adds the
    quiet speed-ups where the probe found some iterations slowed. Here 25 quiet iterations where
    X is 2x faster than ref (one probe exactly at the bound) and 30 slowed ones where it is 4x
    (one probe just past it): 4x over all iterations, 2x over the quiet ones."""
    rb = bench_table
    assert rb.quiet_mask([1000, 1250, 1251, 2000], 1000) == [True, True, False, False]
    probes = [[1000] * 24 + [1250], [1251] + [2000] * 29]
    ref = [{"impl": "ref", "ticks": [100] * len(p), "probe_ticks": p, "warmup": 1,
            "probe": {"fastest": min(p)}} for p in probes]
    fast = [{"impl": "X", "ticks": [50] * 25, "probe_ticks": probes[0], "warmup": 1},
            {"impl": "X", "ticks": [25] * 30, "probe_ticks": probes[1], "warmup": 1}]
    merged, samples = {}, {}
    for parts in (ref, fast):
        merged[parts[0]["impl"]], samples[parts[0]["impl"]] = rb.merge_rounds(parts, 55)
    assert "probe_ticks" not in merged["X"] and "probe" not in merged["ref"]
    probe = rb.merged_probe(ref)
    assert probe == probes[0] + probes[1] and rb.merged_probe([{"ticks": [1]}]) is None
    assert rb.fastest_probe([None, [3, 2], [5]]) == 2 and rb.fastest_probe([None]) is None
    quiet = rb.quiet_mask(probe, rb.fastest_probe([probe]))
    rb.merged_ratios(merged, samples, quiet)
    x = merged["X"]
    assert x["ratios"]["ref"]["median"] == 4.0 and x["ratios_quiet"]["ref"] == {
        "median": 2.0, "q1": 2.0, "q3": 2.0}
    for rec in merged.values():
        rec.update(what="kem", op="keygen", level=1, probe={"quiet": sum(quiet), "iterations": 55})
    lines = rb.table(list(merged.values()), 1, "median_cycles", "t", 2.6e9).splitlines()
    at = next(i for i, l in enumerate(lines) if l.startswith("speed-up vs ref, quiet iterations only"))
    assert lines[at + 1].split()[:4] == ["keygen", "1.00x", "[1.00-1.00]", "2.00x"]
    assert "keygen 25 of 55" in lines[-1]
    # Without a slowed iteration there is no quiet block; without a probe, no quiet ratios.
    rb.merged_ratios(merged, samples, [True] * 55)
    for rec in merged.values():
        rec["probe"] = {"quiet": 55, "iterations": 55}
    assert not any("quiet iterations only" in l for l in
                   rb.table(list(merged.values()), 1, "median_cycles", "t", 2.6e9).splitlines())
    rb.merged_ratios(merged, samples)
    assert not any("ratios_quiet" in r for r in merged.values())


def test_records_carry_the_probe(tiny_run):
    """On x86-64 every merged record of run-bench carries its (level, op)'s probe summary, the
    same for every competitor of that process, over all its iterations."""
    _, _, results = tiny_run
    if platform.machine() != "x86_64":
        assert not any("probe" in r for r in results["records"])
        return
    by_op = {}
    for r in results["records"]:
        p = r["probe"]
        assert p["iterations"] == 20 and 0 <= p["quiet"] <= 20 and 0 < p["fastest"] <= p["median"], r
        assert by_op.setdefault((r["level"], r["op"]), p) == p, r
        assert ("ratios_quiet" in r) == (p["quiet"] > 0), r


def test_records_merge_the_rounds(tiny_run):
    _, res, results = tiny_run
    assert results["metadata"]["rounds"] == 4 and results["metadata"]["sched"] == ["other"]
    assert all(r["rounds"] == 4 and r["runs"] == 20 for r in results["records"])
    assert res.stderr.count("round 4/4 [") == 5 * len(LEVELS)


def test_gcc_x86_build_calls_libc_for_long_copies():
    """Makefile's STRINGOP_FLAGS (bench/README.md, "Copies and wipes"): a gcc build for x86-64
    hands its fixed-size copies and wipes to libc's memcpy and memset instead of expanding them
    as rep movs / rep stos (half of encrypt_into's own time at HQC-1 before). A structural
    check, not a timing: no string instruction is left in libhqc.a outside kem.c, which keeps
    gcc's expansion (STRINGOP_EXCLUDE: its frames lie above the stack scrub) with vector loops
    for its copies (KEM_STRINGOP_FLAGS), not rep movs. Builds by other
    compilers or for other targets are not concerned (clang calls libc for such sizes)."""
    lib = bin_path("hqc_info").parent.parent / "libhqc.a"
    producers = {line.split("): ", 1)[-1]
                 for line in run(["readelf", "--debug-dump=info", lib]).stdout.splitlines()
                 if "DW_AT_producer" in line}
    assert producers, "libhqc.a has no DW_AT_producer: the build dropped -g"
    if run(["uname", "-m"]).stdout.strip() != "x86_64" or not all(p.startswith("GNU C") for p in producers):
        # Another compiler or target: the Makefile must not have passed gcc's x86 option.
        assert not [p for p in producers if "-mstringop-strategy" in p], sorted(producers)
        return
    code = run(["objdump", "-d", "--no-show-raw-insn", lib]).stdout
    fn, member, found, kem_copies = None, None, {}, []
    for line in code.splitlines():
        if "file format" in line:
            member = line.split(":", 1)[0]
        elif line.endswith(">:"):
            fn = line.split("<", 1)[1][:-2]
        elif member == "kem.o":
            # KEM_STRINGOP_FLAGS: its copies (keygen's of the public key) as vector loops, not
            # rep movsq (1 % of avx512 HQC-1 keygen); its wipes may stay rep stos.
            if re.search(r"\brep[a-z]*\s+movs", line):
                kem_copies.append(fn)
        elif re.search(r"\brep[a-z]*\s+(movs|stos)", line):
            found[fn] = found.get(fn, 0) + 1
    assert not found, "rep movs/stos in %d functions (built without STRINGOP_FLAGS?): %s" % (
        len(found), sorted(found.items(), key=lambda kv: -kv[1])[:8])
    assert not kem_copies, "rep movs in kem.o (built without KEM_STRINGOP_FLAGS?): %s" % sorted(set(kem_copies))
