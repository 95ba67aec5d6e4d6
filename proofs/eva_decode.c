/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* eva_decode.c: the entry point of Frama-C EVA's analysis of the concatenated decoder (spec
 * "Decoding": duplicated Reed-Muller, then Reed-Solomon), the code decapsulation runs on the
 * attacker's ciphertext: every bit of the received n1 n2-bit word is unknown, and the portable
 * backend's decoders (rm_decode_portable, rs_syndromes_ref) do the work, in every dialect. Not part of the library:
 * scripts/prove runs it at every level. */
#include <stdint.h>

#include "__fc_builtin.h"
#include "backend.h"
#include "code.h"
#include "dialect.h"

/* One decoding per dialect (its table from sampling.c): bc-1.87 maps the RS bytes to its field
 * and reverses the RM bits around the same decoders (code.c), so each path is analysed. */
int main(void)
{
    uint8_t acc = 0;
#define DECODE_UNDER(id, ...)                                                    \
    {                                                                            \
        uint64_t cdw[HQC_N1N2_WORDS];                                            \
        uint8_t msg[HQC_K];                                                      \
        Frama_C_make_unknown((char *)cdw, sizeof cdw);                           \
        code_decode(&HQC_DIALECT_TABLE(id), msg, cdw, &HQC_NS(backend_ref));     \
        acc ^= msg[0];                                                           \
    }
    HQC_DIALECTS(DECODE_UNDER)
#undef DECODE_UNDER
    return acc;
}
