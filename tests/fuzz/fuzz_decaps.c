/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* fuzz_decaps.c: libFuzzer target for decapsulation of one level (spec section "HQC-KEM",
 * Decaps) with arbitrary and near-valid ciphertexts and secret keys, run by ONE backend under
 * test ($HQC_FUZZ_BACKEND, default: the library's default, the fastest constant-time one the
 * CPU runs). Every answer is checked, mostly without the slow portable backend:
 *   - a ciphertext that does not re-encrypt must give the rejection secret J(H(ek), sigma, ct),
 *     computed here from the hashes alone; a valid one the encapsulated secret K;
 *   - the portable backend (ref) decapsulates too when the answer is not known that way (an
 *     accepted ciphertext in raw mode) and for one input in 32 (chosen by a hash of the input,
 *     so a run is reproducible): the differential check against the twin.
 * Input: byte 0 selects the mode (bit 0) and the dialect (the rest of it, modulo the number
 * of dialects in dialect.h's table; its expanded key's length is the dk size below).
 *   even: raw; the rest is ct || dk, zero-padded or truncated to the sizes.
 *   odd:  near-valid; the next 80 bytes seed a key pair and a ciphertext (seed_kem, m, salt)
 *         made by the backend under test, then each 3 bytes (offset low, offset high, xor)
 *         edit ct || dk. Unchanged: K must come out. Changed ek, seed_dk or ct: J with the
 *         edited key. Only sigma or seed_kem changed: K (they are not used on acceptance). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "dialect.h"
#include "kem.h"
#include "symmetric.h"

#define SEED_INPUT (HQC_SEED_BYTES + 32 + HQC_SALT_BYTES)
#define SIGMA_OFFSET (HQC_PK_BYTES + HQC_SEED_BYTES)
#define REF_EVERY 32

static uint8_t ct[HQC_CT_BYTES], sk[HQC_SK_BYTES], pk[HQC_PK_BYTES];
static uint8_t ct0[HQC_CT_BYTES], sk0[HQC_SK_BYTES];

static void fail(const char *what, const char *backend)
{
    fprintf(stderr, "fuzz_decaps %s: %s (backend %s)\n", HQC_NAME, what, backend);
    abort();
}

static const hqc_backend *under_test(void)
{
    static const hqc_backend *be;
    if (be == NULL) {
        const char *name = getenv("HQC_FUZZ_BACKEND");
        be = name ? HQC_NS(backend_by_name)(name) : HQC_NS(backend_default)();
        if (be == NULL) {
            fprintf(stderr, "fuzz_decaps: backend '%s' unknown or unsupported\n", name ? name : "default");
            exit(2);
        }
        fprintf(stderr, "fuzz_decaps %s: backend under test: %s\n", HQC_NAME, be->name);
    }
    return be;
}

/* J(H(ek), sigma, ct) of the current sk and ct: the implicit-rejection secret. */
static void rejection_secret(uint8_t out[HQC_SS_BYTES])
{
    uint8_t h_ek[32];
    if (hash_h(h_ek, sk) != 0 || hash_j(out, h_ek, sk + SIGMA_OFFSET, ct) != 0)
        fail("hashing failed", "-");
}

static uint32_t input_hash(const uint8_t *data, size_t size)
{
    uint32_t h = 2166136261u; /* FNV-1a */
    for (size_t i = 0; i < size; i++)
        h = (h ^ data[i]) * 16777619u;
    return h;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const hqc_backend *be = under_test();
    uint8_t expected[HQC_SS_BYTES], ss[HQC_SS_BYTES];
    int known = 1;
    if (size == 0)
        return 0;
    size_t n_dialects = 0;
    while (dialect_list()[n_dialects] != NULL)
        n_dialects++;
    const hqc_dialect *d = dialect_list()[(size_t)(data[0] >> 1) % n_dialects];
    const size_t sk_bytes = d->sk_bytes;

    if ((data[0] & 1) == 0) {
        size_t n = size - 1, take_ct = n < HQC_CT_BYTES ? n : HQC_CT_BYTES;
        memset(ct, 0, sizeof ct);
        memset(sk, 0, sizeof sk);
        memcpy(ct, data + 1, take_ct);
        if (n > HQC_CT_BYTES)
            memcpy(sk, data + 1 + HQC_CT_BYTES, n - HQC_CT_BYTES < sk_bytes ? n - HQC_CT_BYTES : sk_bytes);
        /* Arbitrary bytes are rejected unless they are a valid pair (a copied key and
         * ciphertext); only then is the answer unknown here, and ref decides below. */
        rejection_secret(expected);
        known = 2; /* J unless the backend accepted */
    } else {
        uint8_t seeds[SEED_INPUT] = {0};
        memcpy(seeds, data + 1, size - 1 < SEED_INPUT ? size - 1 : SEED_INPUT);
        memset(sk, 0, sizeof sk);
        if (kem_keypair_derand(d, be, pk, sk, seeds) != 0 ||
            kem_enc_derand(d, be, ct, expected, pk, seeds + HQC_SEED_BYTES, seeds + HQC_SEED_BYTES + 32) != 0)
            fail("keygen or encaps failed", be->name);
        memcpy(ct0, ct, sizeof ct);
        memcpy(sk0, sk, sizeof sk);
        for (size_t i = 1 + SEED_INPUT; i + 3 <= size; i += 3) {
            size_t off = ((size_t)data[i] | (size_t)data[i + 1] << 8) * 7 % (HQC_CT_BYTES + sk_bytes);
            if (off < HQC_CT_BYTES)
                ct[off] ^= data[i + 2];
            else
                sk[off - HQC_CT_BYTES] ^= data[i + 2];
        }
        /* Edits may cancel out: what counts is which parts differ in the end. */
        int ct_changed = memcmp(ct, ct0, sizeof ct) != 0;
        int key_changed = memcmp(sk, sk0, SIGMA_OFFSET) != 0; /* ek or seed_dk */
        if (ct_changed || key_changed)
            rejection_secret(expected);
    }

    if (kem_dec(d, be, ss, ct, sk) != 0)
        fail("decapsulation failed", be->name);
    if (known == 2 && memcmp(ss, expected, sizeof ss) != 0)
        known = 0; /* accepted: only the twin can say whether rightly */
    if (known && memcmp(ss, expected, sizeof ss) != 0) {
        char what[128];
        snprintf(what, sizeof what, "wrong shared secret in dialect %s (expected encaps' secret or the rejection "
                 "secret)", d->name);
        fail(what, be->name);
    }

    if (!known || input_hash(data, size) % REF_EVERY == 0) {
        const hqc_backend *ref = HQC_NS(backend_by_name)("ref");
        uint8_t ss_ref[HQC_SS_BYTES];
        if (ref != be) {
            if (kem_dec(d, ref, ss_ref, ct, sk) != 0)
                fail("decapsulation failed", "ref");
            if (memcmp(ss, ss_ref, sizeof ss) != 0)
                fail("backend and ref disagree on the shared secret", be->name);
        }
    }
    return 0;
}
