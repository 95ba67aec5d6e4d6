/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* keccak_batch.c: lockstep one-shot sponges (FIPS 202 Algorithm 8 with pad10*1 and the domain
 * suffixes of sections 6.1-6.2). A job's state is lane-strided: word i at st[i * stride],
 * stride 4 inside the interleaved four-state array, 1 once it runs alone. */
#include "keccak_batch.h"

#include <string.h>

#include "zeroize.h"

enum { ABSORBING, SQUEEZING, FINISHED };

typedef struct {
    const keccak_job *job;
    size_t part, off; /* next message byte: parts[part] at offset off */
    size_t done;      /* output bytes written */
    int phase;
#ifdef HQC_TRACE
    unsigned perms_x1, perms_x4;
#endif
} job_cursor;

/* State bytes [pos, pos + len) ^= in (little-endian lanes): the bytes up to a lane boundary,
 * whole lanes, then the bytes of the last lane. Three loops rather than one with a per-step
 * alignment test: the long messages (the ciphertext and public key in G and J) go through the
 * middle one, a load and a xor per lane. */
static void xor_in(uint64_t *st, size_t stride, size_t pos, const uint8_t *in, size_t len)
{
    for (; len > 0 && pos % 8 != 0; pos++, in++, len--)
        st[pos / 8 * stride] ^= (uint64_t)*in << (8 * (pos % 8));
    uint64_t *lane = st + pos / 8 * stride;
    for (; len >= 8; len -= 8, in += 8, lane += stride) {
        uint64_t w;
        memcpy(&w, in, 8);
        *lane ^= w;
    }
    for (size_t i = 0; i < len; i++)
        *lane ^= (uint64_t)in[i] << (8 * i);
}

/* out = state bytes [0, len). */
static void extract(uint8_t *out, const uint64_t *st, size_t stride, size_t len)
{
    size_t i = 0;
    for (; i + 8 <= len; i += 8)
        memcpy(out + i, &st[i / 8 * stride], 8);
    for (; i < len; i++)
        out[i] = (uint8_t)(st[i / 8 * stride] >> (8 * (i % 8)));
}

/* The input or output of one block before the next permutation. A message that fills its
 * last block exactly is followed by a block of padding alone, as pad10*1 requires. */
static void block_io(job_cursor *c, uint64_t *st, size_t stride)
{
    const keccak_job *j = c->job;
    if (c->phase == ABSORBING) {
        size_t pos = 0;
        while (pos < j->rate && c->part < j->count) {
            const hqc_bytes *p = &j->parts[c->part];
            size_t take = p->len - c->off < j->rate - pos ? p->len - c->off : j->rate - pos;
            xor_in(st, stride, pos, (const uint8_t *)p->ptr + c->off, take);
            pos += take;
            c->off += take;
            if (c->off == p->len)
                c->part++, c->off = 0;
        }
        if (pos < j->rate) {
            const uint8_t last = 0x80;
            xor_in(st, stride, pos, &j->pad, 1);
            xor_in(st, stride, j->rate - 1, &last, 1);
            c->phase = SQUEEZING;
        }
        return;
    }
    size_t take = j->outlen - c->done < j->rate ? j->outlen - c->done : j->rate;
    extract(j->out + c->done, st, stride, take);
    c->done += take;
    if (c->done < j->outlen)
        return;
    c->phase = FINISHED;
    if (j->rest) {
        for (size_t i = 0; i < 25; i++)
            j->rest->s[i] = st[i * stride];
        j->rest->pos = take;
        j->rest->squeezing = 1;
#ifdef HQC_TRACE
        /* The rest of the stream is counted as its own record of the same role. */
        j->rest->trace = (hqc_trace_sponge){j->trace_role, 0, 0, 0, 0};
#endif
    }
}

#ifdef HQC_HAVE_KECCAK_X86
/* The next block of an absorbing job when its rate bytes lie in one part (J's ciphertext,
 * which it absorbs alone once XOF(theta) is done), taken from the cursor; NULL otherwise, and
 * for the block that holds the padding. */
static const uint8_t *whole_block(job_cursor *c)
{
    const keccak_job *j = c->job;
    if (c->phase != ABSORBING || c->part >= j->count || j->parts[c->part].len - c->off < j->rate)
        return NULL;
    const uint8_t *block = (const uint8_t *)j->parts[c->part].ptr + c->off;
    c->off += j->rate;
    if (c->off == j->parts[c->part].len)
        c->part++, c->off = 0;
    return block;
}
#endif

#ifdef HQC_TRACE
/* Reports every job's counts (trace.h). */
static void trace_jobs(const job_cursor *cur, size_t count)
{
    for (size_t k = 0; k < count; k++) {
        const keccak_job *j = cur[k].job;
        hqc_trace_sponge s = {j->trace_role, 0, j->outlen, cur[k].perms_x1, cur[k].perms_x4};
        for (size_t p = 0; p < j->count; p++)
            s.absorbed += j->parts[p].len;
        hqc_trace_sponge_done(&s);
    }
}
#endif

void keccak_batch(const keccak_job *jobs, size_t count)
{
    uint64_t st[100] = {0}, one[25];
    job_cursor cur[4];
    for (size_t k = 0; k < count; k++)
        cur[k] = (job_cursor){.job = &jobs[k], .phase = ABSORBING};
    for (;;) {
        size_t pending = 0, last = 0;
        for (size_t k = 0; k < count; k++) {
            if (cur[k].phase == FINISHED)
                continue;
            block_io(&cur[k], st + k, 4);
            if (cur[k].phase != FINISHED)
                pending++, last = k;
        }
        if (pending == 0)
            break;
        if (pending >= 2) {
            keccak_f1600_x4(st);
#ifdef HQC_TRACE
            for (size_t k = 0; k < count; k++)
                cur[k].perms_x4 += cur[k].phase != FINISHED;
#endif
            continue;
        }
        /* One job left: the four-state permutation would cost more than its own. */
        for (size_t i = 0; i < 25; i++)
            one[i] = st[4 * i + last];
#ifdef HQC_HAVE_KECCAK_X86
        /* The whole blocks that follow, each xored in by the permutation's own kernel
         * (keccak_f1600_absorb); then the loop below from the block after them. */
        keccak_f1600(one);
#ifdef HQC_TRACE
        cur[last].perms_x1++;
#endif
        for (const uint8_t *block; (block = whole_block(&cur[last])) != NULL;) {
            keccak_f1600_absorb(one, block, cur[last].job->rate / 8);
#ifdef HQC_TRACE
            cur[last].perms_x1++;
#endif
        }
        block_io(&cur[last], one, 1);
#endif
        while (cur[last].phase != FINISHED) {
            keccak_f1600(one);
#ifdef HQC_TRACE
            cur[last].perms_x1++;
#endif
            block_io(&cur[last], one, 1);
        }
        break;
    }
#ifdef HQC_TRACE
    trace_jobs(cur, count);
#endif
    zeroize(st, sizeof st);
    zeroize(one, sizeof one);
}
