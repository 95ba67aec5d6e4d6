# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Runs the C unit-test programs: Keccak against OpenSSL, multiplication and syndromes of every
backend against the portable twin and libgf2x, the KEM's round trips and rejections, and
keygen's sampler against its one-draw-at-a-time twin."""
import pytest

from conftest import LEVELS, bin_path, run, supported_backends


def test_keccak_matches_openssl():
    assert "ok" in run([bin_path("test_keccak")]).stdout


@pytest.mark.parametrize("level", LEVELS)
def test_mul_and_syndromes_against_ref_and_libgf2x(level):
    # 10,000 random pairs per native backend (200 for the slow portable one) plus edge cases.
    out = run([bin_path("hqc%d_test_mul" % level), 10000, 1, 200]).stdout
    assert out.rstrip().endswith("ok"), out
    # The avx2 table runs one of two product trees, by vendor: both are checked on every CPU.
    if " avx2 " in out.split(";")[0] + " ":
        assert "product trees: avx2/schoolbook-leaf avx2/karatsuba-leaf;" in out, out


@pytest.mark.parametrize("level", LEVELS)
def test_kem_round_trips_and_rejections(level):
    out = run([bin_path("hqc%d_test_kem" % level), 10]).stdout
    assert out.rstrip().endswith("ok"), out


@pytest.mark.parametrize("level", LEVELS)
def test_reed_solomon_and_reed_muller_decoding(level):
    out = run([bin_path("hqc%d_test_code" % level), 2000]).stdout
    assert out.rstrip().endswith("ok"), out


@pytest.mark.parametrize("level", LEVELS)
def test_keygen_sampler_against_its_twin(level):
    # Constructed stream heads (rejections, repeats, running out of the head), every 24-bit
    # draw value, and 20,000 random streams; the same for dialect v5.0.0 against its own
    # spec-literal twin (a rejection or repeat at every draw position, chunk boundaries). Keygen's
    # sampler runs as the dialect's own and through every backend with a keygen_discards
    # kernel (backend.h) that this CPU runs: every x86 one (keygen_discards_avx2.c in avx2,
    # vpclmul and avx2-sparse, keygen_discards_vbmi.c in avx512 and avx512-sparse), not neon.
    out = run([bin_path("hqc%d_test_sampling" % level), 20000]).stdout
    assert "sampler comparisons ok" in out, out
    kernels = [b for b in supported_backends(level) if b.split("-")[0] in ("avx2", "vpclmul", "avx512")]
    assert ("keygen_discards kernel: " + ", ".join(kernels)) in out if kernels else "0 backends" in out, out
