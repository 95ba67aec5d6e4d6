// SPDX-License-Identifier: Apache-2.0 OR MIT
// ct_slots_x86.S: calibration of scripts/ct-objects' stack slots: a fixed slot read back is
// public only if this path stored a public value there. A secret copied into the frame by a
// callee (memcpy to a frame buffer) or stored at a computed frame offset, then read from a fixed
// slot and used as an address, is reported; a public spill below the buffer a callee is given,
// and a stack argument of the caller, are not. Not covered: an array element first stored by
// constant index and then overwritten at a computed one (docs/VERIFICATION.md, the object check).
// Hand-written so that each case is exactly the instruction pattern it names.
    .text
    .globl leak_slot_from_memcpy
    .type leak_slot_from_memcpy, @function
leak_slot_from_memcpy:          // memcpy(frame, secret_src, 64); then frame[1] as an address
    sub $0x58, %rsp
    mov %rdi, %rsi              // the source: the caller's (secret) data
    lea 0x10(%rsp), %rdi
    mov $64, %edx
    call memcpy@PLT
    mov 0x18(%rsp), %rax
    movq $1, (%rax)
    add $0x58, %rsp
    ret
    .size leak_slot_from_memcpy, .-leak_slot_from_memcpy

    .globl leak_slot_from_indexed_store
    .type leak_slot_from_indexed_store, @function
leak_slot_from_indexed_store:   // frame[i] = secret at a computed offset; then frame[2] as an address
    sub $0x48, %rsp
    mov (%rdi), %rax            // a secret word
    mov %rax, (%rsp,%rsi,8)
    mov 0x10(%rsp), %rcx
    movq $1, (%rcx)
    add $0x48, %rsp
    ret
    .size leak_slot_from_indexed_store, .-leak_slot_from_indexed_store

    .globl clean_spill_below_buffer
    .type clean_spill_below_buffer, @function
clean_spill_below_buffer:       // a public pointer spilled at 0(%rsp), a callee given 0x10(%rsp)
    sub $0x58, %rsp
    mov %rdi, (%rsp)
    mov %rsi, %rsi
    lea 0x10(%rsp), %rdi
    mov $64, %edx
    call memcpy@PLT
    mov (%rsp), %rax
    movq $1, (%rax)
    add $0x58, %rsp
    ret
    .size clean_spill_below_buffer, .-clean_spill_below_buffer

    .globl clean_stack_argument
    .type clean_stack_argument, @function
clean_stack_argument:           // the seventh argument (a public pointer) read from the caller's frame
    push %rbx
    sub $0x10, %rsp
    mov 0x20(%rsp), %rax
    movq $1, (%rax)
    add $0x10, %rsp
    pop %rbx
    ret
    .size clean_stack_argument, .-clean_stack_argument
    .section .note.GNU-stack,"",@progbits
