# SPDX-License-Identifier: Apache-2.0 OR MIT
"""make-patches: regenerate the patch series under patches/<release>/ from the project's own
sources, so that what the patches add to an upstream HQC tree never drifts from src/.

For each release it writes, in this order of the series:
  0001-add-hqc-gf2x-arithmetic.patch  our multiplication backend(s) and the headers they need,
                                      found by following their #include "..." lines from src/
  0002-add-<release>-glue.patch       the adapters in patches/glue/<release>/ (the upstream
                                      vect_mul entry point and the build fragment), rendered
  0003-*.patch                        the hand-written hooks into the upstream build; they are
                                      sources, kept as they are and only listed in `series`
and the `series` file. Nothing is written unless every patch could be made (temp + rename).
The liboqs series (patches/liboqs-0.16.0) is not made here: it is what liboqs's own import
script makes of integration/liboqs/ (scripts/make-liboqs-series).

  make-patches                 regenerate every release
  make-patches --check         regenerate into a temp dir and fail if anything differs
  make-patches --fingerprint RELEASE DIR
                               rewrite patches/RELEASE/fingerprints from a pristine tree DIR
                               (sha256 of its key files before and after the series)
"""
import argparse
import contextlib
import functools
import hashlib
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from hqctools import common

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src"
PATCHES = ROOT / "patches"
GLUE = PATCHES / "glue"
# The public headers (include/hqc/*.h), which src/ includes as "hqc/<name>.h".
PUBLIC_INCLUDE = ROOT / "include"

# Which of our backends fills each build-time slot of the PQClean tree. Any backend whose table
# links with src/gf2x code alone can stand in for another (ref cannot: its table takes the RM
# decoder and the support expansion from src/hqc, whose objects bring the KEM's Keccak along).
SLOT_BACKENDS = {"avx2": "avx2", "avx512": "avx512"}

# Our include search path, as in the Makefile's INCS (the generated-table dir comes last).
INCLUDE_DIRS = [SRC / "hqc", SRC / "fips202", SRC / "gf2x", SRC / "fips202" / "native" / "x86_64",
                PUBLIC_INCLUDE]
# The native folders (docs/ARCHITECTURE.md): src/gf2x/native/<arch>/ holds what every backend
# of that architecture shares, src/gf2x/native/<arch>/<backend>/ one backend; the Keccak
# kernels are src/fips202/native/<arch>/<kernel>.c, each with flags of its own.
NATIVE = SRC / "gf2x" / "native"
SKELETON = SRC / "gf2x" / "skeleton"
FIPS202_NATIVE = SRC / "fips202" / "native"
# The architecture whose folder holds each native backend.
BACKEND_ARCH = {"avx2": "x86_64", "vpclmul": "x86_64", "avx512": "x86_64", "neon": "aarch64"}

# The constant-time x86 backends our dispatcher (src/hqc/backend.c) chooses among at run time,
# fastest first; every x86 drop-in (the official tree here, liboqs in make-liboqs-import) offers
# the same ones.
X86_DISPATCH = ["avx512", "vpclmul", "avx2"]

# Per release: where our files go inside the upstream tree, which backends it dispatches among at
# run time ("dispatch") or which build-time slots it offers ("slots"), the header
# names upstream already uses (ours must not shadow them across directories), and the key
# upstream files whose hashes identify the release.
RELEASES = {
    "hqc-2025-08-22": {
        "title": "official HQC tree of 2025-08-22 (src/ref, src/x86_64, CMake)",
        "dest": "src/x86_64/avx512/hqc_gf2x",
        # Chosen at run time, fastest first: the first table whose CPU features (CPUID + XCR0,
        # src/hqc/cpu.c) are all there serves vect_mul; without any, the tree's own product.
        # A new backend is one more name here (its folder's flags come from ISA_<name>); a name
        # whose folder src/gf2x/native/x86_64/<name> does not exist (yet) is left out
        # (dispatch_backends).
        "dispatch": X86_DISPATCH,
        "runtime_sources": ["hqc/cpu.c"],
        "upstream_headers": """api.h code.h crypto_memset.h data_structures.h fft.h gf.h gf2x.h
            hqc.h parameters.h parsing.h reed_muller.h reed_solomon.h symmetric.h vector.h
            fips202.h munit.h munit_utils.h""".split(),
        "key_files": ["CMakeLists.txt", "src/CMakeLists.txt", "tests/kats/CMakeLists.txt",
                      "src/common/kem.c", "src/x86_64/common/hqc.c", "src/x86_64/common/gf2x.h",
                      "src/x86_64/common/hqc-1/gf2x.c", "src/x86_64/common/hqc-3/gf2x.c",
                      "src/x86_64/common/hqc-5/gf2x.c", "src/x86_64/common/hqc-1/parameters.h",
                      "src/x86_64/common/hqc-3/parameters.h",
                      "src/x86_64/common/hqc-5/parameters.h", "src/x86_64/avx256/vector.c"],
    },
    "pqclean-2023-04-30": {
        "title": "PQClean crypto_kem/hqc-{128,192,256}/clean (HQC round 4, 2023-04-30)",
        "dest": "common/hqc_gf2x",
        "slots": ["avx2", "avx512"],
        "upstream_headers": """api.h code.h domains.h fft.h gf.h gf2x.h hqc.h parameters.h
            parsing.h reed_muller.h reed_solomon.h shake_ds.h shake_prng.h vector.h fips202.h
            randombytes.h compat.h crypto_declassify.h aes.h sha2.h sp800-185.h
            nistseedexpander.h""".split(),
        "key_files": [f"crypto_kem/hqc-{s}/clean/{f}" for s in (128, 192, 256)
                      for f in ("Makefile", "gf2x.c", "hqc.c", "parameters.h", "api.h")]
                     + ["common/fips202.h", "common/randombytes.h"],
    },
}

HEADER = ("hqc-gf2x {release} patch series, generated by scripts/make-patches from the\n"
          "project's sources: do not edit, regenerate. {what}\n\n")


die = functools.partial(common.die, "make-patches")


def makefile_text():
    """The top Makefile and the per-architecture fragments it reads (mk/arch/*.mk), where the
    ISA_<x> variables of architecture-specific folders (aarch64, neon) are set."""
    return "".join(p.read_text() for p in [ROOT / "Makefile"] + sorted(ROOT.glob("mk/arch/*.mk")))


def read_makefile_var(name):
    """A simple `NAME := value` of the Makefile (makefile_text), continuation lines joined."""
    text = makefile_text().replace("\\\n", " ")
    m = re.search(r"^%s\s*:?=\s*(.*)$" % re.escape(name), text, re.M)
    if not m:
        die("Makefile has no %s" % name)
    return " ".join(m.group(1).split())


def backend_dir(backend):
    """The folder of a native backend."""
    return NATIVE / BACKEND_ARCH[backend] / backend


def isa_flags(folder):
    """(machine flags, include folders under src/) that the Makefile's isa_for gives the files
    of one folder (a Path, or a string relative to src/): in src/gf2x/native/<arch>/ ISA_<arch>,
    in src/gf2x/native/<arch>/<backend>/ ISA_<backend>, with the folder itself, its
    architecture's shared folder and the skeleton to include from; other folders get neither."""
    folder = SRC / folder if not Path(folder).is_absolute() else Path(folder)
    if not folder.is_relative_to(NATIVE) or folder == NATIVE:
        return [], []
    parts = folder.relative_to(NATIVE).parts
    flags = isa_variable(parts[-1])[0]
    dirs = [folder, NATIVE / parts[0], SKELETON]
    return flags, list(dict.fromkeys(d.relative_to(SRC).as_posix() for d in dirs))


def isa_variable(name):
    """(machine flags, include folders under src/) of the Makefile's ISA_<name>, or neither."""
    text = makefile_text()
    if not re.search(r"^ISA_%s\s*:?=" % re.escape(name), text, re.M):
        return [], []
    words = read_makefile_var("ISA_" + name).split()
    incs = [w for w in words if w.startswith("-I")]
    if incs:
        die("ISA_%s has include flags (the Makefile's isa_for adds the folders): %s"
            % (name, " ".join(incs)))
    return words, []


def file_isa_flags(path):
    """The Makefile's ISA flags of one source file under src/: its native folder's (isa_flags),
    or for the Keccak kernels the file's own ISA_<file stem> (isa_keccak)."""
    path = Path(path)
    if path.is_relative_to(FIPS202_NATIVE):
        return isa_variable(path.stem)
    return isa_flags(path.parent)


def generated_headers():
    """Headers the build generates into $(GEN), from the rules of the Makefile and mk/*.mk
    ("$(GEN)/name.h: scripts/gen", or "VAR := $(GEN)/name.h" then "$(VAR): scripts/gen"):
    name -> generator script."""
    text = "".join(p.read_text() for p in [ROOT / "Makefile"] + sorted(ROOT.glob("mk/*.mk")))
    named = dict(re.findall(r"^(\w+)\s*:?=\s*\$\(GEN\)/([\w.]+)\s*$", text, re.M))
    out = {}
    for var, path, script in re.findall(r"^\$\((\w+)\)(/[\w.]+)?:\s*(scripts/[\w.-]+)",
                                        text, re.M):
        name = path[1:] if var == "GEN" and path else named.get(var) if not path else None
        if name:
            out[name] = ROOT / script
    return out


# Macros no series defines: every patched tree is an x86-64 one, so what they guard (the
# aarch64 Keccak kernels' header in keccak.c) is compiled out there and not carried.
NEVER_DEFINED = ("HQC_HAVE_KECCAK_ARM",)


def quote_includes(text):
    for macro in NEVER_DEFINED:
        text = re.sub(r'^\s*#\s*ifdef\s+%s\b.*?^\s*#\s*endif\b' % macro, "", text,
                      flags=re.M | re.S)
    return re.findall(r'^\s*#\s*include\s+"([^"]+)"', text, re.M)


def symbols(obj):
    """(defined, undefined) global symbols of an object file."""
    out = subprocess.run(["nm", "-P", str(obj)], capture_output=True, text=True,
                         check=True).stdout
    defined, undefined = set(), set()
    for line in out.splitlines():
        name, kind = line.split()[:2]
        if kind == "U":
            undefined.add(name)
        elif kind.isupper():
            defined.add(name)
    return defined, undefined


def symbol_closure(pool, roots, gen_dir, provided=(), defines=("HQC_HAVE_AVX2", "HQC_HAVE_AVX512"),
                   cc="cc"):
    """The .c files of `pool` that the symbols roots(level) need at link time, at every level:
    each candidate is compiled as the Makefile would (by the compiler cc, for the target the
    files are meant for, with -D of `defines`), and the undefined
    symbols are followed through the candidates' definitions. Symbols in provided(level) come
    from elsewhere (a glue file): they are not followed, and a needed file that defines one is
    an error."""
    cflags = ["-std=c11", "-O0", "-fno-strict-aliasing", "-D_DEFAULT_SOURCE",
              *("-D" + d for d in defines), *(x for d in INCLUDE_DIRS for x in ("-I", str(d))),
              "-I", str(gen_dir)]
    needed = set()
    with tempfile.TemporaryDirectory() as tmp:
        for level in (1, 3, 5):
            defs, undefs, broken = {}, {}, []
            for src in pool:
                obj = Path(tmp) / ("%d-%s.o" % (level, src.relative_to(SRC).as_posix()
                                                 .replace("/", "-")[:-2]))
                mflags, incs = file_isa_flags(src)
                isa = mflags + ["-I" + str(SRC / d) for d in incs]
                res = subprocess.run([cc, *cflags, *isa, "-DHQC_LEVEL=%d" % level, "-c",
                                      str(src), "-o", str(obj)], capture_output=True, text=True)
                if res.returncode != 0:
                    broken.append((src, res.stderr))
                    continue
                defs[src], undefs[src] = symbols(obj)
            elsewhere = set(provided(level)) if provided else set()
            todo = []
            for root in roots(level):
                found = [src for src in defs if root in defs[src]]
                if not found:
                    die("no compiling file of our sources defines %s%s" % (root, "".join(
                        "\n  %s does not compile:\n%s" % (b.relative_to(ROOT), e[-600:])
                        for b, e in broken)))
                todo.append(found[0])
            chosen = set()
            while todo:
                src = todo.pop()
                if src in chosen:
                    continue
                chosen.add(src)
                clash = sorted(defs[src] & elsewhere)
                if clash:
                    die("%s is needed but also defines %s, which the glue provides"
                        % (src.relative_to(ROOT), ", ".join(clash)))
                for sym in undefs[src] - elsewhere:
                    providers = [o for o in defs if sym in defs[o]]
                    if providers:
                        todo.append(providers[0])
                    elif sym.startswith("hqc"):
                        die("%s needs %s, which no compiling file of our sources defines%s"
                            % (src.relative_to(ROOT), sym, "".join(
                                "\n  %s does not compile" % b.relative_to(ROOT)
                                for b, _ in broken)))
            needed |= chosen
    return sorted(needed)


def needed_sources(backends, gen_dir):
    """The .c files of src/gf2x, and src/hqc/cpu.c, that the tables HQC_NS(backend_<b>), b in
    backends, need at link time, at every level (the avx2 table asks cpu.c for the CPU's vendor,
    which picks its product tree)."""
    return symbol_closure(sorted((SRC / "gf2x").rglob("*.c")) + [SRC / "hqc" / "cpu.c"],
                          lambda level: ["hqc%d_backend_%s" % (level, b) for b in backends],
                          gen_dir)


def source_closure(select, upstream_headers):
    """Our files that the .c files select(gen_dir) need: those files and every header they
    include, looked up as the compiler does (the including file's folder, then INCLUDE_DIRS,
    then the generated headers). Returns {path relative to src/, generated headers under
    gen/: text}."""
    gens = generated_headers()
    files = {}
    with tempfile.TemporaryDirectory() as gen_dir:
        for name, script in gens.items():
            subprocess.run([sys.executable, str(script), str(Path(gen_dir) / name)],
                           check=True, stdout=subprocess.DEVNULL)
        todo = select(Path(gen_dir))
        while todo:
            path = todo.pop()
            ours = path.is_relative_to(SRC) or path.is_relative_to(PUBLIC_INCLUDE)
            if path.is_relative_to(SRC):
                rel = path.relative_to(SRC).as_posix()
            elif ours:
                rel = "include/" + path.relative_to(PUBLIC_INCLUDE).as_posix()
            else:
                rel = "gen/" + path.name
            if rel in files:
                continue
            text = path.read_text()
            files[rel] = text
            for inc in quote_includes(text):
                found = path.parent / inc if ours else None
                if found is None or not found.is_file():
                    found = None
                    extra = [SRC / d for d in isa_flags(path.parent)[1]] if ours else []
                    for d in extra + INCLUDE_DIRS + [Path(gen_dir)]:
                        if (d / inc).is_file():
                            found = d / inc
                            if inc in upstream_headers:
                                die("%s includes \"%s\" from another folder, a name the "
                                    "upstream tree also uses: rename it" % (rel, inc))
                            break
                if found is None:
                    die("%s includes \"%s\", which is in none of our include dirs" % (rel, inc))
                todo.append(found)
    return files


def backend_closure(backends, upstream_headers, extra_sources=()):
    """Our files that the tables of `backends` need: the .c files they need at link time
    (needed_sources), the files of src/ named in extra_sources (what the glue itself calls),
    and the headers they include (source_closure)."""
    return source_closure(lambda gen_dir: needed_sources(backends, gen_dir)
                          + [SRC / f for f in extra_sources], upstream_headers)


def new_file_diff(path, text):
    """A unified diff creating `path` with `text` (GNU patch creates the file from /dev/null)."""
    lines = text.splitlines(keepends=True)
    if not lines:
        die("%s is empty; patch cannot create empty files" % path)
    out = ["--- /dev/null\n", "+++ b/%s\n" % path, "@@ -0,0 +1,%d @@\n" % len(lines)]
    out += ["+" + line for line in lines]
    if not out[-1].endswith("\n"):
        out[-1] += "\n\\ No newline at end of file\n"
    return "".join(out)


def render(template, values):
    def sub(m):
        if m.group(1) not in values:
            die("template placeholder @%s@ has no value" % m.group(1))
        return values[m.group(1)]
    return re.sub(r"@([A-Za-z0-9_]+)@", sub, template)


def pqclean_fragment(slot_files, dest):
    """The object lists and compile rules of pqclean.mk, one object per (slot, our .c file)."""
    lines, rules = [], []
    for slot, (backend, files) in slot_files.items():
        objs = ["hqc_gf2x_%s_vect_mul.o" % slot]
        glue = "$(HQC_GF2X_DIR)/pqclean_vect_mul.c"
        rules.append("hqc_gf2x_%s_vect_mul.o: %s $(HQC_GF2X_HEADERS)\n"
                     "\t$(CC) $(HQC_GF2X_CFLAGS) $(HQC_GF2X_ISA_%s) -I. "
                     "-DHQC_GF2X_TABLE=backend_%s -DHQC_GF2X_VECT_MUL=$(HQC_GF2X_NAMESPACE)_vect_mul"
                     " -c -o $@ %s\n" % (slot, glue, slot, backend, glue))
        for rel in sorted(f for f in files if f.endswith(".c")):
            obj = "hqc_gf2x_%s_%s.o" % (slot, rel[:-2].replace("/", "_"))
            objs.append(obj)
            src = "$(HQC_GF2X_DIR)/" + rel
            rules.append("%s: %s $(HQC_GF2X_HEADERS)\n"
                         "\t$(CC) $(HQC_GF2X_CFLAGS) $(HQC_GF2X_ISA_%s) -c -o $@ %s\n"
                         % (obj, src, slot, src))
        lines.append("HQC_GF2X_OBJECTS_%s=%s" % (slot, " ".join(objs)))
    headers = sorted({"$(HQC_GF2X_DIR)/" + f for _, files in slot_files.values()
                      for f in files if f.endswith(".h")})
    return {
        "OBJECT_LISTS": "\n".join(lines),
        "HEADER_LIST": " ".join(headers),
        "RULES": "\n".join(rules).rstrip("\n"),
    }


def cmake_fragment(backends, files):
    """The run-time dispatch list of vect_mul.c and, per folder of ours, its sources and the
    ISA flags the Makefile gives that folder: only a backend's own folder gets its -m flags."""
    groups, names = [], []
    for folder in sorted({f.rsplit("/", 1)[0] for f in files if f.endswith(".c")}):
        srcs = sorted(f for f in files if f.rsplit("/", 1)[0] == folder and f.endswith(".c"))
        name = folder.replace("/", "_")
        names.append(name)
        groups.append("set(HQC_GF2X_SOURCES_%s\n%s)\nset(HQC_GF2X_ISA_%s %s)" % (
            name, "".join("    %s\n" % f for f in srcs), name, " ".join(isa_flags(folder)[0])))
    return {
        "DISPATCH": ", ".join(backends),
        "DISPATCH_TABLES": " ".join("X(%s)" % b for b in backends),
        "HAVE_DEFS": " ".join("HQC_HAVE_" + b.upper() for b in backends),
        "GROUP_NAMES": " ".join(names),
        "SOURCE_GROUPS": "\n".join(groups),
    }


def dispatch_backends(names):
    """The backends of a run-time list whose folders exist under src/, in order."""
    return [b for b in names if backend_dir(b).is_dir()]


def build_release(release, spec):
    """{patch file name: text} for the generated patches of one release, and the series."""
    slot_files = {}
    if "dispatch" in spec:
        dispatch = dispatch_backends(spec["dispatch"])
        ours = backend_closure(dispatch, spec["upstream_headers"],
                               spec.get("runtime_sources", ()))
        what = "run-time dispatch: %s" % ", ".join(dispatch)
    else:
        for slot in spec["slots"]:
            backend = SLOT_BACKENDS[slot]
            slot_files[slot] = (backend, backend_closure([backend], spec["upstream_headers"]))
        ours = {}
        for _, files in slot_files.values():
            ours.update(files)
        what = "slots: " + ", ".join("%s=%s" % (s, b) for s, (b, _) in slot_files.items())
    include_dirs = our_include_dirs(ours)

    dest = spec["dest"]
    out = {}
    body = HEADER.format(release=release, what="Adds the project's multiplication (%s)\n"
                         "under %s/." % (what, dest))
    body += "".join(new_file_diff("%s/%s" % (dest, rel), ours[rel]) for rel in sorted(ours))
    out["0001-add-hqc-gf2x-arithmetic.patch"] = body

    isa = {"ISA_" + s: " ".join(isa_variable(s)[0]) for s in ("avx2", "avx512")}
    values = dict(isa, INCLUDE_DIRS=" ".join(include_dirs), RELEASE=release)
    if release.startswith("pqclean"):
        values.update(pqclean_fragment(slot_files, dest))
        values["INCLUDE_FLAGS"] = " ".join("-I$(HQC_GF2X_DIR)/" + d for d in include_dirs)
    else:
        values.update(cmake_fragment(dispatch_backends(spec["dispatch"]), ours))
    return with_glue_and_hooks(release, spec, values, out)


def with_glue_and_hooks(release, spec, values, out):
    """Adds to `out` (the generated patches so far) 0002, the adapters of patches/glue/<release>/
    with their *.in templates rendered from `values`, and the series, which ends with the one
    hand-written 0003-*.patch; that hook may only edit key files of the release."""
    glue_dir = GLUE / release
    if not glue_dir.is_dir():
        die("missing %s" % glue_dir.relative_to(ROOT))
    glue = {}
    for path in sorted(glue_dir.rglob("*")):
        if not path.is_file():
            continue
        rel = path.relative_to(glue_dir).as_posix()
        text = path.read_text()
        if rel.endswith(".in"):
            rel, text = rel[:-3], render(text, values)
        glue[rel] = text
    body = HEADER.format(release=release, what="Adds the adapters from patches/glue/%s/."
                         % release)
    body += "".join(new_file_diff(rel, glue[rel]) for rel in sorted(glue))
    out["0002-add-%s-glue.patch" % release] = body

    hooks = sorted(p.name for p in (PATCHES / release).glob("0003-*.patch"))
    if len(hooks) != 1:
        die("patches/%s needs exactly one hand-written 0003-*.patch" % release)
    # apply-patches trusts the fingerprints to spot local changes: every upstream file the
    # series edits must be one of the fingerprinted key files.
    edited = re.findall(r"^--- a/(\S+)$", (PATCHES / release / hooks[0]).read_text(), re.M)
    unlisted = sorted(set(edited) - set(spec["key_files"]))
    if unlisted:
        die("%s edits %s, which are not key files of %s" % (hooks[0], ", ".join(unlisted),
                                                            release))
    out["series"] = "\n".join(sorted(out) + hooks) + "\n"
    return out


def our_include_dirs(files):
    """Our -I order, for all our files alike: the folders of the ISA_<x> flags, then the
    Makefile's INCS (INCLUDE_DIRS, a file's own folder being searched first by the compiler
    anyway); only folders that hold a header of `files`."""
    folders = sorted({f.rsplit("/", 1)[0] for f in files if "/" in f})
    cross = [d for f in folders for d in isa_flags(f)[1]]
    incs = [d.relative_to(SRC).as_posix() if d.is_relative_to(SRC) else "include"
            for d in INCLUDE_DIRS]
    return [d for d in dict.fromkeys(cross + incs + ["gen"])
            if any(f.startswith(d + "/") and f.endswith(".h") for f in files)]


def write_all(generated, target_root):
    """Write every generated file under target_root/<release>/ through temp files, then rename
    them all into place."""
    with contextlib.ExitStack() as stack:  # renames all files only once all are written
        for release, files in generated.items():
            d = target_root / release
            d.mkdir(parents=True, exist_ok=True)
            for name, text in files.items():
                with open(stack.enter_context(common.replacing(d / name, mode=0o644)), "w") as fh:
                    fh.write(text)


def sha256(path):
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def fingerprint(release, tree):
    """patches/<release>/fingerprints: `path original-sha256 patched-sha256` per key file,
    the patched hash taken after applying the series to a copy of the key files."""
    spec = RELEASES[release]
    tree = Path(tree)
    missing = [f for f in spec["key_files"] if not (tree / f).is_file()]
    if missing:
        die("%s lacks %s: not a %s tree" % (tree, ", ".join(missing), release))
    series = (PATCHES / release / "series").read_text().split()
    with tempfile.TemporaryDirectory() as tmp:
        for f in spec["key_files"]:
            (Path(tmp) / f).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(tree / f, Path(tmp) / f)
        for name in series:
            res = subprocess.run(["patch", "-p1", "--batch", "--forward", "-s", "-d", tmp, "-i",
                                  str(PATCHES / release / name)], capture_output=True, text=True)
            if res.returncode != 0:
                die("%s does not apply to the key files of %s:\n%s%s"
                    % (name, tree, res.stdout, res.stderr))
        rows = ["%s %s %s" % (f, sha256(tree / f), sha256(Path(tmp) / f))
                for f in spec["key_files"]]
    text = ("# %s: %s\n# path, sha256 of the pristine file, sha256 after the series "
            "(scripts/make-patches --fingerprint)\n" % (release, spec["title"]))
    text += "\n".join(rows) + "\n"
    write_all({release: {"fingerprints": text}}, PATCHES)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true",
                    help="fail (exit 1) if the committed patches differ from a regeneration")
    ap.add_argument("--fingerprint", nargs=2, metavar=("RELEASE", "DIR"))
    args = ap.parse_args()

    if args.fingerprint:
        release, tree = args.fingerprint
        if release not in RELEASES:
            die("unknown release %s (known: %s)" % (release, ", ".join(RELEASES)))
        fingerprint(release, tree)
        return 0

    generated = {r: build_release(r, spec) for r, spec in RELEASES.items()}
    if not args.check:
        write_all(generated, PATCHES)
        return 0
    stale = []
    for release, files in generated.items():
        for name, text in files.items():
            path = PATCHES / release / name
            if not path.is_file() or path.read_text() != text:
                stale.append(path.relative_to(ROOT).as_posix())
    if stale:
        print("make-patches: out of date (run scripts/make-patches): " + ", ".join(stale),
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
