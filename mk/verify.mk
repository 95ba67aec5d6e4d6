# SPDX-License-Identifier: Apache-2.0 OR MIT
# verify.mk: the verification builds of docs/VERIFICATION.md. Each one is the ordinary build
# run by a sub-make into its own BUILD directory with other compiler flags:
#
#   make ct          constant-time check: valgrind memcheck (CT_VG_CCS x CT_OPTS) and
#                    MemorySanitizer (CT_OPTS) builds, every level and backend, secrets marked;
#                    -O0 and -O1 too, since a Debug build is a user's build as well
#   make sanitize    ASan + UBSan build of the whole test suite (build/asan)
#   make fuzz        libFuzzer targets, FUZZ_SECONDS (default 60) seconds each (build/fuzz)
#   make tsan        ThreadSanitizer build of the concurrency test (build/tsan)
#
# and the programs every ordinary build gets: hqcL_test_threads (tests/c/test_threads.c).

CT_DIR      ?= build/ct
CT_OPTS     ?= -O3 -O2 -Os -O1 -O0
CT_VG_CCS   ?= cc clang-16
CT_BACKEND  ?= $(BACKEND)
CLANG       ?= clang-16
FUZZ_SECONDS ?= 60
FUZZ_BUILD  ?= build/fuzz
ASAN_BUILD  ?= build/asan
TSAN_BUILD  ?= build/tsan
ASAN_FLAGS  := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
# param-retval (on by default since clang 16) would report every secret passed by value to a
# function that is not inlined, which is no leak; recover lets one run list every finding.
MSAN_FLAGS  := -fsanitize=memory -fno-sanitize-memory-param-retval -fsanitize-recover=memory \
               -fno-omit-frame-pointer
FUZZ_FLAGS  := -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all \
               -fno-omit-frame-pointer

# --- programs of every build --------------------------------------------------------------
THREAD_PROGS := $(foreach l,$(LEVELS),$(BUILD)/bin/hqc$(l)_test_threads)
EXTRA_PROGS  += $(THREAD_PROGS)
# all's prerequisites were expanded before this fragment was read, so attach them here too.
all: $(THREAD_PROGS)

define thread_prog_rule
$(BUILD)/bin/hqc$(1)_test_threads: tests/c/test_threads.c tests/c/testutil.h $(LIB)
	@mkdir -p $$(dir $$@)
	$$(CC) $$(CFLAGS_BASE) -pthread $$(INCS) $$(DEFS) -DHQC_LEVEL=$(1) $$< $$(LIB) -o $$@ $$(LDLIBS)
endef
$(foreach l,$(LEVELS),$(eval $(call thread_prog_rule,$(l))))

# --- constant-time harnesses (built only by the ct-progs goal of a -DHQC_CT_CHECK build) ---
# The constant-time builds hash with the in-tree Keccak (HQC_SHA3=keccak, forced below for
# MSan) and do not link libcrypto at all, so no uninstrumented code can run.
CT_PROGS  := $(foreach l,$(LEVELS),$(BUILD)/bin/hqc$(l)_ct_kem) $(BUILD)/bin/ct_leaky

define ct_prog_rule
$(BUILD)/bin/hqc$(1)_ct_kem: tests/ct/ct_kem.c tests/ct/ct_poison.h $(LIB)
	@mkdir -p $$(dir $$@)
	$$(CC) $$(CFLAGS_BASE) $$(INCS) $$(DEFS) -Itests/ct -DHQC_LEVEL=$(1) $$< $$(LIB) -o $$@ $$(LDLIBS)
endef
$(foreach l,$(LEVELS),$(eval $(call ct_prog_rule,$(l))))

$(BUILD)/bin/ct_leaky: tests/ct/ct_leaky.c tests/ct/ct_poison.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_BASE) -Itests/ct $< -o $@

.PHONY: ct-progs ct ct-quick sanitize sanitize-build fuzz fuzz-build tsan
ct-progs: $(CT_PROGS)

# Make does not track flags, so a verification build whose flags changed starts afresh: the
# directory remembers them in .verify-flags. $(1) = directory, $(2) = the sub-make's variables.
fresh_build = @d='$(1)'; f='$(subst ','"'"',$(2))'; \
	if [ "$$(cat "$$d/.verify-flags" 2>/dev/null)" != "$$f" ]; then \
	    rm -rf "$$d"; mkdir -p "$$d"; printf '%s\n' "$$f" > "$$d/.verify-flags"; fi

# ct-<tool>-<compiler>-<opt>: build one configuration and check it. The name is also its
# directory under CT_DIR; scripts/ct-check writes ct-report.json there.
opt_name = $(subst -,,$(1))
# $(3), optional: a tuning, spelt march-CPU or mtune-CPU in goal and directory names.
tune_flag   = $(subst mtune-,-mtune=,$(subst march-,-march=,$(1)))
ct_vg_dir   = $(CT_DIR)/vg-$(notdir $(1))-$(call opt_name,$(2))$(if $(3),-$(3))
ct_msan_dir = $(CT_DIR)/msan-$(notdir $(CLANG))-$(call opt_name,$(1))
# A BACKENDS given on the command line reaches the sub-makes too; record it with the flags.
BACKENDS_ARG := $(if $(filter command line,$(origin BACKENDS)),BACKENDS="$(BACKENDS)")
ct_vg_vars   = BACKEND=$(CT_BACKEND) $(BACKENDS_ARG) CC=$(1) OPT=$(2) SAN= HQC_SHA3=keccak \
               EXTRA_CFLAGS="-DHQC_CT_CHECK -gdwarf-4$(if $(3), $(call tune_flag,$(3)))"
ct_msan_vars = BACKEND=$(CT_BACKEND) $(BACKENDS_ARG) CC=$(CLANG) OPT=$(1) SAN="$(MSAN_FLAGS)" HQC_SHA3=keccak \
               EXTRA_CFLAGS="-DHQC_CT_CHECK -DHQC_CT_MSAN"
# Tuned configurations, CC:OPT:TUNE: the ones in which a compiler once turned a masked
# selection into a branch on a secret (clang 16 tuning for znver3 and alderlake in the portable
# RM decoder, and at -O1 for alderlake in the RS error values; -march=alderlake's code has
# AVX-VNNI instructions valgrind 3.19 cannot run, so its tuning stands in for it). Set before
# CT_VG_GOALS, which := expands at once: from 2026-11-27 to 2026-12-07 it came after, and
# `make ct` ran none of them (CI's tests/test_ct.py names them, so it did).
CT_VG_TUNED ?= clang-16:-O2:mtune-znver3 clang-16:-O3:march-znver3 clang-16:-O2:mtune-alderlake \
               clang-16:-O1:mtune-alderlake
CT_VG_GOALS   := $(foreach c,$(CT_VG_CCS),$(foreach o,$(CT_OPTS),ct-vg-$(notdir $(c))-$(call opt_name,$(o)))) \
                 $(foreach t,$(CT_VG_TUNED),ct-vg-$(subst :,-,$(subst :-,-,$(t))))
CT_MSAN_GOALS := $(foreach o,$(CT_OPTS),ct-msan-$(notdir $(CLANG))-$(call opt_name,$(o)))
CT_LEVEL_ARGS := $(if $(CT_LEVELS),--levels $(CT_LEVELS))

# valgrind 3.19 cannot read clang 16's default DWARF 5, hence -gdwarf-4.
define ct_vg_goal
.PHONY: ct-vg-$(notdir $(1))-$(call opt_name,$(2))$(if $(3),-$(3))
ct-vg-$(notdir $(1))-$(call opt_name,$(2))$(if $(3),-$(3)):
	$$(call fresh_build,$(call ct_vg_dir,$(1),$(2),$(3)),$(call ct_vg_vars,$(1),$(2),$(3)))
	$$(MAKE) --no-print-directory BUILD=$(call ct_vg_dir,$(1),$(2),$(3)) $(call ct_vg_vars,$(1),$(2),$(3)) ct-progs
	$$(PYTHON) scripts/ct-check --tool valgrind --build $(call ct_vg_dir,$(1),$(2),$(3)) $$(CT_LEVEL_ARGS)
endef
define ct_msan_goal
.PHONY: ct-msan-$(notdir $(CLANG))-$(call opt_name,$(1))
ct-msan-$(notdir $(CLANG))-$(call opt_name,$(1)):
	$$(call fresh_build,$(call ct_msan_dir,$(1)),$(call ct_msan_vars,$(1)))
	$$(MAKE) --no-print-directory BUILD=$(call ct_msan_dir,$(1)) $(call ct_msan_vars,$(1)) ct-progs
	$$(PYTHON) scripts/ct-check --tool msan --build $(call ct_msan_dir,$(1)) $$(CT_LEVEL_ARGS)
endef
$(foreach c,$(CT_VG_CCS),$(foreach o,$(CT_OPTS),$(eval $(call ct_vg_goal,$(c),$(o)))))
$(foreach t,$(CT_VG_TUNED),$(eval $(call ct_vg_goal,$(word 1,$(subst :, ,$(t))),$(word 2,$(subst :, ,$(t))),$(word 3,$(subst :, ,$(t))))))
$(foreach o,$(CT_OPTS),$(eval $(call ct_msan_goal,$(o))))

# --- the constant-time matrix (issue 31; docs/VERIFICATION.md, "The matrix") --------------
#   make ct-matrix   valgrind memcheck over ref, avx2 and avx2-sparse at every level and dialect,
#                    for every compiler x optimisation x tuning below; one table at the end
#                    (build/ct/matrix.txt). About 100 s a configuration on 2 cores.
# valgrind 3.19 runs neither AVX-512 nor VEX VPCLMULQDQ, so vpclmul and avx512 are not in these
# builds. -march is used where valgrind can run its code (x86-64-v3, skylake, znver3, and this
# machine's own unless it has AVX-512); for alderlake (AVX-VNNI), sapphirerapids and znver4
# (AVX-512) their -mtune gives the same instruction selection choices without the instructions.
CT_MATRIX_CCS   ?= gcc-12 clang-14 clang-16 clang-19
CT_MATRIX_OPTS  ?= -O2 -O3 -Os -O1 -O0
CT_MATRIX_TUNES ?= generic march-x86-64-v3 $(if $(shell grep -qw avx512f /proc/cpuinfo 2>/dev/null && echo y),,march-native) \
                   march-skylake mtune-skylake mtune-alderlake mtune-sapphirerapids march-znver3 mtune-znver3 \
                   mtune-znver4
# -O0 (a Debug build: gcc 12 once compiled (~key & 1) << 7 there as a jump on the bit) runs
# untuned only: without optimisation a tuning chooses no instruction sequence.
mx_tunes = $(if $(filter -O0,$(1)),generic,$(CT_MATRIX_TUNES))
mx_name = ct-mx-$(1)-$(call opt_name,$(2))-$(3)
mx_vars = BACKEND=avx2 CC=$(1) OPT=$(2) SAN= HQC_SHA3=keccak \
          EXTRA_CFLAGS="-DHQC_CT_CHECK -gdwarf-4$(if $(filter-out generic,$(3)), $(call tune_flag,$(3)))"
define ct_mx_goal
.PHONY: $(call mx_name,$(1),$(2),$(3))
$(call mx_name,$(1),$(2),$(3)):
	$$(call fresh_build,$(CT_DIR)/mx/$(1)-$(call opt_name,$(2))-$(3),$(call mx_vars,$(1),$(2),$(3)))
	$$(MAKE) --no-print-directory BUILD=$(CT_DIR)/mx/$(1)-$(call opt_name,$(2))-$(3) $(call mx_vars,$(1),$(2),$(3)) ct-progs
	$$(PYTHON) scripts/ct-check --tool valgrind --build $(CT_DIR)/mx/$(1)-$(call opt_name,$(2))-$(3) $$(CT_LEVEL_ARGS)
endef
$(foreach c,$(CT_MATRIX_CCS),$(foreach o,$(CT_MATRIX_OPTS),$(foreach t,$(call mx_tunes,$(o)),$(eval $(call ct_mx_goal,$(c),$(o),$(t))))))
CT_MX_ROWS := $(foreach c,$(CT_MATRIX_CCS),$(foreach o,$(CT_MATRIX_OPTS),$(foreach t,$(call mx_tunes,$(o)),$(c):$(call mx_name,$(c),$(o),$(t)):$(CT_DIR)/mx/$(c)-$(call opt_name,$(o))-$(t):$(if $(filter-out generic,$(t)),$(call tune_flag,$(t))))))
.PHONY: ct-matrix
# A compiler that does not know a tuning (gcc 12 and clang 14 have no znver4) leaves that row out,
# and the table says so. -k: every configuration runs even when one fails; the summary then
# fails for it.
ct-matrix:
	@mkdir -p $(CT_DIR); goals=; dirs=; : > $(CT_DIR)/matrix-left-out.txt; \
	for row in $(CT_MX_ROWS); do \
	    cc=$${row%%:*}; rest=$${row#*:}; goal=$${rest%%:*}; rest=$${rest#*:}; dir=$${rest%%:*}; flag=$${rest#*:}; \
	    if [ -z "$$flag" ] || $$cc $$flag -E -x c /dev/null >/dev/null 2>&1; then goals="$$goals $$goal"; dirs="$$dirs $$dir"; \
	    else echo "left out: $$cc does not know $$flag" >> $(CT_DIR)/matrix-left-out.txt; fi; \
	done; \
	$(MAKE) --no-print-directory -k $$goals; \
	$(PYTHON) scripts/ct-check --summary $$dirs > $(CT_DIR)/matrix.txt; rc=$$?; \
	sort -u $(CT_DIR)/matrix-left-out.txt >> $(CT_DIR)/matrix.txt; cat $(CT_DIR)/matrix.txt; exit $$rc

# Every configuration, then one table of all of them; all KEM outputs must agree.
# make ct-list names them, one a line (tests/test_ct.py: CI's rows must be among them).
.PHONY: ct-list
ct-list:
	@printf '%s\n' $(CT_VG_GOALS) $(CT_MSAN_GOALS)
ct: $(CT_VG_GOALS) $(CT_MSAN_GOALS)
	$(PYTHON) scripts/ct-check --summary $(foreach g,$(CT_VG_GOALS) $(CT_MSAN_GOALS),$(CT_DIR)/$(patsubst ct-%,%,$(g)))

# --- ASan + UBSan ---------------------------------------------------------------------------
# The whole pytest suite against the sanitised build, less the files that make builds of
# their own (they are this fragment's checks, and would only rebuild the same things), the
# interop test (an ASan libhqc.a cannot link into the Rust program), and the stack and timing
# tests (ASan's own stack use and slowdown are not the library's).
VERIFY_TESTS := tests/test_ct.py tests/test_fuzz.py tests/test_sanitizers.py tests/test_interop.py \
                tests/test_stack.py tests/test_leakage.py tests/test_avx512_emulated.py \
                tests/test_ct_objects.py tests/test_stack_secrets.py
ASAN_VARS := BACKEND=$(BACKEND) $(BACKENDS_ARG) SAN="$(ASAN_FLAGS)"
sanitize-build:
	$(call fresh_build,$(ASAN_BUILD),$(ASAN_VARS))
	$(MAKE) --no-print-directory BUILD=$(ASAN_BUILD) $(ASAN_VARS) all
sanitize: sanitize-build
	HQC_BUILD=$(ASAN_BUILD) ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 \
	    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	    $(PYTHON) -m pytest -q tests $(foreach t,$(VERIFY_TESTS),--ignore=$(t))

# --- ThreadSanitizer ------------------------------------------------------------------------
TSAN_VARS := BACKEND=$(BACKEND) $(BACKENDS_ARG) CC=$(CLANG) SAN="-fsanitize=thread"
tsan:
	$(call fresh_build,$(TSAN_BUILD),$(TSAN_VARS))
	$(MAKE) --no-print-directory BUILD=$(TSAN_BUILD) $(TSAN_VARS) \
	    $(foreach l,$(LEVELS),$(TSAN_BUILD)/bin/hqc$(l)_test_threads)
	for l in $(LEVELS); do \
	    TSAN_OPTIONS=halt_on_error=1:exitcode=66 $(TSAN_BUILD)/bin/hqc$${l}_test_threads 4 2 || exit 1; done

# --- libFuzzer ------------------------------------------------------------------------------
# Decapsulation per level, the KAT .req parser, the backend-name inputs and the hqc tool's
# inputs (its files and command line). The library and the tool's objects are built with
# coverage instrumentation (fuzzer-no-link); only the targets link libFuzzer.
FUZZ_TARGETS := $(foreach l,$(LEVELS),fuzz_decaps_hqc$(l)) fuzz_kat_req fuzz_backend_name fuzz_tool
FUZZ_PROGS   := $(foreach t,$(FUZZ_TARGETS),$(BUILD)/fuzz/$(t))

define fuzz_decaps_rule
$(BUILD)/fuzz/fuzz_decaps_hqc$(1): tests/fuzz/fuzz_decaps.c $(LIB)
	@mkdir -p $$(dir $$@)
	$$(CC) $$(CFLAGS_BASE) -fsanitize=fuzzer $$(INCS) $$(DEFS) -DHQC_LEVEL=$(1) $$< $$(LIB) -o $$@ $$(LDLIBS)
endef
$(foreach l,$(LEVELS),$(eval $(call fuzz_decaps_rule,$(l))))

# The decapsulation target under tests/fuzz/standalone.c instead of libFuzzer, in every build:
# random inputs for a bounded time, no coverage feedback, no sanitizer runtime, so it also
# links statically (the verification bundle's fuzzing step).
FUZZ_STANDALONE := $(foreach l,$(LEVELS),$(BUILD)/bin/hqc$(l)_fuzz_decaps_standalone)
EXTRA_PROGS += $(FUZZ_STANDALONE)
all: $(FUZZ_STANDALONE)
define fuzz_standalone_rule
$(BUILD)/bin/hqc$(1)_fuzz_decaps_standalone: tests/fuzz/fuzz_decaps.c tests/fuzz/standalone.c tests/c/testutil.h $(LIB)
	@mkdir -p $$(dir $$@)
	$$(CC) $$(CFLAGS_BASE) $$(INCS) -Itests/c $$(DEFS) -DHQC_LEVEL=$(1) tests/fuzz/fuzz_decaps.c tests/fuzz/standalone.c $$(LIB) -o $$@ $$(LDLIBS)
endef
$(foreach l,$(LEVELS),$(eval $(call fuzz_standalone_rule,$(l))))

$(BUILD)/fuzz/fuzz_kat_req: tests/fuzz/fuzz_kat_req.c kat/genkat.c $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_BASE) -fsanitize=fuzzer $(INCS) $(DEFS) -DHQC_LEVEL=1 $< $(LIB) -o $@ $(LDLIBS)

$(BUILD)/fuzz/fuzz_backend_name: tests/fuzz/fuzz_backend_name.c src/hqc/backend.c $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_BASE) -fsanitize=fuzzer $(INCS) $(DEFS) -DHQC_LEVEL=1 $< $(LIB) -o $@ $(LDLIBS)

# The tool as shipped: tools/hqc.c is included by the target (its main renamed), the other
# objects of the tool are linked as they are.
FUZZ_TOOL_OBJS := $(filter-out $(TOOL_OBJ)/hqc.o,$(TOOL_OBJS))
$(BUILD)/fuzz/fuzz_tool: tests/fuzz/fuzz_tool.c tools/hqc.c $(FUZZ_TOOL_OBJS) $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_BASE) -fsanitize=fuzzer $(TOOL_INCS) $< $(FUZZ_TOOL_OBJS) $(LIB) -o $@ $(TOOL_LDLIBS)

.PHONY: fuzz-progs
fuzz-progs: $(FUZZ_PROGS)

FUZZ_VARS := BACKEND=$(BACKEND) $(BACKENDS_ARG) CC=$(CLANG) SAN="$(FUZZ_FLAGS)"
fuzz-build:
	$(call fresh_build,$(FUZZ_BUILD),$(FUZZ_VARS))
	$(MAKE) --no-print-directory BUILD=$(FUZZ_BUILD) $(FUZZ_VARS) fuzz-progs
fuzz: fuzz-build
	$(PYTHON) scripts/run-fuzz --build $(FUZZ_BUILD) --seconds $(FUZZ_SECONDS)

# The portable verification bundle (scripts/make-verify-bundle, docs/VERIFICATION.md): static
# x86-64 programs and verify.sh in build/hqc-verify-bundle.tar.xz.
.PHONY: verify-bundle
verify-bundle:
	$(PYTHON) scripts/make-verify-bundle
