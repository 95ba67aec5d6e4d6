# SPDX-License-Identifier: Apache-2.0 OR MIT
# mk/randombytes.mk: the build-time randomness hook (README, "Randomness").
#
#   make lib HQC_RANDOMBYTES=external
#
# leaves src/hqc/randombytes.c out of both libraries, so `hqc_randombytes` stays undefined
# and the program (or a library such as liboqs) that links libhqc supplies it:
#
#   int hqc_randombytes(uint8_t *buf, size_t len);   /* 0, or -1 with buf zeroed */
#
# Only the libraries and headers are built that way (the tools and tests need a source of
# randomness), so use the `lib` goal and a BUILD of its own.
HQC_RANDOMBYTES ?= getrandom
ifeq ($(HQC_RANDOMBYTES),external)
  COMMON_OBJS := $(filter-out %/randombytes.o,$(COMMON_OBJS))
else ifneq ($(HQC_RANDOMBYTES),getrandom)
  $(error unknown HQC_RANDOMBYTES '$(HQC_RANDOMBYTES)': use getrandom (default) or external)
endif
