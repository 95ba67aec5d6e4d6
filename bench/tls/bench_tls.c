/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* bench_tls.c: full TLS 1.3 handshakes (certificate verified, no resumption) between an OpenSSL
 * client and server in one process over a BIO pair, with oqs-provider on the pristine liboqs
 * and on the liboqs that imported our KEM, paired: each iteration times one handshake of each,
 * in alternating order (rdtsc between lfences, bench/tsc.h), and the table gives per group the
 * medians and the median (q1-q3) of the per-iteration ratios pristine / patched.
 * Usage: bench_tls PRISTINE_PROVIDER_DIR PATCHED_PROVIDER_DIR CERT KEY ITERATIONS GROUP... */
#include <openssl/err.h>
#include <openssl/provider.h>
#include <openssl/ssl.h>
#include <stdio.h>
#include <stdlib.h>

#include "../sample_stats.h"
#include "../tsc.h"

enum { PRISTINE, PATCHED, SIDES };

typedef struct {
    OSSL_LIB_CTX *lib;
    SSL_CTX *server, *client;
} tls_side;

static int fail(const char *what)
{
    fprintf(stderr, "bench_tls: %s\n", what);
    ERR_print_errors_fp(stderr);
    return 0;
}

/* One library context with oqs-provider loaded from dir, and a server and a client context
 * offering only group. */
static int side_open(tls_side *s, const char *dir, const char *cert, const char *key,
                     const char *group)
{
    s->lib = OSSL_LIB_CTX_new();
    if (s->lib == NULL || !OSSL_PROVIDER_set_default_search_path(s->lib, dir) ||
        OSSL_PROVIDER_load(s->lib, "oqsprovider") == NULL ||
        OSSL_PROVIDER_load(s->lib, "default") == NULL)
        return fail("cannot load oqsprovider");
    s->server = SSL_CTX_new_ex(s->lib, NULL, TLS_server_method());
    s->client = SSL_CTX_new_ex(s->lib, NULL, TLS_client_method());
    if (s->server == NULL || s->client == NULL)
        return fail("SSL_CTX_new_ex");
    SSL_CTX *both[] = {s->server, s->client};
    for (int i = 0; i < 2; i++) {
        if (!SSL_CTX_set_min_proto_version(both[i], TLS1_3_VERSION) ||
            !SSL_CTX_set1_groups_list(both[i], group))
            return fail("unknown group");
        /* full handshakes only: no tickets, no session cache */
        SSL_CTX_set_options(both[i], SSL_OP_NO_TICKET);
        SSL_CTX_set_session_cache_mode(both[i], SSL_SESS_CACHE_OFF);
    }
    if (SSL_CTX_use_certificate_file(s->server, cert, SSL_FILETYPE_PEM) != 1 ||
        SSL_CTX_use_PrivateKey_file(s->server, key, SSL_FILETYPE_PEM) != 1 ||
        SSL_CTX_load_verify_locations(s->client, cert, NULL) != 1)
        return fail("certificate or key");
    SSL_CTX_set_verify(s->client, SSL_VERIFY_PEER, NULL);
    return 1;
}

static void side_close(tls_side *s)
{
    SSL_CTX_free(s->server);
    SSL_CTX_free(s->client);
    OSSL_LIB_CTX_free(s->lib);
}

/* The end waits for the other one (its next flight, or room in the pair's buffer). */
static int want_io(int err)
{
    return err == SSL_ERROR_WANT_READ || err == SSL_ERROR_WANT_WRITE;
}

/* One full handshake over a fresh BIO pair; 1 if both ends finished and the client verified the server. */
static int handshake(const tls_side *s)
{
    SSL *c = SSL_new(s->client), *v = SSL_new(s->server);
    BIO *cb = NULL, *vb = NULL;
    int ok = c && v && BIO_new_bio_pair(&cb, 0, &vb, 0);
    if (ok) {
        SSL_set_bio(c, cb, cb);
        SSL_set_bio(v, vb, vb);
        SSL_set_connect_state(c);
        SSL_set_accept_state(v);
        int done_c = 0, done_v = 0;
        for (int round = 0; ok && !(done_c && done_v) && round < 64; round++) {
            if (!done_c) {
                int r = SSL_do_handshake(c);
                done_c = r == 1;
                ok = r == 1 || want_io(SSL_get_error(c, r));
            }
            if (ok && !done_v) {
                int r = SSL_do_handshake(v);
                done_v = r == 1;
                ok = r == 1 || want_io(SSL_get_error(v, r));
            }
        }
        ok = ok && done_c && done_v && SSL_get_verify_result(c) == X509_V_OK;
    }
    SSL_free(c);
    SSL_free(v);
    return ok;
}

int main(int argc, char **argv)
{
    if (argc < 7) {
        fprintf(stderr, "usage: bench_tls PRISTINE_PROVIDER_DIR PATCHED_PROVIDER_DIR CERT KEY "
                        "ITERATIONS GROUP...\n");
        return 2;
    }
    long n = strtol(argv[5], NULL, 10);
    if (n < 1 || n > 100000) {
        fprintf(stderr, "bench_tls: ITERATIONS must be 1..100000\n");
        return 2;
    }
    uint64_t *t[SIDES + 1];
    if (alloc_sample_arrays(t, SIDES + 1, (size_t)n) != 0) {
        fprintf(stderr, "bench_tls: out of memory\n");
        return 1;
    }
    printf("%-12s %14s %14s %9s %13s\n", "group", "pristine", "patched", "ratio", "q1-q3");
    int status = 0;
    for (int g = 6; g < argc && status == 0; g++) {
        tls_side side[SIDES];
        if (!side_open(&side[PRISTINE], argv[1], argv[3], argv[4], argv[g]) ||
            !side_open(&side[PATCHED], argv[2], argv[3], argv[4], argv[g])) {
            status = 1;
            break;
        }
        /* one untimed handshake each: first-use costs (provider init, CPU dispatch) */
        if (!handshake(&side[PRISTINE]) || !handshake(&side[PATCHED])) {
            fail(argv[g]);
            status = 1;
        }
        for (long i = 0; i < n && status == 0; i++) {
            for (int k = 0; k < SIDES; k++) {
                int which = (int)((i + k) % SIDES); /* alternate who goes first */
                uint64_t t0 = tsc_begin();
                int ok = handshake(&side[which]);
                t[which][i] = tsc_end() - t0;
                if (!ok) {
                    fail(argv[g]);
                    status = 1;
                }
            }
        }
        if (status == 0) {
            sample_summary r = summarise_ratios(t[PRISTINE], t[PATCHED], t[SIDES], (size_t)n);
            sample_summary a = summarise_samples(t[PRISTINE], (size_t)n);
            sample_summary b = summarise_samples(t[PATCHED], (size_t)n);
            printf("%-12s %14llu %14llu %8.2fx %6.2f-%-6.2f\n", argv[g],
                   (unsigned long long)a.median, (unsigned long long)b.median, r.median / 1000.0,
                   r.q1 / 1000.0, r.q3 / 1000.0);
        }
        side_close(&side[PRISTINE]);
        side_close(&side[PATCHED]);
    }
    for (int i = 0; i <= SIDES; i++)
        free(t[i]);
    return status;
}
