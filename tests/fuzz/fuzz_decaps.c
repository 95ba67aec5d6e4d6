/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* fuzz_decaps.c: libFuzzer target for decapsulation of one level (spec section "HQC-KEM",
 * Decaps) with arbitrary ciphertext and secret-key bytes, run through every backend the CPU
 * supports; all must agree (differential), and where the answer is known it is checked.
 * Input: byte 0 selects the mode.
 *   even: raw; the rest is ct || dk, zero-padded or truncated to the sizes.
 *   odd:  near-valid; the next 80 bytes seed a keypair and a ciphertext (seed_kem, m, salt),
 *         then each 3 bytes (offset low, offset high, xor) edit ct || dk. With no edit the
 *         shared secret must be encaps'; with edits in ct only, the rejection secret
 *         J(H(ek), sigma, ct) (spec: implicit rejection). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "kem.h"
#include "symmetric.h"

#define SEED_INPUT (HQC_SEED_BYTES + 32 + HQC_SALT_BYTES)

static uint8_t ct[HQC_CT_BYTES], sk[HQC_SK_BYTES], pk[HQC_PK_BYTES];

static void fail(const char *what, const char *backend)
{
    fprintf(stderr, "fuzz_decaps %s: %s (backend %s)\n", HQC_NAME, what, backend);
    abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t expected[HQC_SS_BYTES];
    int known = 0; /* 1: expected holds the answer */
    if (size == 0)
        return 0;

    if ((data[0] & 1) == 0) {
        size_t n = size - 1, take_ct = n < HQC_CT_BYTES ? n : HQC_CT_BYTES;
        memset(ct, 0, sizeof ct);
        memset(sk, 0, sizeof sk);
        memcpy(ct, data + 1, take_ct);
        if (n > HQC_CT_BYTES)
            memcpy(sk, data + 1 + HQC_CT_BYTES, n - HQC_CT_BYTES < HQC_SK_BYTES ? n - HQC_CT_BYTES : HQC_SK_BYTES);
    } else {
        uint8_t seeds[SEED_INPUT] = {0};
        memcpy(seeds, data + 1, size - 1 < SEED_INPUT ? size - 1 : SEED_INPUT);
        const hqc_backend *ref = HQC_NS(backend_by_name)("ref");
        if (HQC_NS(crypto_kem_keypair_derand_with)(ref, pk, sk, seeds) != 0 ||
            HQC_NS(crypto_kem_enc_derand_with)(ref, ct, expected, pk, seeds + HQC_SEED_BYTES,
                                               seeds + HQC_SEED_BYTES + 32) != 0)
            fail("keygen or encaps failed", "ref");
        known = 1;
        int sk_edited = 0, ct_edited = 0;
        for (size_t i = 1 + SEED_INPUT; i + 3 <= size; i += 3) {
            size_t off = ((size_t)data[i] | (size_t)data[i + 1] << 8) * 7 % (HQC_CT_BYTES + HQC_SK_BYTES);
            if (data[i + 2] == 0)
                continue;
            if (off < HQC_CT_BYTES) {
                ct[off] ^= data[i + 2];
                ct_edited = 1;
            } else {
                sk[off - HQC_CT_BYTES] ^= data[i + 2];
                sk_edited = 1;
            }
        }
        if (sk_edited) {
            known = 0;
        } else if (ct_edited) {
            /* Edits may cancel out; only a changed ciphertext must be rejected. */
            static uint8_t original[HQC_CT_BYTES];
            uint8_t ss_tmp[HQC_SS_BYTES];
            HQC_NS(crypto_kem_enc_derand_with)(ref, original, ss_tmp, pk, seeds + HQC_SEED_BYTES,
                                               seeds + HQC_SEED_BYTES + 32);
            if (memcmp(original, ct, sizeof ct) != 0) {
                uint8_t h_ek[32];
                if (hash_h(h_ek, sk) != 0 || hash_j(expected, h_ek, sk + HQC_PK_BYTES + HQC_SEED_BYTES, ct) != 0)
                    fail("hashing failed", "-");
            }
        }
    }

    uint8_t first[HQC_SS_BYTES];
    const char *first_name = NULL;
    for (const hqc_backend *const *l = HQC_NS(backend_list)(); *l; l++) {
        const hqc_backend *be = HQC_NS(backend_by_name)((*l)->name);
        if (be == NULL)
            continue;
        uint8_t ss[HQC_SS_BYTES];
        if (HQC_NS(crypto_kem_dec_with)(be, ss, ct, sk) != 0)
            fail("decapsulation failed", be->name);
        if (first_name == NULL) {
            memcpy(first, ss, sizeof ss);
            first_name = be->name;
        } else if (memcmp(first, ss, sizeof ss) != 0) {
            fail("backends disagree on the shared secret", be->name);
        }
        if (known && memcmp(ss, expected, sizeof ss) != 0)
            fail("wrong shared secret (expected encaps' secret or the rejection secret)", be->name);
    }
    return 0;
}
