/* fuzz.h: the libFuzzer entry point each fuzz target defines, and a NUL-terminated copy of its input. */
#ifndef ROUTEDESK_FUZZ_H
#define ROUTEDESK_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "common/strbuf.h"

/*
 * Every target is one function over arbitrary bytes.  It must neither
 * print, nor keep state between calls, nor read or write files: libFuzzer
 * runs it millions of times in one process, and the replay driver
 * (replay.c, what `make check` runs) once per corpus file.  A bug shows as
 * a sanitizer report or an abort(), nothing else.
 */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* data as a C string (malloc'd, caller frees): the parsers that read text
 * take NUL-terminated strings, so an embedded NUL simply ends it. */
static inline char *fuzz_text(const uint8_t *data, size_t size)
{
	char *s = xmalloc(size + 1);

	if (size)
		memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

/* Stops the target on a broken invariant (a bug, as a sanitizer report is). */
#define FUZZ_ASSERT(c) do { if (!(c)) abort(); } while (0)

#endif
