/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* sampling.c: dense and fixed-weight sampling from the XOF (spec section "Sampling":
 * SampleFixedWeightVect$ for keygen, and the rejection-free variant of Sendrier, "Secure
 * sampling of constant-weight words", eprint 2021/1631, Algorithm 5, for encryption), one
 * sampler each, specialised per dialect (dialect.h) to the way it reads the XOF stream. */
#include "sampling.h"

#include <string.h>

#include "backend.h"
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

/* How many elements of list[from, to) equal x, reading every element: a count, which compilers
 * vectorise eight or sixteen 16-bit compares a step (pcmpeqw, psubw) even at the SSE2
 * baseline: the duplicate checks are the quadratic part of sampling. The names wp_*: properties
 * that WP proves and Frama-C EVA, which runs the same code, cannot decide (docs/VERIFICATION.md). */
/*@ requires from <= to && to - from < 65536 && \valid_read(list + (from .. to - 1));
    assigns \nothing;
    ensures wp_count: \result <= to - from;
    ensures wp_none: \result == 0 <==> (\forall integer k; from <= k < to ==> list[k] != x); */
static uint32_t ct_count_in(uint16_t x, const uint16_t *list, size_t from, size_t to)
{
    uint16_t matches = 0;
    /*@ loop invariant from <= j <= to;
        loop invariant wp_count_so_far: matches <= j - from;
        loop invariant wp_none_yet: matches == 0 <==> (\forall integer k; from <= k < j ==> list[k] != x);
        loop assigns j, matches;
        loop variant to - j; */
    for (size_t j = from; j < to; j++)
        matches = (uint16_t)(matches + (list[j] == x));
    return matches;
}

/* All ones if c != 0, else 0. A multiply rather than 0 - (c != 0), because WP proves this form
 * (its Qed leaves to_uint32(-1) unsimplified); compilers emit the same negation. */
/*@ assigns \nothing;
    ensures wp_mask: \result == (c == 0 ? 0 : 0xFFFFFFFF); */
static inline uint32_t ct_mask_if_nonzero(uint32_t c)
{
    return (uint32_t)(c != 0) * 0xFFFFFFFFu;
}

/* Keygen's sampler (spec: SampleFixedWeightVect$). A draw is 3 bytes of the stream, read in
 * the dialect's byte order (dialect.h); it is discarded when it is at least the threshold or
 * when its position (draw mod n) was already kept for this vector. A draw's key is its
 * position, or NO_POSITION (never a position) if it fails the threshold: a draw is then
 * discarded exactly when its key is NO_POSITION or equals the key of an earlier draw of the same
 * vector, since an earlier draw with an equal position is either kept or a repeat of a kept one.
 * One sampler serves every dialect: the stream layout is a compile-time argument of the
 * always-inlined body, so each dialect gets its own specialised code. Proved (WP): a draw's
 * key is draw mod n below the threshold and NO_POSITION from it up (draw_key), and its discard
 * mask is zero only if its key is not NO_POSITION and no earlier row of the comparison table
 * holds it (block_discards); every key of a window is a position < n or NO_POSITION
 * (block_keys, window_block_keys); and so the weight positions a vector gets are < n and
 * pairwise distinct, in every dialect's layout (sample_keygen_layout, through sample_window's
 * bookkeeping: every kept position fills a row of the table). Not proved: that the sampler
 * ends (rejection sampling does with probability 1), and that it computes the spec's
 * positions (the KATs and the twin tests show that; docs/VERIFICATION.md). */
#define DRAW_BYTES 3
#define NO_POSITION 0xFFFFu
_Static_assert(HQC_N < NO_POSITION, "NO_POSITION must not be a position");

/* How a dialect reads the stream (the columns of dialect.h). */
typedef struct {
    int big_endian;
    size_t align;
    int chunked;
} stream_layout;

#if defined(__GNUC__) || defined(__clang__)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define ALWAYS_INLINE inline
#endif

/* floor(d / n) for every 24-bit d by one multiply and a shift: exact when
 * 2^s <= mu n <= 2^s + 2^(s - 24) (Granlund and Montgomery, "Division by invariant integers
 * using multiplication", PLDI 1994, Theorem 4.2), which mu = ceil(2^s / n) meets for
 * s = 24 + ceil(log2 n). No correction step, and no division instruction. */
_Static_assert(HQC_N > 16384 && HQC_N <= 65536, "ceil(log2 n) must be 15 or 16");
#define DIV_N_SHIFT (24 + (HQC_N <= 32768 ? 15 : 16))
#define DIV_N_MU ((((uint64_t)1 << DIV_N_SHIFT) + HQC_N - 1) / HQC_N)
_Static_assert(DIV_N_MU * HQC_N - ((uint64_t)1 << DIV_N_SHIFT) <= ((uint64_t)1 << (DIV_N_SHIFT - 24)),
               "the multiply-and-shift quotient must be exact on 24 bits");

/* mask ? a : b for an all-ones or all-zero mask, by AND and OR. */
/*@ requires mask == 0 || mask == 0xFFFFFFFF;
    assigns \nothing;
    ensures wp_select: \result == (mask == 0 ? b : a); */
static inline uint16_t ct_select16(uint32_t mask, uint16_t a, uint16_t b)
{
    return (uint16_t)((mask & a) | (~mask & b));
}

/* A 24-bit draw's key: its position draw mod n below the threshold, NO_POSITION from it up. */
/*@ requires draw < 16777216;
    assigns \nothing;
    ensures wp_key: draw < HQC_REJECT_THRESHOLD ==> \result == draw % HQC_N;
    ensures wp_reject: draw >= HQC_REJECT_THRESHOLD ==> \result == NO_POSITION; */
static uint16_t draw_key(uint32_t draw)
{
    uint32_t q = (uint32_t)(((uint64_t)draw * DIV_N_MU) >> DIV_N_SHIFT);
    /*@ assert wp_quotient: q == draw / HQC_N; */
    uint32_t rest = draw - q * HQC_N;
    /*@ assert wp_rest: rest == draw % HQC_N; */
    return ct_select16(ct_mask_lt32(draw, HQC_REJECT_THRESHOLD), (uint16_t)rest, NO_POSITION);
}

/* The draw whose bytes b0 b1 b2 are the low three bytes of the little-endian word w (the
 * library needs a little-endian host: keccak.c checks). Big-endian draws swap the outer bytes,
 * which compilers turn into a byte swap and a shift. */
/*@ assigns \nothing;
    ensures wp_draw: \result < 16777216; */
static ALWAYS_INLINE uint32_t draw_of_word(uint32_t w, int big_endian)
{
    if (big_endian) {
        /* As bytes, whose range WP's tactics then know (scripts/prove); compilers still emit a
         * byte swap and a shift. */
        const uint8_t b0 = (uint8_t)w, b1 = (uint8_t)(w >> 8), b2 = (uint8_t)(w >> 16);
        return ((uint32_t)b0 << 16) | ((uint32_t)b1 << 8) | b2;
    }
    return w & 0xFFFFFFu;
}

/* The draws in a window are handled BLOCK at a time: eight 16-bit keys fill one SSE2
 * register, the baseline this file is built for. */
#define BLOCK 8
_Static_assert(BLOCK * sizeof(uint16_t) == 2 * sizeof(uint64_t), "a block of discards is two words");
#define HEAD_BLOCKS ((XOF_HEAD_BYTES / DRAW_BYTES + BLOCK - 1) / BLOCK)
/* A chunk (chunked layouts) is weight <= omega draws. */
#define CHUNK_BLOCKS ((HQC_OMEGA_MAX + BLOCK - 1) / BLOCK)
/* The window's blocks follow the blocks of the positions kept from the vector's earlier chunks
 * (fewer than omega) in the comparison table. */
#define SPREAD_BLOCKS (HEAD_BLOCKS > 2 * CHUNK_BLOCKS ? HEAD_BLOCKS : 2 * CHUNK_BLOCKS)

/* Eight 16-bit lanes: a block's keys, or a row of the table of comparisons (row j holds one
 * draw's key, or a kept position, in every lane). A struct rather than uint16_t[BLOCK], so
 * that the tables are one-dimensional arrays of them: what WP must show of a call's or a
 * loop's writes to a table is then an interval of one index, where with two-dimensional
 * arrays it was an existential over two that no prover closed (docs/VERIFICATION.md). The
 * same bytes, and the same machine code. */
typedef struct {
    uint16_t lane[BLOCK];
} lanes16;
/* fresh(d, t, key, l, r): the discard mask d of a block's draw l is all ones or zero, and
 * zero only if its key is not NO_POSITION and no row of t before r holds it. */
/*@ predicate fresh{L}(integer d, lanes16 *t, lanes16 *key, integer l, integer r) =
      (d == 0 || d == 0xFFFF) &&
      (d == 0 ==> key->lane[l] != NO_POSITION && (\forall integer j; 0 <= j < r ==> t[j].lane[l] != key->lane[l])); */
/* A key: a position (< n) or NO_POSITION. positions(s, c): the sampler's output so far, c
 * positions < n, pairwise distinct. */
/*@ predicate key_or_none(integer k) = k < HQC_N || k == NO_POSITION;
    predicate positions{L}(uint32_t *s, integer c) =
      (\forall integer i; 0 <= i < c ==> s[i] < HQC_N) &&
      (\forall integer i, k; 0 <= i < k < c ==> s[i] != s[k]); */

/* The keys of the 8 draws in bytes[0, 24), each read as a 32-bit little-endian word whose top
 * byte is dropped, so bytes[24] is read too. Unaligned word loads rather than byte loads: one
 * load per draw. */
#define BLOCK_READ (BLOCK * DRAW_BYTES + 1)
/* The little-endian word at p, by memcpy, which compilers fold into one unaligned load before
 * they vectorise: gcc loads block_keys' eight words into one vector (from four byte loads
 * each it did not, and byte loads cost 1-2 % of keygen, docs/VERIFICATION.md). Proved in its
 * own WP unit, whose model lets the copy view the word as bytes (scripts/prove). */
/*@ requires \valid_read(p + (0 .. 3));
    assigns \nothing; */
static inline uint32_t load_word(const uint8_t *p)
{
    uint32_t w;
    memcpy(&w, p, sizeof w);
    return w;
}

/*@ requires \valid_read(bytes + (0 .. BLOCK_READ - 1)) && \valid(key);
    assigns *key;
    ensures wp_keys: \forall integer l; 0 <= l < BLOCK ==> key_or_none(key->lane[l]); */
static ALWAYS_INLINE void block_keys(lanes16 *key, const uint8_t bytes[BLOCK_READ], int big_endian)
{
    /*@ loop invariant 0 <= l <= BLOCK;
        loop invariant wp_keys_so_far: \forall integer k; 0 <= k < l ==> key_or_none(key->lane[k]);
        loop assigns l, key->lane[0 .. BLOCK - 1];
        loop variant BLOCK - l; */
    for (size_t l = 0; l < BLOCK; l++)
        key->lane[l] = draw_key(draw_of_word(load_word(bytes + DRAW_BYTES * l), big_endian));
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

/* All ones if a == b, through ct_barrier32 (ct.h): the callers OR it into a discard mask,
 * d |= m, which a compiler that sees m is 0 or all ones rewrites as m ? 0xFFFF : d, and clang 16
 * -O1 compiled that select as a branch on the comparison (block_discards). The barrier costs
 * the triangle its vector form in the portable build (a store and a load a comparison). */
/*@ assigns \nothing;
    ensures wp_eq: \result == (a == b ? 0xFFFF : 0); */
static uint16_t mask_eq16(uint16_t a, uint16_t b)
{
    return (uint16_t)ct_barrier32(0u - (uint32_t)(a == b));
}

/* before[m][l], a row of which is one vector constant, named for the proof. */
/*@ requires m < BLOCK && l < BLOCK;
    assigns \nothing;
    ensures wp_before: \result == (m < l ? 0xFFFF : 0); */
static inline uint16_t before_mask(size_t m, size_t l)
{
    return before[m][l];
}

/* discard[l] = all ones if draw l of block b of the comparison table is discarded: its key is
 * NO_POSITION or equals a key of an earlier row (all of blocks 0..b-1, in spread, and draws
 * 0..l-1 of block b). Its rows are written first: key[m] in every lane of row b BLOCK + m. */
/* Inlined (with restrict) so that the compiler sees that discard, spread and key do not
 * overlap: out of line it reloaded discard on every comparison (five times slower). The masks
 * accumulate in a local array, kept in a register like discard was (no slower, paired), which
 * WP models apart from memory: accumulated in discard, the proof's goals timed out. */
/*@ requires b < SPREAD_BLOCKS;
    requires \valid(discard + (0 .. BLOCK - 1)) && \valid(spread + (0 .. b * BLOCK + BLOCK - 1)) && \valid_read(key);
    requires \separated(discard + (0 .. BLOCK - 1), spread + (0 .. b * BLOCK + BLOCK - 1), key);
    assigns discard[0 .. BLOCK - 1], spread[b * BLOCK .. b * BLOCK + BLOCK - 1];
    ensures wp_block_rows: \forall integer j, l; b * BLOCK <= j < b * BLOCK + BLOCK && 0 <= l < BLOCK ==>
                             spread[j].lane[l] == key->lane[j - b * BLOCK];
    ensures wp_discards: \forall integer l; 0 <= l < BLOCK ==> fresh(discard[l], spread, key, l, b * BLOCK + l); */
static ALWAYS_INLINE void block_discards(uint16_t *restrict discard, lanes16 *restrict spread, size_t b,
                                         const lanes16 *restrict key)
{
    uint16_t d[BLOCK];
    /*@ loop invariant 0 <= m <= BLOCK;
        loop invariant wp_rows_so_far: \forall integer j, l; b * BLOCK <= j < b * BLOCK + m && 0 <= l < BLOCK ==>
                                         spread[j].lane[l] == key->lane[j - b * BLOCK];
        loop assigns m, spread[b * BLOCK .. b * BLOCK + BLOCK - 1];
        loop variant BLOCK - m; */
    for (size_t m = 0; m < BLOCK; m++)
        /*@ loop invariant 0 <= l <= BLOCK;
            loop invariant wp_rows_before: \forall integer j, l2; b * BLOCK <= j < b * BLOCK + m && 0 <= l2 < BLOCK ==>
                                             spread[j].lane[l2] == key->lane[j - b * BLOCK];
            loop invariant wp_row: \forall integer l2; 0 <= l2 < l ==> spread[b * BLOCK + m].lane[l2] == key->lane[m];
            loop assigns l, spread[b * BLOCK + m].lane[0 .. BLOCK - 1];
            loop variant BLOCK - l; */
        for (size_t l = 0; l < BLOCK; l++)
            spread[b * BLOCK + m].lane[l] = key->lane[m];
    /*@ loop invariant 0 <= l <= BLOCK;
        loop invariant wp_no_position: \forall integer i; 0 <= i < l ==> fresh(d[i], spread, key, i, 0);
        loop assigns l, d[0 .. BLOCK - 1];
        loop variant BLOCK - l; */
    for (size_t l = 0; l < BLOCK; l++)
        d[l] = mask_eq16(key->lane[l], NO_POSITION);
    /* The triangle of comparisons: the quadratic part of sampling. Block by block so that the
     * eight comparisons of one earlier draw with the block are one vector operation. e <= b
     * relates two variables, which EVA's intervals cannot once b spans many blocks (HQC-5):
     * WP's. */
    /*@ loop invariant wp_e_range: 0 <= e <= b;
        loop invariant wp_blocks: \forall integer i; 0 <= i < BLOCK ==> fresh(d[i], spread, key, i, e * BLOCK);
        loop assigns e, d[0 .. BLOCK - 1];
        loop variant b - e; */
    for (size_t e = 0; e < b; e++)
        /*@ loop invariant 0 <= m <= BLOCK;
            loop invariant wp_draws: \forall integer i; 0 <= i < BLOCK ==> fresh(d[i], spread, key, i, e * BLOCK + m);
            loop assigns m, d[0 .. BLOCK - 1];
            loop variant BLOCK - m; */
        for (size_t m = 0; m < BLOCK; m++)
            /*@ loop invariant 0 <= l <= BLOCK;
                loop invariant wp_lanes_done: \forall integer i; 0 <= i < l ==> fresh(d[i], spread, key, i, e * BLOCK + m + 1);
                loop invariant wp_lanes_left: \forall integer i; l <= i < BLOCK ==> fresh(d[i], spread, key, i, e * BLOCK + m);
                loop assigns l, d[0 .. BLOCK - 1];
                loop variant BLOCK - l; */
            for (size_t l = 0; l < BLOCK; l++)
                d[l] |= mask_eq16(spread[e * BLOCK + m].lane[l], key->lane[l]);
    /*@ loop invariant 0 <= m <= BLOCK;
        loop invariant wp_earlier: \forall integer i; 0 <= i < BLOCK ==> fresh(d[i], spread, key, i, b * BLOCK + (m < i ? m : i));
        loop assigns m, d[0 .. BLOCK - 1];
        loop variant BLOCK - m; */
    for (size_t m = 0; m < BLOCK; m++)
        /*@ loop invariant 0 <= l <= BLOCK;
            loop invariant wp_earlier_done: \forall integer i; 0 <= i < l ==>
                                              fresh(d[i], spread, key, i, b * BLOCK + (m + 1 < i ? m + 1 : i));
            loop invariant wp_earlier_left: \forall integer i; l <= i < BLOCK ==>
                                              fresh(d[i], spread, key, i, b * BLOCK + (m < i ? m : i));
            loop assigns l, d[0 .. BLOCK - 1];
            loop variant BLOCK - l; */
        for (size_t l = 0; l < BLOCK; l++)
            d[l] |= mask_eq16(spread[b * BLOCK + m].lane[l], key->lane[l]) & before_mask(m, l);
    /*@ loop invariant 0 <= l <= BLOCK;
        loop invariant wp_stored: \forall integer i; 0 <= i < l ==> discard[i] == d[i];
        loop assigns l, discard[0 .. BLOCK - 1];
        loop variant BLOCK - l; */
    for (size_t l = 0; l < BLOCK; l++)
        discard[l] = d[l];
}

/*@ assigns \nothing;
    ensures wp_min: \result == (a < b ? a : b); */
static size_t min_size(size_t a, size_t b)
{
    return a < b ? a : b;
}

/* How many draws of the window's block b lie in its room bytes. */
/*@ requires b * BLOCK < room / DRAW_BYTES;
    assigns \nothing;
    ensures wp_avail: 1 <= \result <= BLOCK && \result <= room / DRAW_BYTES - b * BLOCK; */
static size_t window_block_draws(size_t room, size_t b)
{
    return min_size(room / DRAW_BYTES - b * BLOCK, BLOCK);
}

/* key[] = the keys of the window's block b (window at first, room bytes readable from there):
 * the lanes past the room hold NO_POSITION, which no draw equals and which is never decided.
 * A block whose word loads would read past the room (a window's last) is copied into tail
 * first, zero-padded, byte by byte (compilers call memcpy): tail is the caller's, which wipes
 * it, since WP's typed model cannot place a wipe's bytes in an array of this function. */
/*@ requires b * BLOCK < room / DRAW_BYTES && room <= 65536;
    requires \valid_read(first + (0 .. room - 1)) && \valid(key);
    requires \valid(tail + (0 .. BLOCK_READ - 1)) && \separated(tail + (0 .. BLOCK_READ - 1), first + (0 .. room - 1));
    assigns *key, tail[0 .. BLOCK_READ - 1];
    ensures wp_keys: \forall integer l; 0 <= l < BLOCK ==> key_or_none(key->lane[l]); */
static ALWAYS_INLINE void window_block_keys(lanes16 *key, uint8_t tail[BLOCK_READ], const uint8_t *first,
                                           size_t room, size_t b, int big_endian)
{
    const size_t avail = window_block_draws(room, b);
    const uint8_t *at = first + DRAW_BYTES * BLOCK * b;
    if (DRAW_BYTES * BLOCK * b + BLOCK_READ <= room) {
        block_keys(key, at, big_endian);
        return;
    }
    /*@ loop invariant 0 <= i <= BLOCK_READ;
        loop assigns i, tail[0 .. BLOCK_READ - 1];
        loop variant BLOCK_READ - i; */
    for (size_t i = 0; i < BLOCK_READ; i++)
        tail[i] = i < DRAW_BYTES * avail ? at[i] : 0;
    block_keys(key, tail, big_endian);
    /*@ loop invariant avail <= l <= BLOCK;
        loop invariant wp_padded: \forall integer k; 0 <= k < BLOCK ==> key_or_none(key->lane[k]);
        loop assigns l, key->lane[avail .. BLOCK - 1];
        loop variant BLOCK - l; */
    for (size_t l = avail; l < BLOCK; l++)
        key->lane[l] = NO_POSITION;
}

/* Whether any of a block's discards is set: an OR of its lanes. */
/*@ requires \valid_read(d + (0 .. BLOCK - 1));
    assigns \nothing;
    ensures wp_none_set: \result == 0 ==> (\forall integer l; 0 <= l < BLOCK ==> d[l] == 0); */
static inline uint16_t any_set(const uint16_t d[BLOCK])
{
    uint16_t acc = 0;
    /*@ loop invariant 0 <= l <= BLOCK;
        loop invariant wp_none_yet: acc == 0 ==> (\forall integer k; 0 <= k < l ==> d[k] == 0);
        loop assigns l, acc;
        loop variant BLOCK - l; */
    for (size_t l = 0; l < BLOCK; l++)
        acc |= d[l];
    return acc;
}

/* For the proof, what sample_window's bookkeeping keeps true. src, a ghost array, names the
 * row of the table that each kept position fills:
 * - kept(t, s, src, c, r): each of the c kept positions s[i] fills row src[i] < r in every lane;
 * - new_keys(key, d, s, c): each draw of a block whose discard is zero has a position as key,
 *   which none of the c kept positions and none of the block's earlier keys equals (what
 *   block_discards' masks say, once the rows are known to hold the kept positions);
 * - from_block(s, src, key, c0, c, r, m): the positions c0 .. c - 1 are keys of the block
 *   whose rows start at r, of its draws before m, each named by src;
 * - block_ready: what each way of keeping a block's draws starts from (the kept positions and
 *   the table so far, the block's rows from r, new_keys). */
/*@ predicate kept{L}(lanes16 *t, uint32_t *s, size_t *src, integer c, integer r) =
      \forall integer i; 0 <= i < c ==>
        0 <= src[i] < r && (\forall integer l; 0 <= l < BLOCK ==> t[src[i]].lane[l] == s[i]);
    predicate block_rows{L}(lanes16 *t, lanes16 *key, integer r) =
      \forall integer j, l; r <= j < r + BLOCK && 0 <= l < BLOCK ==> t[j].lane[l] == key->lane[j - r];
    predicate new_keys{L}(lanes16 *key, uint16_t *d, uint32_t *s, integer c) =
      \forall integer l; 0 <= l < BLOCK ==> (d[l] == 0 || d[l] == 0xFFFF) &&
        (d[l] == 0 ==> key->lane[l] < HQC_N && (\forall integer i; 0 <= i < c ==> s[i] != key->lane[l]) &&
                       (\forall integer m; 0 <= m < l ==> key->lane[m] != key->lane[l]));
    predicate from_block{L}(uint32_t *s, size_t *src, lanes16 *key, integer c0, integer c, integer r, integer m) =
      \forall integer i; c0 <= i < c ==> r <= src[i] < r + m && s[i] == key->lane[src[i] - r];
    predicate block_ready{L}(lanes16 *t, lanes16 *key, uint16_t *d, uint32_t *s, size_t *src, integer c, integer r) =
      r <= SPREAD_BLOCKS * BLOCK && positions(s, c) && new_keys(key, d, s, c) && kept(t, s, src, c, r) &&
      block_rows(t, key, r); */

/* What a block's discard masks say (block_discards' wp_discards), once the table's rows are
 * known to hold the kept positions and the block's keys: a ghost function (no code), whose
 * contract WP proves, used where sample_window needs it. */
/*@ ghost
  /@ requires wp_masks: kept(t, s, src, c, r) && block_rows(t, key, r) &&
                        (\forall integer l; 0 <= l < BLOCK ==> fresh(d[l], t, key, l, r + l) && key_or_none(key->lane[l]));
     assigns \nothing;
     ensures wp_fresh_keys: new_keys(key, d, s, c); @/
  static void fresh_keys(const lanes16 *t, const lanes16 *key, const uint16_t *d, const uint32_t *s,
                         size_t \ghost *src, size_t c, size_t r)
  {
    /@ loop invariant 0 <= l <= BLOCK;
       loop invariant wp_fresh_done: \forall integer k, i; 0 <= k < l && 0 <= i < c ==> d[k] == 0 ==>
                                       s[i] != key->lane[k];
       loop assigns l;
       loop variant BLOCK - l; @/
    for (size_t l = 0; l < BLOCK; l++) {
      /@ loop invariant wp_fresh_count: 0 <= i <= c;
         loop invariant wp_fresh_lane: \forall integer i2; 0 <= i2 < i ==> d[l] == 0 ==> s[i2] != key->lane[l];
         loop assigns i;
         loop variant c - i; @/
      for (size_t i = 0; i < c; i++) {
        /@ assert wp_fresh_row: t[src[i]].lane[l] == s[i] && 0 <= src[i] < r + l; @/
        /@ assert wp_fresh_one: d[l] == 0 ==> t[src[i]].lane[l] != key->lane[l]; @/
      }
    }
    /@ assert wp_fresh_range: \forall integer l; 0 <= l < BLOCK ==> d[l] == 0 ==> key->lane[l] < HQC_N; @/
    /@ assert wp_fresh_block: \forall integer l, m; 0 <= m < l < BLOCK ==> d[l] == 0 ==>
                               t[r + m].lane[l] == key->lane[m]; @/
    /@ assert wp_fresh_masks: \forall integer l; 0 <= l < BLOCK ==> d[l] == 0 || d[l] == 0xFFFF; @/
    /@ assert wp_fresh_apart: \forall integer l, m; 0 <= m < l < BLOCK ==> d[l] == 0 ==>
                               key->lane[m] != key->lane[l]; @/
  }
*/

/* The rows of the positions kept before a window (support[0, count)), in pre whole blocks,
 * padded with NO_POSITION, which only matches draws that are discarded anyway. */
/*@ requires wp_pre: count <= HQC_OMEGA_MAX && pre == (count + BLOCK - 1) / BLOCK;
    requires \valid(spread + (0 .. pre * BLOCK - 1)) && \valid_read(support + (0 .. count - 1));
    requires \valid(src + (0 .. count - 1));
    requires \separated(spread + (0 .. pre * BLOCK - 1), support + (0 .. count - 1), src + (0 .. count - 1));
    requires wp_positions: positions(support, count);
    assigns spread[0 .. pre * BLOCK - 1], src[0 .. count - 1];
    ensures wp_kept_rows: kept(spread, support, src, count, pre * BLOCK); */
static ALWAYS_INLINE void kept_rows(lanes16 *restrict spread, const uint32_t *restrict support, size_t count,
                                    size_t pre) /*@ ghost (size_t \ghost *src) */
{
    /*@ loop invariant wp_rows_done: 0 <= j <= pre * BLOCK;
        loop invariant wp_rows_so_far: \forall integer i, l; 0 <= i < j && i < count && 0 <= l < BLOCK ==>
                                         spread[i].lane[l] == support[i];
        loop invariant wp_src_so_far: \forall integer i; 0 <= i < j && i < count ==> src[i] == i;
        loop assigns j, spread[0 .. pre * BLOCK - 1], src[0 .. count - 1];
        loop variant pre * BLOCK - j; */
    for (size_t j = 0; j < pre * BLOCK; j++) {
        /*@ loop invariant 0 <= l <= BLOCK;
            loop invariant wp_rows_before: \forall integer i, l2; 0 <= i < j && i < count && 0 <= l2 < BLOCK ==>
                                             spread[i].lane[l2] == support[i];
            loop invariant wp_lanes: j < count ==> (\forall integer l2; 0 <= l2 < l ==> spread[j].lane[l2] == support[j]);
            loop assigns l, spread[j].lane[0 .. BLOCK - 1];
            loop variant BLOCK - l; */
        for (size_t l = 0; l < BLOCK; l++)
            spread[j].lane[l] = j < count ? (uint16_t)support[j] : NO_POSITION;
        /*@ ghost if (j < count) src[j] = j; */
    }
}

/* The three ways a block's draws are kept (sample_window), each with the positions it keeps
 * named in src (their rows start at row). All of them (no discard): */
/*@ requires count + BLOCK <= weight <= HQC_OMEGA_MAX;
    requires \valid(support + (0 .. weight - 1)) && \valid(src + (0 .. weight - 1));
    requires \valid_read(key) && \valid_read(discard + (0 .. BLOCK - 1));
    requires \separated(support + (0 .. weight - 1), src + (0 .. weight - 1), key,
                        discard + (0 .. BLOCK - 1));
    requires wp_ready: block_ready(t, key, discard, support, src, count, row);
    requires wp_none: \forall integer l; 0 <= l < BLOCK ==> discard[l] == 0;
    assigns support[count .. count + BLOCK - 1], src[count .. count + BLOCK - 1];
    ensures wp_positions: positions(support, \result) && \result == count + BLOCK;
    ensures wp_from: from_block(support, src, key, count, \result, row, BLOCK);
    ensures wp_kept_next: kept(t, support, src, \result, row + BLOCK); */
static ALWAYS_INLINE size_t keep_all(uint32_t *restrict support, size_t count, size_t weight, const lanes16 *key,
                                     const uint16_t *discard) /*@ ghost (lanes16 *t, size_t \ghost *src, size_t row) */
{
    (void)weight, (void)discard; /* the contract's */
    /*@ loop invariant 0 <= l <= BLOCK;
        loop invariant wp_all_positions: positions(support, count + l);
        loop invariant wp_all_from: from_block(support, src, key, count, count + l, row, l);
        loop assigns l, support[count .. count + BLOCK - 1], src[count .. count + BLOCK - 1];
        loop variant BLOCK - l; */
    for (size_t l = 0; l < BLOCK; l++) {
        /*@ assert wp_lane_new: key->lane[l] < HQC_N &&
                                  (\forall integer i; 0 <= i < count + l ==> support[i] != key->lane[l]); */
        support[count + l] = key->lane[l];
        /*@ ghost src[count + l] = row + l; */
        /*@ assert wp_lane_kept: positions(support, count + l + 1); */
    }
    /*@ assert wp_kept_old: kept(t, support, src, count, row); */
    return count + BLOCK;
}

/* 1 if a discard mask (all ones or zero) is zero, else 0: its complement's low bit. */
/*@ requires d == 0 || d == 0xFFFF;
    assigns \nothing;
    ensures wp_kept_bit: \result == (d == 0 ? 1 : 0); */
static inline uint32_t kept_bit(uint16_t d)
{
    return 1u & ~(uint32_t)d;
}

/* Those whose discard is zero, all stored, the count moved on past each kept one. */
/*@ requires count + BLOCK <= weight <= HQC_OMEGA_MAX;
    requires \valid(support + (0 .. weight - 1)) && \valid(src + (0 .. weight - 1));
    requires \valid_read(key) && \valid_read(discard + (0 .. BLOCK - 1));
    requires \separated(support + (0 .. weight - 1), src + (0 .. weight - 1), key,
                        discard + (0 .. BLOCK - 1));
    requires wp_ready: block_ready(t, key, discard, support, src, count, row);
    assigns support[count .. count + BLOCK - 1], src[count .. count + BLOCK - 1];
    ensures wp_positions: positions(support, \result) && count <= \result <= count + BLOCK;
    ensures wp_from: from_block(support, src, key, count, \result, row, BLOCK);
    ensures wp_kept_next: kept(t, support, src, \result, row + BLOCK); */
static ALWAYS_INLINE size_t keep_masked(uint32_t *restrict support, size_t count, size_t weight, const lanes16 *key,
                                        const uint16_t *discard) /*@ ghost (lanes16 *t, size_t \ghost *src, size_t row) */
{
    size_t c = count;
    (void)weight; /* the contract's */
    /*@ loop invariant wp_masked_count: 0 <= l <= BLOCK && count <= c <= count + l;
        loop invariant wp_some_positions: positions(support, c);
        loop invariant wp_some_from: from_block(support, src, key, count, c, row, l);
        loop assigns l, c, support[count .. count + BLOCK - 1], src[count .. count + BLOCK - 1];
        loop variant BLOCK - l; */
    for (size_t l = 0; l < BLOCK; l++) {
        /*@ assert wp_lane_new: discard[l] == 0 ==> key->lane[l] < HQC_N &&
                                  (\forall integer i; 0 <= i < c ==> support[i] != key->lane[l]); */
        support[c] = key->lane[l];
        /*@ ghost src[c] = row + l; */
        /*@ assert wp_lane_kept: discard[l] == 0 ==> positions(support, c + 1); */
        c += kept_bit(discard[l]);
    }
    /*@ assert wp_kept_old: kept(t, support, src, count, row); */
    return c;
}

/* A block this vector may not read to its end: draw by draw, each decision declassified, up
 * to the one that completes the vector; *used counts the draws read. */
/*@ requires count < weight <= HQC_OMEGA_MAX && 1 <= avail <= BLOCK;
    requires \valid(support + (0 .. weight - 1)) && \valid(src + (0 .. weight - 1)) && \valid(used);
    requires \valid_read(key) && \valid_read(discard + (0 .. BLOCK - 1));
    requires \separated(support + (0 .. weight - 1), src + (0 .. weight - 1), key,
                        discard + (0 .. BLOCK - 1), used);
    requires wp_ready: block_ready(t, key, discard, support, src, count, row);
    requires *used <= 65536;
    assigns support[count .. weight - 1], src[count .. weight - 1], *used;
    ensures wp_positions: positions(support, \result) && count <= \result <= weight;
    ensures wp_from: from_block(support, src, key, count, \result, row, BLOCK);
    ensures wp_kept_next: kept(t, support, src, \result, row + BLOCK);
    ensures wp_read: \old(*used) <= *used <= \old(*used) + avail; */
static ALWAYS_INLINE size_t keep_some(uint32_t *restrict support, size_t count, size_t weight, const lanes16 *key,
                                      const uint16_t *discard, size_t avail,
                                      size_t *restrict used) /*@ ghost (lanes16 *t, size_t \ghost *src, size_t row) */
{
    size_t c = count, l = 0;
    /*@ loop invariant wp_some_count: 0 <= l <= avail && count <= c <= weight && c <= count + l;
        loop invariant wp_some_positions: positions(support, c);
        loop invariant wp_some_from: from_block(support, src, key, count, c, row, l);
        loop assigns l, c, support[count .. weight - 1], src[count .. weight - 1];
        loop variant avail - l; */
    for (; l < avail && c < weight; l++) {
        if (declassify_u32(discard[l]))
            continue;
        /*@ ghost src[c] = row + l; */
        support[c++] = key->lane[l];
    }
    *used += l;
    /*@ assert wp_kept_old: kept(t, support, src, count, row); */
    return c;
}

/* The table of comparisons of one window: its blocks follow pre blocks that hold the vector's
 * positions kept before the window. Separate local arrays, not one struct: the compiler then
 * knows they do not overlap and keeps a block's discards in a register through the triangle
 * (as fields of one struct the sampler took 1.5 times as long). discard is not restrict: it
 * is declassified in memory (valgrind's client request) and read back after that. keys and
 * tail hold secrets: the caller wipes them, with the table's rows up to *rows. */
#define SCRATCH_ARGS                                                                                  \
    lanes16 *restrict spread, lanes16 *restrict keys, uint16_t *discard, uint8_t *restrict tail, \
        size_t *restrict rows
#define SCRATCH spread, keys, discard, tail, &rows

/* Samples the vector on from the whole draws of the window at first (room bytes readable from
 * there), *count_io positions being kept already (support[0, *count_io): rows of the table
 * before the window's). Returns the number of draws it read: up to and including the one that
 * completes the vector, or all of the window. Proved (WP): the kept positions stay < n and
 * pairwise distinct: a draw is kept only if its discard mask is zero, so (block_discards) its
 * key is a position that no earlier row holds, and every kept position fills such a row. */
/*@ requires 1 <= weight <= HQC_OMEGA_MAX && *count_io <= weight && room <= 65536;
    requires (room / DRAW_BYTES + BLOCK - 1) / BLOCK <= HEAD_BLOCKS;
    requires (*count_io + BLOCK - 1) / BLOCK + (room / DRAW_BYTES + BLOCK - 1) / BLOCK <= SPREAD_BLOCKS;
    requires \valid_read(first + (0 .. room - 1));
    requires \valid(spread + (0 .. SPREAD_BLOCKS * BLOCK - 1)) && \valid(keys + (0 .. HEAD_BLOCKS - 1));
    requires \valid(discard + (0 .. BLOCK - 1)) && \valid(tail + (0 .. BLOCK_READ - 1));
    requires \valid(rows) && \valid(count_io) && \valid(support + (0 .. weight - 1));
    requires \separated(spread + (0 .. SPREAD_BLOCKS * BLOCK - 1), keys + (0 .. HEAD_BLOCKS - 1),
                        discard + (0 .. BLOCK - 1), tail + (0 .. BLOCK_READ - 1), rows, count_io,
                        support + (0 .. weight - 1), first + (0 .. room - 1));
    requires wp_kept_before: positions(support, *count_io);
    assigns spread[0 .. SPREAD_BLOCKS * BLOCK - 1], keys[0 .. HEAD_BLOCKS - 1],
            discard[0 .. BLOCK - 1], tail[0 .. BLOCK_READ - 1], *rows, *count_io, support[0 .. weight - 1];
    ensures wp_window: \old(*count_io) <= *count_io <= weight && positions(support, *count_io);
    ensures wp_used: \result <= room / DRAW_BYTES; */
static ALWAYS_INLINE size_t sample_window(SCRATCH_ARGS, const uint8_t *first, size_t room, int big_endian,
                                          uint32_t *restrict support, size_t *restrict count_io, size_t weight)
{
    size_t count = *count_io, b = 0, ready = 0, used = 0;
    const size_t draws = room / DRAW_BYTES, blocks = (draws + BLOCK - 1) / BLOCK;
    const size_t pre = (count + BLOCK - 1) / BLOCK;
    /*@ ghost size_t src[HQC_OMEGA_MAX]; */
    kept_rows(spread, support, count, pre) /*@ ghost (src) */;

    /*@ loop invariant wp_more: \at(*count_io, Pre) <= count <= weight;
        loop invariant wp_blocks: 0 <= b <= blocks && b <= ready <= b + 1 && ready <= blocks;
        loop invariant wp_used_so_far: used <= b * BLOCK && used <= draws;
        loop invariant wp_ready: \forall integer c, l; 0 <= c < ready && 0 <= l < BLOCK ==> key_or_none(keys[c].lane[l]);
        loop invariant wp_kept: positions(support, count) && kept(spread, support, &src[0], count, (pre + b) * BLOCK);
        loop assigns b, ready, used, count, keys[0 .. HEAD_BLOCKS - 1], discard[0 .. BLOCK - 1],
                     tail[0 .. BLOCK_READ - 1], spread[0 .. SPREAD_BLOCKS * BLOCK - 1],
                     support[0 .. weight - 1], src[0 .. HQC_OMEGA_MAX - 1];
        loop variant blocks - b; */
    for (; count < weight && b < blocks; b++) {
        const size_t avail = window_block_draws(room, b);
        const lanes16 *key = &keys[b];
        /* keys of the block b, and of the next one where it is sure to be needed: computed one
         * block ahead, their stores have left the store buffer when the comparisons load them
         * as a vector. ready (b or b + 1) is the next block whose keys are not computed yet. */
        if (ready == b) {
            window_block_keys(&keys[b], tail, first, room, b, big_endian);
            ready++;
        }
        if (ready < blocks && weight - count > BLOCK) {
            window_block_keys(&keys[ready], tail, first, room, ready, big_endian);
            ready++;
        }
        /*@ assert wp_ready_keys: \forall integer c, l; 0 <= c < ready && 0 <= l < BLOCK ==> key_or_none(keys[c].lane[l]); */
        block_discards(discard, spread, pre + b, key);
        /*@ assert wp_ready_still: \forall integer c, l; 0 <= c < ready && 0 <= l < BLOCK ==> key_or_none(keys[c].lane[l]); */
        /*@ assert wp_kept_now: kept(spread, support, &src[0], count, (pre + b) * BLOCK); */
        /*@ assert wp_rows_now: block_rows(spread, key, (pre + b) * BLOCK); */
        /*@ ghost fresh_keys(spread, key, discard, support, src, count, (pre + b) * BLOCK); */
        /* Rejection sampling as the spec defines it: whether a draw is kept decides how many
         * XOF bytes are read, so each decision is made public (declassified), and only for
         * the draws this vector reads: the draws after its last kept one belong to the next
         * vector (or to no one), whose decisions differ. Never an accepted position. */
        if (count + BLOCK <= weight && avail == BLOCK) {
            /* This vector keeps at least BLOCK more draws, so it reads all of this block. */
            declassify(discard, BLOCK * sizeof *discard);
            if (any_set(discard) == 0)
                count = keep_all(support, count, weight, key, discard) /*@ ghost (spread, src, (pre + b) * BLOCK) */;
            else
                count = keep_masked(support, count, weight, key, discard) /*@ ghost (spread, src, (pre + b) * BLOCK) */;
            used += BLOCK;
        } else {
            count = keep_some(support, count, weight, key, discard, avail, &used) /*@ ghost (spread, src, (pre + b) * BLOCK) */;
        }
        /*@ assert wp_next: kept(spread, support, &src[0], count, (pre + b) * BLOCK + BLOCK); */
    }
    *rows = (pre + b) * BLOCK > *rows ? (pre + b) * BLOCK : *rows;
    *count_io = count;
    return used;
}

/* Skips the (-len mod align) bytes an aligned read of len bytes leaves, reading them into junk
 * (the caller's, which wipes it). */
/*@ requires 1 <= align <= 8 && \valid(xof) && xof->pos <= XOF_HEAD_BYTES;
    requires \valid(junk + (0 .. 7)) && \separated(xof, junk + (0 .. 7));
    assigns xof->pos, xof->rest, junk[0 .. 7];
    ensures xof->pos <= XOF_HEAD_BYTES; */
static ALWAYS_INLINE void skip_to_alignment(xof_stream *xof, uint8_t junk[8], size_t len, size_t align)
{
    size_t pad = (align - len % align) % align;
    if (pad != 0)
        xof_stream_read(xof, junk, pad);
}

/* Proved (WP): the weight positions are < n and pairwise distinct, so the vector has exactly
 * weight ones. The loops that read past the head have no variant: rejection sampling ends
 * with probability 1, not within a bound. */
/*@ requires 1 <= weight <= HQC_OMEGA_MAX && 1 <= layout.align <= 8;
    requires \valid(xof) && xof->pos <= XOF_HEAD_BYTES && \valid(support + (0 .. weight - 1));
    requires \separated(xof, support + (0 .. weight - 1));
    ensures wp_sampled: positions(support, weight); */
static ALWAYS_INLINE void sample_keygen_layout(const stream_layout layout, xof_stream *xof, uint32_t *support,
                                               size_t weight)
{
    /* spread: the window's table (kept positions, then draws, each in every lane); keys: the
     * keys of the window's blocks. They and support start zeroed (2.8 KB at HQC-1, 5.4 KB at
     * HQC-5, once a vector) so that every read of them is of initialised memory whatever
     * Frama-C EVA can follow of which rows, blocks and entries the windows have filled
     * (docs/VERIFICATION.md, "What is proven"). */
    _Alignas(16) lanes16 spread[SPREAD_BLOCKS * BLOCK] = {0};
    _Alignas(16) lanes16 keys[HEAD_BLOCKS] = {0};
    _Alignas(16) uint16_t discard[BLOCK];
    uint8_t junk[8], tail[BLOCK_READ];
    size_t count = 0, rows = 0;
    /* A loop, not memset, for WP, whose typed model cannot place memset's bytes; compilers
     * emit the same call. */
    /*@ loop invariant 0 <= i <= weight;
        loop assigns i, support[0 .. weight - 1];
        loop variant weight - i; */
    for (size_t i = 0; i < weight; i++)
        support[i] = 0;
    if (layout.chunked) {
        /* Whole chunks of weight draws, each one aligned read; the stream's position is public
         * (it follows from the public accept/reject decisions). A chunk in the head is read
         * in place; one that runs past it is copied out (xof_stream_read). */
        uint8_t chunk[DRAW_BYTES * HQC_OMEGA_MAX];
        const size_t len = DRAW_BYTES * weight;
        int copied = 0;
        /*@ loop invariant wp_chunks: count <= weight && positions(support, count);
            loop invariant xof->pos <= XOF_HEAD_BYTES;
            loop assigns count, rows, copied, xof->pos, xof->rest, chunk[0 .. DRAW_BYTES * HQC_OMEGA_MAX - 1],
                         junk[0 .. 7], tail[0 .. BLOCK_READ - 1], spread[0 .. SPREAD_BLOCKS * BLOCK - 1],
                         keys[0 .. HEAD_BLOCKS - 1], discard[0 .. BLOCK - 1], support[0 .. weight - 1]; */
        while (count < weight) {
            const uint8_t *first;
            if (xof->pos + len <= XOF_HEAD_BYTES) {
                /* The address taken after the test, which bounds pos for Frama-C EVA: taken
                 * before it, EVA cannot narrow it, and found reads past the head at HQC-3. */
                first = xof->head + xof->pos;
                xof->pos += len;
            } else {
                xof_stream_read(xof, chunk, len);
                first = chunk;
                copied = 1;
            }
            skip_to_alignment(xof, junk, len, layout.align);
            sample_window(SCRATCH, first, len, layout.big_endian, support, &count, weight);
        }
        if (copied)
            zeroize(chunk, sizeof chunk);
    } else {
        /* The draws left in the head, then (rare: many discards) one draw at a time from the
         * sponge, each read aligned. */
        size_t used;
        uint8_t bytes[sizeof(uint32_t)] = {0};
        /* For Frama-C EVA: the window analysed once per stream position (a known room), so
         * that used <= room / DRAW_BYTES keeps the new position in the head. */
        /*@ split xof->pos; */
        used = sample_window(SCRATCH, xof->head + xof->pos, XOF_HEAD_BYTES - xof->pos, layout.big_endian,
                             support, &count, weight);
        xof->pos += DRAW_BYTES * used;
        /*@ merge xof->pos; */
        /*@ loop invariant wp_draws: count <= weight && positions(support, count);
            loop invariant xof->pos <= XOF_HEAD_BYTES;
            loop assigns count, xof->pos, xof->rest, bytes[0 .. DRAW_BYTES - 1], junk[0 .. 7],
                         support[0 .. weight - 1]; */
        while (count < weight) {
            xof_stream_read(xof, bytes, DRAW_BYTES);
            skip_to_alignment(xof, junk, DRAW_BYTES, layout.align);
            uint16_t k = draw_key(draw_of_word(load_word(bytes), layout.big_endian));
            uint16_t drop = mask_eq16(k, NO_POSITION);
            /*@ loop invariant wp_drop_count: 0 <= j <= count;
                loop invariant wp_drop: drop == 0 || drop == 0xFFFF;
                loop invariant wp_new_draw: drop == 0 ==> k != NO_POSITION && (\forall integer i; 0 <= i < j ==> support[i] != k);
                loop assigns j, drop;
                loop variant count - j; */
            for (size_t j = 0; j < count; j++)
                drop |= mask_eq16((uint16_t)support[j], k);
            if (declassify_u32(drop))
                continue;
            support[count++] = k;
        }
        zeroize(bytes, sizeof bytes);
    }
    zeroize(spread, rows * sizeof spread[0]);
    /* The windows computed the keys of blocks 0 .. b at most, b <= rows / BLOCK (rows counts the
     * table's rows, which a window's blocks follow). */
    zeroize(keys, min_size(rows / BLOCK + 1, HEAD_BLOCKS) * sizeof keys[0]);
    zeroize(discard, sizeof discard);
    zeroize(junk, sizeof junk);
    zeroize(tail, sizeof tail);
}

/* r, the little-endian 32-bit word at b. */
/*@ requires \valid_read(b + (0 .. 3));
    assigns \nothing;
    ensures wp_word: \result < 4294967296; */
static inline uint64_t load_le32(const uint8_t *b)
{
    return (uint64_t)b[0] | ((uint64_t)b[1] << 8) | ((uint64_t)b[2] << 16) | ((uint64_t)b[3] << 24);
}

/* Position i of Algorithm 5: i + floor(r (n - i) / 2^32), in [i, n) for every 32-bit r. */
/*@ requires r < 4294967296 && i < HQC_N;
    assigns \nothing;
    ensures wp_range: i <= \result < HQC_N; */
static inline uint16_t scaled_position(uint64_t r, size_t i)
{
    return (uint16_t)(i + ((r * (HQC_N - i)) >> 32));
}

/* Encryption's sampler (Sendrier's Algorithm 5) after its read: position i is
 * i + floor(r_i * (n - i) / 2^32), and a repeated position is replaced by i. Proved (WP): the
 * weight positions are < n and pairwise distinct: weight distinct coordinates of the vector. */
/*@ requires 2 <= weight <= HQC_WEIGHT_MAX;
    requires \valid_read(bytes + (0 .. 4 * weight - 1)) && \valid(support + (0 .. weight - 1));
    requires \separated(bytes + (0 .. 4 * weight - 1), support + (0 .. weight - 1));
    ensures wp_in_range: \forall integer k; 0 <= k < weight ==> support[k] < HQC_N;
    ensures wp_distinct: \forall integer k, l; 0 <= k < l < weight ==> support[k] != support[l]; */
void sample_encrypt_from_draws(uint32_t *support, const uint8_t *bytes, size_t weight)
{
    uint16_t pos[HQC_WEIGHT_MAX];
    /*@ loop invariant 0 <= i <= weight;
        loop invariant wp_drawn: \forall integer k; 0 <= k < i ==> k <= pos[k] < HQC_N;
        loop assigns i, pos[0 .. weight - 1];
        loop variant weight - i; */
    for (size_t i = 0; i < weight; i++)
        pos[i] = scaled_position(load_le32(bytes + 4 * i), i);
    /* From the end: a position already taken later in the list becomes i, which no later
     * entry can hold because entry k >= i+1 lies in [k, n). */
    /*@ loop invariant 0 <= i <= weight - 1;
        loop invariant wp_ranges: \forall integer k; 0 <= k < weight ==> k <= pos[k] < HQC_N;
        loop invariant wp_apart: \forall integer k, l; i <= k < l < weight ==> pos[k] != pos[l];
        loop assigns i, pos[0 .. weight - 2];
        loop variant i; */
    for (size_t i = weight - 1; i-- > 0;) {
        /* pos[i + 1] was written by the previous step: compared on its own, so no vector
         * load reads it straight from the store buffer (a store-forwarding stall). */
        uint32_t next = ct_count_in(pos[i], pos, i + 1, i + 2);
        uint32_t later = ct_count_in(pos[i], pos, i + 2, weight);
        uint32_t taken = ct_barrier32(ct_mask_if_nonzero(next + later));
        //@ assert wp_both: taken == 0 ==> next == 0 && later == 0;
        /*@ assert wp_taken: taken == 0 ==> (\forall integer l; i < l < weight ==> pos[l] != pos[i]); */
        pos[i] = ct_select16(taken, (uint16_t)i, pos[i]);
        /*@ assert wp_fresh: \forall integer l; i < l < weight ==> pos[l] != pos[i]; */
    }
    /*@ loop invariant 0 <= i <= weight;
        loop invariant wp_copied: \forall integer k; 0 <= k < i ==> support[k] == pos[k];
        loop assigns i, support[0 .. weight - 1];
        loop variant weight - i; */
    for (size_t i = 0; i < weight; i++)
        support[i] = pos[i];
    zeroize(pos, sizeof pos);
}

/* Its read: one squeeze of 4 weight bytes, padded to the dialect's alignment. */
#define ENCRYPT_DRAW_BYTES HQC_ENCRYPT_STRIDE_MAX
/*@ requires 2 <= weight <= HQC_WEIGHT_MAX && 1 <= layout.align <= 8;
    requires \valid(xof) && \valid(bytes + (0 .. ENCRYPT_DRAW_BYTES - 1));
    requires \separated(xof, bytes + (0 .. ENCRYPT_DRAW_BYTES - 1));
    assigns *xof, bytes[0 .. ENCRYPT_DRAW_BYTES - 1]; */
static ALWAYS_INLINE void encrypt_draws(const stream_layout layout, shake256_ctx *xof,
                                        uint8_t bytes[ENCRYPT_DRAW_BYTES], size_t weight)
{
    const size_t len = 4 * weight, pad = (layout.align - len % layout.align) % layout.align;
    shake256_squeeze(xof, bytes, len + pad);
}

/* The portable sampler: the read, then the proved positions above. */
/*@ requires 2 <= weight <= HQC_WEIGHT_MAX && 1 <= layout.align <= 8;
    requires \valid(xof) && \valid(support + (0 .. weight - 1)) && \separated(xof, support + (0 .. weight - 1)); */
static ALWAYS_INLINE void sample_encrypt_layout(const stream_layout layout, shake256_ctx *xof, uint32_t *support,
                                                size_t weight)
{
    uint8_t bytes[ENCRYPT_DRAW_BYTES];
    encrypt_draws(layout, xof, bytes, weight);
    sample_encrypt_from_draws(support, bytes, weight);
    zeroize(bytes, sizeof bytes);
}

/* With a backend whose fixed_weight kernel computes the same positions (backend.h; its twin
 * tests hold it to sample_encrypt_from_draws). */
static ALWAYS_INLINE void sample_encrypt_kernel(const stream_layout layout, shake256_ctx *xof, uint32_t *support,
                                                size_t weight, const hqc_backend *be)
{
    uint8_t bytes[ENCRYPT_DRAW_BYTES];
    encrypt_draws(layout, xof, bytes, weight);
    be->fixed_weight(support, bytes, weight);
    zeroize(bytes, sizeof bytes);
}

void sample_encrypt_positions(uint32_t *support, const uint8_t *bytes, size_t weight, const hqc_backend *be)
{
    if (be->fixed_weight != NULL)
        be->fixed_weight(support, bytes, weight);
    else
        sample_encrypt_from_draws(support, bytes, weight);
}

/* Per dialect: its two samplers, specialised to its layout, and its table (dialect.h). */
#define RESOLVE_DOMAIN(b) ((b) == HQC_DOMAIN_K ? HQC_K : (b))
#define HQC_DIALECT_SAMPLERS(id, name_, big_endian_, align_, chunked_, kem_domain_, xof_domain_, sk_seed_, \
                             field_, rm_order_, omega_, omega_r_, ...)                                    \
    _Static_assert((omega_) <= HQC_OMEGA_MAX && (omega_r_) <= HQC_WEIGHT_MAX && (omega_) <= (omega_r_),   \
                   "a dialect's weights must fit HQC_OMEGA_MAX and HQC_WEIGHT_MAX");                      \
    _Static_assert((field_) == 0x11D || (field_) == 0x11B, "the RS field is mod 0x11D or 0x11B");         \
    static const stream_layout HQC_CAT(layout_, id) = {big_endian_, align_, chunked_};              \
    void HQC_DIALECT_NS(id, sample_keygen)(xof_stream * xof, uint32_t * support, size_t weight) \
    {                                                                                                \
        sample_keygen_layout(HQC_CAT(layout_, id), xof, support, weight);                            \
    }                                                                                                \
    void HQC_DIALECT_NS(id, sample_encrypt)(shake256_ctx * xof, uint32_t * support, size_t weight, \
                                            const hqc_backend *be)                                 \
    {                                                                                                \
        if (be->fixed_weight != NULL)                                                                \
            sample_encrypt_kernel(HQC_CAT(layout_, id), xof, support, weight, be);                   \
        else                                                                                         \
            sample_encrypt_layout(HQC_CAT(layout_, id), xof, support, weight);                       \
    }                                                                                                \
    const hqc_dialect HQC_DIALECT_TABLE(id) = {                                                     \
        name_, RESOLVE_DOMAIN(kem_domain_), RESOLVE_DOMAIN(xof_domain_), sk_seed_, (field_) == 0x11B,  \
        rm_order_, omega_, omega_r_,                                                                 \
        HQC_PK_BYTES + HQC_SEED_BYTES + HQC_SEC_BYTES + ((sk_seed_) ? HQC_SEED_BYTES : 0),           \
        HQC_DIALECT_NS(id, sample_keygen), HQC_DIALECT_NS(id, sample_encrypt),                       \
        4 * (omega_r_) + ((align_) - 4 * (omega_r_) % (align_)) % (align_)};
HQC_DIALECTS(HQC_DIALECT_SAMPLERS)

#ifdef HQC_BACKEND_NATIVE_OPS
/* Keygen's sampler with a backend's keygen_discards kernel (builds with a native backend only,
 * backend.h). It reads the stream as sample_keygen_layout does and keeps the same draws: a draw
 * is kept when its key is a position that no earlier row of the table holds, the rows being the
 * positions kept before the window, then every draw of the window in order. sample_keygen_layout
 * stays as its proof read it (a change there needs a whole make prove): this is its second
 * driver, not a copy, whose table is one 16-bit row a draw, and whose comparisons the kernel
 * makes for all the draws a vector needs at once. */
#define NATIVE_DRAWS (32 * HQC_KEYGEN_BLOCKS)
_Static_assert(HQC_OMEGA_MAX + 2 <= NATIVE_DRAWS, "one call of the kernel serves a vector without discards");
/* The kept positions (fewer than omega), a window's draws, and the rows past the last call's
 * draws that the kernel may write, up to its last block's end (backend.h). */
#define NATIVE_ROWS                                                                                              \
    (HQC_OMEGA_MAX + (XOF_HEAD_BYTES / DRAW_BYTES > HQC_OMEGA_MAX ? XOF_HEAD_BYTES / DRAW_BYTES : HQC_OMEGA_MAX) + 32)

/* Samples on from the room / DRAW_BYTES whole draws at first, *count_io positions being kept
 * already; returns the draws read (up to the one that completes the vector, or all). *high: the
 * most rows written so far, for the wipe. */
static size_t native_window(const hqc_backend *be, uint16_t rows[NATIVE_ROWS], size_t *high, const uint8_t *first,
                            size_t room, int big_endian, uint32_t *support, size_t *count_io, size_t weight)
{
    size_t count = *count_io, nrows = count, used = 0;
    const size_t draws = room / DRAW_BYTES;
    uint32_t discard[HQC_KEYGEN_BLOCKS];
    for (size_t i = 0; i < count; i++)
        rows[i] = (uint16_t)support[i];
    while (count < weight && used < draws) {
        /* As many draws as positions are missing, and two more (y and x discard 0.24 draws
         * between them on average at HQC-1, symmetric.h), at most what the window holds: the
         * count is public. Their comparisons need the earlier draws' keys, not their
         * decisions, so one call makes them all. */
        const size_t n = min_size(draws - used, weight - count + 2);
        const size_t top = nrows + 32 * ((n + 31) / 32); /* the rows the kernel may write */
        *high = top > *high ? top : *high;
        be->keygen_discards(rows, nrows, first + DRAW_BYTES * used, n, big_endian, discard);
        for (size_t b = 0; count < weight && 32 * b < n; b++) {
            const size_t m = min_size(n - 32 * b, 32);
            const uint16_t *key = rows + nrows + 32 * b;
            if (count + m <= weight) {
                /* This vector reads all m draws, so their decisions are public (sample_window).
                 * Each key is stored where the next kept one goes, and the count moves on past
                 * the kept ones: a loop over the kept ones would chain its steps. */
                uint32_t keep = ~declassify_u32(discard[b]);
                for (size_t l = 0; l < m; l++, keep >>= 1) {
                    support[count] = key[l];
                    count += keep & 1;
                }
                used += m;
            } else {
                /* Draw by draw up to the one that completes the vector, each decision made
                 * public: the later ones belong to the next vector. */
                size_t l = 0;
                for (; l < m && count < weight; l++) {
                    if (declassify_u32((discard[b] >> l) & 1))
                        continue;
                    support[count++] = key[l];
                }
                used += l;
            }
        }
        nrows += n; /* all n read, or the vector is complete */
    }
    *count_io = count;
    zeroize(discard, sizeof discard);
    return used;
}

static void sample_keygen_native(const stream_layout layout, xof_stream *xof, uint32_t *support, size_t weight,
                                 const hqc_backend *be)
{
    uint16_t rows[NATIVE_ROWS];
    uint8_t chunk[DRAW_BYTES * HQC_OMEGA_MAX], junk[8];
    size_t count = 0, high = 0, copied = 0;
    while (count < weight) {
        if (layout.chunked) {
            /* Whole chunks of weight draws, in place in the head or copied out. */
            const size_t len = DRAW_BYTES * weight;
            const uint8_t *first = chunk;
            if (xof->pos + len <= XOF_HEAD_BYTES) {
                first = xof->head + xof->pos;
                xof->pos += len;
            } else {
                xof_stream_read(xof, chunk, len);
                copied = len;
            }
            skip_to_alignment(xof, junk, len, layout.align);
            native_window(be, rows, &high, first, len, layout.big_endian, support, &count, weight);
        } else if (xof->pos + DRAW_BYTES <= XOF_HEAD_BYTES) {
            /* The draws left in the head: all of them are read unless the vector completes. */
            xof->pos += DRAW_BYTES * native_window(be, rows, &high, xof->head + xof->pos, XOF_HEAD_BYTES - xof->pos,
                                                   layout.big_endian, support, &count, weight);
        } else {
            /* Past the head (rare), one draw at a time, each read aligned. */
            xof_stream_read(xof, chunk, DRAW_BYTES);
            skip_to_alignment(xof, junk, DRAW_BYTES, layout.align);
            copied = copied > DRAW_BYTES ? copied : DRAW_BYTES;
            native_window(be, rows, &high, chunk, DRAW_BYTES, layout.big_endian, support, &count, weight);
        }
    }
    zeroize(rows, high * sizeof rows[0]);
    zeroize(chunk, copied);
    zeroize(junk, sizeof junk);
}

void sample_keygen_with(const hqc_dialect *d, xof_stream *xof, uint32_t *support, size_t weight,
                        const hqc_backend *be)
{
    if (be->keygen_discards == NULL) {
        d->sample_keygen(xof, support, weight);
        return;
    }
#define NATIVE_LAYOUT(id, ...)                                                 \
    if (d == &HQC_DIALECT_TABLE(id)) {                                         \
        sample_keygen_native(HQC_CAT(layout_, id), xof, support, weight, be); \
        return;                                                                \
    }
    HQC_DIALECTS(NATIVE_LAYOUT)
#undef NATIVE_LAYOUT
    d->sample_keygen(xof, support, weight); /* a table of no dialect: cannot happen */
}
#endif

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
