# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The `hqc` command-line tool of the build (tools/): round trips at every level in raw and hex
form, agreement with the library called directly, file modes, every bad input with its exit
code and one-line message, all-or-nothing writes (failed, refused and interrupted runs), the
info report and the KAT commands. test_install.py runs the same checks on the installed tool."""
import hashlib
import json
import os
import re
import shutil
import signal
import stat
import subprocess
from pathlib import Path

import pytest

from conftest import BUILD, LEVELS, LEVELS_META, ROOT, bin_path, supported_backends
from lib.cpuflags import BACKEND_FLAGS, require_cpu
from lib.dialects import BY_NAME
from lib.tool import (EXIT_INPUT, EXIT_KEM, EXIT_OUTPUT, EXIT_USAGE, bad_input_failures, hqc, listing,
                      load_library, must, preload_library, round_trip, sizes, tool_agrees_with_library)


@pytest.fixture
def tool():
    return bin_path("hqc")


@pytest.fixture
def libhqc():
    shared = sorted(BUILD.glob("libhqc.so.*.*.*"))
    if not shared:
        pytest.fail("no libhqc.so.X.Y.Z in %s: run make first" % BUILD)
    return load_library(shared[0])


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("hex_files", [False, True], ids=["raw", "hex"])
def test_round_trip(tool, tmp_path, level, hex_files):
    pk, sk, ct, ss, ss2 = round_trip(tool, tmp_path, level, hex_files)
    assert [len(pk), len(sk), len(ct), len(ss)] == list(sizes(level))
    assert ss == ss2
    # Two key generations differ (fresh randomness each run).
    must(hqc(tool, "keygen", "--level", level, "--pk", tmp_path / "pk2", "--sk", tmp_path / "sk2"))
    assert (tmp_path / "pk2").read_bytes() != pk


@pytest.mark.parametrize("level", LEVELS)
def test_tool_agrees_with_library(tool, libhqc, tmp_path, level):
    tool_agrees_with_library(tool, libhqc, tmp_path, level)


def test_every_backend_decapsulates_alike(tool, tmp_path):
    for level in LEVELS:
        _, _, _, ss, _ = round_trip(tool, tmp_path, level)
        for b in supported_backends(level):
            must(hqc(tool, "decaps", "--level", level, "--sk", tmp_path / "sk", "--ct", tmp_path / "ct",
                     "--ss", tmp_path / ("ss_" + b), "--backend", b))
            assert (tmp_path / ("ss_" + b)).read_bytes() == ss, (level, b)
        for f in tmp_path.iterdir():
            f.unlink()


def test_modes_and_force(tool, tmp_path):
    round_trip(tool, tmp_path, 1)
    modes = {n: stat.S_IMODE((tmp_path / n).stat().st_mode) for n in ("pk", "sk", "ct", "ss_enc", "ss_dec")}
    assert modes == {"pk": 0o644, "sk": 0o600, "ct": 0o644, "ss_enc": 0o600, "ss_dec": 0o600}
    old = (tmp_path / "sk").read_bytes()
    (tmp_path / "sk").chmod(0o644)
    must(hqc(tool, "keygen", "--level", 1, "--pk", tmp_path / "pk", "--sk", tmp_path / "sk", "--force"))
    assert (tmp_path / "sk").read_bytes() != old
    assert stat.S_IMODE((tmp_path / "sk").stat().st_mode) == 0o600


def test_bad_inputs(tool, tmp_path):
    assert bad_input_failures(tool, tmp_path) == []


def test_failed_commit_leaves_no_partial_key_pair(tool, tmp_path):
    """With --force the second rename fails (the secret key path is a directory): the public
    key renamed just before is taken back, so no unmatched half of a key pair remains."""
    (tmp_path / "sk").mkdir()
    res = hqc(tool, "keygen", "--level", 1, "--pk", tmp_path / "pk", "--sk", tmp_path / "sk", "--force")
    assert res.returncode == EXIT_OUTPUT and '"%s"' % (tmp_path / "sk") in res.stderr, res.stderr
    assert listing(tmp_path) == ["sk"] and not any((tmp_path / "sk").iterdir())


def test_interrupted_write_leaves_nothing(tool, tmp_path):
    """SIGTERM arrives in the middle of writing the staged files: the handler removes them and
    the process dies of the signal, with no output and no temporary file left."""
    so = preload_library(tmp_path)
    out = tmp_path / "out"
    out.mkdir()
    env = dict(os.environ, LD_PRELOAD=str(so), HQC_TEST_PRELOAD="fsync-sigterm")
    res = hqc(tool, "keygen", "--level", 1, "--pk", out / "pk", "--sk", out / "sk", env=env)
    assert res.returncode == -signal.SIGTERM, (res.returncode, res.stderr)
    assert listing(out) == []


def test_info_matches_hqc_info(tool):
    env = dict(os.environ)
    env.pop("HQC_BACKEND", None)
    a = json.loads(must(hqc(tool, "info", env=env)).stdout)
    b = json.loads(must(hqc(bin_path("hqc_info"), env=env)).stdout)
    assert a == b and a["version"] == re.search(r'HQC_VERSION_STRING "([^"]+)"',
                                                (ROOT / "include/hqc/hqc_common.h").read_text()).group(1)


def fastest_default():
    env = dict(os.environ)
    env.pop("HQC_BACKEND", None)
    return json.loads(must(hqc(bin_path("hqc_info"), env=env)).stdout)["levels"]


@pytest.mark.parametrize("value,reason", [("nope", "no such backend"), ("avx2\nref", "no such backend"),
                                          ("y" * 100000, "no such backend"), ("\x1b[31mred", "no such backend"),
                                          ("avx2-sparse", "a variable-time backend"),
                                          ("avx512-sparse", "a variable-time backend")])
def test_hqc_info_reports_a_refused_backend(value, reason):
    """The environment may choose only constant-time backends the CPU runs: anything else is
    refused, the library keeps the fastest constant-time default, and hqc info says so on one
    escaped line."""
    names = [b["name"] for b in fastest_default()["1"]["backends"]]
    if "-sparse" in value and value not in names:
        require_cpu(*BACKEND_FLAGS[value], why="%s does not run here" % value)
        pytest.fail("%s is missing from %s although /proc/cpuinfo has what it needs" % (value, names))
    res = hqc(bin_path("hqc_info"), env=dict(os.environ, HQC_BACKEND=value))
    lines = res.stderr.splitlines()
    assert res.returncode == 0 and len(lines) == 1, res
    assert "HQC_BACKEND" in lines[0] and "refused: " + reason in lines[0] and len(lines[0]) < 400
    assert "\x1b" not in lines[0] and "-sparse" not in lines[0].split("runs:")[1]
    info = json.loads(res.stdout)
    assert info["hqc_backend_refused"].startswith(reason)
    assert info["levels"] == fastest_default()


def test_hqc_backend_chooses_a_constant_time_backend():
    res = must(hqc(bin_path("hqc_info"), env=dict(os.environ, HQC_BACKEND="ref")))
    info = json.loads(res.stdout)
    assert res.stderr == "" and info["hqc_backend_refused"] is None
    assert {lv["default"] for lv in info["levels"].values()} == {"ref"}


def test_the_tool_stops_on_a_refused_hqc_backend(tool, tmp_path):
    keygen = ["keygen", "--level", 1, "--pk", tmp_path / "pk", "--sk", tmp_path / "sk"]
    res = hqc(tool, *keygen, env=dict(os.environ, HQC_BACKEND="avx2-sparse"))
    assert res.returncode == EXIT_USAGE and "refused: a variable-time backend" in res.stderr, res
    assert listing(tmp_path) == []
    # Named explicitly, a variable-time backend is still available (benchmarks, tests).
    if "avx2-sparse" in [b["name"] for b in fastest_default()["1"]["backends"] if b["supported"]]:
        must(hqc(tool, *keygen, "--backend", "avx2-sparse"))


def test_set_user_id_programs_ignore_hqc_backend(tmp_path):
    """secure_getenv: in a set-user-ID program HQC_BACKEND is not read at all, so neither
    followed nor reported."""
    if os.geteuid() != 0:
        pytest.skip("not root: a set-user-ID copy cannot be run as another user")
    assert shutil.which("setpriv"), "setpriv (util-linux) is missing"
    prog = tmp_path / "hqc_info"
    shutil.copy(bin_path("hqc_info"), prog)
    os.chmod(tmp_path, 0o755)
    os.chmod(prog, 0o4755)
    env = dict(os.environ, HQC_BACKEND="ref")
    plain = json.loads(must(hqc("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
                                bin_path("hqc_info"), env=env)).stdout)
    assert {lv["default"] for lv in plain["levels"].values()} == {"ref"}
    res = must(hqc("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", prog, env=env))
    assert json.loads(res.stdout)["levels"] == fastest_default() and res.stderr == ""


def test_kat_generates_the_official_files(tool, tmp_path):
    must(hqc(tool, "kat", "--level", 1, "--out", tmp_path))
    meta = LEVELS_META["1"]
    for kind in ("req", "rsp"):
        digest = hashlib.sha256((tmp_path / meta[kind]).read_bytes()).hexdigest()
        assert digest == meta[kind + "_sha256"], kind
    # The generator reads a request file, and rejects a broken one without writing.
    out2 = tmp_path / "again"
    out2.mkdir()
    must(hqc(tool, "kat", "--level", 1, "--req", tmp_path / meta["req"], "--out", out2))
    assert (out2 / meta["rsp"]).read_bytes() == (tmp_path / meta["rsp"]).read_bytes()
    (tmp_path / "bad.req").write_text("count = 0\nseed = 00\n")
    out3 = tmp_path / "bad"
    out3.mkdir()
    res = hqc(tool, "kat", "--level", 1, "--req", tmp_path / "bad.req", "--out", out3)
    assert res.returncode != 0 and "bad.req" in res.stderr and listing(out3) == []


def test_kat_check(tool):
    res = must(hqc(tool, "kat", "--check", "--level", 1, "--backend", "ref"))
    assert res.stdout.count("matches") == 2 * len(DIALECTS) and "DIFFERS" not in res.stdout  # every dialect
    assert all("HQC-1 %s ref:" % d in res.stdout for d in DIALECTS)
    res = must(hqc(tool, "kat", "--check", "--level", 1, "--backend", "ref", "--dialect", "v5.0.0"))
    assert res.stdout.count("matches") == 2 and "HQC-1 v5.0.0 ref:" in res.stdout
    res = hqc(tool, "kat", "--check", "--backend", "nope")
    assert res.returncode == EXIT_USAGE and '"nope"' in res.stderr


def test_kat_reports_a_bad_hqc_backend_on_one_escaped_line(tool, tmp_path):
    res = hqc(tool, "kat", "--level", 1, "--out", tmp_path, env=dict(os.environ, HQC_BACKEND="a\nb" * 1000))
    lines = res.stderr.splitlines()
    assert res.returncode == EXIT_USAGE and len(lines) == 1 and "a\\x0ab" in lines[0], res.stderr
    assert len(lines[0]) < 300 and listing(tmp_path) == []


def test_help_documents_commands_and_exit_codes(tool):
    text = must(hqc(tool, "--help")).stdout
    for word in ("keygen", "encaps", "decaps", "info", "kat", "--hex", "--force", "--backend", "0600",
                 "exit status", "2241", "7333"):
        assert word in text, word
    # Every backend compiled into some build is named (neon included, on an x86 build), whether
    # or not this build or CPU has it.
    listed = re.search(r"--backend NAME  (.*?)variable time", text, re.S).group(1)
    names = set(re.findall(r"\b(?:ref|neon|avx2|vpclmul|avx512)(?:-sparse)?\b", listed))
    assert names == {"ref", "neon", "avx2", "vpclmul", "avx512", "avx2-sparse", "avx512-sparse"}, listed
    backends = {b["name"] for b in json.loads(must(hqc(tool, "info")).stdout)["levels"]["1"]["backends"]}
    assert backends <= names, backends - names
    assert must(hqc(tool, "--version")).stdout.startswith("hqc ")


# --- dialects (issue 24): --dialect and hqc identify -------------------------------------

DIALECTS = list(LEVELS_META["1"]["dialects"])


@pytest.mark.parametrize("level", LEVELS)
def test_dialect_round_trips_and_mixing_fails_silently(tool, tmp_path, level):
    """Each dialect round-trips through the tool; a key of one dialect used with the other
    decapsulates without error to a different secret (the silent mismatch the dialect names
    exist for), and identify names the dialect of each key."""
    keys = {}
    for d in DIALECTS:
        pk, sk, ct, ss = (tmp_path / ("%s.%s" % (d, n)) for n in ("pk", "sk", "ct", "ss"))
        must(hqc(tool, "keygen", "--level", level, "--pk", pk, "--sk", sk, "--dialect", d))
        must(hqc(tool, "encaps", "--level", level, "--pk", pk, "--ct", ct, "--ss", ss, "--dialect", d))
        ss2 = tmp_path / (d + ".ss2")
        must(hqc(tool, "decaps", "--level", level, "--sk", sk, "--ct", ct, "--ss", ss2, "--dialect", d))
        assert ss2.read_bytes() == ss.read_bytes()
        keys[d] = (sk, ct, ss)
        if BY_NAME[d].sk_seed:  # an expanded key with seed_kem inside
            res = must(hqc(tool, "identify", "--sk", sk))
            assert "HQC-%d secret key" % level in res.stdout
        else:  # bc-1.87 writes its seed: identify needs the public key
            assert sk.stat().st_size == 32
            res = must(hqc(tool, "identify", "--sk", sk, "--pk", pk))
            assert "HQC-%d seed" % level in res.stdout
        assert res.stdout.splitlines()[-1] == "dialect: " + d, res.stdout
    for i, d in enumerate(DIALECTS):
        other = DIALECTS[(i + 1) % len(DIALECTS)]
        sk, ct, ss = keys[d]
        wrong = tmp_path / (d + ".wrong")
        res = hqc(tool, "decaps", "--level", level, "--sk", sk, "--ct", ct, "--ss", wrong, "--dialect", other)
        if res.returncode == EXIT_INPUT:
            # An expanded key of one length under a dialect whose expanded key has another: a
            # loud size error (161cd4f/v5.0.0 hold seed_kem, bc-1.87 does not), nothing written.
            assert BY_NAME[d].sk_seed != BY_NAME[other].sk_seed and sk.stat().st_size != 32, res.stderr
            assert not wrong.exists()
        else:
            must(res)
            assert wrong.read_bytes() != ss.read_bytes()
    # The default is 161cd4f: no --dialect decapsulates 161cd4f's ciphertext.
    sk, ct, ss = keys["161cd4f"]
    plain = tmp_path / "plain.ss"
    must(hqc(tool, "decaps", "--level", level, "--sk", sk, "--ct", ct, "--ss", plain))
    assert plain.read_bytes() == ss.read_bytes()


def test_identify_hex_level_and_failures(tool, tmp_path):
    pk, sk = tmp_path / "pk", tmp_path / "sk"
    must(hqc(tool, "keygen", "--level", 5, "--pk", pk, "--sk", sk, "--dialect", "v5.0.0", "--hex"))
    res = must(hqc(tool, "identify", "--sk", sk, "--hex", "--level", 5))
    assert "v5.0.0   the key pair regenerated from its seed_kem is this key" in res.stdout
    assert "161cd4f  the key pair regenerated from its seed_kem differs" in res.stdout
    # One flipped bit of the public key inside: no dialect, exit 1, nothing crashes.
    raw = bytearray.fromhex(sk.read_text().strip())
    raw[40] ^= 1
    bad = tmp_path / "bad"
    bad.write_bytes(bytes(raw))
    res = hqc(tool, "identify", "--sk", bad)
    assert res.returncode == EXIT_KEM and "dialect: none known" in res.stdout
    # seed_dk changed: the public key still names v5.0.0, and the report says what differs.
    raw[40] ^= 1
    raw[LEVELS_META["5"]["pk"]] ^= 1
    bad.write_bytes(bytes(raw))
    res = hqc(tool, "identify", "--sk", bad)
    assert res.returncode == EXIT_KEM and "dialect: v5.0.0 for its public key" in res.stdout
    odd = tmp_path / "odd"
    odd.write_bytes(b"\0" * 100)
    res = hqc(tool, "identify", "--sk", odd)
    assert res.returncode == EXIT_INPUT and "give --level" in res.stderr
    res = hqc(tool, "identify", "--sk", odd, "--level", 1)
    assert res.returncode == EXIT_INPUT
    res = hqc(tool, "identify")
    assert res.returncode == EXIT_USAGE and "missing --sk" in res.stderr


def test_unknown_dialect_lists_the_known_ones(tool, tmp_path):
    for args in (("keygen", "--level", 1, "--pk", tmp_path / "a", "--sk", tmp_path / "b"),
                 ("kat", "--check", "--level", 1), ("kat", "--level", 1, "--out", tmp_path)):
        res = hqc(tool, *args, "--dialect", "v5")
        assert res.returncode == EXIT_USAGE, args
        assert 'unknown HQC dialect "v5"; known: %s' % " ".join(DIALECTS) in res.stderr, res.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == []
    res = hqc(tool, "info", "--dialect", "v5.0.0")
    assert res.returncode == EXIT_USAGE and "does not apply" in res.stderr


def test_variant_is_an_alias_of_dialect(tool, tmp_path):
    """--variant, the option's earlier name, is still accepted and does what --dialect does."""
    text = must(hqc(tool, "--help")).stdout
    assert "--dialect D" in text and "--variant D     an alias of --dialect D" in text
    pk, sk, ct, ss, ss2 = (tmp_path / n for n in ("pk", "sk", "ct", "ss", "ss2"))
    must(hqc(tool, "keygen", "--level", 1, "--pk", pk, "--sk", sk, "--variant", "v5.0.0"))
    assert must(hqc(tool, "identify", "--sk", sk)).stdout.splitlines()[-1] == "dialect: v5.0.0"
    must(hqc(tool, "encaps", "--level", 1, "--pk", pk, "--ct", ct, "--ss", ss, "--variant", "v5.0.0"))
    must(hqc(tool, "decaps", "--level", 1, "--sk", sk, "--ct", ct, "--ss", ss2, "--dialect", "v5.0.0"))
    assert ss2.read_bytes() == ss.read_bytes()
    res = must(hqc(tool, "kat", "--check", "--level", 1, "--backend", "ref", "--variant", "v5.0.0"))
    assert res.stdout.count("matches") == 2 and "HQC-1 v5.0.0 ref:" in res.stdout
    res = hqc(tool, "keygen", "--level", 1, "--pk", pk, "--sk", sk, "--force", "--variant", "v5")
    assert res.returncode == EXIT_USAGE and 'unknown HQC dialect "v5"' in res.stderr
    res = hqc(tool, "info", "--variant", "v5.0.0")
    assert res.returncode == EXIT_USAGE and "--dialect does not apply" in res.stderr


# --- tool edges (issue 31) ------------------------------------------------------------------

def test_identify_refuses_a_fifo_without_blocking(tool, tmp_path):
    """hqc identify --sk FIFO without --level: the size probe opens like read_key_file
    (O_NONBLOCK, regular files only), so it neither blocks on the FIFO nor reads it."""
    fifo = tmp_path / "sk.fifo"
    os.mkfifo(fifo)
    res = subprocess.run([str(tool), "identify", "--sk", str(fifo)], capture_output=True, text=True,
                         timeout=30)
    assert res.returncode == EXIT_INPUT and "not a regular file" in res.stderr, res


def test_kat_temporary_files_follow_no_planted_link(tool, tmp_path):
    """The KAT writer's temporary names are unpredictable (mkstemp): links planted at every name
    the process id would have predicted (NAME.tmp.PID) are left alone, and so is their target."""
    out, victim = tmp_path / "out", tmp_path / "victim"
    out.mkdir()
    victim.write_text("keep me\n")
    meta = LEVELS_META["1"]
    last = int(Path("/proc/sys/kernel/ns_last_pid").read_text())
    for pid in range(last + 1, last + 400):
        for kind in ("req", "rsp"):
            (out / ("%s.tmp.%d" % (meta[kind], pid))).symlink_to(victim)
    must(hqc(tool, "kat", "--level", 1, "--out", out))
    assert victim.read_text() == "keep me\n"
    for kind in ("req", "rsp"):
        path = out / meta[kind]
        assert not path.is_symlink()
        assert hashlib.sha256(path.read_bytes()).hexdigest() == meta[kind + "_sha256"], kind
        assert stat.S_IMODE(path.stat().st_mode) == 0o644  # 0666 less the umask 022, as before
    assert sorted(p.name for p in out.iterdir() if not p.is_symlink()) == sorted([meta["req"], meta["rsp"]])
