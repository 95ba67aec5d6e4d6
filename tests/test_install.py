# SPDX-License-Identifier: Apache-2.0 OR MIT
"""make install into a temporary DESTDIR, used the way an adopter uses it: exactly the
manifest is installed (no test program), the SONAME and symlinks are right, a small consumer
(tests/consumer) builds and runs through pkg-config (shared and static) and through CMake's
find_package(hqc) (hqc::hqc and hqc::hqc_static, with the version check), the installed tool
round-trips against the installed library and handles every bad input, its man page is its
--help text, and make uninstall
removes exactly what install put."""
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import BUILD, LEVELS, ROOT, run
from lib.tool import bad_input_failures, load_library, tool_agrees_with_library

PREFIX = "/usr/local"
CONSUMER = ROOT / "tests" / "consumer"


def make_vars():
    """Install from the build under test; BACKEND must match it so that make rebuilds nothing."""
    backend = BUILD.name if BUILD.name in ("auto", "ref", "avx2", "avx512") else "auto"
    return ["BUILD=%s" % BUILD, "BACKEND=%s" % backend, "PREFIX=%s" % PREFIX]


def make(*goals, destdir):
    return run(["nice", "-n", "15", "make", "--no-print-directory", "-C", ROOT] + make_vars()
               + ["DESTDIR=%s" % destdir] + list(goals))


def staged_files(destdir):
    return sorted(str(p)[len(str(destdir)):] for p in Path(destdir).rglob("*") if not p.is_dir())


@pytest.fixture(scope="module")
def staged(tmp_path_factory):
    if (BUILD / ".verify-flags").exists():
        pytest.skip("an instrumented verification build is not installed (consumers would need its runtime)")
    destdir = tmp_path_factory.mktemp("destdir")
    make("install", destdir=destdir)
    return destdir


def tool_in(destdir):
    return Path(str(destdir) + PREFIX) / "bin" / "hqc"


def libdir(destdir):
    return Path(str(destdir) + PREFIX) / "lib"


def manifest(destdir):
    out = make("install-manifest", destdir=destdir).stdout.split()
    return sorted(f[len(str(destdir)):] for f in out)


def test_installs_exactly_the_manifest(staged):
    files = staged_files(staged)
    assert files == manifest(staged)
    p = PREFIX
    for f in ("/include/hqc/hqc.h", "/include/hqc/hqc_common.h", "/include/hqc/hqc1.h",
              "/include/hqc/hqc3.h", "/include/hqc/hqc5.h", "/lib/libhqc.a", "/lib/libhqc.so",
              "/lib/pkgconfig/hqc.pc", "/lib/cmake/hqc/hqcConfig.cmake",
              "/lib/cmake/hqc/hqcConfigVersion.cmake", "/bin/hqc", "/share/man/man1/hqc.1",
              "/share/doc/hqc/LICENSE-MIT",
              "/share/doc/hqc/LICENSE-APACHE"):
        assert p + f in files, f
    assert [f for f in files if f.startswith(p + "/bin/")] == [p + "/bin/hqc"], "only the tool goes to bin"


def test_soname_and_symlinks(staged):
    lib = libdir(staged)
    real = sorted(lib.glob("libhqc.so.*.*.*"))
    assert len(real) == 1 and not real[0].is_symlink()
    major = real[0].name.split(".")[2]
    dyn = run(["readelf", "-d", real[0]]).stdout
    assert "Library soname: [libhqc.so.%s]" % major in dyn, dyn
    assert os.readlink(lib / ("libhqc.so." + major)) == real[0].name
    assert os.readlink(lib / "libhqc.so") == "libhqc.so." + major


def test_man_page_is_the_help_text(staged):
    page = Path(str(staged) + PREFIX) / "share" / "man" / "man1" / "hqc.1"
    help_text = run([tool_in(staged), "--help"]).stdout
    text = page.read_text()
    assert text.startswith(".TH HQC 1 ")
    for line in ("hqc keygen --level L --pk FILE --sk FILE", "exit status:"):
        assert line in help_text and line in text, line
    if shutil.which("nroff"):
        rendered = run(["nroff", "-man", page], env=dict(os.environ, MANWIDTH="100")).stdout
        assert "hqc decaps --level L --sk FILE --ct FILE --ss FILE" in rendered


def pkg_config(staged, *args):
    env = dict(os.environ, PKG_CONFIG_PATH=str(libdir(staged) / "pkgconfig"),
               PKG_CONFIG_SYSROOT_DIR=str(staged))
    return run(["pkg-config"] + list(args) + ["hqc"], env=env).stdout.split()


def needed(binary):
    return re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", run(["readelf", "-d", binary]).stdout)


def run_consumer(binary, staged):
    env = dict(os.environ, LD_LIBRARY_PATH=str(libdir(staged)))
    out = run([binary], env=env).stdout
    assert out.rstrip().splitlines()[-1].startswith("ok "), out
    return out


def test_pkg_config_version(staged):
    version = re.search(r'HQC_VERSION_STRING "([^"]+)"', (ROOT / "include/hqc/hqc_common.h").read_text()).group(1)
    assert pkg_config(staged, "--modversion") == [version]


@pytest.mark.parametrize("linkage", ["shared", "static"])
def test_pkg_config_consumer(staged, tmp_path, linkage):
    cflags = pkg_config(staged, "--cflags")
    if linkage == "shared":
        libs = pkg_config(staged, "--libs")
    else:
        # The static archive is chosen explicitly; libcrypto stays shared, as the system has it.
        libs = [x if x != "-lhqc" else "-Wl,-Bstatic -lhqc -Wl,-Bdynamic"
                for x in pkg_config(staged, "--static", "--libs")]
    exe = tmp_path / ("consumer_" + linkage)
    run(["sh", "-c", "cc -std=c11 -Wall -Wextra -Werror %s %s -o %s %s"
         % (" ".join(cflags), CONSUMER / "consumer.c", exe, " ".join(libs))])
    deps = needed(exe)
    if linkage == "shared":
        assert any(d.startswith("libhqc.so.") for d in deps), deps
    else:
        assert not any("hqc" in d for d in deps), deps
    run_consumer(exe, staged)


def cmake_configure(staged, build, *defs):
    return subprocess.run(["cmake", "-S", CONSUMER, "-B", build,
                           "-DCMAKE_PREFIX_PATH=%s" % (str(staged) + PREFIX)] + list(defs),
                          capture_output=True, text=True)


@pytest.mark.parametrize("static", ["OFF", "ON"])
def test_cmake_find_package(staged, tmp_path, static):
    if shutil.which("cmake") is None:
        pytest.fail("cmake is missing: run scripts/install-deps")
    build = tmp_path / "build"
    res = cmake_configure(staged, build, "-DHQC_STATIC=" + static)
    assert res.returncode == 0, res.stdout + res.stderr
    run(["cmake", "--build", build])
    deps = needed(build / "consumer")
    assert any(d.startswith("libhqc.so.") for d in deps) == (static == "OFF"), deps
    run_consumer(build / "consumer", staged)


def test_cmake_rejects_another_major_version(staged, tmp_path):
    if shutil.which("cmake") is None:
        pytest.fail("cmake is missing: run scripts/install-deps")
    res = cmake_configure(staged, tmp_path / "build", "-DHQC_WANT_VERSION=99.0")
    assert res.returncode != 0 and "hqc" in res.stderr and "99.0" in res.stderr, res.stderr


@pytest.mark.parametrize("level", LEVELS)
def test_installed_tool_agrees_with_installed_library(staged, tmp_path, level):
    lib = load_library(sorted(libdir(staged).glob("libhqc.so.*.*.*"))[0])
    tool_agrees_with_library(tool_in(staged), lib, tmp_path, level)


def test_installed_tool_bad_inputs(staged, tmp_path):
    assert bad_input_failures(tool_in(staged), tmp_path) == []


def test_installed_tool_selftest(staged):
    """What a packager runs on a new CPU: the installed tool's quick selftest passes."""
    res = subprocess.run([str(tool_in(staged)), "selftest", "--quick", "--json"],
                         capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    report = json.loads(res.stdout)
    assert report["ok"] is True and report["checks"] > 0 and report["failures"] == []


def test_uninstall_removes_exactly_what_install_put(tmp_path):
    if (BUILD / ".verify-flags").exists():
        pytest.skip("an instrumented verification build is not installed")
    destdir = tmp_path / "root"
    # Something of the user's next to ours must survive.
    (Path(str(destdir) + PREFIX) / "lib").mkdir(parents=True)
    mine = Path(str(destdir) + PREFIX) / "lib" / "libother.so"
    mine.write_text("not ours")
    make("install", destdir=destdir)
    installed = set(staged_files(destdir))
    assert installed - {str(mine)[len(str(destdir)):]} == set(manifest(destdir))
    make("uninstall", destdir=destdir)
    assert staged_files(destdir) == [str(mine)[len(str(destdir)):]]
    for own in ("include/hqc", "lib/cmake/hqc", "share/doc/hqc"):
        assert not (Path(str(destdir) + PREFIX) / own).exists(), own
