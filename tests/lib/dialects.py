# SPDX-License-Identifier: Apache-2.0 OR MIT
"""dialects.py: the dialects of src/hqc/dialect.h (the HQC_DIALECTS table) as the tests see
them, read from the table itself so that a new dialect reaches every test that loops over
them: its id (the C names' infix), its name (--dialect), and whether its expanded secret key
ends with seed_KEM (column sk_seed; else the key is 32 bytes shorter and the seed is the
dialect's own private key form).
"""
import re
from collections import namedtuple

from conftest import ROOT

Dialect = namedtuple("Dialect", "id name sk_seed")
_COLUMN = r"(?:\w+|HQC_PER_LEVEL\(\s*\d+,\s*\d+,\s*\d+\))"
_ENTRY = re.compile(r'^\s*X\((\w+),\s*"([^"]+)",((?:\s*%s,){10})\s*"[^"]+"\)' % _COLUMN, re.M)


def dialects():
    text = (ROOT / "src" / "hqc" / "dialect.h").read_text()
    out = []
    for m in _ENTRY.finditer(text):
        columns = re.findall(_COLUMN, m.group(3))
        out.append(Dialect(m.group(1), m.group(2), columns[5] == "1"))
    assert out, "no HQC_DIALECTS entries in src/hqc/dialect.h"
    return out


DIALECTS = dialects()
BY_NAME = {d.name: d for d in DIALECTS}


def sk_bytes(meta, name):
    """The expanded secret key of dialect name at the level of meta (kat/levels.json)."""
    return meta["sk"] - (0 if BY_NAME[name].sk_seed else 32)
