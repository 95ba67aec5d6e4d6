# SPDX-License-Identifier: Apache-2.0 OR MIT
"""tool.py: driving the hqc command-line tool and loading libhqc into Python, for test_tool.py
and the modules that check the tool or the library the same way (test_exports, test_install,
test_interop_dialects, test_randombytes).
"""
import ctypes
import os
import re
import subprocess
from pathlib import Path

import pytest

from conftest import BUILD, LEVELS_META, ROOT, run, supported_backends

EXIT_KEM, EXIT_USAGE, EXIT_INPUT, EXIT_OUTPUT = 1, 2, 3, 4


def sizes(level):
    m = LEVELS_META[str(level)]
    return m["pk"], m["sk"], m["ct"], m["ss"]


def hqc(tool, *args, env=None, cwd=None):
    return subprocess.run([str(tool)] + [str(a) for a in args], capture_output=True, text=True,
                          env=env, cwd=cwd, preexec_fn=lambda: os.umask(0o022))


def must(res):
    assert res.returncode == 0, "exit %d: %s" % (res.returncode, res.stderr)
    return res


def unhex(path):
    text = Path(path).read_text()
    assert re.fullmatch(r"[0-9a-f]*\n", text), "hex file %s is not one lowercase line" % path
    return bytes.fromhex(text)


def round_trip(tool, d, level, hex_files=False, backend=None):
    """keygen, encaps, decaps in directory d; returns the five outputs as bytes."""
    extra = (["--hex"] if hex_files else []) + (["--backend", backend] if backend else [])
    L = ["--level", level]
    must(hqc(tool, "keygen", *L, "--pk", d / "pk", "--sk", d / "sk", *extra))
    must(hqc(tool, "encaps", *L, "--pk", d / "pk", "--ct", d / "ct", "--ss", d / "ss_enc", *extra))
    must(hqc(tool, "decaps", *L, "--sk", d / "sk", "--ct", d / "ct", "--ss", d / "ss_dec", *extra))
    read = unhex if hex_files else (lambda p: Path(p).read_bytes())
    return [read(d / n) for n in ("pk", "sk", "ct", "ss_enc", "ss_dec")]


def instrumented():
    """A verification build (make sanitize, ...) whose runtime must come first in a process."""
    return (BUILD / ".verify-flags").exists()


def load_library(path):
    if instrumented():
        pytest.skip("an instrumented libhqc cannot be loaded into Python")
    return ctypes.CDLL(str(path))


def library_decaps(lib, level, sk, ct):
    ss = ctypes.create_string_buffer(32)
    assert getattr(lib, "hqc%d_crypto_kem_dec" % level)(ss, ct, sk) == 0
    return ss.raw


def library_keypair_enc(lib, level):
    pk_n, sk_n, ct_n, _ = sizes(level)
    pk, sk = ctypes.create_string_buffer(pk_n), ctypes.create_string_buffer(sk_n)
    ct, ss = ctypes.create_string_buffer(ct_n), ctypes.create_string_buffer(32)
    assert getattr(lib, "hqc%d_crypto_kem_keypair" % level)(pk, sk) == 0
    assert getattr(lib, "hqc%d_crypto_kem_enc" % level)(ct, ss, pk) == 0
    return pk.raw, sk.raw, ct.raw, ss.raw


def tool_agrees_with_library(tool, lib, d, level):
    """The tool's files decapsulate in the library, and the library's in the tool."""
    pk, sk, ct, ss, ss2 = round_trip(tool, d, level)
    assert ss == ss2 and library_decaps(lib, level, sk, ct) == ss
    lpk, lsk, lct, lss = library_keypair_enc(lib, level)
    (d / "lsk").write_bytes(lsk)
    (d / "lct").write_bytes(lct)
    must(hqc(tool, "decaps", "--level", level, "--sk", d / "lsk", "--ct", d / "lct", "--ss", d / "lss"))
    assert (d / "lss").read_bytes() == lss


def listing(d):
    return sorted(p.name for p in Path(d).iterdir())


def bad_input_failures(tool, d):
    """Runs the tool on every kind of bad input in the empty directory d; returns the list of
    problems found (empty when each case exits with its code, says one line naming the file or
    value, prints nothing on stdout, and leaves the directory as it was)."""
    pk_n, sk_n, ct_n, _ = sizes(1)
    must(hqc(tool, "keygen", "--level", 1, "--pk", d / "pk", "--sk", d / "sk"))
    must(hqc(tool, "encaps", "--level", 1, "--pk", d / "pk", "--ct", d / "ct", "--ss", d / "ss"))
    (d / "short").write_bytes((d / "pk").read_bytes()[:-1])
    (d / "long").write_bytes((d / "pk").read_bytes() + b"\0")
    (d / "nothex").write_text("zz" * pk_n + "\n")
    (d / "shorthex").write_text("ab" * (pk_n - 1) + "\n")
    (d / "adir").mkdir()
    pk_before = (d / "pk").read_bytes()
    out = ["--ct", d / "new_ct", "--ss", d / "new_ss"]
    enc1 = ["encaps", "--level", 1]
    unsupported = [b for b in ("avx2", "avx512") if b not in supported_backends(1)]
    huge = "x\n" * 5000
    cases = [
        # (arguments, expected exit, words the message must contain, environment additions)
        (enc1 + ["--pk", d / "missing"] + out, EXIT_INPUT, ["missing", "expected %d bytes" % pk_n], {}),
        (enc1 + ["--pk", d / "short"] + out, EXIT_INPUT, ["short", "%d bytes" % (pk_n - 1), "expected %d bytes" % pk_n], {}),
        (enc1 + ["--pk", d / "long"] + out, EXIT_INPUT, ["long", "expected %d bytes" % pk_n], {}),
        (enc1 + ["--pk", d / "adir"] + out, EXIT_INPUT, ["adir", "not a regular file"], {}),
        (enc1 + ["--hex", "--pk", d / "nothex"] + out, EXIT_INPUT, ["nothex", "not a hex digit", "%d hex digits" % (2 * pk_n)], {}),
        (enc1 + ["--hex", "--pk", d / "shorthex"] + out, EXIT_INPUT, ["shorthex", "%d hex digits" % (2 * pk_n)], {}),
        (enc1 + ["--hex", "--pk", d / "pk"] + out, EXIT_INPUT, ["pk", "hex digits"], {}),
        (["decaps", "--level", 3, "--sk", d / "sk", "--ct", d / "ct", "--ss", d / "new_ss"], EXIT_INPUT,
         ["sk", "expected %d bytes" % sizes(3)[1]], {}),
        (["decaps", "--level", 1, "--sk", d / "sk", "--ct", d / "short", "--ss", d / "new_ss"], EXIT_INPUT,
         ["short", "expected %d bytes" % ct_n], {}),
        (["encaps", "--level", 7, "--pk", d / "pk"] + out, EXIT_USAGE, ["level", '"7"'], {}),
        (["encaps", "--level", "", "--pk", d / "pk"] + out, EXIT_USAGE, ["level", '""'], {}),
        (enc1 + ["--pk", d / "pk", "--backend", "nope"] + out, EXIT_USAGE, ['"nope"', "available", "ref"], {}),
        (enc1 + ["--pk", d / "pk", "--backend", huge] + out, EXIT_USAGE, ["x\\x0a", "..."], {}),
        (enc1 + ["--pk", d / "pk"] + out, EXIT_USAGE, ["HQC_BACKEND", '"bogus"'], {"HQC_BACKEND": "bogus"}),
        (["keygen", "--level", 1, "--pk", d / "pk", "--sk", d / "new_sk"], EXIT_OUTPUT, ["pk", "exists", "--force"], {}),
        (["keygen", "--level", 1, "--pk", d / "new_pk", "--sk", d / "nodir" / "sk"], EXIT_OUTPUT, ["nodir"], {}),
        (["keygen", "--level", 1, "--pk", d / "new_pk", "--sk", d / "new_pk"], EXIT_OUTPUT, ["new_pk", "twice"], {}),
        (["keygen", "--level", 1, "--pk", d / "new_pk"], EXIT_USAGE, ["missing --sk"], {}),
        (["keygen", "--level", 1, "--pk", d / "new_pk", "--sk", d / "new_sk", "--req", "x"], EXIT_USAGE, ["--req"], {}),
        (["keygen", "--levle", 1], EXIT_USAGE, ["unknown option", '"--levle"'], {}),
        (["sign"], EXIT_USAGE, ["unknown command", '"sign"'], {}),
        ([], EXIT_USAGE, ["missing command"], {}),
    ] + [(enc1 + ["--pk", d / "pk", "--backend", b] + out, EXIT_USAGE, ['"%s"' % b, "not supported"], {})
         for b in unsupported]
    problems = []
    before = listing(d)
    for args, code, words, env_add in cases:
        env = dict(os.environ)
        env.pop("HQC_BACKEND", None)
        env.update(env_add)
        res = hqc(tool, *args, env=env)
        shown = " ".join(str(a) for a in args)[:120]
        lines = res.stderr.splitlines()
        if res.returncode != code:
            problems.append("%s: exit %d, expected %d (%s)" % (shown, res.returncode, code, res.stderr[:200]))
        elif len(lines) != 1 or res.stdout:
            problems.append("%s: expected one line on stderr and nothing on stdout, got %r / %r"
                            % (shown, res.stderr[:300], res.stdout[:100]))
        elif len(lines[0]) > 400 or not all(w in lines[0] for w in words):
            problems.append("%s: message %r lacks one of %s" % (shown, lines[0][:400], words))
        if listing(d) != before:
            problems.append("%s: the directory changed: %s" % (shown, sorted(set(listing(d)) ^ set(before))))
        if (d / "pk").read_bytes() != pk_before:
            problems.append("%s: overwrote pk" % shown)
    return problems


def preload_library(tmp_path):
    if instrumented():
        pytest.skip("LD_PRELOAD cannot precede a sanitizer runtime (make sanitize build)")
    so = tmp_path / "preload_io.so"
    run(["cc", "-std=c11", "-shared", "-fPIC", "-o", so, ROOT / "tests" / "c" / "preload_io.c", "-ldl"])
    return so
