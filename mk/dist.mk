# SPDX-License-Identifier: Apache-2.0 OR MIT
# mk/dist.mk: the release tarball (issue 35).
#   make dist [DIST_DIR=build/dist]   DIST_DIR/hqc-fast-<version>.tar.xz: git archive of HEAD
#                                     plus the generated liboqs series (scripts/make-dist)
DIST_DIR ?= build/dist
.PHONY: dist
dist:
	$(PYTHON) scripts/make-dist --out $(DIST_DIR)
