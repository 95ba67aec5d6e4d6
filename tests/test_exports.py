# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The shared library's interface: libhqc.so exports exactly the allow-list exports.txt of the
build (nm -D), which scripts/gen-api derives from the public headers and the table of dialects
(src/hqc/dialect.h); libhqc.a gives default visibility to exactly the same symbols, the
SONAME carries the major version, and the version is one number everywhere (header, run-time
call, CHANGELOG.md)."""
import ctypes
import re

import pytest

from conftest import BUILD, LEVELS_META, ROOT, run
from lib.dialects import BY_NAME
from lib.exports import header_version, shared_library
from lib.tool import load_library

# Symbols a sanitiser runtime adds to instrumented builds (make sanitize); none are ours.
SANITIZER_PREFIXES = ("__asan", "__odr_asan", "__ubsan", "__sanitizer", "__msan", "__tsan")


def allow_list():
    path = BUILD / "exports.txt"
    if not path.exists():
        pytest.fail("%s is missing: run make first" % path)
    lines = path.read_text().splitlines()
    return sorted(l.strip() for l in lines if l.strip() and not l.startswith("#"))


def ours(names):
    return sorted(n for n in names if not n.startswith(SANITIZER_PREFIXES))


def test_shared_library_exports_exactly_the_allow_list():
    out = run(["nm", "-D", "--defined-only", shared_library()]).stdout
    exported = ours(line.split()[-1] for line in out.splitlines() if line.strip())
    expected = allow_list()
    assert exported == expected, ("exported but not allowed: %s; allowed but not exported: %s"
                                  % (sorted(set(exported) - set(expected)),
                                     sorted(set(expected) - set(exported))))


def test_every_dialect_with_digests_is_exported():
    """The table of dialects (src/hqc/dialect.h) and kat/levels.json name the same dialects: each
    one with official digests has its whole set of entry points at every level, and no other."""
    kem = ("keypair", "enc", "dec", "keypair_derand", "enc_derand", "keypair_derand_with",
           "enc_derand_with", "dec_with", "keypair_seed", "expand_seed", "expand_seed_with",
           "dec_seed", "dec_seed_with", "prepare", "dec_prepared", "dec_prepared_with", "prepared_wipe")
    names = set(allow_list())
    for level, meta in LEVELS_META.items():
        ids = {BY_NAME[d].id for d in meta["dialects"]}
        prefix = "hqc%s_" % level
        assert ids == {n[len(prefix):n.index("_crypto_kem_")] for n in names if n.startswith(prefix)
                       and "_crypto_kem_" in n and not n.startswith(prefix + "crypto_kem_")}
        for ident in ids:
            for f in kem:
                assert "hqc%s_%s_crypto_kem_%s" % (level, ident, f) in names


def test_static_library_hides_the_same_internals():
    out = run(["readelf", "-sW", BUILD / "libhqc.a"]).stdout
    visible = set()
    for line in out.splitlines():
        f = line.split()
        if len(f) == 8 and f[4] == "GLOBAL" and f[5] == "DEFAULT" and f[6] != "UND":
            visible.add(f[7])
    assert ours(visible) == allow_list()


def test_soname_and_symlinks():
    (major, _, _), _ = header_version()
    lib = shared_library()
    dyn = run(["readelf", "-d", lib]).stdout
    assert re.search(r"\(SONAME\)\s+Library soname: \[libhqc\.so\.%d\]" % major, dyn), dyn
    assert (BUILD / ("libhqc.so.%d" % major)).resolve() == lib.resolve()
    assert (BUILD / "libhqc.so").resolve() == lib.resolve()


def test_version_is_one_number_everywhere():
    (major, minor, patch), string = header_version()
    assert string == "%d.%d.%d" % (major, minor, patch)
    lib = load_library(shared_library())
    lib.hqc_version.restype = ctypes.c_char_p
    assert lib.hqc_version().decode() == string
    changelog = (ROOT / "CHANGELOG.md").read_text()
    first = re.search(r"^## \[?(\d+\.\d+\.\d+)", changelog, re.M)
    assert first and first.group(1) == string, "CHANGELOG.md's newest entry must be " + string


def test_cpu_features_describe_matches_hqc_info(info):
    lib = load_library(shared_library())
    lib.hqc_cpu_features_describe.restype = ctypes.c_char_p
    buf = ctypes.create_string_buffer(256)
    assert lib.hqc_cpu_features_describe(buf, ctypes.c_size_t(len(buf))).decode() == info["cpu_features"]
    # Truncation keeps the string terminated and within the buffer.
    small = ctypes.create_string_buffer(b"\xff" * 8)
    lib.hqc_cpu_features_describe(small, ctypes.c_size_t(4))
    assert b"\0" in small.raw[:4] and small.raw[4:8] == b"\xff" * 4


HQC_ERR_BACKEND = -2


@pytest.mark.parametrize("level", [1, 3, 5])
def test_with_functions_refuse_a_backend_they_cannot_run(level, info):
    """The *_with entry points return HQC_ERR_BACKEND, writing nothing, for NULL, for a pointer
    that is not one of the level's tables, and for a table this CPU cannot run (where the build
    has one); with the default they succeed."""
    assert "#define HQC_ERR_BACKEND (%d)" % HQC_ERR_BACKEND in (ROOT / "include/hqc/hqc_common.h").read_text()
    lib = load_library(shared_library())
    meta = LEVELS_META[str(level)]
    p = "hqc%d_" % level
    for f in ("backend_default", "backend_by_name"):
        getattr(lib, p + f).restype = ctypes.c_void_p
    getattr(lib, p + "backend_list").restype = ctypes.POINTER(ctypes.c_void_p)
    getattr(lib, p + "backend_name").restype = ctypes.c_char_p
    getattr(lib, p + "backend_name").argtypes = [ctypes.c_void_p]
    keypair = getattr(lib, p + "crypto_kem_keypair_derand_with")
    enc = getattr(lib, p + "crypto_kem_enc_derand_with")
    dec = getattr(lib, p + "crypto_kem_dec_with")
    for fn in (keypair, enc, dec):
        fn.argtypes = None
    pk, sk = ctypes.create_string_buffer(meta["pk"]), ctypes.create_string_buffer(meta["sk"])
    ct, ss = ctypes.create_string_buffer(meta["ct"]), ctypes.create_string_buffer(meta["ss"])
    seed, m, salt = bytes(32), bytes({1: 16, 3: 24, 5: 32}[level]), bytes(16)  # m: k bytes
    unsupported = []
    backends = getattr(lib, p + "backend_list")()
    i = 0
    while backends[i]:
        name = getattr(lib, p + "backend_name")(backends[i])
        if not getattr(lib, p + "backend_by_name")(name):
            unsupported.append(backends[i])
        i += 1
    foreign = ctypes.create_string_buffer(64)
    for be in [None, ctypes.addressof(foreign)] + unsupported:
        be = ctypes.c_void_p(be)
        assert keypair(be, pk, sk, seed) == HQC_ERR_BACKEND
        assert enc(be, ct, ss, pk, m, salt) == HQC_ERR_BACKEND
        assert dec(be, ss, ct, sk) == HQC_ERR_BACKEND
        assert pk.raw == bytes(len(pk.raw)) and ss.raw == bytes(len(ss.raw)), "written although refused"
    default = ctypes.c_void_p(getattr(lib, p + "backend_default")())
    assert keypair(default, pk, sk, seed) == 0 and enc(default, ct, ss, pk, m, salt) == 0
    ss2 = ctypes.create_string_buffer(meta["ss"])
    assert dec(default, ss2, ct, sk) == 0 and ss2.raw == ss.raw
