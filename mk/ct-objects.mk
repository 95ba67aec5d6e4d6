# SPDX-License-Identifier: Apache-2.0 OR MIT
# ct-objects.mk: the object check of the constant-time promise (issue 31; scripts/ct-objects,
# docs/VERIFICATION.md "The object check"), for the code valgrind cannot run: vpclmul and
# avx512 on x86-64 (valgrind 3.19 executes neither), and aarch64 (no Arm valgrind here).
# Nothing is executed, so every tuning can be given as -march/-mcpu, AVX-512 CPUs included.
#
#   make ct-objects       every compiler x optimisation x tuning below, x86-64 and aarch64:
#                         the contract's secret functions (products, reductions, RM decoders,
#                         RS syndromes and error values, support expansion) of every level,
#                         then one table (build/ct/objects.txt); each row first checks the leaky twin
#                         tests/ct/ct_leaky_obj.c (its leaks reported, its clean code not)
#   make ct-obj-<cc>-<opt>-<tune>   one configuration (its directory under build/ct/obj/)
# ct-matrix runs it too.

CT_OBJ_DIR   ?= build/ct/obj
CT_OBJ_CCS   ?= gcc-12 clang-14 clang-16 clang-19
# No -O0 or -O1 rows: there (gcc 12, 2026-12-05) the analysis gave 970 and 17 findings, those
# traced being public loop counters and pointers it could not follow through unfolded calls and
# joined paths (docs/VERIFICATION.md). valgrind and MSan run those builds instead (make ct,
# CT_OPTS; test_ct.py's vg-cc-O0).
CT_OBJ_OPTS  ?= -O2 -O3 -Os
CT_OBJ_TUNES ?= generic march-x86-64-v3 march-native march-skylake mtune-skylake march-alderlake \
                mtune-alderlake march-sapphirerapids mtune-sapphirerapids march-znver3 \
                mtune-znver3 march-znver4 mtune-znver4
# aarch64, cross-compiled: gcc 12 (Debian's aarch64-linux-gnu-gcc) and clang with --target. gcc
# refuses -mcpu next to the neon folder's -march=armv8-a+crypto, so its rows tune with -mtune;
# clang takes -mcpu (the later -march keeps the crypto extension the PMULL code needs).
CT_OBJ_A64_CCS   ?= a64-gcc-12 a64-clang-16 a64-clang-19
CT_OBJ_A64_TUNES ?= generic mcpu-neoverse-n1 mcpu-neoverse-v2 mcpu-apple-m1
ctobj_cc_a64-gcc-12   := aarch64-linux-gnu-gcc
ctobj_cc_a64-clang-16 := clang-16 --target=aarch64-linux-gnu
ctobj_cc_a64-clang-19 := clang-19 --target=aarch64-linux-gnu
ctobj_cc = $(or $(ctobj_cc_$(1)),$(1))
ctobj_flag = $(if $(filter generic,$(2)),,$(if $(and $(filter a64-gcc%,$(1)),$(filter mcpu-%,$(2))),$(subst mcpu-,-mtune=,$(2)),$(subst mcpu-,-mcpu=,$(subst mtune-,-mtune=,$(subst march-,-march=,$(2))))))
ctobj_name = ct-obj-$(1)-$(subst -,,$(2))-$(3)
ctobj_dir  = $(CT_OBJ_DIR)/$(1)-$(subst -,,$(2))-$(3)
ctobj_vars = BACKEND=auto CC="$(call ctobj_cc,$(1))" OPT=$(2) SAN= EXTRA_CFLAGS="$(call ctobj_flag,$(1),$(3))"

define ctobj_goal
.PHONY: $(call ctobj_name,$(1),$(2),$(3))
$(call ctobj_name,$(1),$(2),$(3)):
	$$(call fresh_build,$(call ctobj_dir,$(1),$(2),$(3)),$(call ctobj_vars,$(1),$(2),$(3)))
	$$(MAKE) --no-print-directory BUILD=$(call ctobj_dir,$(1),$(2),$(3)) $(call ctobj_vars,$(1),$(2),$(3)) ct-objects-here
endef
$(foreach c,$(CT_OBJ_CCS),$(foreach o,$(CT_OBJ_OPTS),$(foreach t,$(CT_OBJ_TUNES),$(eval $(call ctobj_goal,$(c),$(o),$(t))))))
$(foreach c,$(CT_OBJ_A64_CCS),$(foreach o,$(CT_OBJ_OPTS),$(foreach t,$(CT_OBJ_A64_TUNES),$(eval $(call ctobj_goal,$(c),$(o),$(t))))))

# In one build (the sub-make's): the objects of the contract's secret operations, every level.
# Sparse products are variable time by contract, backend tables hold no code; in
# reed_muller.c and sampling.c scripts/ct-objects checks only the contract's functions.
# (filter-out takes one % per pattern, so the backend tables are dropped by findstring.)
CT_OBJ_SRCS := $(foreach s,$(filter-out %sparse_mul_avx2.c %sparse_mul_avx512.c, \
                 $(if $(NATIVE_ARCH),$(wildcard $(NATIVE)/*.c) $(foreach b,$(NATIVE_BACKENDS),$(wildcard $(NATIVE)/$(b)/*.c)))), \
                 $(if $(findstring /backend_,$(s)),,$(s))) \
               src/gf2x/karatsuba.c src/gf2x/reduce.c src/gf2x/syndromes.c src/gf2x/rs_errors.c src/hqc/reed_muller.c src/hqc/sampling.c
CT_OBJ_OBJS := $(foreach l,$(LEVELS),$(patsubst %.c,$(BUILD)/obj/hqc$(l)/%.o,$(CT_OBJ_SRCS)))
# The Keccak permutations (level-independent objects): every kernel of this architecture and
# the portable pair in keccak.c (scripts/ct-objects checks only those two there).
CT_OBJ_OBJS += $(patsubst %.c,$(BUILD)/obj/common/%.o,$(if $(NATIVE_ARCH),$(wildcard src/fips202/native/$(NATIVE_ARCH)/*.c)) src/fips202/keccak.c)
CT_LEAKY_ISA := $(if $(filter x86_64,$(NATIVE_ARCH)),$(ISA_avx512),$(ISA_neon))

$(BUILD)/obj/ct_leaky_obj.o: tests/ct/ct_leaky_obj.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_BASE) $(CT_LEAKY_ISA) -c $< -o $@

.PHONY: ct-objects-here ct-objects
ct-objects-here: $(CT_OBJ_OBJS) $(BUILD)/obj/ct_leaky_obj.o
	@$(PYTHON) scripts/ct-objects --arch $(NATIVE_ARCH) --expect-leaks $(BUILD)/obj/ct_leaky_obj.o \
	    > $(BUILD)/ct-objects.txt || { cat $(BUILD)/ct-objects.txt; exit 1; }
	@$(PYTHON) scripts/ct-objects --arch $(NATIVE_ARCH) $(CT_OBJ_OBJS) >> $(BUILD)/ct-objects.txt; \
	    rc=$$?; tail -n 2 $(BUILD)/ct-objects.txt; exit $$rc

# Every row a compiler knows (gcc 12 and clang 14 lack some CPUs: left out and listed), -k so
# that all run, then one table: calibration and findings per configuration.
ctobj_empty :=
ctobj_space := $(ctobj_empty) $(ctobj_empty)
CT_OBJ_ROWS := $(foreach c,$(CT_OBJ_CCS) $(CT_OBJ_A64_CCS),$(foreach o,$(CT_OBJ_OPTS),$(foreach t,$(if $(filter a64-%,$(c)),$(CT_OBJ_A64_TUNES),$(CT_OBJ_TUNES)),$(subst $(ctobj_space),@,$(call ctobj_name,$(c),$(o),$(t)),$(call ctobj_dir,$(c),$(o),$(t)),$(call ctobj_cc,$(c)),$(call ctobj_flag,$(c),$(t))))))
ct-objects:
	@mkdir -p $(CT_OBJ_DIR); goals=; dirs=; : > $(CT_OBJ_DIR)/left-out.txt; start=$$(date +%s); \
	for row in $(CT_OBJ_ROWS); do \
	    row=$$(echo "$$row" | tr @ ' '); goal=$${row%%,*}; rest=$${row#*,}; dir=$${rest%%,*}; rest=$${rest#*,}; \
	    cc=$${rest%%,*}; flag=$${rest#*,}; \
	    if [ -z "$$flag" ] || $$cc $$flag -E -x c /dev/null >/dev/null 2>&1; then goals="$$goals $$goal"; dirs="$$dirs $$dir"; \
	    else echo "left out: $$cc does not know $$flag" >> $(CT_OBJ_DIR)/left-out.txt; fi; \
	done; \
	[ -n "$$goals" ] || { echo "ct-objects: no configuration left" >&2; exit 1; }; \
	$(MAKE) --no-print-directory -k $$goals; \
	{ rc=0; for d in $$dirs; do \
	    line=$$(tail -n 1 $$d/ct-objects.txt 2>/dev/null); cal=$$(grep calibration $$d/ct-objects.txt 2>/dev/null); \
	    case "$$line" in *" 0 findings"*) ;; *) rc=1;; esac; \
	    case "$$cal" in *" 0 missed"*", 0 reported"*) ;; *) rc=1;; esac; \
	    printf '%-40s %s | %s\n' "$$(basename $$d)" "$${line:-no result}" "$$(echo "$$cal" | sed 's/ct-objects calibration: //')"; \
	done; sort -u $(CT_OBJ_DIR)/left-out.txt; echo "ct-objects: $$(echo $$dirs | wc -w) configurations, $$(( $$(date +%s) - start )) s"; \
	} > build/ct/objects.txt; cat build/ct/objects.txt; exit $$rc

ct-matrix: ct-objects
