# SPDX-License-Identifier: Apache-2.0 OR MIT
"""dialects.py: the dialects of src/hqc/dialect.h (the HQC_DIALECTS table) as the tests see
them, read from the table itself so that a new dialect reaches every test that loops over
them: its id (the C names' infix), its name (--dialect), and whether its expanded secret key
ends with seed_KEM (column sk_seed; else the key is 32 bytes shorter and the seed is the
dialect's own private key form).
"""
from conftest import ROOT
from hqctools.dialects import read_dialects

DIALECTS = read_dialects(ROOT / "src" / "hqc" / "dialect.h")
BY_NAME = {d.name: d for d in DIALECTS}


def sk_bytes(meta, name):
    """The expanded secret key of dialect name at the level of meta (kat/levels.json)."""
    return meta["sk"] - (0 if BY_NAME[name].sk_seed else 32)
