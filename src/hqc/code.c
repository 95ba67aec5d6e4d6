/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* code.c: encoding and decoding of the concatenated code C = RM o RS (spec section
 * "Concatenated codes"): each RS symbol becomes one duplicated RM codeword. */
#include "code.h"

#include "reed_muller.h"
#include "reed_solomon.h"
#include "zeroize.h"

void code_encode(uint64_t cdw[HQC_N1N2_WORDS], const uint8_t msg[HQC_K])
{
    uint8_t rs[HQC_N1];
    rs_encode(rs, msg);
    rm_encode(cdw, rs);
    zeroize(rs, sizeof rs);
}

void code_decode(uint8_t msg[HQC_K], const uint64_t cdw[HQC_N1N2_WORDS], const hqc_backend *be)
{
    uint8_t rs[HQC_N1];
    be->rm_decode(rs, cdw);
    rs_decode(msg, rs, be);
    zeroize(rs, sizeof rs);
}
