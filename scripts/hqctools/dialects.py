# SPDX-License-Identifier: Apache-2.0 OR MIT
"""dialects.py: the one list of HQC dialects, the HQC_DIALECTS table of src/hqc/dialect.h, as
the scripts (gen-api, prove) and the tests read it: per entry X(id, "name", <ten columns>,
"origin") its id (the C names' infix), its name (--dialect), its origin, and whether its
expanded secret key ends with seed_KEM (the column sk_seed). Strict: a line of the table that
is not such an entry, or a default that is not the first entry, is an error (ValueError).
"""
import re
from collections import namedtuple
from pathlib import Path

Dialect = namedtuple("Dialect", "id name origin sk_seed")

_COLUMN = r"(?:\w+|HQC_PER_LEVEL\(\s*\d+,\s*\d+,\s*\d+\))"
_ENTRY = re.compile(r'\s*X\((\w+),\s*"([^"]+)",((?:\s*%s,){10})\s*"([^"]+)"\)\s*\\?\s*$' % _COLUMN)
_SK_SEED_COLUMN = 5  # among the ten: 1 if the expanded key ends with seed_KEM


def read_dialects(dialect_h):
    """[Dialect] of the file dialect_h (src/hqc/dialect.h of a tree), the default first."""
    dialect_h = Path(dialect_h)
    lines = dialect_h.read_text().splitlines()
    starts = [i for i, l in enumerate(lines) if l.startswith("#define HQC_DIALECTS(X)")]
    if len(starts) != 1:
        raise ValueError("no single #define HQC_DIALECTS(X) in %s" % dialect_h)
    table = []
    i = starts[0]
    while lines[i].rstrip().endswith("\\"):
        i += 1
        m = _ENTRY.match(lines[i])
        if not m:
            raise ValueError('%s:%d: not an entry X(id, "name", <10 columns>, "origin"): %s'
                             % (dialect_h, i + 1, lines[i].strip()))
        columns = re.findall(_COLUMN, m.group(3))
        table.append(Dialect(m.group(1), m.group(2), m.group(4), columns[_SK_SEED_COLUMN] == "1"))
    default = re.search(r'^#define HQC_DEFAULT_DIALECT_NAME "([^"]+)"', "\n".join(lines), re.M)
    if not table or not default or default.group(1) != table[0].name:
        raise ValueError("%s: the table is empty or HQC_DEFAULT_DIALECT_NAME is not its first entry"
                         % dialect_h)
    return table
