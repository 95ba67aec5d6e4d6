// SPDX-License-Identifier: Apache-2.0 OR MIT
// ct_extent_x86.S: calibration of how many bytes scripts/ct-objects lets a write reach in the
// frame. A callee of known extent (WRITE_EXTENT: keccak_f1600_scalar writes the 200 bytes of
// its uint64_t s[25]) leaves a public spill above them alone and makes a spill inside them
// unknown; an unknown callee may write from its pointer up. An instruction's width at a slot is
// the widest of its register operands and its size suffix: cmpq and push read 8 bytes (not an
// unknown width, taken as 64), and shlq %cl writes 8 (not %cl's 1).
// Hand-written so that each case is exactly the instruction pattern it names.
    .text
    .globl clean_spill_above_keccak_state
    .type clean_spill_above_keccak_state, @function
clean_spill_above_keccak_state:   // a public pointer at 0xd0, keccak_f1600_scalar(frame + 0)
    sub $0xe8, %rsp
    mov %rdi, 0xd0(%rsp)
    mov %rsp, %rdi
    call keccak_f1600_scalar@PLT  // writes 0..0xc7 only
    mov 0xd0(%rsp), %rax
    movq $1, (%rax)
    add $0xe8, %rsp
    ret
    .size clean_spill_above_keccak_state, .-clean_spill_above_keccak_state

    .globl leak_spill_inside_keccak_state
    .type leak_spill_inside_keccak_state, @function
leak_spill_inside_keccak_state:   // a public pointer at 0xc0, inside the state the callee writes
    sub $0xe8, %rsp
    mov %rdi, 0xc0(%rsp)
    mov %rsp, %rdi
    call keccak_f1600_scalar@PLT
    mov 0xc0(%rsp), %rax
    movq $1, (%rax)
    add $0xe8, %rsp
    ret
    .size leak_spill_inside_keccak_state, .-leak_spill_inside_keccak_state

    .globl leak_spill_above_unknown_callee
    .type leak_spill_above_unknown_callee, @function
leak_spill_above_unknown_callee:  // the same spill at 0xd0, a callee of unknown extent
    sub $0xe8, %rsp
    mov %rdi, 0xd0(%rsp)
    mov %rsp, %rdi
    call keccak_f1600_scalar_x@PLT
    mov 0xd0(%rsp), %rax
    movq $1, (%rax)
    add $0xe8, %rsp
    ret
    .size leak_spill_above_unknown_callee, .-leak_spill_above_unknown_callee

    .globl clean_spill_compared_beside_vector_store
    .type clean_spill_compared_beside_vector_store, @function
clean_spill_compared_beside_vector_store:  // gcc 12 avx2_karat5_mul: cmpq at a spill, a ymm store above
    sub $0x98, %rsp
    mov %rdi, 0x48(%rsp)
    cmpq $1, 0x48(%rsp)           // reads 0x48..0x4f
    lea 0x60(%rsp), %rax
    vmovdqu (%rsi), %ymm0         // secret
    vmovdqu %ymm0, (%rax)         // 0x60..0x7f
    mov 0x48(%rsp), %rcx
    movq $1, (%rcx)
    add $0x98, %rsp
    vzeroupper
    ret
    .size clean_spill_compared_beside_vector_store, .-clean_spill_compared_beside_vector_store

    .globl clean_spill_pushed_beside_vector_store
    .type clean_spill_pushed_beside_vector_store, @function
clean_spill_pushed_beside_vector_store:  // gcc 12 vpclmul_karat5_mul: push of an rbp slot, a ymm store above
    push %rbp
    mov %rsp, %rbp
    sub $0x80, %rsp
    mov %rdi, -0x48(%rbp)
    push -0x48(%rbp)              // reads -0x48..-0x41
    pop %rcx
    lea -0x40(%rbp), %rax
    vmovdqu (%rsi), %ymm0         // secret
    vmovdqu %ymm0, (%rax)         // -0x40..-0x21
    mov -0x48(%rbp), %rcx
    movq $1, (%rcx)
    vzeroupper
    leave
    ret
    .size clean_spill_pushed_beside_vector_store, .-clean_spill_pushed_beside_vector_store

    .globl leak_slot_under_shift_by_cl
    .type leak_slot_under_shift_by_cl, @function
leak_slot_under_shift_by_cl:      // a public index at 0x14, then shlq %cl over 0x10..0x17 by a secret count
    sub $0x48, %rsp
    mov %edi, 0x14(%rsp)
    lea 0x10(%rsp), %rax
    mov (%rsi), %rcx              // a secret count
    shlq %cl, (%rax)
    mov 0x14(%rsp), %edx
    movq $1, (%rdx)
    add $0x48, %rsp
    ret
    .size leak_slot_under_shift_by_cl, .-leak_slot_under_shift_by_cl
    .section .note.GNU-stack,"",@progbits
