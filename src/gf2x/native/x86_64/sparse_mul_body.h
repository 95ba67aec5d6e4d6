/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* sparse_mul_body.h: o = a * sum_i X^pos[i] mod X^N - 1, after the fastConvolution idea of
 * Bessonov, Robert and Veron (HQC round-2 optimised code, 2019), written once for any vector
 * width: sparse_mul_avx2.c and sparse_mul_avx512.c define VEC and its operations and include
 * it. VARIABLE TIME: loads depend on the secret positions.
 * Output bit t is bit t + d of D = a + X^N a, d = N - pos (the cyclic rotation made
 * contiguous), so the output needs no reduction. The positions are taken in eight groups by
 * r = d mod 8: with D pre-shifted by r bits, every rotation of the group is a plain unaligned
 * load at byte d / 8, i.e. one load and one XOR per vector of output, all from L1 (two
 * 2N-bit rows and the output stay below 48 KiB at every level). */
#include <string.h>

#include "params.h"
#include "zeroize.h"

#define W HQC_WORDS
#define OUT_WORDS ((W + VEC_WORDS - 1) / VEC_WORDS * VEC_WORDS)
#define BLOCK_WORDS (BLOCK_VECS * VEC_WORDS)
#define GROUP_CAP 256                                      /* positions gathered at a time */
/* Loads for output words below OUT_WORDS at byte offset d / 8 <= N / 8 stay below word
 * W + OUT_WORDS; the last vector of a row lies past D and is zero. */
#define ROW_WORDS ((W + OUT_WORDS + 2 * VEC_WORDS + VEC_WORDS - 1) / VEC_WORDS * VEC_WORDS)

_Static_assert(ROW_WORDS - VEC_WORDS >= W + OUT_WORDS, "rows cover every load");
_Static_assert(ROW_WORDS - VEC_WORDS >= 2 * W, "the last vector of a row lies past D");

/* row = a + X^N a; the top bits of a above N are dropped as the contract allows. */
static void doubled_vector(uint64_t row[ROW_WORDS], const uint64_t *a)
{
    const unsigned off = HQC_N / 64, shift = HQC_N % 64;
    memcpy(row, a, W * sizeof *a);
    row[W - 1] &= HQC_TOP_MASK;
    memset(row + W, 0, (ROW_WORDS - W) * sizeof *row);
    for (size_t i = 0; i < W; i++) {
        uint64_t v = i == W - 1 ? a[i] & HQC_TOP_MASK : a[i]; /* not row[i]: this loop writes it */
        row[off + i] ^= v << shift;
        if (shift) /* public: a property of the level */
            row[off + i + 1] ^= v >> (64 - shift);
    }
}

/* dst bit x = src bit x + r, 0 < r < 8. */
static void shifted_row(uint64_t dst[ROW_WORDS], const uint64_t src[ROW_WORDS], int r)
{
    const __m128i right = _mm_cvtsi32_si128(r), left = _mm_cvtsi32_si128(64 - r);
    for (size_t w = 0; w + VEC_WORDS < ROW_WORDS; w += VEC_WORDS) {
        VEC lo = VEC_LOAD(&src[w]);
        VEC hi = VEC_LOADU(&src[w + 1]);
        VEC_STORE(&dst[w], VEC_OR(VEC_SRL(lo, right), VEC_SLL(hi, left)));
    }
    memset(&dst[ROW_WORDS - VEC_WORDS], 0, VEC_WORDS * sizeof *dst);
}

/* out[k0 .. k0 + VEC_WORDS nvec) ^= the row read at byte offsets offs[0..n) + 8 k0. nvec is a
 * compile-time constant at every call, so the accumulators stay in registers. */
static inline void accumulate_block(uint64_t *out, const uint64_t *row, const uint32_t *offs, size_t n,
                                    size_t k0, int nvec)
{
    VEC acc[BLOCK_VECS];
    for (int b = 0; b < nvec; b++)
        acc[b] = VEC_LOAD(&out[k0 + VEC_WORDS * b]);
    for (size_t i = 0; i < n; i++) {
        const uint8_t *src = (const uint8_t *)row + offs[i] + 8 * k0;
        for (int b = 0; b < nvec; b++)
            acc[b] = VEC_XOR(acc[b], VEC_LOADU(src + 8 * VEC_WORDS * b));
    }
    for (int b = 0; b < nvec; b++)
        VEC_STORE(&out[k0 + VEC_WORDS * b], acc[b]);
}

static void accumulate(uint64_t *out, const uint64_t *row, const uint32_t *offs, size_t n)
{
    size_t k0 = 0;
    for (; k0 + BLOCK_WORDS <= OUT_WORDS; k0 += BLOCK_WORDS)
        accumulate_block(out, row, offs, n, k0, BLOCK_VECS);
    if (k0 < OUT_WORDS)
        accumulate_block(out, row, offs, n, k0, (OUT_WORDS - k0) / VEC_WORDS);
}

void SPARSE_MUL_NAME(uint64_t *o, const uint64_t *a, const uint32_t *pos, size_t weight)
{
    _Alignas(8 * VEC_WORDS) uint64_t doubled[ROW_WORDS], shifted[ROW_WORDS], out[OUT_WORDS];
    uint32_t offs[GROUP_CAP];
    doubled_vector(doubled, a);
    memset(out, 0, sizeof out);

    for (int r = 0; r < 8; r++) {
        int row_ready = r == 0;
        for (size_t start = 0; start < weight; start += GROUP_CAP) {
            size_t end = weight - start < GROUP_CAP ? weight : start + GROUP_CAP, n = 0;
            for (size_t i = start; i < end; i++) {
                uint32_t d = HQC_N - pos[i];
                if ((d & 7) == (uint32_t)r)
                    offs[n++] = d >> 3;
            }
            if (n == 0)
                continue;
            if (!row_ready) {
                shifted_row(shifted, doubled, r);
                row_ready = 1;
            }
            accumulate(out, r == 0 ? doubled : shifted, offs, n);
        }
    }

    memcpy(o, out, W * sizeof *o);
    o[W - 1] &= HQC_TOP_MASK;
    /* a (here h, s or u: public in HQC) is not wiped; the product and offsets are. */
    zeroize(out, sizeof out);
    zeroize(offs, sizeof offs);
}
