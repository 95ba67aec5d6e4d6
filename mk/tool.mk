# SPDX-License-Identifier: Apache-2.0 OR MIT
# mk/tool.mk: the `hqc` command-line tool (tools/) and the test helper hqc_info, which prints
# the same report as `hqc info`. The tool links libhqc.a, so it runs without the shared
# library installed; its KAT command is kat/genkat.c compiled once per level without a main.

TOOL       := $(BUILD)/bin/hqc
TOOL_OBJ   := $(BUILD)/obj/tools
TOOL_INCS  := -I$(BUILD)/include -Itools -Ikat -Isrc/hqc -Isrc/fips202 -I$(GEN)
TOOL_OBJS  := $(patsubst tools/%.c,$(TOOL_OBJ)/%.o,$(wildcard tools/*.c)) \
              $(foreach l,$(LEVELS),$(TOOL_OBJ)/genkat_hqc$(l).o)
INFO_OBJS  := $(TOOL_OBJ)/info.o $(TOOL_OBJ)/text.o
KAT_DIGESTS := $(GEN)/kat_digests.h
# `hqc kat` checks the SHA-256 of the files it writes through libcrypto, whichever SHA3 the
# library itself was built with (HQC_SHA3).
TOOL_LDLIBS := $(LDLIBS) -lcrypto

# all's prerequisites were expanded before this fragment was read, so attach them here too.
all: $(TOOL)

$(KAT_DIGESTS): kat/levels.json scripts/gen-kat-digests
	@mkdir -p $(dir $@)
	$(PYTHON) scripts/gen-kat-digests $< $@

$(TOOL_OBJ)/%.o: tools/%.c | $(PUBLIC_HEADERS) $(KAT_DIGESTS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_BASE) $(TOOL_INCS) -MMD -MP -c $< -o $@

define tool_genkat_rule
$(TOOL_OBJ)/genkat_hqc$(1).o: kat/genkat.c | $(GENERATED)
	@mkdir -p $$(dir $$@)
	$$(CC) $$(CFLAGS_BASE) $$(INCS) $$(DEFS) -DHQC_LEVEL=$(1) -DHQC_KAT_NO_MAIN -MMD -MP -c $$< -o $$@
endef
$(foreach l,$(LEVELS),$(eval $(call tool_genkat_rule,$(l))))

# `hqc selftest`'s per-level parts (tools/level/), compiled once per level like genkat. The
# test build hqc_fault (never installed) compiles them with -DHQC_SELFTEST_FAULT, the hook
# through which tests/test_selftest.py flips one bit of one backend's output.
SELFTEST_NAMES := $(basename $(notdir $(wildcard tools/level/*.c)))
SELFTEST_FLAGS := $(INCS) -Itools -Ibench $(DEFS)
TOOL_OBJS  += $(foreach l,$(LEVELS),$(foreach n,$(SELFTEST_NAMES),$(TOOL_OBJ)/$(n)_hqc$(l).o))
TOOL_FAULT := $(BUILD)/bin/hqc_fault
FAULT_OBJS := $(foreach o,$(TOOL_OBJS),$(if $(findstring selftest_ops_hqc,$(o)),$(TOOL_OBJ)/fault/$(notdir $(o)),$(o)))
all: $(TOOL_FAULT)

define tool_selftest_rule
$(TOOL_OBJ)/$(2)_hqc$(1).o: tools/level/$(2).c | $(GENERATED)
	@mkdir -p $$(dir $$@)
	$$(CC) $$(CFLAGS_BASE) $$(SELFTEST_FLAGS) -DHQC_LEVEL=$(1) -MMD -MP -c $$< -o $$@
$(TOOL_OBJ)/fault/$(2)_hqc$(1).o: tools/level/$(2).c | $(GENERATED)
	@mkdir -p $$(dir $$@)
	$$(CC) $$(CFLAGS_BASE) $$(SELFTEST_FLAGS) -DHQC_LEVEL=$(1) -DHQC_SELFTEST_FAULT -MMD -MP -c $$< -o $$@
endef
$(foreach l,$(LEVELS),$(foreach n,$(SELFTEST_NAMES),$(eval $(call tool_selftest_rule,$(l),$(n)))))

$(TOOL): $(TOOL_OBJS) $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_BASE) $(TOOL_OBJS) $(LIB) -o $@ $(TOOL_LDLIBS)

$(TOOL_FAULT): $(FAULT_OBJS) $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_BASE) $(FAULT_OBJS) $(LIB) -o $@ $(TOOL_LDLIBS)

$(BUILD)/bin/hqc_info: tests/c/hqc_info.c $(INFO_OBJS) $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_BASE) $(TOOL_INCS) $< $(INFO_OBJS) $(LIB) -o $@ $(LDLIBS)
