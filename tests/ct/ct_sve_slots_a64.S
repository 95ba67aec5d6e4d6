// SPDX-License-Identifier: Apache-2.0 OR MIT
// ct_sve_slots_a64.S: calibration of scripts/ct-objects on SVE stack slots, which clang
// -mcpu=neoverse-v2 addresses in vector lengths ([x29, #-1, mul vl], a scalable vector
// spilled in sampling.c). Such a slot has no fixed byte offset, so the check keeps none for
// it: what is loaded from it is secret (the analysis once stopped with a ValueError on the
// operand). A spill and reload stored back at a public address is clean; a reloaded
// secret used as an address is reported.
// Hand-written so that each case is exactly the instruction pattern it names.
    .arch armv8-a+sve
    .text

    .globl clean_sve_spill
    .type clean_sve_spill, %function
clean_sve_spill:                // x0: a public pointer to secret words
    stp x29, x30, [sp, #-16]!
    mov x29, sp
    addvl sp, sp, #-1
    ptrue p0.d
    ld1d {z0.d}, p0/z, [x0]     // secret
    str z0, [x29, #-1, mul vl]
    ldr z16, [x29, #-1, mul vl]
    st1d {z16.d}, p0, [x0]      // back at a public address
    addvl sp, sp, #1
    ldp x29, x30, [sp], #16
    ret
    .size clean_sve_spill, .-clean_sve_spill

    .globl leak_sve_spill_index
    .type leak_sve_spill_index, %function
leak_sve_spill_index:           // x0: a public pointer to secret words
    stp x29, x30, [sp, #-16]!
    mov x29, sp
    addvl sp, sp, #-1
    ptrue p0.d
    ld1d {z0.d}, p0/z, [x0]     // secret
    str z0, [x29, #-1, mul vl]
    ldr z16, [x29, #-1, mul vl]
    fmov x1, d16
    ldr x2, [x0, x1]            // a secret address
    str x2, [x0]
    addvl sp, sp, #1
    ldp x29, x30, [sp], #16
    ret
    .size leak_sve_spill_index, .-leak_sve_spill_index
    .section .note.GNU-stack,"",%progbits
