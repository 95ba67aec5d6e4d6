/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* dialect.c: the list of the dialects of this level (dialect.h) and the lookup by name that
 * the KAT generator and the tests use. The tables themselves are in sampling.c. */
#include "dialect.h"

#include <string.h>

#define HQC_DIALECT_ENTRY(id, ...) &HQC_DIALECT_TABLE(id),
static const hqc_dialect *const all_dialects[] = {HQC_DIALECTS(HQC_DIALECT_ENTRY) NULL};
#undef HQC_DIALECT_ENTRY

const hqc_dialect *const *dialect_list(void)
{
    return all_dialects;
}

const hqc_dialect *dialect_by_name(const char *name)
{
    for (const hqc_dialect *const *d = all_dialects; name != NULL && *d != NULL; d++)
        if (strcmp((*d)->name, name) == 0)
            return *d;
    return NULL;
}
