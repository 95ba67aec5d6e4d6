/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* sampling.c: dense and fixed-weight sampling from the XOF (spec section "Sampling":
 * SampleFixedWeightVect$ for keygen, and the rejection-free variant of Sendrier, "Secure
 * sampling of constant-weight words", eprint 2021/1631, Algorithm 5, for encryption). */
#include "sampling.h"

#include <string.h>

#include "ct.h"
#include "declassify.h"
#include "zeroize.h"

void sample_dense_from_bytes(uint64_t v[HQC_WORDS])
{
    memset((uint8_t *)v + HQC_N_BYTES, 0, HQC_WORDS * sizeof *v - HQC_N_BYTES);
    v[HQC_WORDS - 1] &= HQC_TOP_MASK;
}

/* Positions fit in 16 bits at every level, so the duplicate checks compare 16-bit copies:
 * twice as many per vector step as 32-bit ones. */
_Static_assert(HQC_N <= 65536, "positions must fit in 16 bits");

/* All ones if x equals an element of list[0, len), else 0, reading every element. The loop
 * body is branch-free arithmetic (x ^ y is nonzero exactly when the top bit of d | -d is
 * set), which compilers vectorise eight or sixteen elements a step even at the SSE2
 * baseline: the duplicate checks are the quadratic part of sampling. */
static uint32_t ct_mask_in_list(uint16_t x, const uint16_t *list, size_t len)
{
    uint16_t all_differ = 0xFFFF;
    for (size_t j = 0; j < len; j++) {
        uint16_t d = (uint16_t)(list[j] ^ x);
        all_differ &= (uint16_t)(d | (uint16_t)(0u - d));
    }
    return (uint32_t)(all_differ >> 15) - 1u;
}

/* Keygen's sampler (spec: SampleFixedWeightVect$). A draw is 3 bytes of the stream,
 * little-endian; it is discarded when it is at least the threshold or when its position (draw
 * mod n) was already kept for this vector. A draw's key is its position, or NO_POSITION (never
 * a position) if it fails the threshold: a draw is then discarded exactly when its key is
 * NO_POSITION or equals the key of an earlier draw of the same vector, since an earlier draw
 * with an equal position is either kept or a repeat of a kept one. */
#define DRAW_BYTES 3
#define NO_POSITION 0xFFFFu
_Static_assert(HQC_N < NO_POSITION, "NO_POSITION must not be a position");

/* floor(d / n) for every 24-bit d by one multiply and a shift: exact when
 * 2^s <= mu n <= 2^s + 2^(s - 24) (Granlund and Montgomery, "Division by invariant integers
 * using multiplication", PLDI 1994, Theorem 4.2), which mu = ceil(2^s / n) meets for
 * s = 24 + ceil(log2 n). No correction step, and no division instruction. */
_Static_assert(HQC_N > 16384 && HQC_N <= 65536, "ceil(log2 n) must be 15 or 16");
#define DIV_N_SHIFT (24 + (HQC_N <= 32768 ? 15 : 16))
#define DIV_N_MU ((((uint64_t)1 << DIV_N_SHIFT) + HQC_N - 1) / HQC_N)
_Static_assert(DIV_N_MU * HQC_N - ((uint64_t)1 << DIV_N_SHIFT) <= ((uint64_t)1 << (DIV_N_SHIFT - 24)),
               "the multiply-and-shift quotient must be exact on 24 bits");

static uint16_t draw_key(uint32_t draw)
{
    uint32_t q = (uint32_t)(((uint64_t)draw * DIV_N_MU) >> DIV_N_SHIFT);
    uint32_t below = ct_mask_lt32(draw, HQC_REJECT_THRESHOLD);
    return (uint16_t)(((draw - q * HQC_N) & below) | (NO_POSITION & ~below));
}

/* The draws in the head are handled BLOCK at a time: eight 16-bit keys fill one SSE2
 * register, the baseline this file is built for. */
#define BLOCK 8
_Static_assert(BLOCK * sizeof(uint16_t) == 2 * sizeof(uint64_t), "a block of discards is two words");
#define HEAD_BLOCKS ((XOF_HEAD_BYTES / DRAW_BYTES + BLOCK - 1) / BLOCK)

/* The keys of the 8 draws in bytes[0, 24), each read as a 32-bit little-endian word (the
 * library needs a little-endian host: keccak.c checks) whose top byte is dropped, so bytes[24]
 * is read too. Unaligned word loads rather than byte loads: one load per draw. */
#define BLOCK_READ (BLOCK * DRAW_BYTES + 1)
static void block_keys(uint16_t key[BLOCK], const uint8_t bytes[BLOCK_READ])
{
    for (size_t l = 0; l < BLOCK; l++) {
        uint32_t w;
        memcpy(&w, bytes + DRAW_BYTES * l, sizeof w);
        key[l] = draw_key(w & 0xFFFFFFu);
    }
}

/* before[m][l]: all ones if m < l, i.e. if a block's draw m precedes its draw l. */
static const uint16_t before[BLOCK][BLOCK] = {
    {0, 0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF},
    {0, 0, 0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF},
    {0, 0, 0, 0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF},
    {0, 0, 0, 0, 0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF},
    {0, 0, 0, 0, 0, 0xFFFF, 0xFFFF, 0xFFFF},
    {0, 0, 0, 0, 0, 0, 0xFFFF, 0xFFFF},
    {0, 0, 0, 0, 0, 0, 0, 0xFFFF},
    {0, 0, 0, 0, 0, 0, 0, 0},
};

/* All ones if a == b. Written as a comparison because vectorised it is one pcmpeqw; the
 * scalar form compilers emit is a flag-setting compare and sete, no branch. */
static uint16_t mask_eq16(uint16_t a, uint16_t b)
{
    return (uint16_t)(0u - (uint32_t)(a == b));
}

/* discard[l] = all ones if draw l of block b of the vector is discarded: its key is
 * NO_POSITION or equals the key of an earlier draw of the vector (all of blocks 0..b-1, in
 * spread, and draws 0..l-1 of block b). */
static void block_discards(uint16_t discard[BLOCK], uint16_t spread[][BLOCK], size_t b,
                           const uint16_t key[BLOCK])
{
    for (size_t m = 0; m < BLOCK; m++)
        for (size_t l = 0; l < BLOCK; l++)
            spread[b * BLOCK + m][l] = key[m];
    for (size_t l = 0; l < BLOCK; l++)
        discard[l] = mask_eq16(key[l], NO_POSITION);
    /* The triangle of comparisons: the quadratic part of sampling. Block by block so that the
     * eight comparisons of one earlier draw with the block are one vector operation. */
    for (size_t e = 0; e < b; e++)
        for (size_t m = 0; m < BLOCK; m++)
            for (size_t l = 0; l < BLOCK; l++)
                discard[l] |= mask_eq16(spread[e * BLOCK + m][l], key[l]);
    for (size_t m = 0; m < BLOCK; m++)
        for (size_t l = 0; l < BLOCK; l++)
            discard[l] |= mask_eq16(spread[b * BLOCK + m][l], key[l]) & before[m][l];
}

static size_t min_size(size_t a, size_t b)
{
    return a < b ? a : b;
}

/* How many draws of the vector's block b lie in the head, when room bytes of it are left at
 * the vector's first draw. */
static size_t head_block_draws(size_t room, size_t b)
{
    return min_size(room / DRAW_BYTES - b * BLOCK, BLOCK);
}

/* key[] = the keys of the vector's block b, whose draws lie in the head from first on (room
 * bytes of head left there): the lanes past the head hold NO_POSITION, which no draw equals
 * and which is never decided. */
static void head_block_keys(uint16_t key[BLOCK], const uint8_t *first, size_t room, size_t b)
{
    const size_t avail = head_block_draws(room, b);
    uint8_t tail[BLOCK_READ] = {0};
    const uint8_t *at = first + DRAW_BYTES * BLOCK * b;
    if (DRAW_BYTES * BLOCK * b + BLOCK_READ <= room) {
        block_keys(key, at);
        return;
    }
    memcpy(tail, at, DRAW_BYTES * avail);
    block_keys(key, tail);
    for (size_t l = avail; l < BLOCK; l++)
        key[l] = NO_POSITION;
    zeroize(tail, sizeof tail);
}

void sample_support_keygen(xof_stream *xof, uint32_t *support, size_t weight)
{
    /* spread[j]: the key of the vector's draw j in every lane; keys[b]: the keys of block b,
     * computed one block ahead where the block is sure to be needed, so that their stores
     * have left the store buffer when the block's comparisons load them as a vector. */
    _Alignas(16) uint16_t spread[HEAD_BLOCKS * BLOCK][BLOCK];
    _Alignas(16) uint16_t keys[HEAD_BLOCKS][BLOCK], discard[BLOCK];
    size_t count = 0, b = 0, ready = 0;
    /* The vector's first draw and the whole draws left in the head: the stream's position is
     * public (it follows from the public accept/reject decisions). */
    const uint8_t *first = xof->head + xof->pos;
    size_t room = XOF_HEAD_BYTES - xof->pos, in_head = room / DRAW_BYTES;
    size_t blocks = (in_head + BLOCK - 1) / BLOCK;

    for (; count < weight && b < blocks; b++) {
        size_t avail = head_block_draws(room, b);
        const uint16_t *key = keys[b];
        /* ready (b or b + 1) is the next block whose keys are not computed yet */
        if (ready == b) {
            head_block_keys(keys[b], first, room, b);
            ready++;
        }
        if (ready < blocks && weight - count > BLOCK) {
            head_block_keys(keys[ready], first, room, ready);
            ready++;
        }
        block_discards(discard, spread, b, key);
        /* Rejection sampling as the spec defines it: whether a draw is kept decides how many
         * XOF bytes are read, so each decision is made public (declassified), and only for
         * the draws this vector reads: the draws after its last kept one belong to the next
         * vector, whose decisions differ. Never an accepted position. */
        if (count + BLOCK <= weight && avail == BLOCK) {
            /* This vector keeps at least BLOCK more draws, so it reads all of this block. */
            declassify(discard, sizeof discard);
            /* Any discard in the block: two word loads rather than eight lane extractions. */
            uint64_t halves[2];
            memcpy(halves, discard, sizeof halves);
            if ((halves[0] | halves[1]) == 0) {
                for (size_t l = 0; l < BLOCK; l++)
                    support[count + l] = key[l];
                count += BLOCK;
            } else {
                for (size_t l = 0; l < BLOCK; l++) {
                    support[count] = key[l];
                    count += 1u & ~(uint32_t)discard[l];
                }
            }
            xof->pos += DRAW_BYTES * BLOCK;
        } else {
            for (size_t l = 0; l < avail && count < weight; l++) {
                xof->pos += DRAW_BYTES;
                if (declassify_u32(discard[l]))
                    continue;
                support[count++] = key[l];
            }
        }
    }
    /* The head ran out (rare: many discards): on one draw at a time from the sponge. */
    while (count < weight) {
        uint8_t bytes[DRAW_BYTES];
        xof_stream_read(xof, bytes, DRAW_BYTES);
        uint16_t k = draw_key((uint32_t)bytes[0] | ((uint32_t)bytes[1] << 8) | ((uint32_t)bytes[2] << 16));
        uint32_t drop = ct_mask_eq32(k, NO_POSITION);
        for (size_t j = 0; j < count; j++)
            drop |= ct_mask_eq32(support[j], k);
        zeroize(bytes, sizeof bytes);
        if (declassify_u32(drop))
            continue;
        support[count++] = k;
    }
    zeroize(spread, b * BLOCK * sizeof spread[0]);
    zeroize(keys, ready * sizeof keys[0]);
    zeroize(discard, sizeof discard);
}

void sample_support_encrypt(shake256_ctx *xof, uint32_t *support, size_t weight)
{
    uint8_t bytes[4 * HQC_OMEGA_R];
    uint16_t pos[HQC_OMEGA_R];
    shake256_squeeze(xof, bytes, 4 * weight);
    for (size_t i = 0; i < weight; i++) {
        uint64_t r = (uint64_t)bytes[4 * i] | ((uint64_t)bytes[4 * i + 1] << 8) |
                     ((uint64_t)bytes[4 * i + 2] << 16) | ((uint64_t)bytes[4 * i + 3] << 24);
        pos[i] = (uint16_t)(i + ((r * (HQC_N - i)) >> 32));
    }
    /* From the end: a position already taken later in the list becomes i, which no later
     * entry can hold because entry k >= i+1 lies in [k, n). */
    for (size_t i = weight - 1; i-- > 0;) {
        /* pos[i + 1] was written by the previous step: compared on its own, so no vector
         * load reads it straight from the store buffer (a store-forwarding stall). */
        uint32_t taken = ct_mask_in_list(pos[i], pos + i + 1, 1) |
                         ct_mask_in_list(pos[i], pos + i + 2, weight - 2 - i);
        pos[i] = (uint16_t)((taken & (uint32_t)i) | (~taken & pos[i]));
    }
    for (size_t i = 0; i < weight; i++)
        support[i] = pos[i];
    zeroize(bytes, sizeof bytes);
    zeroize(pos, sizeof pos);
}

void support_to_vector_portable(uint64_t v[HQC_WORDS], const uint32_t *support, size_t weight)
{
    /* Every 32-bit word is visited for every position, so the addresses touched are public.
     * 32-bit lanes (not 64) because SSE2, the baseline this file is built for, compares 32-bit
     * lanes: the inner loop then vectorises four words at a time. Little-endian: bit p of the
     * vector is bit p % 32 of 32-bit word p / 32. */
    uint32_t v32[2 * HQC_WORDS] = {0};
    for (size_t j = 0; j < weight; j++) {
        uint32_t word = support[j] >> 5;
        uint32_t bit = 1u << (support[j] & 31);
        for (uint32_t w = 0; w < 2 * HQC_WORDS; w++)
            v32[w] |= bit & ct_mask_eq32(w, word);
    }
    memcpy(v, v32, sizeof v32);
    zeroize(v32, sizeof v32);
}
