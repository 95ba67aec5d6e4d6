# SPDX-License-Identifier: Apache-2.0 OR MIT
"""test_bindings_python.py: the Python package (issue 32, bindings/python): `pip install
./bindings/python` into a fresh venv (the C compiled from this tree by setup.py, an abi3
extension), then its own pytest (bindings/python/tests) in that venv, with the peers venv's
pqcrypto 1.0.0 and liboqs-python 0.16.0.1 on its path and liboqs-python pointed at a pristine
liboqs 0.16.0 shared build: the API, threads and the GIL, interop both ways at every level,
the unchanged pqcrypto-style script with its import swapped, and the paired speed table against
pqcrypto (printed and written to <build>/bindings/python-paired.txt). Every inner test must
pass, none skip. Without venv/pip or a peer it skips; under CI=true it fails. A failed pip fetch fails."""
import os
import re
import shutil
import sys
import tomllib

from conftest import BUILD, PEERS_VENV, ROOT, run
from lib.bindings import cpu_backend, library_version, liboqs_shared, missing

PACKAGE = ROOT / "bindings" / "python"


def test_version_and_license():
    project = tomllib.loads((PACKAGE / "pyproject.toml").read_text())["project"]
    assert project["version"] == library_version()
    assert project["license"] == {"text": "Apache-2.0 OR MIT"}


def peers_site_packages():
    """The peers venv's site-packages (pqcrypto, liboqs-python), or a skip/failure."""
    found = sorted(PEERS_VENV.glob("lib/python3*/site-packages"))
    if not found or not (found[-1] / "pqcrypto").is_dir() or not (found[-1] / "oqs").is_dir():
        missing("pqcrypto 1.0.0 and liboqs-python 0.16.0.1 are not in %s (scripts/install-deps)"
                % PEERS_VENV)
    return found[-1]


def test_python_package(tmp_path):
    site = peers_site_packages()
    if shutil.which("cmake") is None:
        missing("cmake is not installed: liboqs-python's liboqs cannot be built")
    venv = tmp_path / "venv"
    # The system's site-packages give the venv pytest; the peers come through PYTHONPATH.
    res = run([sys.executable, "-m", "venv", "--system-site-packages", venv], check=False)
    if res.returncode != 0:
        missing("python3 -m venv failed (python3-venv): %s" % res.stderr.strip())
    python = venv / "bin" / "python"
    env = dict(os.environ, PIP_DISABLE_PIP_VERSION_CHECK="1")
    env.pop("PYTHONPATH", None)
    res = run([python, "-m", "pip", "install", "-q", PACKAGE], check=False, env=env, timeout=1800)
    assert res.returncode == 0, res.stdout[-3000:] + res.stderr[-5000:]
    ext = list((venv / "lib").glob("python3*/site-packages/hqc_fast/_hqc.abi3.so"))
    assert ext, "no abi3 extension installed"
    wheel = list((venv / "lib").glob("python3*/site-packages/hqc_fast-*.dist-info/WHEEL"))
    assert wheel and "Tag: cp38-abi3-" in wheel[0].read_text(), "not a limited-API wheel"

    report = BUILD / "bindings" / "python-paired.txt"
    report.parent.mkdir(parents=True, exist_ok=True)
    report.unlink(missing_ok=True)
    env.update(PYTHONPATH=str(site), OQS_INSTALL_PATH=str(liboqs_shared()), CI="true",
               HQC_BINDINGS_REPORT=str(report))
    # Run from the tests folder: the package comes from the venv, not from the source tree.
    res = run([python, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider", "."],
              check=False, env=env, cwd=PACKAGE / "tests", timeout=1800)
    assert res.returncode == 0, res.stdout[-6000:] + res.stderr[-3000:]
    summary = res.stdout.strip().splitlines()[-1]
    counts = dict((k, int(n)) for n, k in re.findall(r"(\d+) (\w+)", summary))
    # test_api: 9 + 3 per dialect of src/hqc/dialect.h; test_peers 6, test_swap and test_speed 1
    # each; none skipped
    table = (ROOT / "src" / "hqc" / "dialect.h").read_text().split("#define HQC_DIALECTS(X)")[1]
    dialects = len(re.findall(r"^\s*X\(", table.split("\n\n")[0], re.M))
    assert dialects >= 2
    assert counts == {"passed": 17 + 3 * dialects}, summary
    backend = run([python, "-c", "import hqc_fast; print(hqc_fast.backend())"], env=env,
                  cwd=tmp_path).stdout.strip()
    want = cpu_backend()
    assert want is None or backend == want, (backend, want)
    print(report.read_text())
