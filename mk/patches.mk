# SPDX-License-Identifier: Apache-2.0 OR MIT
# mk/patches.mk: the upstream patch series (issue 6, docs/PATCHES.md).
#   make patches                       regenerate patches/<release>/ from src/ and patches/glue/
#   make patches-check                 fail if the committed patches are stale
#   make liboqs-series                 write the liboqs series (generated, not tracked) into
#                                      patches/liboqs-0.16.0/ (scripts/make-liboqs-series)
#   make bench-upstream UPSTREAM=DIR   DIR against our KEM and its patched self
#   make bench-peers UPSTREAM=DIR      make bench with DIR's KEM in the same table
.PHONY: patches patches-check liboqs-series bench-upstream
patches:
	$(PYTHON) scripts/make-patches

patches-check:
	$(PYTHON) scripts/make-patches --check

liboqs-series:
	$(PYTHON) scripts/make-liboqs-series

bench-upstream:
	@test -n "$(UPSTREAM)" || { echo "usage: make bench-upstream UPSTREAM=DIR" >&2; exit 1; }
	$(PYTHON) scripts/bench-upstream $(UPSTREAM)

# The official tree paired with our backends in one process (issue 13's name): since issue 27
# it is `make bench` with UPSTREAM, one more competitor in the same table.
.PHONY: bench-peers
bench-peers:
	@test -n "$(UPSTREAM)" || { echo "usage: make bench-peers UPSTREAM=DIR" >&2; exit 1; }
	$(MAKE) bench UPSTREAM=$(UPSTREAM)
