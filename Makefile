# SPDX-License-Identifier: Apache-2.0 OR MIT
# Makefile: builds the HQC KEM for levels 1, 3 and 5 with the arithmetic backends that
# BACKEND selects, the KAT generator, the tests and the benchmarks.
#
#   make [BACKEND=auto|ref|avx2|vpclmul|avx512]   library and programs under build/<BACKEND>/
#   make kat      regenerate every KAT file and check it against kat/SHA256SUMS
#   make test     the whole test suite (pytest drives it)
#   make bench    the cycle tables, build/bench/results.json and build/bench/cycles.png
#   make install [PREFIX=/usr/local] [DESTDIR=]   and make uninstall (mk/install.mk)
#
# ISA flags are set per backend folder: only src/gf2x_avx2, src/gf2x_vpclmul and src/gf2x_avx512
# get AVX code, and per file in src/keccak_x86 (the Keccak kernels that src/hqc/keccak.c picks
# by CPUID). The backend set follows the target of $(CC) (`$(CC) -dumpmachine`): x86-64 gets
# ref avx2 vpclmul avx512, aarch64 ref neon (mk/aarch64.mk), anything else ref, so
#   make CC=aarch64-linux-gnu-gcc    (or CC="clang --target=aarch64-linux-gnu")
# cross-builds for 64-bit Arm, into build/<BACKEND>-aarch64 when the host is not aarch64.
#
#   make HQC_SHA3=openssl   SHA3-256/512 through OpenSSL's libcrypto (for users who must use
#                           their validated OpenSSL) instead of the in-tree Keccak (default)

BACKEND ?= auto
LEVELS  := 1 3 5
CC      ?= cc
PYTHON  ?= python3
OPT     ?= -O3
SAN     ?=
# Every object also goes into the shared library: position-independent, and hidden unless
# marked HQC_API (include/hqc/hqc_common.h), so exactly the public API is exported.
CFLAGS_BASE := -std=c11 $(OPT) -g -Wall -Wextra -Werror -Wshadow -Wvla -fno-strict-aliasing \
               -fPIC -fvisibility=hidden -D_DEFAULT_SOURCE $(SAN) $(EXTRA_CFLAGS)
HQC_SHA3 ?= keccak
ifeq ($(HQC_SHA3),openssl)
  SHA3_DEFS := -DHQC_SHA3_OPENSSL
  LDLIBS    := -lcrypto
else ifeq ($(HQC_SHA3),keccak)
  SHA3_DEFS :=
  LDLIBS    :=
else
  $(error unknown HQC_SHA3 '$(HQC_SHA3)': use keccak or openssl)
endif
# OpenSSL is the tests' oracle for SHAKE256 and SHA3, whatever the library uses.
ORACLE_LDLIBS := -lcrypto

TARGET_MACHINE := $(shell $(CC) -dumpmachine)
ifneq ($(filter x86_64-% i%86-%,$(TARGET_MACHINE)),)
  ALL_BACKENDS := ref avx2 vpclmul avx512
else ifneq ($(filter aarch64-% arm64-%,$(TARGET_MACHINE)),)
  ALL_BACKENDS := ref neon
else
  ALL_BACKENDS := ref
endif
ifeq ($(BACKEND),auto)
  BACKENDS := $(ALL_BACKENDS)
else ifneq ($(filter $(BACKEND),$(ALL_BACKENDS)),)
  # The portable backend is always in: it is the twin every other one is tested against. The
  # AVX-512 tables reuse AVX2 kernels where 256 bits suffice (RM decoding), and the vpclmul
  # tables reuse the AVX2 reduction, support expansion, RM decoder and syndromes, so both bring
  # the avx2 folder along.
  BACKENDS := $(sort ref $(BACKEND) $(if $(filter avx512 vpclmul,$(BACKEND)),avx2))
else
  $(error unknown BACKEND '$(BACKEND)' for $(TARGET_MACHINE): use auto or one of $(ALL_BACKENDS))
endif

include mk/arch/aarch64.mk
BUILD ?= build/$(BACKEND)
ISA_avx2   := -mavx2 -mpclmul -mbmi2
# vpclmul compiles the Toom-3/Karatsuba skeleton of src/gf2x_avx2 with its own leaf.
ISA_vpclmul := -Isrc/gf2x_avx2 -mavx2 -mpclmul -mbmi2 -mvpclmulqdq
ISA_avx512 := -Isrc/gf2x_avx2 -mavx2 -mpclmul -mbmi2 -mavx512f -mavx512bw -mavx512dq -mavx512vl \
              -mvpclmulqdq -mgfni
DEFS := $(if $(filter avx2,$(BACKENDS)),-DHQC_HAVE_AVX2) \
        $(if $(filter vpclmul,$(BACKENDS)),-DHQC_HAVE_VPCLMUL) \
        $(if $(filter avx512,$(BACKENDS)),-DHQC_HAVE_AVX512) $(ARCH_DEFS:%=% )$(SHA3_DEFS)
GEN  := $(BUILD)/gen
# The x86 Keccak kernels, each file with its own flags, on any x86-64 target.
KECCAK_X86 := $(if $(findstring x86_64,$(shell $(CC) -dumpmachine)),yes)
ISA_keccak_f1600_bmi     := -mbmi -mbmi2
ISA_keccak_f1600_x4_avx2 := -mavx2
ISA_keccak_f1600_x4_avx512vl := -mavx512f -mavx512vl
KECCAK_DEFS := $(if $(KECCAK_X86),-DHQC_HAVE_KECCAK_X86) $(KECCAK_ARCH_DEFS:%=% )$(SHA3_DEFS)
INCS := -Isrc/hqc -Isrc/gf2x_ref -Iinclude -I$(GEN) $(if $(KECCAK_X86),-Isrc/keccak_x86)$(KECCAK_ARCH_INCS:%= %)
GENERATED := $(GEN)/keccak_tables.h $(GEN)/rs_generator.h

# Level-independent sources are compiled once; everything else once per level.
COMMON_SRCS := src/hqc/cpu.c src/hqc/keccak.c src/hqc/keccak_batch.c src/hqc/sha3.c src/hqc/randombytes.c \
               src/hqc/version.c $(if $(KECCAK_X86),$(wildcard src/keccak_x86/*.c))$(KECCAK_ARCH_SRCS:%= %)
LEVEL_SRCS  := $(filter-out $(COMMON_SRCS),$(wildcard src/hqc/*.c)) \
               $(foreach b,$(BACKENDS),$(wildcard src/gf2x_$(b)/*.c))

COMMON_OBJS := $(patsubst %.c,$(BUILD)/obj/common/%.o,$(COMMON_SRCS))
define level_objs
$(patsubst %.c,$(BUILD)/obj/hqc$(1)/%.o,$(LEVEL_SRCS))
endef
LIB := $(BUILD)/libhqc.a
ALL_LEVEL_OBJS := $(foreach l,$(LEVELS),$(call level_objs,$(l)))

# Programs built per level: name -> source.
LEVEL_PROGS := kat:kat/genkat.c test_mul:tests/c/test_mul.c test_kem:tests/c/test_kem.c \
               test_code:tests/c/test_code.c test_sampling:tests/c/test_sampling.c
prog_name = $(word 1,$(subst :, ,$(1)))
prog_src  = $(word 2,$(subst :, ,$(1)))
PROG_NAMES  = $(foreach p,$(LEVEL_PROGS),$(call prog_name,$(p)))
PROGS := $(foreach l,$(LEVELS),$(foreach n,$(PROG_NAMES),$(BUILD)/bin/hqc$(l)_$(n))) \
         $(BUILD)/bin/test_keccak $(BUILD)/bin/hqc_info

API_HEADERS := $(foreach l,$(LEVELS),$(BUILD)/include/hqc-$(l)/api.h)

# Feature fragments (benchmarks, constant-time and sanitiser builds, fuzzing, patches, sparse
# tests) each own one file under mk/ and may add programs to EXTRA_PROGS. They are read before
# the rule for all so that EXTRA_PROGS is complete when its prerequisites are expanded.
.DEFAULT_GOAL := all
-include mk/*.mk

.PHONY: all kat test clean
all: $(LIB) $(PROGS) $(API_HEADERS) $(EXTRA_PROGS)

# Generated tables (computed, never typed in) and the per-level public api.h.
$(GEN)/keccak_tables.h: scripts/gen-keccak-tables
	@mkdir -p $(dir $@)
	$(PYTHON) $< $@
$(GEN)/rs_generator.h: scripts/gen-rs-tables
	@mkdir -p $(dir $@)
	$(PYTHON) $< $@
# Its GF(2^8) arithmetic (shared with gen-syndromes-tables, mk/sparse.mk) lives here:
GF256_PY := scripts/hqctools/gf256.py
$(GEN)/rs_generator.h: $(GF256_PY)
$(COMMON_OBJS) $(ALL_LEVEL_OBJS): | $(GENERATED)

API_SIZES_1 := 2241 2321 4433 16
API_SIZES_3 := 4514 4602 8978 24
API_SIZES_5 := 7237 7333 14421 32
$(BUILD)/include/hqc-%/api.h: src/hqc/api.h.in
	@mkdir -p $(dir $@)
	sed -e 's/@P@/hqc$*/g; s/@U@/HQC$*/g; s/@NAME@/HQC-$*/g' \
	    -e 's/@PK@/$(word 1,$(API_SIZES_$*))/; s/@SK@/$(word 2,$(API_SIZES_$*))/' \
	    -e 's/@CT@/$(word 3,$(API_SIZES_$*))/; s/@SEC@/$(word 4,$(API_SIZES_$*))/' $< > $@.tmp
	mv $@.tmp $@

isa_for = $(foreach b,avx2 vpclmul avx512 $(ARCH_BACKENDS),$(if $(findstring src/gf2x_$(b)/,$(1)),$(ISA_$(b))))
isa_keccak = $(if $(findstring src/keccak_x86/,$(1))$(findstring src/keccak_arm/,$(1)),$(ISA_$(basename $(notdir $(1)))))

$(BUILD)/obj/common/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_BASE) $(call isa_keccak,$<) $(INCS) $(KECCAK_DEFS) -DHQC_LEVEL=1 -MMD -MP -c $< -o $@

define level_rules
$(BUILD)/obj/hqc$(1)/%.o: %.c
	@mkdir -p $$(dir $$@)
	$$(CC) $$(CFLAGS_BASE) $$(call isa_for,$$<) $$(INCS) $$(DEFS) -DHQC_LEVEL=$(1) -MMD -MP -c $$< -o $$@
endef
$(foreach l,$(LEVELS),$(eval $(call level_rules,$(l))))

$(LIB): $(COMMON_OBJS) $(ALL_LEVEL_OBJS)
	@mkdir -p $(dir $@)
	rm -f $@
	ar rcs $@ $^

# Per-level programs: the program source is compiled with that level's -DHQC_LEVEL.
define prog_rule
$(BUILD)/bin/hqc$(1)_$(2): $(3) $(LIB)
	@mkdir -p $$(dir $$@)
	$$(CC) $$(CFLAGS_BASE) $$(INCS) $$(DEFS) -DHQC_LEVEL=$(1) $(3) $(LIB) -o $$@ $$(LDLIBS) $(4)
endef
$(foreach l,$(LEVELS),$(foreach p,$(LEVEL_PROGS),$(eval $(call prog_rule,$(l),$(call prog_name,$(p)),$(call prog_src,$(p)),$(if $(findstring test_mul,$(p)),-lgf2x)))))

# Level-independent programs (hqc_info: mk/tool.mk).
$(BUILD)/bin/test_keccak: $(BUILD)/bin/%: tests/c/%.c $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_BASE) $(INCS) -DHQC_LEVEL=1 $< $(LIB) -o $@ $(LDLIBS) $(if $(findstring test_keccak,$@),$(ORACLE_LDLIBS))

kat: all
	$(PYTHON) scripts/make-kat --build $(BUILD)

# The tests find the build through HQC_BUILD; every test program is a prerequisite of all.
test: all
	HQC_BUILD=$(BUILD) $(PYTHON) -m pytest -q tests

clean:
	rm -rf build

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
