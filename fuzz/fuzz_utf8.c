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
 * UTF-8 without a C0 or C1 control, DEL or bidi override, and it leaves such text as it
 * is (so escaping twice changes nothing).
 */
static void check_clean(const char *s, size_t len)
{
	size_t i = 0;

	FUZZ_ASSERT(utf8_valid(s, len));
	while (i < len) {
		unsigned char c = (unsigned char)s[i];

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
	if (valid && once.len == size)
		FUZZ_ASSERT(size == 0 || memcmp(once.buf, s, size) == 0);
	strbuf_free(&once);
	strbuf_free(&twice);
	return 0;
}
