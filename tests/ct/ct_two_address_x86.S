// SPDX-License-Identifier: Apache-2.0 OR MIT
// ct_two_address_x86.S: calibration of scripts/ct-objects on three-operand instructions.
// A legacy two-address form reads its destination too (shld $n,%src,%dst shifts dst; shufpd
// $n,%src,%dst keeps a lane of dst), so a secret destination stays secret whatever the
// other operands are; mulx writes both its low and high halves, from rdx and its source.
// pshufd and imul $n have a write-only destination: a public source makes it public.
// Each leak_* below must be reported, the clean_* ones not.
// Hand-written so that each case is exactly the instruction pattern it names.
    .text

    .globl leak_shld_destination
    .type leak_shld_destination, @function
leak_shld_destination:          // rdi, rsi: public pointers
    mov (%rdi), %rax            // secret
    shld $0x3, %rsi, %rax       // rax = rax << 3 | rsi >> 61: still secret
    and $0x38, %eax
    mov (%rsi,%rax), %rdx       // a secret address
    mov %rdx, (%rdi)
    ret
    .size leak_shld_destination, .-leak_shld_destination

    .globl leak_shufpd_destination
    .type leak_shufpd_destination, @function
leak_shufpd_destination:
    movupd (%rdi), %xmm0        // secret
    movq %rsi, %xmm1            // public
    shufpd $0x2, %xmm1, %xmm0   // lane 0 of xmm0 is kept: secret
    movq %xmm0, %rax
    and $0x38, %eax
    mov (%rsi,%rax), %rdx
    mov %rdx, (%rdi)
    ret
    .size leak_shufpd_destination, .-leak_shufpd_destination

    .globl leak_mulx_low_half
    .type leak_mulx_low_half, @function
leak_mulx_low_half:
    xor %eax, %eax              // public
    mov (%rdi), %rdx            // secret multiplier (mulx's implicit operand)
    mov $0x5, %ecx
    mulx %rcx, %rax, %r8        // rax:low, r8:high of rdx * 5: both secret
    and $0x38, %eax
    mov (%rsi,%rax), %rdx
    mov %rdx, (%rdi)
    ret
    .size leak_mulx_low_half, .-leak_mulx_low_half

    .globl clean_write_only_destinations
    .type clean_write_only_destinations, @function
clean_write_only_destinations:
    mov (%rdi), %rax            // secret
    movupd (%rdi), %xmm0        // secret
    movq %rsi, %xmm1            // public
    pshufd $0x4e, %xmm1, %xmm0  // xmm0 overwritten from public xmm1
    movq %xmm0, %rcx
    and $0x38, %ecx
    mov (%rsi,%rcx), %rdx       // public address
    imul $0x18, %rsi, %rax      // rax overwritten from public rsi
    mov %rdx, (%rdi,%rax)       // public address
    ret
    .size clean_write_only_destinations, .-clean_write_only_destinations
    .section .note.GNU-stack,"",@progbits
