/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* karatsuba.c: portable, constant-time product of two n-word polynomials over GF(2) by
 * recursive two-way Karatsuba (Karatsuba-Ofman 1962; the unbalanced split of Weimerskirch and
 * Paar, "Generalizations of the Karatsuba algorithm", section 3) down to 64x64-bit products. */
#include "karatsuba.h"

#include <string.h>

#include "clmul64.h"

#define KARATSUBA_BASE_WORDS 2

/* Schoolbook below the threshold: the Karatsuba bookkeeping costs more than it saves there. */
static void schoolbook_mul(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n)
{
    memset(r, 0, 2 * n * sizeof *r);
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < n; j++) {
            uint64_t lo, hi;
            clmul64(&lo, &hi, a[i], b[j]);
            r[i + j] ^= lo;
            r[i + j + 1] ^= hi;
        }
}

size_t karatsuba_scratch_words(size_t n)
{
    if (n <= KARATSUBA_BASE_WORDS)
        return 0;
    size_t h = (n + 1) / 2;
    return 4 * h + karatsuba_scratch_words(h);
}

/* r[0 .. 2n) = a * b with a, b of n words; scratch holds karatsuba_scratch_words(n) words.
 * Split at h = ceil(n/2): a = a0 + X^(64h) a1 with |a1| = n - h <= h. */
void karatsuba_mul(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n, uint64_t *scratch)
{
    if (n <= KARATSUBA_BASE_WORDS) {
        schoolbook_mul(r, a, b, n);
        return;
    }
    size_t h = (n + 1) / 2, l = n - h;
    uint64_t *sa = scratch, *sb = scratch + h, *mid = scratch + 2 * h, *rest = scratch + 4 * h;

    for (size_t i = 0; i < h; i++) {
        sa[i] = a[i] ^ (i < l ? a[h + i] : 0);
        sb[i] = b[i] ^ (i < l ? b[h + i] : 0);
    }
    karatsuba_mul(mid, sa, sb, h, rest);
    karatsuba_mul(r, a, b, h, rest);                  /* r[0, 2h) = a0 b0 */
    karatsuba_mul(r + 2 * h, a + h, b + h, l, rest);  /* r[2h, 2n) = a1 b1 */
    for (size_t i = 0; i < 2 * h; i++)
        mid[i] ^= r[i] ^ (i < 2 * l ? r[2 * h + i] : 0);
    for (size_t i = 0; i < 2 * h; i++)
        r[h + i] ^= mid[i];
}
