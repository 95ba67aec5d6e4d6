# SPDX-License-Identifier: Apache-2.0 OR MIT
# mk/install.mk: make install / make uninstall.
#
#   make install   [PREFIX=/usr/local] [DESTDIR=] [LIBDIR_REL=lib]
#   make uninstall [same variables]
#
# installs what a user of the library needs, and nothing else (no test program):
#
#   PREFIX/include/hqc/         hqc.h (umbrella), hqc_common.h, hqc1.h, hqc3.h, hqc5.h
#   PREFIX/LIBDIR_REL/          libhqc.a, libhqc.so.X.Y.Z, libhqc.so.X, libhqc.so
#   PREFIX/LIBDIR_REL/pkgconfig/hqc.pc
#   PREFIX/LIBDIR_REL/cmake/hqc/hqcConfig.cmake, hqcConfigVersion.cmake
#   PREFIX/bin/hqc              the command-line tool (`hqc --help`)
#   PREFIX/share/man/man1/hqc.1 its man page (the --help text, by scripts/gen-man)
#   PREFIX/share/doc/hqc/       LICENSE-APACHE, LICENSE-MIT, CHANGELOG.md
#
# uninstall removes exactly these files, then the directories that are hqc's own
# (include/hqc, cmake/hqc, share/doc/hqc) if they are empty.

PREFIX     ?= /usr/local
DESTDIR    ?=
LIBDIR_REL ?= lib
INSTALL    ?= install

ROOT_DIR    := $(DESTDIR)$(PREFIX)
INST_INC    := $(ROOT_DIR)/include/hqc
INST_LIB    := $(ROOT_DIR)/$(LIBDIR_REL)
INST_PC     := $(INST_LIB)/pkgconfig
INST_CMAKE  := $(INST_LIB)/cmake/hqc
INST_BIN    := $(ROOT_DIR)/bin
INST_DOC    := $(ROOT_DIR)/share/doc/hqc
INST_MAN    := $(ROOT_DIR)/share/man/man1

# Variables of mk/shared.mk and mk/tool.mk (read after this fragment) are used through
# recursive (=) variables and recipes only; prerequisites name the files directly.
# The package files are generated for the PREFIX of the installation (not its DESTDIR).
PKG_DIR  := $(BUILD)/pkg
PKG_SUBST = PREFIX=$(PREFIX) LIBDIR_REL=$(LIBDIR_REL) VERSION=$(VERSION) MAJOR=$(VERSION_MAJOR) SHA3=$(HQC_SHA3)
# From LIBDIR_REL/cmake/hqc back up to PREFIX.
empty :=
space := $(empty) $(empty)
CMAKE_UP := $(subst $(space),/,$(foreach d,$(subst /, ,$(LIBDIR_REL)) cmake hqc,..))
PKG_FILES := $(PKG_DIR)/hqc.pc $(PKG_DIR)/hqcConfig.cmake $(PKG_DIR)/hqcConfigVersion.cmake
MAN_PAGE  := $(PKG_DIR)/hqc.1

# Only an HQC_SHA3=openssl library needs libcrypto; the default computes SHA3 in-tree.
NEEDS_OPENSSL       := $(if $(filter openssl,$(HQC_SHA3)),ON,OFF)
PC_REQUIRES_PRIVATE := $(if $(filter openssl,$(HQC_SHA3)),libcrypto)
# The variables travel in a stamp so that a new PREFIX regenerates the files.
$(PKG_DIR)/vars: FORCE
	@mkdir -p $(dir $@)
	@echo '$(PKG_SUBST) CMAKE_UP=$(CMAKE_UP)' | cmp -s - $@ || echo '$(PKG_SUBST) CMAKE_UP=$(CMAKE_UP)' > $@
$(PKG_DIR)/%: pkg/%.in $(PKG_DIR)/vars
	sed -e 's|@PREFIX@|$(PREFIX)|g; s|@LIBDIR_REL@|$(LIBDIR_REL)|g; s|@VERSION@|$(VERSION)|g' \
	    -e 's|@MAJOR@|$(VERSION_MAJOR)|g; s|@CMAKE_UP@|$(CMAKE_UP)|g' \
	    -e 's|@PC_REQUIRES_PRIVATE@|$(PC_REQUIRES_PRIVATE)|g; s|@NEEDS_OPENSSL@|$(NEEDS_OPENSSL)|g' $< > $@.tmp
	mv $@.tmp $@

INSTALLED_HEADERS = $(addprefix $(INST_INC)/,$(notdir $(PUBLIC_HEADERS)))
INSTALLED_LIBS    = $(INST_LIB)/libhqc.a $(INST_LIB)/$(notdir $(SHLIB)) $(INST_LIB)/$(SONAME) \
                     $(INST_LIB)/libhqc.so
INSTALLED_PKG     = $(INST_PC)/hqc.pc $(INST_CMAKE)/hqcConfig.cmake $(INST_CMAKE)/hqcConfigVersion.cmake
INSTALLED_DOCS    = $(INST_DOC)/LICENSE-APACHE $(INST_DOC)/LICENSE-MIT $(INST_DOC)/CHANGELOG.md
INSTALLED_FILES   = $(INSTALLED_HEADERS) $(INSTALLED_LIBS) $(INSTALLED_PKG) $(INST_BIN)/hqc \
                     $(INST_MAN)/hqc.1 $(INSTALLED_DOCS)

$(MAN_PAGE): $(BUILD)/bin/hqc scripts/gen-man include/hqc/hqc_common.h
	@mkdir -p $(dir $@)
	$(PYTHON) scripts/gen-man $(BUILD)/bin/hqc $(VERSION) $@

.PHONY: install uninstall install-manifest
install: lib $(BUILD)/bin/hqc $(PKG_FILES) $(MAN_PAGE)
	$(INSTALL) -d '$(INST_INC)' '$(INST_LIB)' '$(INST_PC)' '$(INST_CMAKE)' '$(INST_BIN)' '$(INST_DOC)' \
	    '$(INST_MAN)'
	$(INSTALL) -m 644 $(PUBLIC_HEADERS) '$(INST_INC)/'
	$(INSTALL) -m 644 $(LIB) '$(INST_LIB)/'
	$(INSTALL) -m 755 $(SHLIB) '$(INST_LIB)/'
	ln -sfn $(notdir $(SHLIB)) '$(INST_LIB)/$(SONAME)'
	ln -sfn $(SONAME) '$(INST_LIB)/libhqc.so'
	$(INSTALL) -m 644 $(PKG_DIR)/hqc.pc '$(INST_PC)/'
	$(INSTALL) -m 644 $(PKG_DIR)/hqcConfig.cmake $(PKG_DIR)/hqcConfigVersion.cmake '$(INST_CMAKE)/'
	$(INSTALL) -m 755 $(BUILD)/bin/hqc '$(INST_BIN)/'
	$(INSTALL) -m 644 $(MAN_PAGE) '$(INST_MAN)/'
	$(INSTALL) -m 644 LICENSE-APACHE LICENSE-MIT CHANGELOG.md '$(INST_DOC)/'

uninstall:
	rm -f $(foreach f,$(INSTALLED_FILES),'$(f)')
	rmdir '$(INST_INC)' '$(INST_CMAKE)' '$(INST_DOC)' 2>/dev/null || true

# The files install puts, one per line (tests/test_install.py compares the staged tree with it).
install-manifest:
	@printf '%s\n' $(INSTALLED_FILES)
