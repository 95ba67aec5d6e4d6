/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* pqclean_ns.h: the names of one PQClean HQC scheme, for the programs of bench/upstream built
 * against it with -DPQCLEAN_NS=PQCLEAN_HQC128_CLEAN etc. (after its api.h): NS(x) prefixes x,
 * and PK/SK/CT/SS_BYTES are the scheme's sizes. */
#ifndef BENCH_UPSTREAM_PQCLEAN_NS_H
#define BENCH_UPSTREAM_PQCLEAN_NS_H

#define CAT_(a, b) a##_##b
#define CAT(a, b) CAT_(a, b)
#define NS(x) CAT(PQCLEAN_NS, x)

#define PK_BYTES NS(CRYPTO_PUBLICKEYBYTES)
#define SK_BYTES NS(CRYPTO_SECRETKEYBYTES)
#define CT_BYTES NS(CRYPTO_CIPHERTEXTBYTES)
#define SS_BYTES NS(CRYPTO_BYTES)

#endif
