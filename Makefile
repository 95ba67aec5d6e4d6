# SPDX-License-Identifier: Apache-2.0 OR MIT
# Makefile: builds the HQC KEM for levels 1, 3 and 5 with the arithmetic backends that
# BACKEND selects, the KAT generator, the tests and the benchmarks.
#
#   make [BACKEND=auto|ref|avx2|vpclmul|avx512]   library and programs under build/<BACKEND>/
#   make kat      regenerate every KAT file and check it against the digests of kat/levels.json
#   make test     the whole test suite (pytest drives it)
#   make bench    the cycle tables, build/bench/results.json and build/bench/cycles.png
#   make install [PREFIX=/usr/local] [DESTDIR=]   and make uninstall (mk/install.mk)
#
# The rooms (docs/ARCHITECTURE.md): src/hqc the KEM, src/fips202 SHA3/SHAKE, src/gf2x the
# portable backend (ref) and the Toom-3/Karatsuba skeleton the vector backends share,
# src/gf2x/native/<arch>/ the kernels every backend of that architecture shares and
# src/gf2x/native/<arch>/<backend>/ one backend each, src/fips202/native/<arch>/ the Keccak
# kernels. ISA flags are set per native folder (ISA_<arch> for the shared kernels, ISA_<backend>
# for a backend's folder) and per file for the Keccak kernels that src/fips202/keccak.c picks by
# CPUID; nothing else gets vector code. The backend set follows the target of $(CC)
# (`$(CC) -dumpmachine`): x86-64 gets ref avx2 vpclmul avx512, aarch64 ref neon
# (mk/arch/aarch64.mk), anything else ref, so
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
  NATIVE_ARCH  := x86_64
  ALL_BACKENDS := ref avx2 vpclmul avx512
else ifneq ($(filter aarch64-% arm64-%,$(TARGET_MACHINE)),)
  NATIVE_ARCH  := aarch64
  ALL_BACKENDS := ref neon
else
  NATIVE_ARCH  :=
  ALL_BACKENDS := ref
endif
ifeq ($(BACKEND),auto)
  BACKENDS := $(ALL_BACKENDS)
else ifneq ($(filter $(BACKEND),$(ALL_BACKENDS)),)
  # The portable backend is always in: it is the twin every other one is tested against. vpclmul
  # and avx512 bring avx2 along, the x86 backend every x86-64 CPU they run on also runs (the
  # tests compare them with it, and a build for them must serve older CPUs too).
  BACKENDS := $(sort ref $(BACKEND) $(if $(filter avx512 vpclmul,$(BACKEND)),avx2))
else
  $(error unknown BACKEND '$(BACKEND)' for $(TARGET_MACHINE): use auto or one of $(ALL_BACKENDS))
endif

# gcc expands a fixed-size memcpy or memset of a whole vector (2.2 to 7.2 KB: the ciphertext's u
# and v in and out, the wipes of the n-bit buffers) inline as rep movsq / rep stosq, which took
# half of encrypt_into's own time at HQC-1 (perf, Xeon 6/167); as calls they go to libc's vector
# loops. clang calls libc for such sizes already; other targets keep their defaults.
# STRINGOP_FLAGS= restores gcc's expansion (bench/README.md, "Copies and wipes").
ifeq ($(NATIVE_ARCH),x86_64)
  ifeq ($(shell $(CC) -dM -E -x c /dev/null 2>/dev/null | grep -c __clang__),0)
    STRINGOP_FLAGS ?= -mstringop-strategy=libcall
  endif
endif
# Not for kem.c: the operations' own frames lie above the stack scrub (kem.c), and there gcc 12
# with this strategy stored 16 bytes of seed_KEM in a dead spill slot of kem_keypair_derand,
# which tests/test_stack_secrets.py found; with gcc's own expansion that frame holds no secret.
# Its copies get gcc's inline 16-byte vector loop instead of rep movsq, which made keygen's copy
# of the public key (2.2 to 7.2 KB) cost 1 % of avx512 HQC-1 keygen (bench/README.md, "kem.c's
# copies, and what did not shorten the rest"). tests/test_stack_secrets.py passes with it; the
# libcall strategy for memcpy alone (memset unchanged) brought the dead seed_KEM spill back,
# and rep_byte turned the prepared key's 8-byte-aligned copies into rep movsl, slower still
# than rep movsq here.
STRINGOP_EXCLUDE ?= src/hqc/kem.c
KEM_STRINGOP_FLAGS ?= -mmemcpy-strategy=vector_loop:-1:noalign
stringop_for = $(if $(filter $(STRINGOP_EXCLUDE),$(1)),$(if $(STRINGOP_FLAGS),$(KEM_STRINGOP_FLAGS)),$(STRINGOP_FLAGS))

include mk/arch/aarch64.mk
BUILD ?= build/$(BACKEND)
NATIVE := src/gf2x/native/$(NATIVE_ARCH)
# ISA_x86_64: the shared x86 kernels (AVX2 reduction, support expansion, RM decoder, syndromes),
# which every x86 backend's table opts into; each backend folder adds what its leaves need.
ISA_x86_64  := -mavx2 -mpclmul -mbmi2
ISA_avx2    := -mavx2 -mpclmul -mbmi2
ISA_vpclmul := -mavx2 -mpclmul -mbmi2 -mvpclmulqdq
ISA_avx512  := -mavx2 -mpclmul -mbmi2 -mavx512f -mavx512bw -mavx512dq -mavx512vl -mavx512vbmi -mvpclmulqdq -mgfni
DEFS := $(if $(filter avx2,$(BACKENDS)),-DHQC_HAVE_AVX2) \
        $(if $(filter vpclmul,$(BACKENDS)),-DHQC_HAVE_VPCLMUL) \
        $(if $(filter avx512,$(BACKENDS)),-DHQC_HAVE_AVX512) $(ARCH_DEFS:%=% )$(SHA3_DEFS)
GEN  := $(BUILD)/gen
# The x86 Keccak kernels, each file with its own flags, on any x86-64 target.
KECCAK_X86 := $(if $(findstring x86_64,$(TARGET_MACHINE)),yes)
ISA_keccak_f1600_bmi     := -mbmi -mbmi2
ISA_keccak_f1600_x4_avx2 := -mavx2
ISA_keccak_f1600_x4_avx512vl := -mavx512f -mavx512vl
ISA_keccak_f1600_avx512 := -mavx512f
ISA_keccak_f1600_xmm := -mavx512f -mavx512vl
KECCAK_DEFS := $(if $(KECCAK_X86),-DHQC_HAVE_KECCAK_X86) $(KECCAK_ARCH_DEFS:%=% )$(SHA3_DEFS)
INCS := -Isrc/hqc -Isrc/fips202 -Isrc/gf2x -Iinclude -I$(GEN) $(if $(KECCAK_X86),-Isrc/fips202/native/x86_64)$(KECCAK_ARCH_INCS:%= %)
GENERATED := $(GEN)/keccak_tables.h $(GEN)/keccak_avx512_plan.h $(GEN)/rs_generator.h

# Level-independent sources are compiled once; everything else once per level.
COMMON_SRCS := src/hqc/cpu.c $(wildcard src/fips202/*.c) src/hqc/randombytes.c src/hqc/version.c \
               $(if $(KECCAK_X86),$(wildcard src/fips202/native/x86_64/*.c))$(KECCAK_ARCH_SRCS:%= %)
# A backend is its folder's .c files; the native ones also need their architecture's shared
# kernels ($(NATIVE)/*.c).
NATIVE_BACKENDS := $(filter-out ref,$(BACKENDS))
LEVEL_SRCS  := $(filter-out $(COMMON_SRCS),$(wildcard src/hqc/*.c)) $(wildcard src/gf2x/*.c) \
               $(if $(NATIVE_BACKENDS),$(wildcard $(NATIVE)/*.c)) \
               $(foreach b,$(NATIVE_BACKENDS),$(wildcard $(NATIVE)/$(b)/*.c))

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
all: $(LIB) $(PROGS) $(API_HEADERS) $(BUILD)/exports.txt $(EXTRA_PROGS)

# Generated tables (computed, never typed in) and the per-level public api.h.
$(GEN)/keccak_tables.h: scripts/gen-keccak-tables
	@mkdir -p $(dir $@)
	$(PYTHON) $< $@
$(GEN)/keccak_avx512_plan.h: scripts/gen-keccak-avx512
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
# The per-dialect declarations and the export list come from the table of dialect.h.
API_INPUTS := scripts/gen-api src/hqc/api.h.in src/hqc/dialect.h
$(BUILD)/include/hqc-%/api.h: $(API_INPUTS)
	@mkdir -p $(dir $@)
	$(PYTHON) scripts/gen-api api $* $(API_SIZES_$*) $@
$(BUILD)/exports.txt: $(API_INPUTS) $(wildcard include/hqc/*.h)
	@mkdir -p $(dir $@)
	$(PYTHON) scripts/gen-api exports $@ $(LEVELS)

# A native file's flags: its folder's ISA (ISA_<arch> in $(NATIVE) itself, ISA_<backend> in a
# backend's folder), its own folder, the shared kernels and the skeleton on the include path.
native_folder = $(notdir $(patsubst %/,%,$(dir $(1))))
isa_for = $(if $(filter $(NATIVE)/%,$(1)),$(ISA_$(call native_folder,$(1))) -I$(patsubst %/,%,$(dir $(1))) \
          -I$(NATIVE) -Isrc/gf2x/skeleton)
isa_keccak = $(if $(findstring src/fips202/native/,$(1)),$(ISA_$(basename $(notdir $(1)))))

# For scripts (make-patches): what a source file is compiled with beyond CFLAGS_BASE and INCS.
.PHONY: print-file-flags
print-file-flags:
	@$(foreach f,$(FILES),echo '$(f): $(strip $(call isa_for,$(f)) $(call isa_keccak,$(f)))';)

$(BUILD)/obj/common/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_BASE) $(call stringop_for,$<) $(call isa_keccak,$<) $(INCS) $(KECCAK_DEFS) -DHQC_LEVEL=1 -MMD -MP -c $< -o $@

define level_rules
$(BUILD)/obj/hqc$(1)/%.o: %.c
	@mkdir -p $$(dir $$@)
	$$(CC) $$(CFLAGS_BASE) $$(call stringop_for,$$<) $$(call isa_for,$$<) $$(INCS) $$(DEFS) -DHQC_LEVEL=$(1) -MMD -MP -c $$< -o $$@
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
	$(CC) $(CFLAGS_BASE) $(INCS) $(KECCAK_DEFS) -DHQC_LEVEL=1 $< $(LIB) -o $@ $(LDLIBS) $(if $(findstring test_keccak,$@),$(ORACLE_LDLIBS))

kat: all
	$(PYTHON) scripts/make-kat --build $(BUILD)

# The tests find the build through HQC_BUILD; every test program is a prerequisite of all.
# scripts/run-tests runs the test files as TEST_JOBS pytest processes at once, longest first
# (tests/suite-plan.json); each is pytest -q -rfEs: every skip's reason (and each failure) in
# the summary, then the totals; under CI=true a skip not in tests/skip_allowlist.txt fails the run.
TEST_JOBS ?= 2
test: all
	HQC_BUILD=$(BUILD) $(PYTHON) scripts/run-tests --jobs $(TEST_JOBS) tests

clean:
	rm -rf build

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
