# SPDX-License-Identifier: Apache-2.0 OR MIT
"""common.py: what many commands of scripts/ do alike: stop with "PROG: error: MSG" (die),
write a file whole or not at all, through a temporary name next to it and a rename (replacing,
write_atomic), so a reader or make never sees half a file, and load a command (a script
without .py) as a module, for the tests and dev/ tools that call its functions (load_script).
"""
import contextlib
import importlib.machinery
import importlib.util
import os
import re
import sys
from pathlib import Path


def die(prog, msg, status=1):
    """Print "prog: error: msg" on stderr and exit with status (make a command's own die with
    functools.partial(die, "prog"))."""
    print(prog + ": error: " + msg, file=sys.stderr)
    sys.exit(status)


@contextlib.contextmanager
def replacing(path, mode=None):
    """A temporary path next to path to write; renamed onto path when the block ends without an
    exception (after os.chmod(tmp, mode) if mode is given), removed otherwise."""
    path = Path(path)
    tmp = path.with_name("%s.tmp.%d" % (path.name, os.getpid()))  # is_replacing_temp knows it
    try:
        yield tmp
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, path)
    finally:
        if os.path.lexists(tmp):
            os.unlink(tmp)


def is_replacing_temp(name):
    """Whether a file name is one of replacing()'s temporary names (another process may be
    writing it)."""
    return re.search(r"\.tmp\.\d+$", name) is not None


def write_atomic(path, text):
    """Write text (str) to path through replacing()."""
    with replacing(path) as tmp:
        with open(tmp, "w") as f:
            f.write(text)


def load_script(path, name):
    """The script at path (a file of scripts/, no .py suffix) imported as module name. Its own
    folder goes first on sys.path, so it imports the hqctools beside it (dev/prove/rejudge
    loads another tree's scripts/prove this way)."""
    loader = importlib.machinery.SourceFileLoader(name, str(path))
    mod = importlib.util.module_from_spec(importlib.util.spec_from_loader(name, loader))
    sys.path.insert(0, str(Path(path).parent))
    loader.exec_module(mod)
    return mod
