# SPDX-License-Identifier: Apache-2.0 OR MIT
"""bench-upstream: an upstream HQC tree timed against our KEM and against its patched self.

  bench-upstream UPSTREAM_DIR [--runs N] [--cpu C] [--lock FILE] [--json FILE]

Copies UPSTREAM_DIR twice into a temp dir (the tree itself is never written), applies the series
to one copy with scripts/apply-patches (a tree that is already patched is reverted in the other
copy instead) and builds both.

hqc-2025-08-22 (the official tree): paired, in one process per level. The unpatched tree's
x86_64 avx256 KEM, built with its CMake Release flags and bench/upstream/fips202_fixed.c (the
vendored lib/fips202 computes wrong SHAKE/SHA3; this one is correct, with an ordinary unrolled
permutation), is linked with its symbols renamed into bench/upstream/kem_peers.c, together with
the patched tree (HQC_X86_IMPL=avx512, whose vect_mul picks our fastest backend the CPU runs)
and our libhqc.a. Every iteration times one call of each competitor per op, alternating which
goes first; each side makes its own fresh keys and ciphertexts, and ours draws its seeds from
upstream's SHAKE256 PRNG as upstream's KEM does. Printed per level, op and peer (the patched
tree, then every constant-time backend of ours this CPU runs): median ticks of both and the
median with q1-q3 of the per-iteration ratios upstream / peer (above 1: the peer is faster).

pqclean-2023-04-30 (legacy): clean (PQClean's gf2x.c) vs GF2X=avx2 and GF2X=avx512, median
cycles of separate processes (bench/upstream/kem_cycles.c); slots the CPU cannot run are left
out.

Runs are pinned to CPU C (default 1) with taskset when it is there; with --lock, the timed runs
(not the builds) hold an exclusive flock on FILE. Exit status 0 on success, 1 on any failure.
"""
import argparse
import fcntl
import functools
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from hqctools import common
from hqctools import upstream_build as ub

ROOT = Path(__file__).resolve().parents[2]
HARNESS = ub.HARNESS

OPS = ("keygen", "encaps", "decaps")
die = functools.partial(common.die, "bench-upstream")


def apply_series(tree, revert=False):
    cmd = [sys.executable, str(ROOT / "scripts" / "apply-patches"), str(tree)]
    res = subprocess.run(cmd + (["--revert"] if revert else []), capture_output=True, text=True)
    return res.returncode, res.stdout + res.stderr


def prepare(upstream, work, pqclean):
    """(release, pristine copy, patched copy)."""
    plain, patched = work / "plain", work / "patched"
    for dest in (plain, patched):
        if pqclean:
            ub.pqclean_copy(upstream, dest)
        else:  # CMake's configure wants every gold .rsp: the official ones fill any gap
            levels = json.loads((ROOT / "kat" / "levels.json").read_text())
            ub.official_copy(upstream, dest, ROOT.parent / "shared" / "kat" / "hqc-v5",
                             {level: meta["rsp"] for level, meta in levels.items()})
    rc, out = apply_series(patched)
    if rc != 0 and "already patched" in out:
        # UPSTREAM_DIR carries the series already: take it out of the other copy instead.
        rc, out = apply_series(plain, revert=True)
    if rc != 0:
        die(out.strip())
    m = re.search(r"(?:applied|reverted) (\S+)", out)
    return m.group(1), plain, patched


def measure(prog, runs, cpu):
    cmd = [str(prog), str(runs)]
    if cpu is not None and shutil.which("taskset"):
        cmd = ["taskset", "-c", str(cpu)] + cmd
    res = subprocess.run(cmd, capture_output=True, text=True)
    if res.returncode != 0:
        die("%s failed: %s" % (prog, res.stderr.strip()))
    cycles = dict(line.split() for line in res.stdout.splitlines())
    return {op: int(cycles[op]) for op in OPS}


def bench_pqclean(plain, patched, work, runs, cpu, slots):
    harness = HARNESS / "kem_cycles.c"
    inc = ["-I", str(ROOT / "bench")]
    table = {}
    for scheme in ub.PQCLEAN_SCHEMES:
        row = {"clean": measure(ub.pqclean_build(plain, scheme, None, harness,
                                                 work / ("clean-%d" % scheme), inc), runs, cpu)}
        for slot in slots:
            prog = ub.pqclean_build(patched, scheme, slot, harness,
                                    work / ("%s-%d" % (slot, scheme)), inc)
            row[slot] = measure(prog, runs, cpu)
        table["hqc-%d" % scheme] = row
    return table


def official_peers(plain, patched, work, ldflags=()):
    """{level: kem_peers program}: the unpatched tree (upstream_*) and the patched one
    (patched_*), both with fips202_fixed.c, and our library; ldflags: extra link flags of the
    programs (-static for scripts/make-verify-bundle)."""
    fixed = HARNESS / "fips202_fixed.c"
    targets = ["hqc_%s_x86_64" % l for l in ub.OFFICIAL_LEVELS] + ["fips202"]
    builds = {"upstream": ub.official_build(plain, "avx256", work / "b-avx256", targets, fixed),
              "patched": ub.official_build(patched, "avx512", work / "b-avx512", targets, fixed)}
    progs = {}
    for level in ub.OFFICIAL_LEVELS:
        objs = [ub.official_kem_object(build, level, prefix,
                                       work / ("%s-%s.o" % (prefix, level)))
                for prefix, build in builds.items()]
        progs[level] = ub.peers_program(level, objs, work / ("peers-" + level), patched=True,
                                        ldflags=ldflags)
    return progs


def run_peers(progs, runs, cpu):
    """Records of every level's kem_peers run (one JSON object per level, peer and op)."""
    env = {k: v for k, v in os.environ.items() if k != "HQC_BACKEND"}  # the patched tree: auto
    records = []
    for level, prog in progs.items():
        cmd = [str(prog), str(runs)]
        if cpu is not None and shutil.which("taskset"):
            cmd = ["taskset", "-c", str(cpu)] + cmd
        res = subprocess.run(cmd, capture_output=True, text=True, env=env)
        if res.returncode != 0:
            die("%s failed: %s" % (prog, res.stderr.strip()))
        records += [json.loads(line) for line in res.stdout.splitlines()]
    return records


def print_peers(release, records, runs):
    print("%s on %s: TSC ticks, %d paired iterations per peer; ratio = upstream / peer "
          "(median of per-iteration ratios, q1-q3)" % (release, ub.cpu_name(), runs))
    print("upstream = official x86_64/avx256 with a correct, unrolled fips202; patched-tree = "
          "the same tree after apply-patches")
    print("%-6s %-12s %-7s %10s %10s %7s %15s" % ("level", "peer", "op", "upstream", "peer",
                                                   "ratio", "q1-q3"))
    for r in records:
        print("HQC-%-2d %-12s %-7s %10d %10d %6.2fx %7.2f-%.2f" % (
            r["level"], r["peer"], r["op"], r["upstream_ticks"]["median"],
            r["peer_ticks"]["median"], r["ratio"]["median"], r["ratio"]["q1"],
            r["ratio"]["q3"]))


def print_table(release, table, base, runs):
    others = [c for c in next(iter(table.values())) if c != base]
    print("%s: median cycles of %d runs; speed-up = %s / patched" % (release, runs, base))
    head = "%-8s %-7s %12s" % ("level", "op", base)
    for c in others:
        head += " %12s %8s" % (c, "speed-up")
    print(head)
    for level, row in table.items():
        for op in OPS:
            line = "%-8s %-7s %12d" % (level, op, row[base][op])
            for c in others:
                line += " %12d %7.2fx" % (row[c][op], row[base][op] / row[c][op])
            print(line)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("tree", metavar="UPSTREAM_DIR")
    ap.add_argument("--runs", type=int, default=101,
                    help="timed iterations (paired: per peer; default 101)")
    ap.add_argument("--cpu", type=int, default=1, help="CPU to pin to with taskset (default 1)")
    ap.add_argument("--lock", help="hold an exclusive flock on this file during the timed runs")
    ap.add_argument("--json", help="also write the results to this file")
    args = ap.parse_args()
    upstream = Path(args.tree).resolve()
    if not upstream.is_dir():
        die("%s is not a directory" % args.tree)
    if not 1 <= args.runs <= 100000:
        die("--runs must be in 1..100000")
    pqclean = ub.is_pqclean(upstream)
    if not pqclean and shutil.which("cmake") is None:
        die("cmake is needed to build the official tree")
    slots = ub.runnable_slots()
    try:
        with tempfile.TemporaryDirectory(prefix="bench-upstream-") as tmp:
            work = Path(tmp)
            release, plain, patched = prepare(upstream, work, pqclean)
            if pqclean and not slots:
                die("this CPU can run neither patched slot (avx2, avx512)")
            progs = None if pqclean else official_peers(plain, patched, work)
            lock = open(args.lock, "a") if args.lock else None
            try:
                if lock:
                    fcntl.flock(lock, fcntl.LOCK_EX)
                if pqclean:
                    table = bench_pqclean(plain, patched, work, args.runs, args.cpu, slots)
                else:
                    records = run_peers(progs, args.runs, args.cpu)
            finally:
                if lock:
                    lock.close()
    except ub.BuildError as e:
        die(str(e))
    if pqclean:
        print_table(release, table, "clean", args.runs)
        result = {"release": release, "runs": args.runs, "baseline": "clean", "cycles": table}
    else:
        print_peers(release, records, args.runs)
        result = {"release": release, "runs": args.runs, "cpu": ub.cpu_name(), "paired": records}
    if args.json:
        common.write_atomic(args.json, json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
