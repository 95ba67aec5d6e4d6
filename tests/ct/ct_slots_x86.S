// SPDX-License-Identifier: Apache-2.0 OR MIT
// ct_slots_x86.S: calibration of scripts/ct-objects' stack slots: a fixed slot read back is
// public only if this path stored a public value there. A secret copied into the frame by a
// callee (memcpy to a frame buffer) or stored at a computed frame offset, then read from a fixed
// slot and used as an address, is reported; a public spill below the buffer a callee is given,
// and a stack argument of the caller, are not. A secret stored through a pointer into the frame
// taints the slots its bytes overlap (a known width, no index) and no others; a callee known to
// write only through its first argument (memcpy) leaves a spill its other pointers reach alone.
// Not covered: an array element first stored by constant index and then overwritten at a
// computed one, and a store through a frame pointer moved by add or lea from another register
// (its offset is no longer known: docs/VERIFICATION.md, the object check).
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
    .globl leak_slot_under_exact_store
    .type leak_slot_under_exact_store, @function
leak_slot_under_exact_store:    // a public spill at 0x10, then a secret stored over it through a pointer
    sub $0x48, %rsp
    mov %rdi, 0x10(%rsp)
    lea 0x10(%rsp), %rax
    mov (%rsi), %rdx            // a secret word
    mov %edx, 0x4(%rax)         // bytes 0x14..0x17: inside the slot at 0x10
    mov 0x10(%rsp), %rcx
    movq $1, (%rcx)
    add $0x48, %rsp
    ret
    .size leak_slot_under_exact_store, .-leak_slot_under_exact_store

    .globl leak_slot_from_pointer_indexed_store
    .type leak_slot_from_pointer_indexed_store, @function
leak_slot_from_pointer_indexed_store:  // buf[i] = secret through a pointer to buf; then buf[1] as an address
    sub $0x48, %rsp
    lea 0x10(%rsp), %rax
    mov (%rdi), %rdx            // a secret word
    mov %rdx, (%rax,%rsi,8)
    mov 0x18(%rsp), %rcx        // never stored at a fixed offset: may be the element
    movq $1, (%rcx)
    add $0x48, %rsp
    ret
    .size leak_slot_from_pointer_indexed_store, .-leak_slot_from_pointer_indexed_store

    .globl leak_slot_from_const_looking_call
    .type leak_slot_from_const_looking_call, @function
leak_slot_from_const_looking_call:  // a callee not known to write only its first argument
    sub $0x58, %rsp
    mov %rdi, 0x10(%rsp)
    lea 0x40(%rsp), %rdi
    lea 0x10(%rsp), %rsi        // given the spill's address as its second argument
    call unknown_callee@PLT
    mov 0x10(%rsp), %rax
    movq $1, (%rax)
    add $0x58, %rsp
    ret
    .size leak_slot_from_const_looking_call, .-leak_slot_from_const_looking_call

    .globl clean_slot_beside_exact_store
    .type clean_slot_beside_exact_store, @function
clean_slot_beside_exact_store:  // a secret stored through a pointer at 0x10, the spill at 0x18 kept
    sub $0x48, %rsp
    mov %rdi, 0x18(%rsp)
    lea 0x10(%rsp), %rax
    mov (%rsi), %rdx
    mov %rdx, (%rax)            // bytes 0x10..0x17 only
    mov 0x18(%rsp), %rcx
    movq $1, (%rcx)
    add $0x48, %rsp
    ret
    .size clean_slot_beside_exact_store, .-clean_slot_beside_exact_store

    .globl clean_source_below_spill
    .type clean_source_below_spill, @function
clean_source_below_spill:       // memcpy(frame + 0x40, frame, 32): its source, below the spill, is read only
    sub $0x68, %rsp
    mov %rdi, 0x30(%rsp)
    lea 0x40(%rsp), %rdi
    mov %rsp, %rsi
    mov $32, %edx
    call memcpy@PLT
    mov 0x30(%rsp), %rax
    movq $1, (%rax)
    add $0x68, %rsp
    ret
    .size clean_source_below_spill, .-clean_source_below_spill
    .section .note.GNU-stack,"",@progbits
