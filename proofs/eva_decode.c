/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* eva_decode.c: the entry point of Frama-C EVA's analysis of the concatenated decoder (spec
 * "Decoding": duplicated Reed-Muller, then Reed-Solomon), the code decapsulation runs on the
 * attacker's ciphertext: every bit of the received n1 n2-bit word is unknown, and the portable
 * backend's decoders (rm_decode_portable, rs_syndromes_ref) do the work. Not part of the library:
 * scripts/prove runs it at every level. */
#include <stdint.h>

#include "__fc_builtin.h"
#include "backend.h"
#include "code.h"

int main(void)
{
    uint64_t cdw[HQC_N1N2_WORDS];
    uint8_t msg[HQC_K];
    Frama_C_make_unknown((char *)cdw, sizeof cdw);
    code_decode(msg, cdw, &HQC_NS(backend_ref));
    return msg[0];
}
