# SPDX-License-Identifier: Apache-2.0 OR MIT
"""hqc_fast: the HQC KEM (levels HQC-1/3/5) of libhqc, with its runtime choice of the fastest
constant-time backend, under PyPI pqcrypto's names, so that switching is one import line:

    from hqc_fast import hqc_128            # dialect 161cd4f (liboqs 0.16.0, RustCrypto hqc-kem)
    from hqc_fast.v5_0_0 import hqc_128     # dialect v5.0.0 (pqcrypto 1.0.0, Bouncy Castle 1.83-1.85)
    pk, sk = hqc_128.keygen(); ct, ss = hqc_128.encaps(pk); assert hqc_128.decaps(sk, ct) == ss

Every dialect of the library (its HQC_DIALECTS table) is a submodule, built here from the C
extension's list; the default dialect's levels are also at the top. Docs: bindings/python/README.md.
"""
import sys
import types

from . import _hqc
from ._kem import LEVELS, level_module, module_name

__version__ = _hqc.version()


def backend():
    """The backend libhqc's runtime dispatch picked on this CPU ("avx512", "vpclmul", "avx2",
    "neon" or "ref"): the fastest constant-time one the CPU runs."""
    return _hqc.backend()


DIALECTS = []  # (module name, dialect name), the default first


def _install():
    for index, (dialect_id, name) in enumerate(_hqc.dialects()):
        package = "%s.%s" % (__name__, module_name(dialect_id))
        sub = types.ModuleType(package, "HQC in dialect %s." % name)
        sub.DIALECT = name
        sub.__path__ = []  # a package, so that `import hqc_fast.v5_0_0.hqc_128` works too
        for mod, level, algorithm in LEVELS:
            m = level_module(package, index, name, mod, level, algorithm)
            setattr(sub, mod, m)
            sys.modules[m.__name__] = m
        sys.modules[package] = sub
        globals()[module_name(dialect_id)] = sub
        DIALECTS.append((module_name(dialect_id), name))
        if index == 0:
            for mod, _, _ in LEVELS:
                globals()[mod] = getattr(sub, mod)
                sys.modules["%s.%s" % (__name__, mod)] = getattr(sub, mod)


_install()
DEFAULT_DIALECT = DIALECTS[0][1]
