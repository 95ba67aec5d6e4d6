# SPDX-License-Identifier: Apache-2.0 OR MIT
"""import_hqc.py: runs liboqs's own import (scripts/copy_from_upstream/copy_from_upstream.py of
the tree LIBOQS_DIR) on the HQC family alone, as its `copy` operation would for that family.

The script fetches every upstream its yml lists, and only local ones are reachable here, so this
driver executes the script's definitions (everything above its operation dispatch) and calls
them with two yml files reduced to one upstream and the hqc family:
  NEW  our upstream (integration/liboqs/ of a clean copy of hqc-fast): process_families copies
       the implementations and renders src/kem/hqc/ (CMakeLists.txt, kem_hqc.h, kem_hqc_<L>.c)
       and kats.json exactly as the full run does;
  OLD  liboqs's own pqc-hqc upstream (the official tree at 161cd4f with liboqs's patch).
The files the script renders for all algorithms at once (alg_support.cmake, oqsconfig.h.cmake,
CMakeLists.txt, src/CMakeLists.txt, kem.c, kem.h, ...) are rendered per fragment for the hqc
family alone: the family's block under OLD must occur exactly once in the pristine file (so the
reduced run reproduces what the full run rendered for HQC), and is replaced there by its block
under NEW. Every other line stays as the full run left it. Documentation (update_*_docs,
update_cbom) is left to the full run. Prints one line per shared fragment it changed.
Usage: python3 import_hqc.py LIBOQS_DIR NEW.yml OLD.yml   (yml names relative to
scripts/copy_from_upstream/, where the script reads them)
"""
import glob
import json
import os
import shutil
import sys

liboqs, new_yml, old_yml = sys.argv[1:4]
here = os.path.join(liboqs, "scripts", "copy_from_upstream")
os.environ["LIBOQS_DIR"] = liboqs
os.chdir(here)  # liboqs_import.py puts `here` on PYTHONPATH for the script's imports
source = open("copy_from_upstream.py", encoding="utf-8").read()
cut = source.index('\nif args.operation == "copy":')
sys.argv = ["copy_from_upstream.py", "copy"]
script = {"__name__": "copy_from_upstream", "__file__": os.path.join(here, "copy_from_upstream.py")}
exec(compile(source[:cut], "copy_from_upstream.py", "exec"), script)
jinja2 = script["jinja2"]

for t in ("kem", "sig"):
    with open(os.path.join(liboqs, "tests", "KATs", t, "kats.json")) as fp:
        script["kats"][t] = json.load(fp)
old = script["load_instructions"](old_yml)
new = script["load_instructions"](new_yml)
script["process_families"](new, liboqs, True, True)
for t in ("kem", "sig"):
    with open(os.path.join(liboqs, "tests", "KATs", t, "kats.json"), "w") as f:
        json.dump(script["kats"][t], f, indent=2, sort_keys=True)
        f.write("\n")

# The shared files copy_from_upstream() passes to replacer(), with their delimiters, and the
# one fragment it renders through replace_one_fragment().
SHARED = [(".CMake/alg_support.cmake", "#####"), ("CMakeLists.txt", "#####"),
          ("src/oqsconfig.h.cmake", "/////"), ("src/CMakeLists.txt", "#####"),
          ("src/kem/kem.c", "/////"), ("src/kem/kem.h", "/////"), ("src/sig/sig.c", "/////"),
          ("src/sig/sig.h", "/////"), ("tests/kat_sig.c", "/////")]


def render(template, instructions):
    return jinja2.Template(template).render(
        {"instructions": instructions, "non_upstream_kems": script["non_upstream_kems"]})


def family_block(template, instructions):
    """What the hqc family adds to a fragment: its rendering with the family against its
    rendering with no family at all, less their common beginning and end."""
    full = render(template, instructions)
    empty = render(template, dict(instructions, kems=[], sigs=[]))
    p = 0
    while p < min(len(full), len(empty)) and full[p] == empty[p]:
        p += 1
    s = 0
    while s < min(len(full), len(empty)) - p and full[-1 - s] == empty[-1 - s]:
        s += 1
    return full[p:len(full) - s]


# The kem families the full yml lists before hqc, by which a fragment's hqc position is found.
full = script["yaml"].safe_load(open("copy_from_upstream.yml", encoding="utf-8"))
names = [f["name"] for f in full["kems"]]
EARLIER = names[:names.index("hqc")]


def anchor(region):
    """The offset just after the block of the last kem family listed before hqc that has lines
    in a fragment region: after its last line naming it and the non-blank lines that close
    it (endif() and the like)."""
    at, pos, closing = 0, 0, False
    for line in region.splitlines(keepends=True):
        pos += len(line)
        if any("_KEM_%s_" % f in line or "KEM_%s " % f.upper() in line for f in EARLIER):
            at, closing = pos, True
        elif closing and line.strip():
            at = pos
        else:
            closing = False
    if not at:
        sys.exit("import_hqc: no family before hqc in a fragment region")
    return at


for name, delim in SHARED:
    path = os.path.join(liboqs, name)
    text = open(path, encoding="utf-8").read()
    fragments = sorted(glob.glob(os.path.join(here, name, "*.fragment")))
    for fragment in fragments:
        ident = os.path.splitext(os.path.basename(fragment))[0].upper()
        start = "%s OQS_COPY_FROM_UPSTREAM_FRAGMENT_%s_START" % (delim, ident)
        end = "%s OQS_COPY_FROM_UPSTREAM_FRAGMENT_%s_END" % (delim, ident)
        a, b = text.index(start) + len(start), text.index(end)
        template = open(fragment, encoding="utf-8").read()
        before, after = family_block(template, old), family_block(template, new)
        region = text[a:b]
        if not before.strip() and after.strip():
            # liboqs's own HQC adds nothing here (no optional implementation): ours goes where
            # the full run puts the hqc family, after the last line of the families before it.
            at = anchor(region)
            text = text[:a] + region[:at] + after + region[at:] + text[b:]
            print("changed: %s %s" % (name, ident))
            continue
        if before == after or not before.strip():
            continue
        if region.count(before) != 1:
            sys.exit("import_hqc: the hqc block of %s (%s) occurs %d times in the pristine file"
                     % (name, ident, region.count(before)))
        if before != after:
            text = text[:a] + region.replace(before, after) + text[b:]
            print("changed: %s %s" % (name, ident))
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
shutil.rmtree("repos", ignore_errors=True)
