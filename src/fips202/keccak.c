/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* keccak.c: Keccak-f[1600] (FIPS 202 section 3.3, Algorithm 7) with its per-CPU kernels, and
 * the sponge of section 4 with SHAKE256's rate of 1088 bits and domain padding 0x1F ... 0x80
 * (section 6.2, B.2).
 * Lanes are little-endian, so byte i of the state is byte i of the lane array in memory. */
#include "keccak.h"

#include <stdatomic.h>
#include <string.h>

#include "cpu.h"
#include "keccak_scalar.h"
#include "zeroize.h"
#ifdef HQC_HAVE_KECCAK_X86
#include "keccak_x86.h"
#endif
#ifdef HQC_HAVE_KECCAK_ARM
#include "keccak_arm.h"
#endif

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the sponge below reads and writes the state as bytes, which needs a little-endian host"
#endif

/* The kernels of one process: the first entry of all_impls (fastest first) whose kernels this
 * CPU runs, chosen once and cached in an atomic pointer to constant tables. The cache is
 * idempotent (every thread computes the same pointer), as the backend dispatcher's is, so
 * concurrent first calls are safe. */
void keccak_f1600_portable(uint64_t s[25])
{
    keccak_f1600_scalar(s);
}

void keccak_f1600_x4_portable(uint64_t s[100])
{
    for (int j = 0; j < 4; j++) {
        uint64_t one[25];
        for (int i = 0; i < 25; i++)
            one[i] = s[4 * i + j];
        keccak_f1600_scalar(one);
        for (int i = 0; i < 25; i++)
            s[4 * i + j] = one[i];
        zeroize(one, sizeof one);
    }
}

static const keccak_impl impl_portable = {"portable", keccak_f1600_portable, keccak_f1600_x4_portable};
#ifdef HQC_HAVE_KECCAK_X86
static const keccak_impl impl_bmi = {"bmi", hqc_keccak_f1600_bmi, keccak_f1600_x4_portable};
static const keccak_impl impl_avx2 = {"avx2", keccak_f1600_portable, hqc_keccak_f1600_x4_avx2};
static const keccak_impl impl_bmi_avx2 = {"bmi+avx2", hqc_keccak_f1600_bmi, hqc_keccak_f1600_x4_avx2};
static const keccak_impl impl_avx512vl = {"avx512vl", keccak_f1600_portable, hqc_keccak_f1600_x4_avx512vl};
static const keccak_impl impl_bmi_avx512vl = {"bmi+avx512vl", hqc_keccak_f1600_bmi,
                                              hqc_keccak_f1600_x4_avx512vl};
/* One state in zmm registers: a shorter critical path than the scalar rounds, which is what a
 * single SHAKE256 chain (HQC's key generation) waits on (dev/tuning/keccak_x86.md). */
static const keccak_impl impl_avx512_avx512vl = {"avx512+avx512vl", hqc_keccak_f1600_avx512,
                                                 hqc_keccak_f1600_x4_avx512vl};
/* One state, a lane per xmm register: on AMD Zen 4 faster than both the zmm and the scalar
 * kernel, on Intel's AVX-512 cores slower than the zmm one (dev/tuning/keccak_x86.md). */
static const keccak_impl impl_xmm_avx512vl = {"xmm+avx512vl", hqc_keccak_f1600_xmm, hqc_keccak_f1600_x4_avx512vl};
#endif
#ifdef HQC_HAVE_KECCAK_ARM
/* One state stays on the scalar rounds (one ROR per rotation): a single state would leave
 * half of every Q register idle, and on Neoverse cores before V3 the SHA3 instructions issue
 * on fewer pipes than the scalar ALU ops (Becker-Kannwischer, ePrint 2022/1243). */
static const keccak_impl impl_sha3 = {"sha3", keccak_f1600_portable, hqc_keccak_f1600_x4_sha3};
#endif

static const keccak_impl *const all_impls[] = {
#ifdef HQC_HAVE_KECCAK_X86
    &impl_avx512_avx512vl, &impl_xmm_avx512vl, &impl_bmi_avx512vl, &impl_avx512vl, &impl_bmi_avx2, &impl_avx2, &impl_bmi,
#endif
#ifdef HQC_HAVE_KECCAK_ARM
    &impl_sha3,
#endif
    &impl_portable, NULL};

const keccak_impl *const *keccak_impls(void)
{
    return all_impls;
}

/* The CPU features an entry's two kernels need. */
static uint32_t impl_needs(const keccak_impl *k)
{
    uint32_t needs = 0;
#ifdef HQC_HAVE_KECCAK_X86
    if (k->f1600 == hqc_keccak_f1600_bmi)
        needs |= HQC_CPU_BMI1 | HQC_CPU_BMI2;
    if (k->f1600 == hqc_keccak_f1600_avx512)
        needs |= hqc_keccak_f1600_avx512_needs;
    if (k->f1600 == hqc_keccak_f1600_xmm)
        needs |= hqc_keccak_f1600_xmm_needs;
    if (k->f1600_x4 == hqc_keccak_f1600_x4_avx2)
        needs |= HQC_CPU_AVX2;
    if (k->f1600_x4 == hqc_keccak_f1600_x4_avx512vl)
        needs |= hqc_keccak_f1600_x4_avx512vl_needs;
#endif
#ifdef HQC_HAVE_KECCAK_ARM
    if (k->f1600_x4 == hqc_keccak_f1600_x4_sha3)
        needs |= HQC_CPU_ASIMD | HQC_CPU_SHA3;
#endif
#if !defined(HQC_HAVE_KECCAK_X86) && !defined(HQC_HAVE_KECCAK_ARM)
    (void)k;
#endif
    return needs;
}

int keccak_impl_runs(const keccak_impl *k)
{
    uint32_t needs = impl_needs(k);
    return (hqc_cpu_features() & needs) == needs;
}

int keccak_impl_preferred(const keccak_impl *k)
{
#ifdef HQC_HAVE_KECCAK_X86
    /* AMD's AVX-512 cores (Zen 4: 770 ticks per permutation against 566 for the xmm kernel and
     * 653 for the scalar one, paired) run the zmm kernel slowest of the three; the next entry
     * the CPU runs is the xmm one. Intel's run it fastest (540 against 633 scalar). Which
     * kernel runs changes only the time, never the output: test_keccak checks every entry. */
    if (k == &impl_avx512_avx512vl && hqc_cpu_is_amd())
        return 0;
#endif
    return keccak_impl_runs(k);
}

static const keccak_impl *impl(void)
{
    static const keccak_impl *_Atomic cached; /* qualifier form: Frama-C 25 cannot parse _Atomic(T) */
    const keccak_impl *k = atomic_load_explicit(&cached, memory_order_acquire);
    if (k == NULL) {
        for (size_t i = 0; k == NULL; i++) /* the portable entry, last, runs anywhere */
            if (keccak_impl_preferred(all_impls[i]))
                k = all_impls[i];
        atomic_store_explicit(&cached, k, memory_order_release);
    }
    return k;
}

void keccak_f1600(uint64_t s[25])
{
    impl()->f1600(s);
}

void keccak_f1600_x4(uint64_t s[100])
{
    impl()->f1600_x4(s);
}

#ifdef HQC_HAVE_KECCAK_X86
void keccak_f1600_absorb(uint64_t s[25], const uint8_t *in, size_t lanes)
{
    const keccak_impl *k = impl();
    if (k->f1600 == hqc_keccak_f1600_avx512) {
        hqc_keccak_f1600_avx512_absorb(s, in, lanes);
        return;
    }
    for (size_t w = 0; w < lanes; w++) {
        uint64_t lane;
        memcpy(&lane, in + 8 * w, 8);
        s[w] ^= lane;
    }
    k->f1600(s);
}
#endif

const char *keccak_impl_name(void)
{
    return impl()->name;
}

/* The permutation of a sponge's state, counted for make floor (trace.h) in a traced build. */
static void permute(shake256_ctx *ctx)
{
    keccak_f1600(ctx->s);
#ifdef HQC_TRACE
    ctx->trace.perms_x1++;
#endif
}

static inline void xor_byte(uint64_t *s, size_t i, uint8_t v)
{
    ((uint8_t *)s)[i] ^= v;
}

void shake256_init(shake256_ctx *ctx)
{
    memset(ctx, 0, sizeof *ctx);
}

void shake256_absorb(shake256_ctx *ctx, const uint8_t *in, size_t len)
{
#ifdef HQC_TRACE
    ctx->trace.absorbed += len;
#endif
    while (len > 0) {
        if (ctx->pos == 0 && len >= SHAKE256_RATE) {
            for (size_t w = 0; w < SHAKE256_RATE / 8; w++) {
                uint64_t lane;
                memcpy(&lane, in + 8 * w, 8);
                ctx->s[w] ^= lane;
            }
            permute(ctx);
            in += SHAKE256_RATE;
            len -= SHAKE256_RATE;
            continue;
        }
        xor_byte(ctx->s, ctx->pos++, *in++);
        len--;
        if (ctx->pos == SHAKE256_RATE) {
            permute(ctx);
            ctx->pos = 0;
        }
    }
}

void shake256_finalize(shake256_ctx *ctx)
{
    xor_byte(ctx->s, ctx->pos, 0x1f);
    xor_byte(ctx->s, SHAKE256_RATE - 1, 0x80);
    permute(ctx);
    ctx->pos = 0;
    ctx->squeezing = 1;
}

void shake256_squeeze(shake256_ctx *ctx, uint8_t *out, size_t len)
{
#ifdef HQC_TRACE
    ctx->trace.squeezed += len;
#endif
    while (len > 0) {
        /* For Frama-C EVA: one state per sponge position, so that take and pos stay related
         * (pos + take <= SHAKE256_RATE) through the copy below. */
        /*@ split ctx->pos; */
        if (ctx->pos == SHAKE256_RATE) {
            permute(ctx);
            ctx->pos = 0;
        }
        size_t take = SHAKE256_RATE - ctx->pos;
        if (take > len)
            take = len;
        memcpy(out, (const uint8_t *)ctx->s + ctx->pos, take);
        ctx->pos += take;
        out += take;
        len -= take;
    }
}

void shake256_wipe(shake256_ctx *ctx)
{
#ifdef HQC_TRACE
    /* Reported once: the wipe below clears the record, so a second wipe reports nothing. */
    if (ctx->trace.role != NULL || ctx->trace.perms_x1 != 0)
        hqc_trace_sponge_done(&ctx->trace);
#endif
    zeroize(ctx, sizeof *ctx);
}
