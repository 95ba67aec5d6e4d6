/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* mca_driver.c: runs one kernel once between two calls of mca_mark, for scripts/arm-mca, which
 * records the instructions qemu-aarch64 executes between the marks and gives them to llvm-mca.
 * Kernels: leaf (the neon 512x512 PMULL leaf), leaf-ref (the portable product on 8 words),
 * mul-neon, mul-ref (o = a b mod X^N - 1 of this level), keccak (the Keccak-f[1600] that the
 * library picks on this CPU), keccak-ref (the portable permutation), keccak-x4 and
 * keccak-x4-ref (the same for four states), rm-neon and rm-ref (the RM decoder of this level on
 * a noisy word). Fixed inputs. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "backend.h"
#include "karatsuba.h"
#include "keccak.h"
#include "pmull_leaf.h"

__attribute__((noinline)) void mca_mark(int k)
{
    __asm__ volatile("" : : "r"(k) : "memory");
}

static __attribute__((noinline)) void leaf(uint64_t *e, uint64_t *o, const uint64_t *a, const uint64_t *b)
{
    clmul512_split(e, o, a, b);
}

int main(int argc, char **argv)
{
    static uint64_t a[HQC_WORDS], b[HQC_WORDS], o[2 * HQC_WORDS], scratch[KARATSUBA_SCRATCH_BOUND(HQC_WORDS)];
    static uint64_t s[100];
    const char *k = argc > 1 ? argv[1] : "";
    for (size_t i = 0; i < HQC_WORDS; i++) {
        a[i] = 0x9e3779b97f4a7c15ull * (i + 1);
        b[i] = a[i] ^ (a[i] >> 7);
    }
    a[HQC_WORDS - 1] &= HQC_TOP_MASK;
    b[HQC_WORDS - 1] &= HQC_TOP_MASK;
    memcpy(s, a, sizeof s < sizeof a ? sizeof s : sizeof a);
    uint8_t msg[HQC_N1] = {0};
    const int ref = strcmp(k, "mul-ref") == 0 || strcmp(k, "rm-ref") == 0;
    const hqc_backend *be = HQC_NS(backend_by_name)(ref ? "ref" : "neon");
    if (be == NULL)
        return 2;
    mca_mark(0);
    if (strcmp(k, "leaf") == 0)
        leaf(o, o + 16, a, b);
    else if (strcmp(k, "leaf-ref") == 0)
        karatsuba_mul(o, a, b, 8, scratch);
    else if (strcmp(k, "mul-neon") == 0 || strcmp(k, "mul-ref") == 0)
        be->mul(o, a, b);
    else if (strcmp(k, "rm-neon") == 0 || strcmp(k, "rm-ref") == 0)
        be->rm_decode(msg, a); /* a: N1N2 of its HQC_WORDS words, pseudo-random bits */
    else if (strcmp(k, "keccak") == 0)
        keccak_f1600(s);
    else if (strcmp(k, "keccak-ref") == 0)
        keccak_f1600_portable(s);
    else if (strcmp(k, "keccak-x4") == 0)
        keccak_f1600_x4(s);
    else if (strcmp(k, "keccak-x4-ref") == 0)
        keccak_f1600_x4_portable(s);
    else
        return 2;
    mca_mark(1);
    printf("%016llx %016llx %02x\n", (unsigned long long)o[1], (unsigned long long)s[1], msg[0]);
    return 0;
}
