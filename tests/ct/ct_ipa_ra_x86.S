// SPDX-License-Identifier: Apache-2.0 OR MIT
// ct_ipa_ra_x86.S: calibration of scripts/ct-objects' rule for calls within an object (gcc's
// IPA-RA keeps a value in a caller-saved register across a call to a static function that
// does not write it): the callee below ends with the assembler's padding, xchg %ax,%ax, which
// writes nothing, so a public pointer kept in rax stays public; a callee that does write rax
// (with a loaded, secret value) makes the caller's load through rax a finding. Likewise rcx
// survives a sign extension (movslq, once taken for the string move movs) and not a movsq.
// Hand-written so that each case is exactly the instruction pattern it names.
    .text
    .type keeps_rax, @function
keeps_rax:                      // touches only rdx, then pads with a two-byte nop
    xor %edx, %edx
    ret
    xchg %ax, %ax
    .size keeps_rax, .-keeps_rax

    .type loads_rax, @function
loads_rax:                      // rax := a word read through its argument: secret
    mov (%rdi), %rax
    ret
    .size loads_rax, .-loads_rax

    .globl clean_pointer_across_call
    .type clean_pointer_across_call, @function
clean_pointer_across_call:
    mov %rdi, %rax              // the public output pointer, kept in rax across the call
    call keeps_rax
    movq $1, (%rax)
    ret
    .size clean_pointer_across_call, .-clean_pointer_across_call

    .globl leak_pointer_from_callee
    .type leak_pointer_from_callee, @function
leak_pointer_from_callee:
    call loads_rax
    movq $1, (%rax)             // an address the callee loaded from memory
    ret
    .size leak_pointer_from_callee, .-leak_pointer_from_callee
    .type extends_esi, @function
extends_esi:                    // a sign extension, movslq: it writes rsi only, not rcx
    movslq %esi, %rsi
    ret
    .size extends_esi, .-extends_esi

    .type copies_words, @function
copies_words:                   // a string copy, movsq: it writes rsi, rdi and (with rep) rcx
    rep movsq
    ret
    .size copies_words, .-copies_words

    .globl clean_pointer_across_sign_extension
    .type clean_pointer_across_sign_extension, @function
clean_pointer_across_sign_extension:
    mov %rdi, %rcx              // the public output pointer, kept in rcx across the call
    call extends_esi
    movq $1, (%rcx)
    ret
    .size clean_pointer_across_sign_extension, .-clean_pointer_across_sign_extension

    .globl leak_pointer_across_string_copy
    .type leak_pointer_across_string_copy, @function
leak_pointer_across_string_copy:
    mov %rdi, %rcx
    call copies_words
    movq $1, (%rcx)             // rcx as the callee's string copy left it
    ret
    .size leak_pointer_across_string_copy, .-leak_pointer_across_string_copy
    .section .note.GNU-stack,"",@progbits
