// SPDX-License-Identifier: Apache-2.0 OR MIT
// ct_rodata_a64.S: calibration of scripts/ct-objects' rule for aarch64 constants (adrp + :lo12:
// loads of read-only data are public, like x86's rip-relative loads): a value loaded so may
// steer a branch; one loaded from writable data, through a register that is a constant's
// address on only one path, or from a read-only table at a secret index, is reported.
// Hand-written so that each case is exactly the instruction pattern it names.
    .text
    .globl clean_rodata_bound           // a loop bound from .rodata (gcc's vector constants)
    .type clean_rodata_bound, %function
clean_rodata_bound:
    adrp x1, bound
    ldr x1, [x1, :lo12:bound]
    cmp x0, x1
    b.hs 1f
    mov x0, #1
1:  ret

    .globl clean_rodata_offset          // adrp, add :lo12:, then an immediate offset
    .type clean_rodata_offset, %function
clean_rodata_offset:
    adrp x1, bound
    add x1, x1, :lo12:bound
    mov x2, x1
    ldr q0, [x2, #16]
    mov x3, v0.d[1]
    cbz x3, 1f
    mov x0, #1
1:  ret

    .globl leak_data_bound              // the same from .data: not a constant
    .type leak_data_bound, %function
leak_data_bound:
    adrp x1, counter
    ldr x1, [x1, :lo12:counter]
    cmp x0, x1
    b.hs 1f
    mov x0, #1
1:  ret

    .globl leak_joined_base             // a constant's address on one path only
    .type leak_joined_base, %function
leak_joined_base:
    cbz x2, 1f
    adrp x1, bound
    add x1, x1, :lo12:bound
    b 2f
1:  mov x1, x0
2:  ldr x3, [x1]
    cbz x3, 3f
    mov x0, #1
3:  ret

    .globl leak_rodata_index            // a read-only table at a secret index
    .type leak_rodata_index, %function
leak_rodata_index:
    ldrb w2, [x0]
    adrp x1, bound
    add x1, x1, :lo12:bound
    ldr x0, [x1, x2, lsl #3]
    ret

    .section .rodata
    .balign 16
bound: .quad 5, 6, 7, 8
    .data
counter: .quad 5
    .section .note.GNU-stack,"",%progbits
