/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* misaligned.c: shows that the emulated AVX-512 build's alignment guard is live
 * (tests/test_avx512_emulated.py). Compiled like src/gf2x/native/x86_64/avx512/ in that build (avx512_simde.h
 * forced in, -fsanitize=alignment); argv[1] picks one 512-bit access at a 64-byte aligned or a
 * misaligned address: an aligned intrinsic, or a typed __m512i access. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    _Alignas(64) uint64_t buf[24] = {0};
    if (argc != 3) {
        fprintf(stderr, "usage: misaligned load|store|typed OFFSET_WORDS\n");
        return 2;
    }
    uint64_t *p = buf + (argv[2][0] - '0');
    __m512i v = _mm512_loadu_si512((const void *)buf);
    if (strcmp(argv[1], "load") == 0)
        v = _mm512_load_si512((const void *)p);
    else if (strcmp(argv[1], "store") == 0)
        _mm512_store_si512((void *)p, v);
    else if (strcmp(argv[1], "typed") == 0)
        v = *(const __m512i *)(const void *)p;
    else
        return 2;
    _mm512_storeu_si512((void *)(buf + 16), v);
    printf("ok %llu\n", (unsigned long long)buf[16]);
    return 0;
}
