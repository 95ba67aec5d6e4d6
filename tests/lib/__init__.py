# SPDX-License-Identifier: Apache-2.0 OR MIT
"""tests/lib: helpers that several test modules share (test modules never import each other;
fixtures shared between modules live in tests/conftest.py)."""
