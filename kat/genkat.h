/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* genkat.h: the KAT generator of kat/genkat.c as a function per level, so that the hqcL_kat
 * programs and `hqc kat` run the same code. Arguments as the programs take them:
 * [--backend NAME] [--dialect DIALECT] [--req FILE] [--out DIR] (--variant: an alias of
 * --dialect); argv[0] names the caller in the usage message.
 * Returns the exit status: 0, 1 (a file or KEM failure) or 2 (usage or backend). */
#ifndef HQC_GENKAT_H
#define HQC_GENKAT_H

int hqc1_kat_main(int argc, char **argv);
int hqc3_kat_main(int argc, char **argv);
int hqc5_kat_main(int argc, char **argv);

#endif
