# SPDX-License-Identifier: Apache-2.0 OR MIT
# mk/shared.mk: the shared library next to libhqc.a and the public headers of the build tree.
#
#   build/<B>/libhqc.so.X.Y.Z        SONAME libhqc.so.X (X = HQC_VERSION_MAJOR, the ABI)
#   build/<B>/libhqc.so.X, libhqc.so the usual symlinks
#   build/<B>/include/hqc/           hqc.h (umbrella), hqc_common.h, hqc1.h, hqc3.h, hqc5.h
#   make lib                         only these (no test programs), e.g. for an external
#                                    randombytes build (mk/randombytes.mk)
#
# The objects are the static library's: compiled -fPIC -fvisibility=hidden by the main
# Makefile, so the exported symbols are exactly those marked HQC_API; tests/test_exports.py
# compares them with $(BUILD)/exports.txt (scripts/gen-api, from the headers).

version_field = $(shell sed -n 's/^\#define HQC_VERSION_$(1) \([0-9][0-9]*\)$$/\1/p' include/hqc/hqc_common.h)
VERSION_MAJOR := $(call version_field,MAJOR)
VERSION_MINOR := $(call version_field,MINOR)
VERSION_PATCH := $(call version_field,PATCH)
VERSION       := $(VERSION_MAJOR).$(VERSION_MINOR).$(VERSION_PATCH)

SONAME      := libhqc.so.$(VERSION_MAJOR)
SHLIB       := $(BUILD)/libhqc.so.$(VERSION)
SHLIB_LINKS := $(BUILD)/$(SONAME) $(BUILD)/libhqc.so
# A sanitiser runtime or a randombytes left to the user is resolved when a program links the
# library; otherwise every symbol must resolve now (libcrypto is the only dependency).
SHLIB_NO_UNDEFINED := $(if $(SAN)$(filter external,$(HQC_RANDOMBYTES)),,-Wl,--no-undefined)
SHLIB_LDFLAGS := -shared -Wl,-soname,$(SONAME) -Wl,-z,relro -Wl,-z,now $(SHLIB_NO_UNDEFINED)

PUBLIC_INCLUDE := $(BUILD)/include/hqc
PUBLIC_HEADERS := $(PUBLIC_INCLUDE)/hqc.h $(PUBLIC_INCLUDE)/hqc_common.h \
                  $(foreach l,$(LEVELS),$(PUBLIC_INCLUDE)/hqc$(l).h)

# Make does not track flags, and objects compiled before -fPIC and -fvisibility=hidden joined
# CFLAGS_BASE would make a shared library that does not link or exports everything: every
# object depends on a stamp that changes with the compiler flags.
FLAGS_STAMP := $(BUILD)/.cflags
FLAGS_TEXT   = $(subst ','"'"',$(CC) $(CFLAGS_BASE) $(DEFS))
$(FLAGS_STAMP): FORCE
	@mkdir -p $(dir $@)
	@echo '$(FLAGS_TEXT)' | cmp -s - $@ || echo '$(FLAGS_TEXT)' > $@
$(COMMON_OBJS) $(ALL_LEVEL_OBJS): $(FLAGS_STAMP)
.PHONY: FORCE
FORCE:

.PHONY: lib
lib: $(LIB) $(SHLIB_LINKS) $(PUBLIC_HEADERS)
# all's prerequisites were expanded before this fragment was read, so attach them here too.
all: $(SHLIB_LINKS) $(PUBLIC_HEADERS)

$(SHLIB): $(COMMON_OBJS) $(ALL_LEVEL_OBJS)
	@mkdir -p $(dir $@)
	$(CC) $(SAN) $(SHLIB_LDFLAGS) -o $@ $^ $(LDLIBS)

$(SHLIB_LINKS): $(SHLIB)
	ln -sf $(notdir $<) $@

# The per-level headers are the generated api.h of each level under their installed names.
$(PUBLIC_INCLUDE)/hqc.h $(PUBLIC_INCLUDE)/hqc_common.h: $(PUBLIC_INCLUDE)/%: include/hqc/%
	@mkdir -p $(dir $@)
	cp $< $@
$(foreach l,$(LEVELS),$(PUBLIC_INCLUDE)/hqc$(l).h): $(PUBLIC_INCLUDE)/hqc%.h: $(BUILD)/include/hqc-%/api.h
	@mkdir -p $(dir $@)
	cp $< $@
