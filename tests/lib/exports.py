# SPDX-License-Identifier: Apache-2.0 OR MIT
"""exports.py: where the build's shared libhqc is and which version its header states, for
test_exports.py and test_interop_dialects.py.
"""
import re

import pytest

from conftest import BUILD, ROOT


def header_version():
    text = (ROOT / "include" / "hqc" / "hqc_common.h").read_text()
    parts = [int(re.search(r"#define HQC_VERSION_%s (\d+)" % f, text).group(1))
             for f in ("MAJOR", "MINOR", "PATCH")]
    string = re.search(r'#define HQC_VERSION_STRING "([^"]*)"', text).group(1)
    return parts, string


def shared_library():
    (major, minor, patch), _ = header_version()
    path = BUILD / ("libhqc.so.%d.%d.%d" % (major, minor, patch))
    if not path.exists():
        pytest.fail("%s is missing: run make first" % path)
    return path
