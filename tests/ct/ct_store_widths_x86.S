// SPDX-License-Identifier: Apache-2.0 OR MIT
// ct_store_widths_x86.S: calibration of how many bytes scripts/ct-objects lets a vector store
// or a fill reach in the frame. vmovq and vmovd write 8 and 4 bytes of their xmm, vextracti128
// 16 bytes past its immediate, vpmovqd half its zmm; memset with a public fill writes no secret
// anywhere; gf256x64_load writes its 64 bytes only (WRITE_EXTENT), through its first argument
// only (WRITES_THROUGH). Each case spills a public pointer next to (or under) the write,
// reloads it and stores through it.
    .text
    .globl clean_spill_beside_vmovq
    .type clean_spill_beside_vmovq, @function
clean_spill_beside_vmovq:         // gcc 12 -O2 -march=native error_locator: vmovq below a spill
    sub $0x48, %rsp
    mov %rdi, 0x18(%rsp)
    vmovdqu (%rsi), %xmm0         // secret
    vmovq %xmm0, 0x10(%rsp)       // 0x10..0x17
    mov 0x18(%rsp), %rax
    movq $1, (%rax)
    add $0x48, %rsp
    ret
    .size clean_spill_beside_vmovq, .-clean_spill_beside_vmovq

    .globl clean_spill_beside_vmovd
    .type clean_spill_beside_vmovd, @function
clean_spill_beside_vmovd:         // vmovd writes 0x10..0x13, the spill is at 0x18
    sub $0x48, %rsp
    mov %rdi, 0x18(%rsp)
    vmovdqu (%rsi), %xmm0
    vmovd %xmm0, 0x10(%rsp)
    mov 0x18(%rsp), %rax
    movq $1, (%rax)
    add $0x48, %rsp
    ret
    .size clean_spill_beside_vmovd, .-clean_spill_beside_vmovd

    .globl leak_spill_under_vextracti128
    .type leak_spill_under_vextracti128, @function
leak_spill_under_vextracti128:    // vextracti128 $1 writes 0x10..0x1f, over the spill at 0x18
    sub $0x48, %rsp
    mov %rdi, 0x18(%rsp)
    vmovdqu (%rsi), %ymm0
    vextracti128 $1, %ymm0, 0x10(%rsp)
    mov 0x18(%rsp), %rax
    movq $1, (%rax)
    add $0x48, %rsp
    vzeroupper
    ret
    .size leak_spill_under_vextracti128, .-leak_spill_under_vextracti128

    .globl leak_spill_under_vpmovqd
    .type leak_spill_under_vpmovqd, @function
leak_spill_under_vpmovqd:         // vpmovqd %zmm writes 32 bytes, 0x10..0x2f, over the spill at 0x28
    sub $0x48, %rsp
    mov %rdi, 0x28(%rsp)
    vmovdqu64 (%rsi), %zmm0
    vpmovqd %zmm0, 0x10(%rsp)
    mov 0x28(%rsp), %rax
    movq $1, (%rax)
    add $0x48, %rsp
    vzeroupper
    ret
    .size leak_spill_under_vpmovqd, .-leak_spill_under_vpmovqd

    .globl clean_spill_above_public_memset
    .type clean_spill_above_public_memset, @function
clean_spill_above_public_memset:  // clang 14 -O2 rs_errors_portable: memset(frame, 0, n) below a spill
    push %rbx
    sub $0x50, %rsp
    mov %rdi, 0x40(%rsp)
    lea 0x10(%rsp), %rdi
    xor %esi, %esi
    mov $0x10, %edx
    call memset@PLT
    mov 0x40(%rsp), %rax
    movq $1, (%rax)
    add $0x50, %rsp
    pop %rbx
    ret
    .size clean_spill_above_public_memset, .-clean_spill_above_public_memset

    .globl leak_spill_above_secret_memset
    .type leak_spill_above_secret_memset, @function
leak_spill_above_secret_memset:   // the same with a secret fill byte
    push %rbx
    sub $0x50, %rsp
    mov %rdi, 0x40(%rsp)
    movzbl (%rsi), %esi           // secret
    lea 0x10(%rsp), %rdi
    mov $0x10, %edx
    call memset@PLT
    mov 0x40(%rsp), %rax
    movq $1, (%rax)
    add $0x50, %rsp
    pop %rbx
    ret
    .size leak_spill_above_secret_memset, .-leak_spill_above_secret_memset

    .globl clean_spill_above_gf256_load
    .type clean_spill_above_gf256_load, @function
clean_spill_above_gf256_load:     // gf256x64_load(frame + 0x10) writes 0x10..0x4f, the spill is at 0x50
    push %rbx
    sub $0x60, %rsp
    mov %rdi, 0x50(%rsp)
    lea 0x10(%rsp), %rdi
    mov $0xf, %edx
    call gf256x64_load@PLT
    mov 0x50(%rsp), %rax
    movq $1, (%rax)
    add $0x60, %rsp
    pop %rbx
    ret
    .size clean_spill_above_gf256_load, .-clean_spill_above_gf256_load

    .globl clean_spill_above_gf256_load_r8
    .type clean_spill_above_gf256_load_r8, @function
clean_spill_above_gf256_load_r8:  // clang 16 -O2 -march=znver4: a frame pointer left in r8, which
    push %rbx                     // gf256x64_load(r, bytes, n) does not take (WRITES_THROUGH: r only)
    sub $0x60, %rsp
    mov %rdi, 0x50(%rsp)
    lea 0x8(%rsp), %r8
    lea 0x10(%rsp), %rdi
    mov $0xf, %edx
    call gf256x64_load@PLT
    mov 0x50(%rsp), %rax
    movq $1, (%rax)
    add $0x60, %rsp
    pop %rbx
    ret
    .size clean_spill_above_gf256_load_r8, .-clean_spill_above_gf256_load_r8

    .globl leak_spill_inside_gf256_load
    .type leak_spill_inside_gf256_load, @function
leak_spill_inside_gf256_load:     // the spill at 0x48, inside what gf256x64_load writes
    push %rbx
    sub $0x60, %rsp
    mov %rdi, 0x48(%rsp)
    lea 0x10(%rsp), %rdi
    mov $0xf, %edx
    call gf256x64_load@PLT
    mov 0x48(%rsp), %rax
    movq $1, (%rax)
    add $0x60, %rsp
    pop %rbx
    ret
    .size leak_spill_inside_gf256_load, .-leak_spill_inside_gf256_load
    .section .note.GNU-stack,"",@progbits
