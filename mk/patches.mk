# SPDX-License-Identifier: Apache-2.0 OR MIT
# mk/patches.mk: the upstream patch series (issue 6, docs/PATCHES.md).
#   make patches                       regenerate patches/<release>/ from src/ and patches/glue/
#   make patches-check                 fail if the committed patches are stale
#   make bench-upstream UPSTREAM=DIR   DIR against our KEM and its patched self (bench-peers too)
.PHONY: patches patches-check bench-upstream
patches:
	$(PYTHON) scripts/make-patches

patches-check:
	$(PYTHON) scripts/make-patches --check

bench-upstream:
	@test -n "$(UPSTREAM)" || { echo "usage: make bench-upstream UPSTREAM=DIR" >&2; exit 1; }
	$(PYTHON) scripts/bench-upstream $(UPSTREAM)

# The same, by the name issue 13 gave it: the official tree paired with our KEM in one process.
.PHONY: bench-peers
bench-peers: bench-upstream
