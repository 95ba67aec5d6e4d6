# SPDX-License-Identifier: Apache-2.0 OR MIT
# mk/arch/aarch64.mk: what a 64-bit Arm target adds to the build (issue 25), read by the
# Makefile right after it has chosen BACKENDS (it is not one of the mk/*.mk feature fragments,
# which are read later). On any other target it defines nothing.
#
#   src/gf2x/native/aarch64/neon   the neon backend (ASIMD + PMULL): the Toom-3/Karatsuba
#                   skeleton of src/gf2x/skeleton over a PMULL leaf and a two-Q-register lane type
#   src/fips202/native/aarch64     the aarch64 Keccak kernels, per file flags like x86-64's
#
# Cross-built from another host (make CC=aarch64-linux-gnu-gcc), the build goes to
# build/<BACKEND>-aarch64 so that it never mixes with the host's own build/<BACKEND>.

ifneq ($(filter aarch64-% arm64-%,$(TARGET_MACHINE)),)
# PMULL/PMULL2 belong to the AES part of the Armv8 crypto extension (gcc 12 wants +crypto for
# them, +aes alone is not enough); everything else the folder uses is baseline Armv8-A ASIMD.
# ISA_aarch64 is for kernels shared by every aarch64 backend, should one come to need them.
ISA_aarch64 := -march=armv8-a+crypto
ISA_neon  := -march=armv8-a+crypto
ARCH_DEFS := $(if $(filter neon,$(BACKENDS)),-DHQC_HAVE_NEON)
KECCAK_ARCH_SRCS := $(wildcard src/fips202/native/aarch64/*.c)
KECCAK_ARCH_INCS := $(if $(KECCAK_ARCH_SRCS),-Isrc/fips202/native/aarch64)
KECCAK_ARCH_DEFS := $(if $(KECCAK_ARCH_SRCS),-DHQC_HAVE_KECCAK_ARM)
# EOR3, RAX1, XAR and BCAX (FEAT_SHA3, optional from Armv8.2-A).
ISA_keccak_f1600_x2_sha3 := -march=armv8.2-a+sha3
ifneq ($(filter aarch64 arm64,$(shell uname -m)),)
else
BUILD ?= build/$(BACKEND)-aarch64
endif
endif
