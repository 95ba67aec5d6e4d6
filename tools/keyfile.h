/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* keyfile.h: reading and writing the key, ciphertext and shared-secret files of the hqc tool,
 * raw bytes or hex. Reads insist on the exact size; writes go to a temporary file in the
 * target's directory that is renamed into place only once complete, so a failed or interrupted
 * run leaves no partial file, and an existing file is replaced only when asked. */
#ifndef HQC_TOOL_KEYFILE_H
#define HQC_TOOL_KEYFILE_H

#include <stddef.h>
#include <stdint.h>

/* Exit codes of the hqc tool (documented in its --help). */
#define EXIT_KEM_FAILED 1 /* a KEM call or the randomness source failed */
#define EXIT_USAGE 2      /* bad command line: option, level or backend */
#define EXIT_INPUT 3      /* an input file is missing, unreadable, of the wrong size or not hex */
#define EXIT_OUTPUT 4     /* an output exists (no --force) or cannot be written */

/* Reads exactly len bytes (2*len hex digits, optionally followed by one newline, if hex)
 * describing `what` ("public key", ...) from path into buf. Returns 0, or EXIT_INPUT after
 * one message naming the file, what it should hold and the expected size. */
int read_key_file(const char *path, const char *what, uint8_t *buf, size_t len, int hex);

/* An output of one command, staged in a temporary file until commit_outputs. */
typedef struct {
    const char *path;
    const char *what;
    const uint8_t *data; /* the len bytes to write */
    size_t len;
    int secret;     /* mode 0600 instead of 0666 & ~umask */
    char tmp[4096]; /* the staged file, "" when none */
} staged_output;

/* Refuses (EXIT_OUTPUT, one message) if an output exists and !force: checked before any work. */
int check_outputs(const staged_output *outs, size_t n, int force);

/* Writes out->data (raw, or hex plus a newline) to a new temporary file next to out->path.
 * Returns 0 or EXIT_OUTPUT (the temporary file removed, one message). */
int stage_output(staged_output *out, int hex);

/* Moves every staged file to its path: with force by rename(2), otherwise by link(2), so a
 * file created meanwhile is still not overwritten. On failure, removes the outputs this call
 * already created and every staged file. Returns 0 or EXIT_OUTPUT. */
int commit_outputs(staged_output *outs, size_t n, int force);

/* Removes every staged temporary file (after an error in between). */
void discard_outputs(staged_output *outs, size_t n);

/* Overwrites n bytes at p with zeros in a way the compiler keeps (secrets before free). */
void wipe(void *p, size_t n);

/* Installs SIGINT/SIGTERM/SIGHUP/SIGPIPE handlers that remove the staged files of outs before
 * the process dies from the signal; (NULL, 0) when outs is about to go out of scope. */
void remove_staged_on_signal(staged_output *outs, size_t n);

#endif
