# SPDX-License-Identifier: Apache-2.0 OR MIT
"""make floor's counts (issue 34): the traced build (mk/floor.mk, -DHQC_TRACE) reports every
Keccak sponge and product of keygen, encaps and decaps; these tests hold those reports to what
the spec and FIPS 202 fix independently of the counting code, at every level, in every dialect,
on every backend this CPU runs:
  * the sponges of each operation, by role, and their message and output lengths, written out
    here from the spec's algorithms and parameters (the dialects' differences from
    docs/DIALECTS.md);
  * each sponge's permutations = the sponge arithmetic of FIPS 202 Algorithm 8 for those
    lengths (one per absorbed block, the padding's included, then one per further output
    block), and which of them ran four at a time (keccak_batch's lockstep);
  * the products, their number, kind and weight.
Then scripts/floor's longest path on known counts, and the timing program's output shape (no
timed assertion: the speed itself is checked by make floor's paired ratios, not by a test)."""
import json
import math
import platform

import pytest

from conftest import BUILD, LEVELS, LEVELS_META, ROOT, run, supported_backends
from hqctools.common import load_script
from lib.dialects import DIALECTS
from verify_build import make

TRACE = ROOT / "build" / "floor-trace"
RUNS = 4  # the keygen sampler's stream length varies with its rejections

SHAKE256_RATE = SHA3_256_RATE = 136
SHA3_512_RATE = 72
SEED, SALT = 32, 16
SEC = {1: 16, 3: 24, 5: 32}
N1N2 = {1: 46 * 384, 3: 56 * 640, 5: 90 * 640}
# omega (x, y) and omega_r (r1, r2, e) per level; Bouncy Castle 1.87 draws one more of x and y
# and one more of r1, r2, e at HQC-1 and HQC-5 (docs/DIALECTS.md).
OMEGA = {"161cd4f": {1: 66, 3: 100, 5: 131}, "v5.0.0": {1: 66, 3: 100, 5: 131},
         "bc-1.87": {1: 67, 3: 101, 5: 132}}
OMEGA_R = {"161cd4f": {1: 75, 3: 114, 5: 149}, "v5.0.0": {1: 75, 3: 114, 5: 149},
           "bc-1.87": {1: 76, 3: 114, 5: 150}}
# Whether the XOF's input ends with the domain byte 1 (Bouncy Castle 1.87 absorbs the seed
# alone), and the alignment of each encryption vector's 4 * omega_r bytes (v5.0.0 reads them
# in 8-byte words and skips the rest of the last one).
XOF_DOMAIN_BYTE = {"161cd4f": 1, "v5.0.0": 1, "bc-1.87": 0}
ENCRYPT_ALIGN = {"161cd4f": 1, "v5.0.0": 8, "bc-1.87": 1}


def n_bytes(level):
    return (LEVELS_META[str(level)]["n"] + 7) // 8


def expected_sponges(level, dialect, op):
    """{role: (rate, absorbed, squeezed or None)}: None where the length depends on the
    keygen sampler's rejections (checked separately)."""
    L, d = level, dialect
    pk, ct = LEVELS_META[str(L)]["pk"], LEVELS_META[str(L)]["ct"]
    xof_in = SEED + XOF_DOMAIN_BYTE[d]
    align = ENCRYPT_ALIGN[d]
    one_vector = 4 * OMEGA_R[d][L] + (-4 * OMEGA_R[d][L]) % align
    theta = (SHAKE256_RATE, xof_in, 3 * one_vector)                     # r2, e, r1
    h = (SHA3_256_RATE, pk + 1, 32)                                      # H(ek) = SHA3-256(ek || 1)
    g = (SHA3_512_RATE, 32 + SEC[L] + SALT + 1, 64)                      # G(H(ek), m, salt)
    expand_h = (SHAKE256_RATE, xof_in, n_bytes(L))
    dk = (SHAKE256_RATE, xof_in, None)
    if op == "keygen":
        # SHAKE256(seed_KEM || domain) -> seed_pke || sigma; I(seed_pke) = SHA3-512(. || 2)
        return {"XOF(seed_KEM)": (SHAKE256_RATE, SEED + 1, SEED + SEC[L]),
                "I": (SHA3_512_RATE, SEED + 1, 64), "expand-h": expand_h, "XOF(seed_dk)": dk}
    if op == "encaps":
        return {"H": h, "expand-h": expand_h, "G": g, "XOF(theta)": theta}
    return {"H": h, "expand-h": expand_h, "XOF(seed_dk)": dk, "G": g, "XOF(theta)": theta,
            "J": (SHA3_256_RATE, 32 + SEC[L] + ct + 1, 32)}              # J(H(ek), sigma, c)


def sponge_perms(rate, absorbed, squeezed):
    """FIPS 202 Algorithm 8: a permutation after every absorbed block (pad10*1 makes
    floor(len / rate) + 1 of them), the first output block is read from the last one, and
    every further output block costs one more."""
    return absorbed // rate + 1 + max(0, math.ceil(squeezed / rate) - 1)


def keygen_draws_bytes(level, dialect, op):
    """The least the keygen sampler reads: 3 bytes per position of y (and x in keygen)."""
    return 3 * OMEGA[dialect][level] * (2 if op == "keygen" else 1)


@pytest.fixture(scope="module")
def counts():
    make("floor-counts")
    out = {}
    for level in LEVELS:
        res = run([TRACE / "bin" / ("hqc%d_floor_counts" % level), "--runs", str(RUNS)],
                  capture_output=True, text=True)
        out[level] = [json.loads(line) for line in res.stdout.splitlines()]
    return out


def merged(record):
    """role -> [absorbed, squeezed, x1, x4], a stream's records (head in a batch, rest later)
    summed."""
    m = {}
    for s in record["sponges"]:
        r = m.setdefault(s["role"], [0, 0, 0, 0])
        for i, k in enumerate(("absorbed", "squeezed", "x1", "x4")):
            r[i] += s[k]
    return m


@pytest.mark.parametrize("level", LEVELS)
def test_every_dialect_backend_and_op_is_counted(counts, level):
    got = {(r["dialect"], r["backend"], r["op"]) for r in counts[level]}
    want = {(d.name, b, op) for d in DIALECTS for b in supported_backends(level)
            for op in ("keygen", "encaps", "decaps")}
    assert got == want
    assert len(counts[level]) == RUNS * len(want)


@pytest.mark.parametrize("level", LEVELS)
def test_sponges_follow_the_spec_and_fips202(counts, level):
    for rec in counts[level]:
        where = "HQC-%d %s %s %s run %d" % (level, rec["dialect"], rec["backend"], rec["op"], rec["run"])
        want = expected_sponges(level, rec["dialect"], rec["op"])
        m = merged(rec)
        assert set(m) == set(want), where
        for role, (rate, absorbed, squeezed) in want.items():
            a, s, x1, x4 = m[role]
            assert a == absorbed, "%s: %s absorbed %d, the spec says %d" % (where, role, a, absorbed)
            if squeezed is not None:
                assert s == squeezed, "%s: %s squeezed %d, the spec says %d" % (where, role, s, squeezed)
            else:  # the keygen sampler's stream: at least its draws, whole blocks ahead
                assert s >= keygen_draws_bytes(level, rec["dialect"], rec["op"]), (where, role, s)
            assert x1 + x4 == sponge_perms(rate, a, s), \
                "%s: %s took %d + %d permutations, FIPS 202 says %d" % (where, role, x1, x4, sponge_perms(rate, a, s))


@pytest.mark.parametrize("level", LEVELS)
def test_batched_sponges_share_four_state_permutations(counts, level):
    """The sponges that need nothing computed in the operation run as one batch, and in
    decapsulation J and XOF(theta) as a second one once G is done: while two or more still need
    permutations they share the four-state one, so each ran min(its own, the second longest) of
    them four at a time, and the rest alone."""
    batches = {"keygen": [("expand-h", "XOF(seed_dk)")], "encaps": [("H", "expand-h")],
               "decaps": [("H", "expand-h", "XOF(seed_dk)"), ("J", "XOF(theta)")]}
    for rec in counts[level]:
        for batch in batches[rec["op"]]:
            heads = {s["role"]: s for s in rec["sponges"] if s["role"] in batch and s["absorbed"]}
            assert set(heads) == set(batch), rec
            totals = sorted((s["x1"] + s["x4"] for s in heads.values()), reverse=True)
            for role, s in heads.items():
                assert s["x4"] == min(s["x1"] + s["x4"], totals[1]), (rec["op"], role, s)
        batched = {role for batch in batches[rec["op"]] for role in batch}
        others = [s for s in rec["sponges"] if s["role"] not in batched]
        assert all(s["x4"] == 0 for s in others), rec


@pytest.mark.parametrize("level", LEVELS)
def test_products(counts, level):
    for rec in counts[level]:
        d = rec["dialect"]
        kind = "mul_sparse" if rec["backend"].endswith("-sparse") else "mul"
        weights = {"keygen": [OMEGA[d][level]], "encaps": [OMEGA_R[d][level]] * 2,
                   "decaps": [OMEGA[d][level]] + [OMEGA_R[d][level]] * 2}[rec["op"]]
        assert rec["products"] == [{"kind": kind, "weight": w} for w in weights], rec


def floor_script():
    return load_script(ROOT / "scripts" / "floor", "floor_script")


def test_floor_takes_the_longest_dependent_chain():
    fl = floor_script()
    # decaps: H (17, four-state) then J (33 alone) outweighs H or XOF(seed_dk), then G, XOF(theta)
    perms = {"H": (0, 17), "expand-h": (0, 17), "XOF(seed_dk)": (0, 3), "G": (1, 0), "XOF(theta)": (7, 0),
             "J": (33, 0)}
    products = [{"weight": 66}, {"weight": 75}, {"weight": 75}]
    f, chain, prod, path = fl.floor_ticks("decaps", perms, products, 600.0, 700.0, {66: 1000, 75: 2000})
    assert path[3] == ["H", "J"] and (path[1], path[2]) == (33, 17)
    assert chain == 33 * 600 + 17 * 700 and prod == 5000 and f == chain + prod
    # keygen: XOF(seed_KEM) > I > the longer of expand-h and XOF(seed_dk)
    perms = {"XOF(seed_KEM)": (1, 0), "I": (1, 0), "expand-h": (14, 3), "XOF(seed_dk)": (2, 3)}
    f, chain, prod, path = fl.floor_ticks("keygen", perms, [{"weight": 66}], 600.0, 700.0, {66: 1000})
    assert path[3] == ["XOF(seed_KEM)", "I", "expand-h"] and chain == 16 * 600 + 3 * 700
    with pytest.raises(ValueError):
        fl.floor_ticks("keygen", dict(perms, J=(1, 0)), [], 1.0, 1.0, {})


def test_floor_quiet_column():
    """make floor's last column (bench/README.md, "Quiet iterations"): the count of iterations
    whose probe ran within a quarter of the run's fastest, and their median ratio from 20 of
    them; without a probe every iteration counts."""
    fl = floor_script()
    ratios = [1.2] * 25 + [1.5] * 30
    probes = [1000] * 24 + [1250] + [1251] * 30
    assert fl.quiet_summary(ratios, probes, 1000) == (25, 1.2)
    assert fl.quiet_summary(ratios[5:], probes[5:], 1000) == (20, 1.2)
    assert fl.quiet_summary(ratios[6:], probes[6:], 1000) == (19, None)
    assert fl.quiet_summary(ratios, None, None) == (55, 1.5)


def test_floor_times_prints_paired_samples():
    backend = supported_backends(1)[-1]
    res = run([BUILD / "bin" / "hqc1_floor_times", "--runs", "5", "--backend", backend],
              capture_output=True, text=True)
    rows = [json.loads(line) for line in res.stdout.splitlines()]
    assert [r["op"] for r in rows] == ["keygen", "encaps", "decaps"]
    for r in rows:
        keys = ("op_ticks", "chain_x1", "chain_x4", "mul_omega", "mul_omega_r")
        # The probe (bench/probe.h) exists on x86-64 only.
        keys += ("probe_ticks",) if platform.machine() == "x86_64" else ()
        assert ("probe_ticks" in r) == (platform.machine() == "x86_64"), r.keys()
        for k in keys:
            assert len(r[k]) == 5 and all(t > 0 for t in r[k]), (r["op"], k)
    bad = run([BUILD / "bin" / "hqc1_floor_times", "--backend", "no-such"], check=False,
              capture_output=True, text=True)
    assert bad.returncode == 2 and "no-such" in bad.stderr
