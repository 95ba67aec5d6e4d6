# SPDX-License-Identifier: Apache-2.0 OR MIT
"""conftest.py: what the hqc_fast tests share: the levels of every dialect, and importing a peer
(pqcrypto, liboqs-python) or saying why not: a skip locally, a failure under CI=true."""
import importlib
import os

import pytest

import hqc_fast

LEVELS = ("hqc_128", "hqc_192", "hqc_256")
NUMBERS = {"hqc_128": "1", "hqc_192": "3", "hqc_256": "5"}


def every_level():
    """(dialect module name, level module) for every dialect and level."""
    return [(d, getattr(getattr(hqc_fast, d), l)) for d, _ in hqc_fast.DIALECTS for l in LEVELS]


def peer(module, why):
    try:
        return importlib.import_module(module)
    except (Exception, SystemExit) as e:  # liboqs-python exits when it finds no liboqs
        msg = "%s is not importable (%s: %s): %s" % (module, type(e).__name__, e, why)
        if os.environ.get("CI") == "true":
            pytest.fail(msg)
        pytest.skip(msg)
