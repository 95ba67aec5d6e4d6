# SPDX-License-Identifier: Apache-2.0 OR MIT
# mk/arch/aarch64.mk: what a 64-bit Arm target adds to the build (issue 25), read by the
# Makefile right after it has chosen BACKENDS (it is not one of the mk/*.mk feature fragments,
# which are read later). On any other target it defines nothing.
#
#   src/gf2x_neon   the neon backend (ASIMD + PMULL), with the Toom-3/Karatsuba skeleton of
#                   src/gf2x_avx2 over a PMULL leaf and a two-Q-register lane type
#   src/keccak_arm  the aarch64 Keccak kernels, per file flags like src/keccak_x86
#
# Cross-built from another host (make CC=aarch64-linux-gnu-gcc), the build goes to
# build/<BACKEND>-aarch64 so that it never mixes with the host's own build/<BACKEND>.

ifneq ($(filter aarch64-% arm64-%,$(TARGET_MACHINE)),)
ARCH_BACKENDS := neon
# PMULL/PMULL2 belong to the AES part of the Armv8 crypto extension (gcc 12 wants +crypto for
# them, +aes alone is not enough); everything else the folder uses is baseline Armv8-A ASIMD.
# The folder compiles the shared skeleton of src/gf2x_avx2 with its own lane header.
ISA_neon  := -Isrc/gf2x_neon -Isrc/gf2x_avx2 -march=armv8-a+crypto
ARCH_DEFS := $(if $(filter neon,$(BACKENDS)),-DHQC_HAVE_NEON)
KECCAK_ARCH_SRCS := $(wildcard src/keccak_arm/*.c)
KECCAK_ARCH_INCS := $(if $(KECCAK_ARCH_SRCS),-Isrc/keccak_arm)
KECCAK_ARCH_DEFS := $(if $(KECCAK_ARCH_SRCS),-DHQC_HAVE_KECCAK_ARM)
# EOR3, RAX1, XAR and BCAX (FEAT_SHA3, optional from Armv8.2-A).
ISA_keccak_f1600_x2_sha3 := -march=armv8.2-a+sha3
ifneq ($(filter aarch64 arm64,$(shell uname -m)),)
else
BUILD ?= build/$(BACKEND)-aarch64
endif
endif
