/* fuzz_utf8.c: UTF-8 validation, width and control escaping (src/common/utf8.c) over any bytes. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "common/strbuf.h"
#include "common/utf8.h"
#include "fuzz/fuzz.h"

/*
 * Beyond "no crash", the escaper's promise is checked, since every byte
 * the service sends reaches a terminal through it: its output is valid
 * UTF-8 without a C0 or C1 control, DEL, bidi override or glyph joiner,
 * and it leaves such text as it is (so escaping twice changes nothing).
 */

/* 1 when s[i..len) starts with a glyph joiner: U+200D (E2 80 8D), U+FE0E
 * and U+FE0F (EF B8 8E/8F), U+1F3FB..U+1F3FF (F0 9F 8F BB..BF). */
static int joiner_at(const unsigned char *u, size_t i, size_t len)
{
	return (i + 2 < len && u[i] == 0xE2 && u[i + 1] == 0x80 && u[i + 2] == 0x8D) ||
	       (i + 2 < len && u[i] == 0xEF && u[i + 1] == 0xB8 && (u[i + 2] == 0x8E || u[i + 2] == 0x8F)) ||
	       (i + 3 < len && u[i] == 0xF0 && u[i + 1] == 0x9F && u[i + 2] == 0x8F && u[i + 3] >= 0xBB &&
	        u[i + 3] <= 0xBF);
}

/* 1 when s holds nothing the escaper changes or leaves out. */
static int plain(const char *s, size_t len)
{
	const unsigned char *u = (const unsigned char *)s;

	for (size_t i = 0; i < len; i++) {
		if (u[i] < 0x20 || u[i] == 0x7F || joiner_at(u, i, len))
			return 0;
		if (u[i] == 0xC2 && i + 1 < len && u[i + 1] < 0xA0)
			return 0;
		if (u[i] == 0xE2 && i + 2 < len &&
		    ((u[i + 1] == 0x80 && u[i + 2] >= 0xAA && u[i + 2] <= 0xAE) ||
		     (u[i + 1] == 0x81 && u[i + 2] >= 0xA6 && u[i + 2] <= 0xA9)))
			return 0;
	}
	return 1;
}

static void check_clean(const char *s, size_t len)
{
	size_t i = 0;

	FUZZ_ASSERT(utf8_valid(s, len));
	while (i < len) {
		unsigned char c = (unsigned char)s[i];

		FUZZ_ASSERT(!joiner_at((const unsigned char *)s, i, len));

		FUZZ_ASSERT(c >= 0x20 && c != 0x7F);
		/* U+0080..U+009F are C2 80..C2 9F. */
		FUZZ_ASSERT(!(c == 0xC2 && i + 1 < len && (unsigned char)s[i + 1] < 0xA0));
		/* No bidi override or isolate: U+202A..U+202E are E2 80 AA..AE,
		 * U+2066..U+2069 are E2 81 A6..A9. */
		FUZZ_ASSERT(!(c == 0xE2 && i + 2 < len &&
		              (((unsigned char)s[i + 1] == 0x80 && (unsigned char)s[i + 2] >= 0xAA &&
		                (unsigned char)s[i + 2] <= 0xAE) ||
		               ((unsigned char)s[i + 1] == 0x81 && (unsigned char)s[i + 2] >= 0xA6 &&
		                (unsigned char)s[i + 2] <= 0xA9))));
		i++;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *s = (const char *)data;
	struct strbuf once = STRBUF_INIT, twice = STRBUF_INIT;
	size_t w;
	int valid = utf8_valid(s, size);

	w = utf8_width(s, size);
	/* At most two columns per byte. */
	FUZZ_ASSERT(w <= 2 * size);
	utf8_escape_controls(&once, s, size);
	check_clean(once.buf ? once.buf : "", once.len);
	utf8_escape_controls(&twice, once.buf ? once.buf : "", once.len);
	FUZZ_ASSERT(twice.len == once.len && memcmp(strbuf_str(&twice), strbuf_str(&once), once.len) == 0);
	/* Text with nothing to escape or leave out comes out as it is. */
	if (valid && plain(s, size))
		FUZZ_ASSERT(once.len == size && (size == 0 || memcmp(once.buf, s, size) == 0));
	strbuf_free(&once);
	strbuf_free(&twice);
	return 0;
}
