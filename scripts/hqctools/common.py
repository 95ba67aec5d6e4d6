# SPDX-License-Identifier: Apache-2.0 OR MIT
"""common.py: what many commands of scripts/ do alike: stop with "PROG: error: MSG" (die), and
write a file whole or not at all, through a temporary name next to it and a rename (replacing,
write_atomic), so a reader or make never sees half a file.
"""
import contextlib
import os
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
    tmp = path.with_name("%s.tmp.%d" % (path.name, os.getpid()))
    try:
        yield tmp
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, path)
    finally:
        if os.path.lexists(tmp):
            os.unlink(tmp)


def write_atomic(path, text):
    """Write text (str) to path through replacing()."""
    with replacing(path) as tmp:
        with open(tmp, "w") as f:
            f.write(text)
