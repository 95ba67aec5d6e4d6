# SPDX-License-Identifier: Apache-2.0 OR MIT
"""bench_table.py: the statistics and the text tables of bench/run-bench (quartiles, paired
per-iteration ratios, merged rounds), kept here so tests/test_bench.py can check them on
synthetic records without loading the command.
"""
import math

OPS = [("kem", "keygen"), ("kem", "encaps"), ("kem", "decaps"), ("mul", "mul"),
       ("syndromes", "syndromes")]
# The speed-up columns: per iteration, the base's ticks / the competitor's ticks.
RATIO_BASES = ("ref", "avx2")
# Fewest quiet iterations for which the table shows the quiet speed-ups.
QUIET_MIN = 20


def human(n):
    """About four significant digits: 23769 -> 23.77k, 635438 -> 635.4k, 12229837 -> 12.23M."""
    for limit, scale, fmt in ((1e4, 1, "%.0f"), (1e5, 1e3, "%.2fk"), (1e6, 1e3, "%.1fk"),
                              (1e7, 1e6, "%.3fM"), (1e8, 1e6, "%.2fM")):
        if n < limit:
            return fmt % (n / scale)
    return "%.1fM" % (n / 1e6)


def quartiles(values):
    """(q1, median, q3) by linear interpolation between closest ranks (as sample_stats.h)."""
    v = sorted(values)
    out = []
    for quarter in (1, 2, 3):
        pos = quarter * (len(v) - 1) / 4
        lo = int(pos)
        hi = min(lo + 1, len(v) - 1)
        out.append(v[lo] + (pos - lo) * (v[hi] - v[lo]))
    return out


def merge_rounds(parts, runs):
    """One record from the records of one (level, op, impl) of every round: the samples
    concatenated, their quartiles, and the per-iteration ratios over each base (the base's
    sample of the same round and iteration) with theirs. The raw samples (and the rounds' own
    probe summaries: merged_probe) are dropped."""
    rec = {k: v for k, v in parts[0].items() if k not in ("ticks", "probe_ticks", "probe")}
    ticks = [t for p in parts for t in p["ticks"]]
    q1, med, q3 = quartiles(ticks)
    rec.update(median_cycles=int(round(med)), q1=int(round(q1)), q3=int(round(q3)),
               min=min(ticks), max=max(ticks), runs=len(ticks), rounds=len(parts),
               warmup=sum(p["warmup"] for p in parts))
    return rec, ticks


def quiet_mask(probes, fastest):
    """Per iteration, whether its probe (bench/probe.h) ran within a quarter of the fastest one
    (the run's: the core's own speed; a shared core's probe takes about twice as long). The one
    place this rule is written: run-bench and scripts/floor use it."""
    return [4 * p <= 5 * fastest for p in probes]


def fastest_probe(runs):
    """The core's own speed over a run: the fastest probe sample of its processes (runs: each a
    list of samples, or None where the program had no probe), or None without any."""
    known = [t for r in runs if r for t in r]
    return min(known) if known else None


def merged_probe(parts):
    """The probe's samples of one (level, op) over every round, in iteration order, or None
    where the bench program had no probe (not x86-64)."""
    if not all("probe_ticks" in p for p in parts):
        return None
    return [t for p in parts for t in p["probe_ticks"]]


def merged_ratios(recs, samples, quiet=None):
    """ratios[base] of every merged record of one (level, op): over ref, avx2 and, where it
    ran, the official tree. With quiet (one flag per iteration, quiet_mask), also
    ratios_quiet[base] over the quiet iterations alone, where there are any."""
    for impl, rec in recs.items():
        rec["ratios"] = {}
        rec.pop("ratios_quiet", None)
        if quiet is not None and any(quiet):
            rec["ratios_quiet"] = {}
        for base in RATIO_BASES + ("upstream",):
            if base not in samples:
                continue
            per_iteration = [b / x for b, x in zip(samples[base], samples[impl])]
            blocks = [("ratios", per_iteration)]
            if "ratios_quiet" in rec:
                blocks.append(("ratios_quiet", [r for r, q in zip(per_iteration, quiet) if q]))
            for key, values in blocks:
                q1, med, q3 = quartiles(values)
                rec[key][base] = {"median": round(med, 6), "q1": round(q1, 6), "q3": round(q3, 6)}


def ratio(x):
    """Three significant digits at least: 123.4, 12.34, 1.23, 0.900, 0.0213."""
    if x >= 1:
        return "%.1f" % x if x >= 100 else "%.2f" % x
    return "%.*f" % (2 - math.floor(math.log10(x)), x) if x > 0 else "0"


def impls_of(records, level):
    impls = []
    for r in records:
        if r["level"] == level and r["impl"] not in impls:
            impls.append(r["impl"])
    return impls


def table(records, level, key, title, tsc_hz, speedups=True):
    """One level's table, op by backend: KEY with its q1-q3 spread, then (with speedups) blocks
    of speed-ups over ref and over avx2 in the same columns: the median of the per-iteration
    ratios base/X with their q1-q3."""
    recs = {(r["op"], r["impl"]): r for r in records if r["level"] == level}
    impls = impls_of(records, level)
    ops = [op for _, op in OPS if any(o == op for o, _ in recs)]
    rows = [["op"] + impls]
    for op in ops:
        row = [op]
        for impl in impls:
            r = recs.get((op, impl))
            if r is None:
                row.append("-")
            elif key == "median_cycles":
                row.append("%s [%s-%s]" % (human(r[key]), human(r["q1"]), human(r["q3"])))
            else:
                row.append(human(r[key]))
        rows.append(row)
    # Quiet blocks where the probe found some iterations slowed (and enough quiet ones).
    shared = [op for op in ops if any("ratios_quiet" in r and QUIET_MIN <= r["probe"]["quiet"]
                                      < r["probe"]["iterations"] for (o, _), r in recs.items() if o == op)]
    blocks = [("ratios", "speed-up vs %s", ops)]
    if speedups and shared:
        blocks.append(("ratios_quiet", "speed-up vs %s, quiet iterations only", shared))
    for key, label, block_ops in blocks:
        for base in RATIO_BASES + ("upstream",):
            if not speedups or base not in impls or len(impls) == 1:
                continue
            rows.append([label % base] + [""] * len(impls))
            for op in block_ops:
                row = ["  " + op]
                for impl in impls:
                    r = recs.get((op, impl))
                    q = r.get(key, {}).get(base) if r else None
                    row.append("%sx [%s-%s]" % (ratio(q["median"]), ratio(q["q1"]), ratio(q["q3"]))
                               if q else "-")
                rows.append(row)
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    fmt = "  ".join(("%%-%ds" if i == 0 else "%%%ds") % w for i, w in enumerate(widths))
    lines = ["HQC-%d: %s" % (level, title)] + [fmt % tuple(r) for r in rows]
    lines.append("(TSC ticks per call, NOT core clock cycles: the counter runs at a constant "
                 "%.3f GHz. Speed-up vs X = median [q1-q3] over the iterations of X's ticks / "
                 "this backend's ticks, both timed in the same iteration.)" % (tsc_hz / 1e9))
    # run-bench's merged records count the quiet iterations (paper mode's do not).
    counted = {o: r["probe"] for (o, _), r in recs.items() if "quiet" in r.get("probe", {})}
    probed = [(op, counted[op]) for op in ops if op in counted]
    if probed:
        lines.append("(Quiet iterations, whose throughput probe ran within a quarter of the run's "
                     "fastest: %s. Fewer than all: the core was shared or slowed for the "
                     "rest, bench/README.md \"Quiet iterations\".)" % ", ".join(
                         "%s %d of %d" % (op, p["quiet"], p["iterations"]) for op, p in probed))
    return "\n".join(lines)
