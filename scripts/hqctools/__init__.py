# SPDX-License-Identifier: Apache-2.0 OR MIT
"""hqctools: the code the dash-named commands of scripts/ and the tests share.

The commands import it as `hqctools` because Python puts scripts/ first on sys.path when it
runs one of them; pytest.ini adds scripts/ to the tests' path (pythonpath).
"""
