// SPDX-License-Identifier: Apache-2.0 OR MIT
// ct_sse_flags_x86.S: calibration of which x86 instructions scripts/ct-objects takes to write
// the flags. Legacy (non-VEX) SSE instructions of the floating-point domain (andpd, shufpd,
// orps, unpcklpd, addsd, the lane compare cmpltpd) write a vector register and no flags, so
// a public loop branch after them still tests its public counter: clang 19 -O3
// -mtune=znver3/znver4 puts andpd and shufpd of secret words between the counter's add and
// the jne of rm_decode_portable, which the check once reported. comisd/ucomisd, popcnt and
// kortest of a vptestmd mask do set the flags (or the mask) from their operands, and an SSE
// lane compare writes its destination: each leak_* below must be reported.
// Hand-written so that each case is exactly the instruction pattern it names.
    .text

    .globl clean_sse_between_counter_and_branch
    .type clean_sse_between_counter_and_branch, @function
clean_sse_between_counter_and_branch:  // rdi: the end of a buffer, rsi: its public length
    mov %rsi, %rcx
    neg %rcx                    // a public counter, from -length up to 0
    pxor %xmm3, %xmm3
1:  movupd (%rdi,%rcx), %xmm0   // secret words
    movupd 16(%rdi,%rcx), %xmm1
    add $0x10, %rcx             // the flags the jne reads: public
    cvtsi2sd %rcx, %xmm2
    shufpd $0x1, %xmm1, %xmm0   // then secret FP-domain work, which writes no flags
    andpd %xmm1, %xmm0
    andnps %xmm0, %xmm1
    orps %xmm1, %xmm0
    xorpd %xmm0, %xmm3
    unpcklpd %xmm1, %xmm0
    addsd %xmm1, %xmm0
    cmpltpd %xmm1, %xmm0        // a lane compare writes xmm0, not the flags
    movupd %xmm0, -16(%rdi,%rcx)
    jne 1b
    movupd %xmm3, (%rdi)
    ret
    .size clean_sse_between_counter_and_branch, .-clean_sse_between_counter_and_branch

    .globl leak_comisd_branch
    .type leak_comisd_branch, @function
leak_comisd_branch:             // if (*(double *)rdi > 0) *rsi = 1
    movsd (%rdi), %xmm0         // secret
    pxor %xmm1, %xmm1
    comisd %xmm1, %xmm0         // flags from a secret
    jbe 1f
    movq $1, (%rsi)
1:  ret
    .size leak_comisd_branch, .-leak_comisd_branch

    .globl leak_ucomisd_branch_past_sse
    .type leak_ucomisd_branch_past_sse, @function
leak_ucomisd_branch_past_sse:   // the flags of ucomisd, read past public SSE work
    pxor %xmm1, %xmm1
    ucomisd (%rdi), %xmm1       // flags from a secret
    xorps %xmm2, %xmm2          // a zeroing idiom: public, and no flags
    andpd %xmm1, %xmm2
    jne 1f
    movq $1, (%rsi)
1:  ret
    .size leak_ucomisd_branch_past_sse, .-leak_ucomisd_branch_past_sse

    .globl leak_cmpltsd_mask_index
    .type leak_cmpltsd_mask_index, @function
leak_cmpltsd_mask_index:        // a lane mask of a secret compare, used as an address
    pxor %xmm0, %xmm0           // public
    movsd (%rdi), %xmm1         // secret
    cmpltsd %xmm1, %xmm0        // xmm0 := (0 < secret) ? -1 : 0
    movq %xmm0, %rax
    and $0x40, %eax
    mov (%rsi,%rax), %rdx
    mov %rdx, (%rdi)
    ret
    .size leak_cmpltsd_mask_index, .-leak_cmpltsd_mask_index

    .globl leak_vptestm_mask_branch
    .type leak_vptestm_mask_branch, @function
leak_vptestm_mask_branch:       // vptestmd writes a mask (no flags); kortest of it does
    vmovdqu64 (%rdi), %zmm0     // secret
    vptestmd %zmm0, %zmm0, %k1
    kortestw %k1, %k1
    je 1f
    movq $1, (%rsi)
1:  vzeroupper
    ret
    .size leak_vptestm_mask_branch, .-leak_vptestm_mask_branch

    .globl leak_popcnt_branch
    .type leak_popcnt_branch, @function
leak_popcnt_branch:             // popcnt sets ZF when its secret operand is zero
    xor %eax, %eax              // public flags first
    popcnt (%rdi), %rdx
    je 1f
    movq $1, (%rsi)
1:  ret
    .size leak_popcnt_branch, .-leak_popcnt_branch
    .section .note.GNU-stack,"",@progbits
