# SPDX-License-Identifier: Apache-2.0 OR MIT
"""stack-bound: a static upper bound on the stack depth of each public KEM operation (keygen,
encaps, decaps: the *_with entry points) per level and backend, from the call graphs gcc writes
with -fcallgraph-info=su (make stack-bound-build; docs/VERIFICATION.md "Stack"). It needs no CPU
support, so it bounds the backends this machine cannot run (avx512, avx512-sparse) too.

  stack-bound --build build/stack [--levels 1 3 5] [--json FILE] [--budget BYTES --baseline BYTES]

Bound of a function = its own frame (gcc's figure, return address included) + the largest bound
among its callees. Indirect calls are resolved from the sources: a call through a backend table
(be->mul, ...) goes to any function of the table of the backend under test (the tables are
read from the preprocessed backend_*.c, since src/gf2x/backend_table.h assembles them from
each backend's HQC_NATIVE_* macros); a call in src/fips202/keccak.c to any Keccak kernel of
its keccak_impl tables. An
indirect call anywhere else, a dynamic frame or a call cycle other than the portable Karatsuba
recursion (bounded by its depth for the level's word count) is an error. Calls out of the
library (memcpy, memset, ...) count EXTERNAL_FRAME bytes each, and only the C library functions
listed below may be called. gcc's figure leaves out the padding of a function that realigns its
stack for 32- or 64-byte vector slots (`and $-32, %rsp`); that padding, at most the alignment
less the 16 bytes the ABI already guarantees, is read from the object's code and added. With --budget, exit 1 if a bound plus --baseline (the thread's own
use before the operation starts, measured by hqcL_test_stack) exceeds it.
"""
import argparse
import json
import os
import re
import subprocess
import sys
from pathlib import Path

from hqctools import common

ROOT = Path(__file__).resolve().parents[2]
LEVELS = json.loads((ROOT / "kat" / "levels.json").read_text())
OPS = {"keygen": "crypto_kem_keypair_derand_with", "encaps": "crypto_kem_enc_derand_with",
       "decaps": "crypto_kem_dec_with"}
# Leaf functions of the C library the operations may call; none of glibc's x86-64 versions uses
# more than a few words of stack. Each call counts this much beyond the caller's frame.
EXTERNAL_FRAME = 256
LIBC_LEAVES = {"memcpy", "memset", "memmove", "memcmp", "__memcpy_chk", "__memset_chk",
               "__memmove_chk", "__stack_chk_fail"}
TABLE_FIELDS = ("mul", "mul_sparse", "support_to_vector", "rm_decode", "rs_syndromes")

NODE = re.compile(r'node: \{ title: "([^"]*)" label: "([^"]*)"( shape : ellipse)? \}')
EDGE = re.compile(r'edge: \{ sourcename: "([^"]*)" targetname: "([^"]*)"')
FRAME = re.compile(r"(\d+) bytes \(([a-z,]+)\)")
REALIGN = re.compile(r"\band\s+\$0x(f{8,}[0-9a-f]0),%rsp")


class Graph:
    """The merged call graph of one level: frames, callees, and the translation unit (source
    file) each function was compiled in."""

    def __init__(self):
        self.frame, self.file, self.calls = {}, {}, {}
        self.padded = set()

    def read(self, path):
        text = path.read_text()
        unit = re.match(r'graph: \{ title: "([^"]*)"', text).group(1)
        for title, label, declared in NODE.findall(text):
            if declared or title == "__indirect_call":
                continue
            m = FRAME.search(label)
            if m is None:
                raise SystemExit("stack-bound: %s: no stack usage for %s" % (path, title))
            size, kind = int(m.group(1)), m.group(2)
            if kind != "static" and kind != "dynamic,bounded":
                raise SystemExit("stack-bound: %s: %s has a %s frame" % (path, title, kind))
            # A static function of a header compiled into several objects: the largest copy.
            self.frame[title] = max(size, self.frame.get(title, 0))
            self.file[title] = unit
            self.calls.setdefault(title, set())
        for src, dst in EDGE.findall(text):
            self.calls.setdefault(src, set()).add(dst)
        self.add_realignment(path.with_suffix(".o"), unit)

    def add_realignment(self, obj, unit):
        """Adds to each function of obj that realigns %rsp the padding that may cost."""
        if not obj.exists():  # a hand-written graph (tests/test_stack.py) has no code
            return
        text = subprocess.run(["objdump", "-d", "--no-show-raw-insn", str(obj)], check=True,
                              capture_output=True, text=True).stdout
        fn = None
        for line in text.splitlines():
            m = re.match(r"[0-9a-f]+ <([^>]+)>:$", line)
            if m:
                fn = m.group(1).split(".")[0]  # foo.cold, foo.part.0: the function's own frame
                continue
            m = REALIGN.search(line)
            if m and fn is not None:
                pad = (1 << 64) - int(m.group(1), 16) - 16
                title = "%s:%s" % (unit, fn) if "%s:%s" % (unit, fn) in self.frame else fn
                if title in self.frame and title not in self.padded:
                    self.frame[title] += pad
                    self.padded.add(title)


def lookup(graph, level, source, name):
    """The graph's title of the function `name` as referenced from source file `source`: a
    static function of that file, else the one global symbol that is `name` under a namespace
    prefix (HQC_NS and the backends' own macros: hqc1_ref_karatsuba_mul, hqc_keccak_...)."""
    if "%s:%s" % (source, name) in graph.frame:
        return "%s:%s" % (source, name)
    found = [t for t in graph.frame if ":" not in t and (t == name or t.endswith("_" + name))]
    if len(found) > 1:  # e.g. mul_avx2 and its sparse sibling's mul_dense_avx2: the shortest
        found = [t for t in found if len(t) == min(map(len, found))]
    if len(found) != 1:
        raise SystemExit("stack-bound: %s names %s: %s in the call graph"
                         % (source, name, "ambiguous " + ", ".join(found) if found else "not"))
    return found[0]


def initializers(text, type_name):
    """(variable, {field: function}) of each `const TYPE var = {...};` in text."""
    out = []
    pattern = r"const %s\s+(?:HQC_NS\()?(\w+)\)?\s*=\s*\{(.*?)\};" % type_name
    for var, body in re.findall(pattern, text, re.S):
        fields = dict(re.findall(r"\.(\w+)\s*=\s*(\w+)", body))
        if not fields:  # positional: {"name", f1600, f1600_x4}
            names = re.findall(r"\b([A-Za-z_]\w*)\b", re.sub(r'"[^"]*"', "", body))
            fields = {str(i): n for i, n in enumerate(names)}
        out.append((var, fields))
    return out


# Code of one architecture only: its folders, and the macro that guards it in shared files.
ARCH_CODE = (("HQC_HAVE_KECCAK_X86", ("src/fips202/native/x86_64/", "src/gf2x/native/x86_64/")),
             ("HQC_HAVE_KECCAK_ARM", ("src/fips202/native/aarch64/", "src/gf2x/native/aarch64/")))
KECCAK_C = "src/fips202/keccak.c"
KARATSUBA_C = "src/gf2x/karatsuba.c"


def foreign(graph, rel):
    """Whether rel belongs to another architecture than the build's: none of the files of its
    architecture is in the call graph (an x86 build compiles no src/gf2x/native/aarch64, and
    so on)."""
    units = set(graph.file.values())
    return any(rel.startswith(folders) and not any(u.startswith(folders) for u in units)
               for _, folders in ARCH_CODE)


def built_text(graph, path):
    """path's text without the blocks of the other architecture's Keccak kernels, which this
    build compiled out (#ifdef HQC_HAVE_KECCAK_<ARCH> ... #endif, never nested there)."""
    text = path.read_text()
    units = set(graph.file.values())
    for macro, folders in ARCH_CODE:
        if not any(u.startswith(folders) for u in units):
            text = re.sub(r"^#ifdef %s\b.*?^#endif\b" % macro, "", text, flags=re.M | re.S)
    return text


def table_text(path, level, build):
    """backend_*.c after the preprocessor, as the Makefile compiles it for `level` (its table
    is assembled by macros): the include folders of INCS and of its native folder."""
    native = [d for d in path.relative_to(ROOT).parents if d.parent.name == "native"]
    incs = ["src/hqc", "src/fips202", "src/gf2x", "include", str(build / "gen"), str(path.parent)]
    if native:
        incs += [str(native[0]), "src/gf2x/skeleton"]
    return subprocess.run([os.environ.get("CC", "cc"), "-E", "-P", "-std=c11", "-D_DEFAULT_SOURCE",
                           "-DHQC_LEVEL=%s" % level] + ["-I" + str(ROOT / i) for i in incs] + [str(path)],
                          check=True, capture_output=True, text=True).stdout


def tables(graph, level, build):
    """Backend tables {backend name: set of titles}, the file each table is defined in, and the
    Keccak kernels, of the backends and kernels this build compiled."""
    backends, files = {}, {}
    for path in sorted(ROOT.glob("src/gf2x/**/backend_*.c")):
        rel = str(path.relative_to(ROOT))
        if foreign(graph, rel):
            continue
        text = table_text(path, level, build)
        for var, fields in initializers(text, "hqc_backend"):
            name = re.search(r'\.name\s*=\s*"([^"]+)"', text).group(1)
            funcs = {lookup(graph, level, rel, fields[f]) for f in TABLE_FIELDS
                     if fields.get(f, "NULL") != "NULL"}
            backends[name] = funcs
            files[var] = (name, rel)
    keccak = set()
    for var, fields in initializers(built_text(graph, ROOT / KECCAK_C), "keccak_impl"):
        keccak |= {lookup(graph, level, KECCAK_C, f) for f in fields.values()}
    return backends, files, keccak


def karatsuba_depth(words):
    """Calls of karatsuba_mul on one path for `words` words (src/gf2x/karatsuba.c: split at
    ceil(n/2) down to KARATSUBA_BASE_WORDS)."""
    base = int(re.search(r"#define KARATSUBA_BASE_WORDS (\d+)",
                         (ROOT / KARATSUBA_C).read_text()).group(1))
    depth = 1
    while words > base:
        words, depth = (words + 1) // 2, depth + 1
    return depth


class Bound:
    def __init__(self, graph, level, backend, backends, files, keccak):
        self.g, self.level, self.memo, self.externals = graph, level, {}, set()
        self.recursion = {lookup(graph, level, KARATSUBA_C, "karatsuba_mul"):
                          karatsuba_depth((LEVELS[level]["n"] + 63) // 64)}
        self.default_targets = backends[backend]
        self.keccak = keccak

    def indirect_targets(self, caller):
        f = self.g.file[caller]
        if f == KECCAK_C:
            return self.keccak
        if f.startswith("src/hqc/"):
            return self.default_targets
        raise SystemExit("stack-bound: unresolved indirect call in %s (%s)" % (caller, f))

    def of(self, fn, path=()):
        if fn in self.memo:
            return self.memo[fn]
        if fn not in self.g.frame:
            base = fn.split(":")[-1]
            if base not in LIBC_LEAVES:
                raise SystemExit("stack-bound: %s calls %s, outside the library and not a known "
                                 "C library leaf" % (path[-1] if path else "?", fn))
            self.externals.add(base)
            return EXTERNAL_FRAME, [fn]
        if fn in path:
            raise SystemExit("stack-bound: call cycle %s" % " -> ".join(path + (fn,)))
        best, chain = 0, []
        for callee in sorted(self.g.calls.get(fn, ())):
            if callee == fn and fn in self.recursion:
                continue
            targets = self.indirect_targets(fn) if callee == "__indirect_call" else [callee]
            for t in sorted(targets):
                b, c = self.of(t, path + (fn,))
                if b > best:
                    best, chain = b, c
        own = self.g.frame[fn]
        if fn in self.recursion:  # deepest call: every level's frame, then the deepest callee
            result = (self.recursion[fn] * own + best, ["%s x%d" % (fn, self.recursion[fn])] + chain)
        else:
            result = (own + best, [fn] + chain)
        self.memo[fn] = result
        return result


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", required=True, help="a gcc build made with -fcallgraph-info=su")
    ap.add_argument("--levels", nargs="+", default=["1", "3", "5"], choices=["1", "3", "5"])
    ap.add_argument("--json", help="write the bounds to this file (atomically)")
    ap.add_argument("--budget", type=int, help="fail if a bound plus --baseline exceeds this many bytes")
    ap.add_argument("--baseline", type=int, default=0, help="bytes the thread uses before the call")
    args = ap.parse_args()
    build = Path(args.build)
    if not build.is_absolute():
        build = ROOT / build
    rows, over = [], []
    for level in args.levels:
        graph = Graph()
        cis = sorted((build / "obj" / ("hqc" + level)).rglob("*.ci")) + \
              sorted((build / "obj" / "common").rglob("*.ci"))
        if not cis:
            print("stack-bound: error: no .ci files under %s/obj: run make stack-bound-build" % build,
                  file=sys.stderr)
            return 2
        for ci in cis:
            graph.read(ci)
        backends, files, keccak = tables(graph, level, build)
        for backend in backends:
            bound = Bound(graph, level, backend, backends, files, keccak)
            for op, fn in OPS.items():
                b, chain = bound.of("hqc%s_%s" % (level, fn))
                row = {"level": int(level), "backend": backend, "op": op, "bound": b,
                       "path": chain, "externals": sorted(bound.externals)}
                rows.append(row)
                if args.budget is not None and b + args.baseline > args.budget:
                    over.append(row)
                print("HQC-%s %-14s %-7s %7d bytes (%.1f KiB)  via %s"
                      % (level, backend, op, b, b / 1024, " > ".join(c.split(":")[-1] for c in chain[:6])))
    if args.json:
        common.write_atomic(args.json, json.dumps(rows, indent=1) + "\n")
    for row in over:
        print("stack-bound: HQC-%d %s %s: %d + %d bytes > %d" % (row["level"], row["backend"], row["op"],
              row["bound"], args.baseline, args.budget), file=sys.stderr)
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
