# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Interop in every HQC dialect (issues 24, 36) with independent implementations from the
package registries:
  - Bouncy Castle bcprov-jdk18on 1.86 (Maven Central; dialect v5.0.0, the last release that
    speaks it) and 1.87 (dialect bc-1.87, its seed private keys), each driven through
    tests/interop/bc/HqcBc.java in one JVM: derandomised keygen and encapsulation
    (FixedSecureRandom with seed_kem, then m || salt) byte-identical to ours, round trips both
    ways, tampered ciphertexts with identical rejection secrets, every level and backend; and
    the three KAT files of each, whose digests kat/levels.json keeps.
  - backbone-hqc 0.2.0 (crates.io; the code PyPI pqcrypto 1.0.0 bundles): the same KAT files
    (tests/interop/backbone, derandomised through a fixed RNG).
  - PyPI pqcrypto 1.0.0 (tests/interop/pqcrypto_peer.py; its API is randomised only): round
    trips both ways at every level.
  - Mixing dialects fails the way it does in the field: no error, a different secret.
  - hqc identify names the dialect of keys made by Bouncy Castle, pqcrypto, RustCrypto's hqc-kem
    (161cd4f; tests/interop --emit-keys) and us.
Each peer skips with a message when its toolchain is missing; scripts/install-deps installs
them (openjdk-17 and maven, the pqcrypto venv). Builds are cached under the build directory.
HQC_INTEROP_ROUNDS (default 4) sets the rounds per level and backend."""
import ctypes
import hashlib
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import BUILD, LEVELS, LEVELS_META, PEERS_VENV, ROOT, bin_path, run, supported_backends
from lib.exports import shared_library
from lib.dialects import BY_NAME, DIALECTS, sk_bytes
from lib.interop import build_crate, build_interop
from lib.tool import load_library

ROUNDS = int(os.environ.get("HQC_INTEROP_ROUNDS", "4"))
TAMPERED_CT = 4
# The Bouncy Castle release that speaks each dialect it has spoken (1.86 also fixes
# CVE-2026-18040 in its HQC; 1.87 changed its HQC, dialect bc-1.87).
BC_VERSIONS = {"v5.0.0": "1.86", "bc-1.87": "1.87"}
K = {1: 16, 3: 24, 5: 32}
DIALECT_ID = {d.name: d.id for d in DIALECTS}


class Peer:
    """A peer process answering one line per command line (HqcBc.java, pqcrypto_peer.py)."""

    def __init__(self, cmd):
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def ask(self, *words):
        self.proc.stdin.write(" ".join(str(w) for w in words) + "\n")
        self.proc.stdin.flush()
        reply = self.proc.stdout.readline().split()
        assert reply and reply[0] != "error", (words[:2], reply)
        return [bytes.fromhex(r) for r in reply]

    def close(self):
        self.proc.stdin.close()
        self.proc.wait(timeout=60)


class Ours:
    """One level and dialect of libhqc.so, with an explicit backend."""

    def __init__(self, lib, level, dialect, backend):
        self.lib, self.level, self.meta = lib, level, LEVELS_META[str(level)]
        self.sk_bytes = sk_bytes(self.meta, dialect)
        prefix = "hqc%d_%s_crypto_kem_" % (level, DIALECT_ID[dialect])
        self.keypair = getattr(lib, prefix + "keypair_derand_with")
        self.enc = getattr(lib, prefix + "enc_derand_with")
        self.dec = getattr(lib, prefix + "dec_with")
        self.dec_seed = getattr(lib, prefix + "dec_seed_with")
        self.expand = getattr(lib, prefix + "expand_seed_with")
        by_name = getattr(lib, "hqc%d_backend_by_name" % level)
        by_name.restype = ctypes.c_void_p
        self.be = ctypes.c_void_p(by_name(backend.encode()))
        assert self.be.value, backend

    def keygen(self, seed):
        """pk and the expanded secret key."""
        pk, sk = ctypes.create_string_buffer(self.meta["pk"]), ctypes.create_string_buffer(self.sk_bytes)
        assert self.keypair(self.be, pk, sk, seed) == 0
        return pk.raw, sk.raw

    def expand_seed(self, seed):
        sk = ctypes.create_string_buffer(self.sk_bytes)
        assert self.expand(self.be, sk, seed) == 0
        return sk.raw

    def decaps_seed(self, seed, ct):
        ss = ctypes.create_string_buffer(32)
        assert self.dec_seed(self.be, ss, ct, seed) == 0
        return ss.raw

    def encaps(self, pk, m, salt):
        ct, ss = ctypes.create_string_buffer(self.meta["ct"]), ctypes.create_string_buffer(32)
        assert self.enc(self.be, ct, ss, pk, m, salt) == 0
        return ct.raw, ss.raw

    def decaps(self, sk, ct):
        ss = ctypes.create_string_buffer(32)
        assert self.dec(self.be, ss, ct, sk) == 0
        return ss.raw


@pytest.fixture(scope="module")
def lib():
    return load_library(shared_library())


def bc_jar(version):
    return (Path.home() / ".m2" / "repository" / "org" / "bouncycastle" / "bcprov-jdk18on" / version
            / ("bcprov-jdk18on-%s.jar" % version))


def bc_classes(version):
    """HqcBc compiled against bcprov-jdk18on version (cached under the build directory), or a
    skip saying what is missing."""
    java, javac = shutil.which("java"), shutil.which("javac")
    if not java or not javac:
        pytest.skip("java/javac not found: the Bouncy Castle interop test did not run "
                    "(scripts/install-deps installs openjdk-17-jdk-headless)")
    jar = bc_jar(version)
    if not jar.exists():
        mvn = shutil.which("mvn")
        if not mvn:
            pytest.skip("%s is missing and mvn is not installed to fetch it" % jar.name)
        res = run([mvn, "-q", "-B", "dependency:get", "-Dartifact=org.bouncycastle:bcprov-jdk18on:" + version],
                  check=False, timeout=600)
        if res.returncode != 0 or not jar.exists():
            pytest.skip("bcprov-jdk18on %s could not be fetched from Maven Central (offline?): %s"
                        % (version, (res.stdout + res.stderr).strip().splitlines()[-1:]))
    src = ROOT / "tests" / "interop" / "bc" / "HqcBc.java"
    out = BUILD / ("interop-bc-" + version)
    cls = out / "HqcBc.class"
    if not cls.exists() or cls.stat().st_mtime < src.stat().st_mtime:
        out.mkdir(parents=True, exist_ok=True)
        run([javac, "-cp", jar, "-d", out, src])
    return [java, "-cp", "%s:%s" % (jar, out), "HqcBc"]


@pytest.fixture(scope="module")
def bc():
    """Bouncy Castle speaking v5.0.0."""
    peer = Peer(bc_classes(BC_VERSIONS["v5.0.0"]))
    yield peer
    peer.close()


@pytest.fixture(scope="module")
def bc187():
    """Bouncy Castle 1.87, dialect bc-1.87: its private key is the 32-byte seed."""
    peer = Peer(bc_classes(BC_VERSIONS["bc-1.87"]))
    yield peer
    peer.close()


def pqcrypto_python():
    for py in (PEERS_VENV / "bin" / "python3", Path(shutil.which("python3") or "python3")):
        if py.exists() and run([py, "-c", "import pqcrypto.kem.hqc_128"], check=False).returncode == 0:
            version = run([py, ROOT / "tests" / "interop" / "pqcrypto_peer.py", "--version"]).stdout.strip()
            if version != "1.0.0":
                pytest.skip("pqcrypto %s found, the test pins 1.0.0 (scripts/install-deps)" % version)
            return py
    pytest.skip("PyPI pqcrypto 1.0.0 not installed (scripts/install-deps puts it into %s)" % PEERS_VENV)


@pytest.fixture(scope="module")
def pqcrypto():
    peer = Peer([pqcrypto_python(), ROOT / "tests" / "interop" / "pqcrypto_peer.py"])
    yield peer
    peer.close()


def kat_inputs(level):
    """The 100 KAT entries' (seed, seed_kem, m || salt), as kat/genkat.c derives them."""
    stream = hashlib.shake_256(bytes(range(48)) + b"\0").digest(48 * 100)
    for i in range(100):
        seed = stream[48 * i:48 * i + 48]
        r = hashlib.shake_256(seed + b"\0").digest(32 + K[level] + 16)
        yield seed, r[:32], r[32:]


def rsp_text(level, entries):
    parts = ["# HQC-%d\n\n" % level]
    for i, (seed, pk, sk, ct, ss) in enumerate(entries):
        parts.append("count = %d\nseed = %s\npk = %s\nsk = %s\nct = %s\nss = %s\n\n"
                     % (i, seed.hex().upper(), pk.hex().upper(), sk.hex().upper(), ct.hex().upper(),
                        ss.hex().upper()))
    return "".join(parts)


# --- Bouncy Castle ---------------------------------------------------------------------------

@pytest.mark.parametrize("level", LEVELS)
def test_bouncy_castle_reproduces_the_v5_kat_digest(bc, level):
    entries = []
    for seed, seed_kem, m_salt in kat_inputs(level):
        pk, sk = bc.ask("keygen", level, seed_kem.hex())
        ct, ss = bc.ask("encaps", level, pk.hex(), m_salt.hex())
        assert bc.ask("decaps", level, sk.hex(), ct.hex()) == [ss]
        entries.append((seed, pk, sk, ct, ss))
    digest = hashlib.sha256(rsp_text(level, entries).encode()).hexdigest()
    assert digest == LEVELS_META[str(level)]["dialects"]["v5.0.0"]["rsp_sha256"]


@pytest.mark.parametrize("level", LEVELS)
def test_bouncy_castle_byte_identical_every_backend(bc, lib, level):
    rng = hashlib.shake_256(b"issue 24 bc %d" % level).digest(10000)
    take = iter(range(0, len(rng), 8))

    def fresh(n):
        return hashlib.shake_256(rng[next(take):][:8] + bytes([n])).digest(n)

    for backend in supported_backends(level):
        ours = Ours(lib, level, "v5.0.0", backend)
        old = Ours(lib, level, "161cd4f", backend)
        for _ in range(ROUNDS):
            seed, m_salt = fresh(32), fresh(K[level] + 16)
            pk, sk = ours.keygen(seed)
            assert bc.ask("keygen", level, seed.hex()) == [pk, sk], backend
            ct, ss = ours.encaps(pk, m_salt[:K[level]], m_salt[K[level]:])
            assert bc.ask("encaps", level, pk.hex(), m_salt.hex()) == [ct, ss], backend
            # Their random key pair, our encapsulation, their decapsulation; and the reverse.
            pk_t, sk_t = bc.ask("rkeygen", level)
            ct_o, ss_o = ours.encaps(pk_t, m_salt[:K[level]], m_salt[K[level]:])
            assert bc.ask("decaps", level, sk_t.hex(), ct_o.hex()) == [ss_o], backend
            ct_t, ss_t = bc.ask("rencaps", level, pk.hex())
            assert ours.decaps(sk, ct_t) == ss_t, backend
            # Tampered ciphertexts: the same implicit-rejection secret on both sides.
            for t in range(TAMPERED_CT):
                bad = bytearray(ct)
                bit = int.from_bytes(fresh(4), "little") % (8 * len(bad))
                bad[bit // 8] ^= 1 << (bit % 8)
                mine = ours.decaps(sk, bytes(bad))
                assert bc.ask("decaps", level, sk.hex(), bytes(bad).hex()) == [mine], backend
                assert mine != ss
            # Mixing dialects: no error, only a different secret. Decapsulation samples y as
            # keygen does, so it always differs; encapsulation differs except at HQC-3, where
            # 4 omega_r bytes are whole words and the dialects encrypt alike.
            assert old.decaps(sk, ct_t) != ss_t
            ct_161, ss_161 = old.encaps(pk_t, m_salt[:K[level]], m_salt[K[level]:])
            assert (bc.ask("decaps", level, sk_t.hex(), ct_161.hex()) == [ss_161]) == (level == 3)
            assert old.keygen(seed)[0] != pk


# --- Bouncy Castle 1.87: dialect bc-1.87 -----------------------------------------------------

@pytest.mark.parametrize("level", LEVELS)
def test_bouncy_castle_187_reproduces_the_kat_digest(bc187, level):
    """kat/levels.json's bc-1.87 digests are Bouncy Castle 1.87's own files: its key pairs from
    the KAT PRNG's seed_kem (its private key, the .rsp's sk, is that seed), encapsulations from
    m || salt, decapsulations from the seed."""
    entries = []
    for seed, seed_kem, m_salt in kat_inputs(level):
        pk, sk = bc187.ask("keygen", level, seed_kem.hex())
        assert sk == seed_kem
        ct, ss = bc187.ask("encaps", level, pk.hex(), m_salt.hex())
        assert bc187.ask("decaps", level, sk.hex(), ct.hex()) == [ss]
        entries.append((seed, pk, sk, ct, ss))
    digest = hashlib.sha256(rsp_text(level, entries).encode()).hexdigest()
    assert digest == LEVELS_META[str(level)]["dialects"]["bc-1.87"]["rsp_sha256"]


@pytest.mark.parametrize("level", LEVELS)
def test_bouncy_castle_187_byte_identical_every_backend(bc187, lib, level):
    rng = hashlib.shake_256(b"issue 36 bc 1.87 %d" % level).digest(10000)
    take = iter(range(0, len(rng), 8))
    meta = LEVELS_META[str(level)]

    def fresh(n):
        return hashlib.shake_256(rng[next(take):][:8] + bytes([n])).digest(n)

    for backend in supported_backends(level):
        ours = Ours(lib, level, "bc-1.87", backend)
        others = [Ours(lib, level, d.name, backend) for d in DIALECTS if d.name != "bc-1.87"]
        for _ in range(ROUNDS):
            seed, m_salt = fresh(32), fresh(K[level] + 16)
            m, salt = m_salt[:K[level]], m_salt[K[level]:]
            pk, sk = ours.keygen(seed)
            # The expanded key is pk || seed_dk || sigma; its private key is the seed itself.
            assert len(sk) == meta["pk"] + 32 + K[level] and sk[:meta["pk"]] == pk
            assert ours.expand_seed(seed) == sk, backend
            assert bc187.ask("keygen", level, seed.hex()) == [pk, seed], backend
            ct, ss = ours.encaps(pk, m, salt)
            assert bc187.ask("encaps", level, pk.hex(), m_salt.hex()) == [ct, ss], backend
            assert ours.decaps(sk, ct) == ss and ours.decaps_seed(seed, ct) == ss, backend
            # Their random key pair (a seed), our encapsulation, their decapsulation; the reverse.
            pk_t, seed_t = bc187.ask("rkeygen", level)
            assert len(seed_t) == 32 and ours.expand_seed(seed_t)[:meta["pk"]] == pk_t, backend
            ct_o, ss_o = ours.encaps(pk_t, m, salt)
            assert bc187.ask("decaps", level, seed_t.hex(), ct_o.hex()) == [ss_o], backend
            ct_t, ss_t = bc187.ask("rencaps", level, pk.hex())
            assert ours.decaps(sk, ct_t) == ss_t and ours.decaps_seed(seed, ct_t) == ss_t, backend
            # Tampered ciphertexts: the same implicit-rejection secret on both sides.
            for _ in range(TAMPERED_CT):
                bad = bytearray(ct_t)
                bit = int.from_bytes(fresh(4), "little") % (8 * len(bad))
                bad[bit // 8] ^= 1 << (bit % 8)
                mine = ours.decaps(sk, bytes(bad))
                assert bc187.ask("decaps", level, seed.hex(), bytes(bad).hex()) == [mine], backend
                assert ours.decaps_seed(seed, bytes(bad)) == mine and mine != ss_t
            # The older dialects make other keys from the same seed and other ciphertexts.
            for other in others:
                assert other.keygen(seed)[0] != pk
                ct_x, _ = other.encaps(pk_t, m, salt)
                assert ct_x != ct_o


def test_identify_names_bouncy_castle_187_seeds(bc187, tmp_path):
    for level in LEVELS:
        pk, seed = bc187.ask("rkeygen", level)
        (tmp_path / "bc.pk").write_bytes(pk)
        (tmp_path / "bc.seed").write_bytes(seed)
        res = run([bin_path("hqc"), "identify", "--sk", tmp_path / "bc.seed", "--pk", tmp_path / "bc.pk"],
                  check=False)
        assert res.returncode == 0 and res.stdout.splitlines()[-1] == "dialect: bc-1.87", res.stdout


# --- backbone-hqc and pqcrypto ---------------------------------------------------------------

@pytest.fixture(scope="module")
def backbone_kat():
    build_crate(ROOT / "tests" / "interop" / "backbone" / "Cargo.toml", BUILD / "interop-backbone",
                "the backbone-hqc KAT test")
    return BUILD / "interop-backbone" / "release" / "backbone-kat"


@pytest.mark.parametrize("level", LEVELS)
def test_backbone_hqc_reproduces_the_v5_kat_file(backbone_kat, level, tmp_path):
    text = run([backbone_kat, level], timeout=300).stdout
    assert hashlib.sha256(text.encode()).hexdigest() == LEVELS_META[str(level)]["dialects"]["v5.0.0"]["rsp_sha256"]
    # And byte for byte what our generator writes.
    run([bin_path("hqc%d_kat" % level), "--dialect", "v5.0.0", "--out", tmp_path])
    assert (tmp_path / LEVELS_META[str(level)]["rsp"]).read_text() == text


@pytest.mark.parametrize("level", LEVELS)
def test_pqcrypto_round_trips_both_ways(pqcrypto, lib, level):
    for backend in supported_backends(level):
        ours, old = Ours(lib, level, "v5.0.0", backend), Ours(lib, level, "161cd4f", backend)
        for r in range(ROUNDS):
            seed = hashlib.sha256(b"pq %d %s %d" % (level, backend.encode(), r)).digest()
            m_salt = hashlib.shake_256(seed).digest(K[level] + 16)
            pk, sk = ours.keygen(seed)
            ct_t, ss_t = pqcrypto.ask("rencaps", level, pk.hex())
            assert ours.decaps(sk, ct_t) == ss_t, backend
            pk_t, sk_t = pqcrypto.ask("rkeygen", level)
            ct_o, ss_o = ours.encaps(pk_t, m_salt[:K[level]], m_salt[K[level]:])
            assert pqcrypto.ask("decaps", level, sk_t.hex(), ct_o.hex()) == [ss_o], backend
            # Mixing dialects: a different secret, no error (encapsulation alike at HQC-3).
            assert old.decaps(sk, ct_t) != ss_t
            ct_161, ss_161 = old.encaps(pk_t, m_salt[:K[level]], m_salt[K[level]:])
            assert (pqcrypto.ask("decaps", level, sk_t.hex(), ct_161.hex()) == [ss_161]) == (level == 3)


# --- hqc identify on everyone's keys ---------------------------------------------------------

def identify(path):
    res = run([bin_path("hqc"), "identify", "--sk", path], check=False)
    assert res.returncode == 0, res.stdout + res.stderr
    return res.stdout.splitlines()[-1]


def test_identify_names_bouncy_castle_and_pqcrypto_keys(bc, pqcrypto, tmp_path):
    for level in LEVELS:
        for name, peer in (("bc", bc), ("pqcrypto", pqcrypto)):
            sk = peer.ask("rkeygen", level)[1]
            path = tmp_path / ("%s-%d.sk" % (name, level))
            path.write_bytes(sk)
            assert identify(path) == "dialect: v5.0.0", name


def test_identify_names_our_keys(tmp_path):
    for level in LEVELS:
        for dialect in DIALECT_ID:
            pk, sk = tmp_path / ("ours-%d-%s.pk" % (level, dialect)), tmp_path / ("ours-%d-%s.sk" % (level, dialect))
            seed = tmp_path / ("ours-%d-%s.seed" % (level, dialect))
            run([bin_path("hqc"), "keygen", "--level", level, "--pk", pk, "--sk", sk, "--dialect", dialect,
                 "--sk-format", "expanded"])
            if BY_NAME[dialect].sk_seed:
                assert identify(sk) == "dialect: " + dialect
            else:  # an expanded key without seed_kem: named by its size alone
                assert identify(sk) == "dialect: %s (by its size)" % dialect
            # Every dialect's seed, with its public key.
            run([bin_path("hqc"), "keygen", "--level", level, "--pk", pk, "--sk", seed, "--dialect", dialect,
                 "--sk-format", "seed", "--force"])
            res = run([bin_path("hqc"), "identify", "--sk", seed, "--pk", pk], check=False)
            assert res.returncode == 0 and res.stdout.splitlines()[-1] == "dialect: " + dialect, res.stdout


def test_identify_names_rustcrypto_keys(rustcrypto_keys):
    for level in LEVELS:
        assert identify(rustcrypto_keys / ("rustcrypto-%d.sk" % level)) == "dialect: 161cd4f"


@pytest.fixture(scope="module")
def rustcrypto_keys(tmp_path_factory):
    exe = build_interop()
    d = tmp_path_factory.mktemp("rustcrypto")
    run([exe, "--emit-keys", d])
    return d
