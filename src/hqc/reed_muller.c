/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* reed_muller.c: encoding and maximum-likelihood decoding of RM(1,7) repeated n2/128 times
 * (spec section "Duplicated Reed-Muller codes"). Bit p (0..127) of the codeword of symbol m is
 * m7 + <m0..m6, p> over GF(2); decoding sums the copies, takes the Walsh-Hadamard transform
 * and picks the largest magnitude (the first one on ties), its sign giving m7. */
#include "reed_muller.h"

#include "ct.h"

#define WORDS_PER_SYMBOL (2 * HQC_RM_COPIES)

/* The 64 low codeword bits: bit p set iff <m0..m5, p> + m7 = 1. Bit 6 of p selects the
 * high word, which differs by m6. */
static void encode_symbol(uint64_t out[2], uint8_t m)
{
    static const uint64_t basis[6] = {0xaaaaaaaaaaaaaaaaULL, 0xccccccccccccccccULL, 0xf0f0f0f0f0f0f0f0ULL,
                                      0xff00ff00ff00ff00ULL, 0xffff0000ffff0000ULL, 0xffffffff00000000ULL};
    uint64_t lo = 0ULL - (uint64_t)((m >> 7) & 1);
    for (int i = 0; i < 6; i++)
        lo ^= basis[i] & (0ULL - (uint64_t)((m >> i) & 1));
    out[0] = lo;
    out[1] = lo ^ (0ULL - (uint64_t)((m >> 6) & 1));
}

void rm_encode(uint64_t cdw[HQC_N1N2_WORDS], const uint8_t msg[HQC_N1])
{
    for (int i = 0; i < HQC_N1; i++) {
        uint64_t word[2];
        encode_symbol(word, msg[i]);
        for (int c = 0; c < HQC_RM_COPIES; c++) {
            cdw[i * WORDS_PER_SYMBOL + 2 * c] = word[0];
            cdw[i * WORDS_PER_SYMBOL + 2 * c + 1] = word[1];
        }
    }
}

/* In-place Walsh-Hadamard transform: t[k] = sum_p (-1)^<k,p> t[p]. */
/*@ requires \valid(t + (0 .. 127)) && \initialized(t + (0 .. 127));
    assigns t[0 .. 127] \from t[0 .. 127];
    ensures \initialized(t + (0 .. 127)); */
static void walsh_hadamard_128(int16_t t[128])
{
    /* len runs through the powers of two below 128: the butterflies of one stage pair j and
     * j + len inside blocks of 2 len that tile [0, 128). */
    /*@ loop invariant len == 1 || len == 2 || len == 4 || len == 8 || len == 16 || len == 32 ||
                       len == 64 || len == 128;
        loop invariant \initialized(t + (0 .. 127));
        loop assigns len, t[0 .. 127];
        loop variant 128 - len; */
    for (int len = 1; len < 128; len <<= 1)
        /*@ loop invariant 0 <= i <= 128 && i % (2 * len) == 0;
            loop invariant \initialized(t + (0 .. 127));
            loop assigns i, t[0 .. 127];
            loop variant 128 - i; */
        for (int i = 0; i < 128; i += 2 * len)
            /*@ loop invariant i <= j <= i + len;
                loop invariant \initialized(t + (0 .. 127));
                loop assigns j, t[0 .. 127];
                loop variant i + len - j; */
            for (int j = i; j < i + len; j++) {
                int16_t a = t[j], b = t[j + len];
                t[j] = (int16_t)(a + b);
                t[j + len] = (int16_t)(a - b);
            }
}

/* Lane i (byte i) of the result is bit i of b: copy b into every byte, keep bit i of byte i,
 * then move "non-zero" to bit 0 of the lane (adding 0x7f carries into bit 7 exactly when the
 * lane is non-zero, and never out of the lane). */
/*@ assigns \nothing; */
static uint64_t spread_bits_to_bytes(uint8_t b)
{
    uint64_t x = ((uint64_t)b * 0x0101010101010101ULL) & 0x8040201008040201ULL;
    return ((x + 0x7f7f7f7f7f7f7f7fULL) >> 7) & 0x0101010101010101ULL;
}

/*@ requires \valid_read(block + (0 .. WORDS_PER_SYMBOL - 1));
    assigns \nothing; */
static uint8_t decode_symbol(const uint64_t *block)
{
    /* Count the ones of each codeword position over the copies, eight byte counters at a
     * time (at most 5 copies, so bytes cannot overflow). */
    uint64_t counts[16] = {0};
    /*@ loop invariant 0 <= c <= HQC_RM_COPIES;
        loop assigns c, counts[0 .. 15];
        loop variant HQC_RM_COPIES - c; */
    for (int c = 0; c < HQC_RM_COPIES; c++)
        /*@ loop invariant 0 <= k <= 16;
            loop assigns k, counts[0 .. 15];
            loop variant 16 - k; */
        for (int k = 0; k < 16; k++)
            counts[k] += spread_bits_to_bytes((uint8_t)(block[2 * c + k / 8] >> (8 * (k % 8))));
    int16_t t[128];
    /*@ loop invariant 0 <= p <= 128;
        loop invariant \initialized(t + (0 .. p - 1));
        loop assigns p, t[0 .. 127];
        loop variant 128 - p; */
    for (int p = 0; p < 128; p++)
        t[p] = (int16_t)((counts[p / 8] >> (8 * (p % 8))) & 0xff);
    walsh_hadamard_128(t);
    /* The transform of bits b is 64*copies at 0 minus half that of the +-1 word (-1)^b;
     * subtracting it leaves -1/2 of the +-1 transform, so a positive peak means m7 = 1. */
    t[0] = (int16_t)(t[0] - 64 * HQC_RM_COPIES);

    uint32_t best_abs = 0, best_pos = 0, best_positive = 0;
    /*@ loop invariant 0 <= k <= 128;
        loop assigns k, best_abs, best_pos, best_positive;
        loop variant 128 - k; */
    for (uint32_t k = 0; k < 128; k++) {
        int32_t v = t[k];
        uint32_t neg = (uint32_t)(v >> 31);              /* all ones if v < 0 */
        uint32_t abs = ((uint32_t)v ^ neg) - neg;
        /* Strictly larger: the first peak wins. The barrier keeps the three selections below
         * from becoming branches (ct.h). */
        uint32_t better = ct_barrier32(ct_mask_lt32(best_abs, abs));
        best_abs = (better & abs) | (~better & best_abs);
        best_pos = (better & k) | (~better & best_pos);
        uint32_t positive = ct_mask_lt32(0, (uint32_t)v) & ~neg & 1u;
        best_positive = (better & positive) | (~better & best_positive);
    }
    return (uint8_t)(best_pos | (best_positive << 7));
}

/*@ requires \valid(msg + (0 .. HQC_N1 - 1)) && \valid_read(cdw + (0 .. HQC_N1N2_WORDS - 1));
    requires \separated(msg + (0 .. HQC_N1 - 1), cdw + (0 .. HQC_N1N2_WORDS - 1));
    assigns msg[0 .. HQC_N1 - 1]; */
void rm_decode_portable(uint8_t msg[HQC_N1], const uint64_t cdw[HQC_N1N2_WORDS])
{
    /*@ loop invariant 0 <= i <= HQC_N1;
        loop assigns i, msg[0 .. HQC_N1 - 1];
        loop variant HQC_N1 - i; */
    for (int i = 0; i < HQC_N1; i++)
        msg[i] = decode_symbol(cdw + i * WORDS_PER_SYMBOL);
}
