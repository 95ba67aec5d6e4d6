/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* standalone.c: a driver for a libFuzzer target where libFuzzer cannot run: the statically
 * linked programs of the verification bundle (scripts/make-verify-bundle), since libFuzzer's
 * runtime does not start in a static executable. It feeds the target random inputs for a
 * bounded time, with no coverage feedback: half of them with an odd first byte, which the
 * decapsulation target reads as a seeded valid key pair and ciphertext plus random edits.
 *   standalone [-max_total_time=SECONDS] [-seed=N] [-max_len=BYTES]
 * An input the target rejects (it aborts) is written to ./standalone-crash-<seed> first. */
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "testutil.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_INPUT 65536

static uint8_t input[MAX_INPUT];
static volatile size_t input_len;
static char crash_path[64];

/* Runs in the signal handler: only async-signal-safe calls. */
static void keep_input(int sig)
{
    int fd = open(crash_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
        ssize_t w = write(fd, input, input_len);
        (void)w;
        close(fd);
    }
    static const char msg[] = "standalone: the target failed; its input is in ./standalone-crash-*\n";
    ssize_t w = write(2, msg, sizeof msg - 1);
    (void)w;
    signal(sig, SIG_DFL);
    raise(sig);
}

static int flag(const char *arg, const char *name, unsigned long long *value)
{
    size_t n = strlen(name);
    if (strncmp(arg, name, n) != 0)
        return 0;
    char *end;
    *value = strtoull(arg + n, &end, 10);
    if (*end != '\0' || end == arg + n) {
        fprintf(stderr, "standalone: bad number in '%s'\n", arg);
        exit(2);
    }
    return 1;
}

int main(int argc, char **argv)
{
    unsigned long long seconds = 10, seed = (unsigned long long)time(NULL), max_len = MAX_INPUT;
    for (int i = 1; i < argc; i++)
        if (!flag(argv[i], "-max_total_time=", &seconds) && !flag(argv[i], "-seed=", &seed) &&
            !flag(argv[i], "-max_len=", &max_len)) {
            fprintf(stderr, "usage: %s [-max_total_time=SECONDS] [-seed=N] [-max_len=BYTES]\n", argv[0]);
            return 2;
        }
    if (max_len < 2 || max_len > MAX_INPUT) {
        fprintf(stderr, "standalone: -max_len must be 2..%d\n", MAX_INPUT);
        return 2;
    }
    snprintf(crash_path, sizeof crash_path, "standalone-crash-%llu", seed);
    signal(SIGABRT, keep_input);
    signal(SIGSEGV, keep_input);
    signal(SIGBUS, keep_input);
    signal(SIGILL, keep_input);

    uint64_t rng = seed;
    unsigned long long runs = 0;
    time_t start = time(NULL);
    while ((unsigned long long)(time(NULL) - start) < seconds) {
        /* Lengths spread over the whole range, short ones as often as long ones. */
        size_t len = 1 + (size_t)(splitmix64(&rng) % (splitmix64(&rng) % max_len + 1));
        random_bytes(&rng, input, len);
        input_len = len;
        LLVMFuzzerTestOneInput(input, len);
        runs++;
    }
    printf("standalone: %llu inputs in %llu s (seed %llu), every answer as expected\n", runs,
           seconds, seed);
    return 0;
}
