/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* fuzz_kat_req.c: libFuzzer target for the KAT generator's .req parser (parse_req in
 * kat/genkat.c, the NIST KAT request format: "count = i", "seed = <96 hex>", "pk =", "sk =",
 * "ct =", "ss =", blank line). genkat.c is included so its static parser is reachable without
 * changing it; its main is renamed away. The input is handed over as a file (a memfd), the way
 * the program reads it. Property: an accepted file yields 1..100 entries, and the canonical
 * text of those seeds parses back to the same seeds. */
#define _GNU_SOURCE
#include <sys/mman.h>
#include <unistd.h>

#define main genkat_main
#include "../../kat/genkat.c"
#undef main

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Replaces the contents of memfd fd; returns its path through /proc. */
static const char *as_file(int fd, const void *data, size_t size, char *path, size_t pathlen)
{
    if (ftruncate(fd, 0) != 0 || (size && pwrite(fd, data, size, 0) != (ssize_t)size))
        abort();
    snprintf(path, pathlen, "/proc/self/fd/%d", fd);
    return path;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static uint8_t seeds[KAT_COUNT][SEED_LEN], again[KAT_COUNT][SEED_LEN];
    static char canonical[KAT_COUNT * 160];
    char path[64];
    int fd = memfd_create("fuzz_kat_req", 0);
    if (fd < 0)
        abort();
    int n = -1;
    if (parse_req(as_file(fd, data, size, path, sizeof path), seeds, &n) == 0) {
        if (n < 1 || n > KAT_COUNT)
            abort();
        size_t len = 0;
        for (int i = 0; i < n; i++) {
            len += (size_t)snprintf(canonical + len, sizeof canonical - len, "count = %d\nseed = ", i);
            for (int j = 0; j < SEED_LEN; j++)
                len += (size_t)snprintf(canonical + len, sizeof canonical - len, "%02X", seeds[i][j]);
            len += (size_t)snprintf(canonical + len, sizeof canonical - len, "\npk =\nsk =\nct =\nss =\n\n");
        }
        int m = -1;
        if (parse_req(as_file(fd, canonical, len, path, sizeof path), again, &m) != 0 || m != n ||
            memcmp(seeds, again, (size_t)n * SEED_LEN) != 0)
            abort();
    }
    close(fd);
    return 0;
}
