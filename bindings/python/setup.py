# SPDX-License-Identifier: Apache-2.0 OR MIT
"""setup.py: builds hqc_fast._hqc, a CPython limited-API (abi3) extension, from this repository's
C: the Makefile's compile plan (`make bindings-plan`, mk/bindings.mk) gives every file and its
own ISA flags, so the extension carries libhqc's runtime dispatch exactly as `make` builds it.
The repository is found two folders up (or at $HQC_SOURCE_DIR)."""
import os
import shlex
import subprocess
import sysconfig
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
ROOT = Path(os.environ.get("HQC_SOURCE_DIR", HERE.parent.parent)).resolve()
LEVELS = (1, 3, 5)


def c_compiler():
    return shlex.split(os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc")[0]


class BuildWithLibhqc(build_ext):
    """build_ext that first compiles libhqc's objects from the plan, then links them in."""

    def run(self):
        if not (ROOT / "src" / "hqc" / "dialect.h").exists():
            raise SystemExit("hqc-fast builds from the libhqc repository: %s has no src/hqc "
                             "(set HQC_SOURCE_DIR)" % ROOT)
        work = Path(self.build_temp).resolve() / "libhqc"
        cc = c_compiler()
        # An outer make's flags (make test BACKEND=ref passes BACKEND through MAKEFLAGS) are not
        # for this one: the plan is always the full dispatching build.
        env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
        subprocess.run(["make", "-s", "-C", str(ROOT), "BUILD=%s" % work, "CC=%s" % cc, "BACKEND=auto",
                        "bindings-plan"], check=True, env=env)
        jobs = []
        for n, line in enumerate((work / "bindings-plan.txt").read_text().splitlines()):
            scope, source, *flags = line.split()
            flags = ["-I%s" % (ROOT / f[2:]) if f.startswith("-I") and not f[2:].startswith("/")
                     else f for f in flags]
            for level in ((0,) if scope == "common" else LEVELS):
                obj = work / "obj" / ("%d-%d" % (n, level)) / (Path(source).stem + ".o")
                extra = ["-DHQC_LEVEL=%d" % level] if level else []
                jobs.append((obj, [cc, *flags, *extra, "-c", str(ROOT / source), "-o", str(obj)]))
        with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
            list(pool.map(self.compile_one, jobs))
        # The library's objects are not among build_ext's dependencies: always relink.
        self.force = True
        for ext in self.extensions:
            ext.extra_objects = [str(o) for o, _ in jobs]
            ext.include_dirs.append(str(ROOT / "src" / "hqc"))
        super().run()

    @staticmethod
    def compile_one(job):
        obj, cmd = job
        obj.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(cmd, check=True)


setup(
    ext_modules=[Extension("hqc_fast._hqc", ["src/hqc_fast/_hqc.c"], py_limited_api=True,
                           define_macros=[("Py_LIMITED_API", "0x03080000")],
                           extra_compile_args=["-std=c11"])],
    cmdclass={"build_ext": BuildWithLibhqc},
    options={"bdist_wheel": {"py_limited_api": "cp38"}},
)
