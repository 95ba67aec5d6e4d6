# SPDX-License-Identifier: Apache-2.0 OR MIT
"""test_swap.py: switching from pqcrypto is one import line. pqcrypto_style.py, unchanged, runs
with pqcrypto; the same text with only its import line swapped runs with hqc_fast.v5_0_0; each
run's keys and ciphertexts then cross over: pqcrypto decapsulates hqc_fast's and the other way."""
import json
import subprocess
import sys
from pathlib import Path

import hqc_fast
from conftest import peer

SCRIPT = Path(__file__).with_name("pqcrypto_style.py")
THEIRS = "from pqcrypto.kem import hqc_128, hqc_192, hqc_256\n"
OURS = "from hqc_fast.v5_0_0 import hqc_128, hqc_192, hqc_256\n"


def run(text, tmp_path, tag):
    script, result = tmp_path / ("%s.py" % tag), tmp_path / ("%s.json" % tag)
    script.write_text(text)
    res = subprocess.run([sys.executable, str(script), str(result)], capture_output=True, text=True)
    assert res.returncode == 0, res.stdout + res.stderr
    assert res.stdout.startswith("ok "), res.stdout
    return {k: [bytes.fromhex(x) for x in v] for k, v in json.loads(result.read_text()).items()}


def test_only_the_import_changes(tmp_path):
    kems = {n: peer("pqcrypto.kem." + n, "scripts/install-deps puts pqcrypto 1.0.0 into the peers venv")
            for n in ("hqc_128", "hqc_192", "hqc_256")}
    text = SCRIPT.read_text()
    assert text.count(THEIRS) == 1
    swapped = text.replace(THEIRS, OURS)
    diff = [(a, b) for a, b in zip(text.splitlines(), swapped.splitlines()) if a != b]
    assert diff == [(THEIRS.strip(), OURS.strip())]
    with_pqcrypto = run(text, tmp_path, "script_as_is")
    with_hqc_fast = run(swapped, tmp_path, "script_swapped")
    assert sorted(with_pqcrypto) == sorted(with_hqc_fast) == ["Hqc128", "Hqc192", "Hqc256"]
    for name, alg in (("hqc_128", "Hqc128"), ("hqc_192", "Hqc192"), ("hqc_256", "Hqc256")):
        ours = getattr(hqc_fast.v5_0_0, name)
        pk, sk, ct, ss = with_hqc_fast[alg]
        assert bytes(kems[name].decaps(sk, ct)) == ss  # pqcrypto opens hqc_fast's
        pk, sk, ct, ss = with_pqcrypto[alg]
        assert ours.decaps(sk, ct) == ss  # hqc_fast opens pqcrypto's
