# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Run-time dispatch on other CPUs than this one, under qemu-user's emulated CPU models: on each
model the build detects the features the model has, offers exactly the backends it can run,
picks the expected default, reproduces the official KAT files and refuses, with a message and
without executing it, a backend the model lacks. qemu's TCG faults (SIGILL) on any instruction
whose CPUID bit the model clears, so a stray AVX2, BMI or PCLMULQDQ instruction fails here.
qemu 7.2 has no VPCLMULQDQ and no AVX-512: those backends are checked natively (and emulated
through SIMDe in test_avx512_emulated.py). Skips without qemu-x86_64 (Debian: qemu-user)."""
import json
import os
import subprocess

import pytest

from conftest import LEVELS, LEVELS_META, bin_path, died_of_sigill, qemu_x86_64

# qemu -cpu value: (the features hqc_info must report, the backends it must offer, its default).
# Each model isolates one requirement of a backend or of the Keccak kernels (src/fips202/keccak.c:
# the BMI scalar permutation needs BMI1 and BMI2, the four-way one AVX2; "Haswell,-bmi2" runs
# the portable scalar permutation beside the four-way AVX2 one). No model clears BMI1 alone:
# qemu 7.2 gates SHLX/SARX/SHRX and BZHI, BMI2 instructions, on the BMI1 bit, so such a model
# faults where no CPU would (glibc's AVX2 string functions use BZHI), and "Haswell,-bmi2" would
# let those instructions through: the BMI2 check here rests on PDEP, PEXT, MULX and RORX.
# Every dialect with official digests (kat/levels.json): `hqc kat --check` checks each.
DIALECTS = sorted(LEVELS_META["1"]["dialects"])

MODELS = {
    "qemu64": ("", ["ref"], "ref"),                                  # x86-64 baseline, SSE2
    "Westmere": ("pclmul", ["ref"], "ref"),                          # PCLMULQDQ, no AVX
    "Haswell,-bmi2": ("pclmul avx2 bmi1", ["ref"], "ref"),           # avx2 needs BMI2
    "Haswell,-pclmulqdq": ("avx2 bmi2 bmi1", ["ref"], "ref"),        # avx2 needs PCLMULQDQ
    "Haswell": ("pclmul avx2 bmi2 bmi1", ["ref", "avx2", "avx2-sparse"], "avx2"),
}


def emulated(model, *cmd, backend=None, timeout=600):
    """Runs cmd on the emulated CPU with HQC_BACKEND unset, or set to backend; qemu's own
    warnings about features TCG lacks go to stderr."""
    env = {k: v for k, v in os.environ.items() if k != "HQC_BACKEND"}
    if backend is not None:
        env["HQC_BACKEND"] = backend
    res = subprocess.run([qemu_x86_64(), "-cpu", model] + [str(c) for c in cmd], capture_output=True,
                         text=True, env=env, timeout=timeout)
    assert not died_of_sigill(res), "%s: illegal instruction on %s" % (cmd[0], model)
    return res


def guest_stderr(res):
    return "\n".join(l for l in res.stderr.splitlines() if not l.startswith("qemu-x86_64: warning"))


def compiled(info):
    return {b["name"] for b in info["levels"]["1"]["backends"]}


@pytest.mark.parametrize("model", MODELS)
def test_detects_the_model_and_offers_what_it_runs(model, info):
    features, offered, default = MODELS[model]
    res = emulated(model, bin_path("hqc_info"))
    assert res.returncode == 0, (res.returncode, guest_stderr(res))
    seen = json.loads(res.stdout)
    assert seen["cpu_features"] == features
    built = compiled(info)
    for level in LEVELS:
        lv = seen["levels"][str(level)]
        assert {b["name"] for b in lv["backends"] if b["supported"]} == set(offered) & built, level
        # A build without the model's best backend (make BACKEND=ref) falls back to ref.
        assert lv["default"] == (default if default in built else "ref"), level


@pytest.mark.parametrize("model", MODELS)
def test_kat_files_on_the_model(model, info):
    """The KEM through the library as a user gets it: `hqc kat --check` regenerates both KAT
    files of every level and dialect with every backend the model runs and compares their
    SHA-256 with the official digests."""
    checked = sorted(set(MODELS[model][1]) & compiled(info))
    res = emulated(model, bin_path("hqc"), "kat", "--check", timeout=1200)
    assert res.returncode == 0, (res.returncode, res.stdout, guest_stderr(res))
    assert "DIFFERS" not in res.stdout
    # Two files (req, rsp) per level, dialect and backend, each reported as matching.
    assert res.stdout.count("matches") == 2 * len(LEVELS) * len(DIALECTS) * len(checked), res.stdout
    for level in LEVELS:
        for dialect in DIALECTS:
            for name in checked:
                assert "HQC-%d %s %s: " % (level, dialect, name) in res.stdout, (level, dialect, name)


@pytest.mark.parametrize("model", MODELS)
def test_round_trip_with_fresh_randomness(model, tmp_path):
    """keygen, encaps and decaps through the tool, which draws from the OS (the KAT files use
    the deterministic generator instead), on the model's default backend."""
    tool = bin_path("hqc")
    for level in LEVELS:
        d = tmp_path / str(level)
        d.mkdir()
        L = ["--level", level]
        for args in (["keygen", *L, "--pk", d / "pk", "--sk", d / "sk"],
                     ["encaps", *L, "--pk", d / "pk", "--ct", d / "ct", "--ss", d / "ss_enc"],
                     ["decaps", *L, "--sk", d / "sk", "--ct", d / "ct", "--ss", d / "ss_dec"]):
            res = emulated(model, tool, *args)
            assert res.returncode == 0, (args[0], res.returncode, guest_stderr(res))
        meta = LEVELS_META[str(level)]
        assert (d / "ct").stat().st_size == meta["ct"]
        assert (d / "ss_enc").read_bytes() == (d / "ss_dec").read_bytes()
        assert len((d / "ss_enc").read_bytes()) == meta["ss"]


@pytest.mark.parametrize("model", MODELS)
def test_refuses_a_backend_the_model_lacks(model, info, tmp_path):
    """Naming a backend the CPU cannot run is refused with a message, never a SIGILL: through
    HQC_BACKEND the library keeps its default (hqc_info reports the refusal) and the tool's
    commands stop with a usage error, as they do for --backend."""
    _, offered, _ = MODELS[model]
    lacking = [b for b in sorted(compiled(info)) if b not in offered]
    if not lacking:
        pytest.skip("this build has no backend that %s lacks" % model)
    for name in lacking:
        res = emulated(model, bin_path("hqc_info"), backend=name)
        assert res.returncode == 0, (name, res.returncode, guest_stderr(res))
        assert "HQC_BACKEND" in guest_stderr(res) and name in guest_stderr(res)
        refused = json.loads(res.stdout)
        # The environment may name no variable-time backend at all, whatever the CPU.
        reason = "a variable-time backend" if name.endswith("-sparse") else "this CPU lacks its features"
        assert refused["hqc_backend_refused"].startswith(reason), refused
        assert all(lv["default"] in offered for lv in refused["levels"].values()), refused
        keygen = ["keygen", "--level", 1, "--pk", tmp_path / "pk", "--sk", tmp_path / "sk"]
        for res in (emulated(model, bin_path("hqc"), *keygen, "--backend", name),
                    emulated(model, bin_path("hqc"), *keygen, backend=name)):
            assert res.returncode == 2 and name in guest_stderr(res), (name, res.returncode, guest_stderr(res))
            assert not (tmp_path / "pk").exists() and not (tmp_path / "sk").exists()
