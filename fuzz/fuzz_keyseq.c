/* fuzz_keyseq.c: the escape-sequence reader (src/ui/base/keyseq.c) over any bytes typed after an Esc. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "common/strbuf.h"
#include "common/utf8.h"
#include "fuzz/fuzz.h"
#include "ui/base/action.h"
#include "ui/base/keyseq.h"

/*
 * The bytes after an Esc are whatever the terminal (or a paste, or a
 * mistyped TERM) sends.  Beyond "no crash": the reader takes at most
 * KEYSEQ_MAX keys and stops feeding once it says done or not; what it
 * names for the message line is valid UTF-8 with no control character in
 * it (it is shown on the terminal); a key it maps to is a special key.
 * A byte of 0xFF in the input stands for a special key read mid-sequence
 * (KEYF | the next byte), which ends a sequence too.
 */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct keyseq s;
	struct strbuf name = STRBUF_INIT;
	enum keyseq_step step = KEYSEQ_MORE;
	size_t i = 0, fed = 0;
	int key;

	keyseq_start(&s);
	while (i < size && step == KEYSEQ_MORE) {
		key = data[i++];
		if (key == 0xFF && i < size)
			key = KEYF | data[i++];
		step = keyseq_feed(&s, key);
		fed++;
		FUZZ_ASSERT(s.n <= KEYSEQ_MAX);
	}
	FUZZ_ASSERT(fed <= KEYSEQ_MAX);
	FUZZ_ASSERT(s.n >= 1 && s.c[0] == 27);
	keyseq_name(&s, &name);
	FUZZ_ASSERT(utf8_valid(strbuf_str(&name), name.len));
	for (size_t k = 0; k < name.len; k++)
		FUZZ_ASSERT((unsigned char)name.buf[k] >= 0x20 && (unsigned char)name.buf[k] != 0x7F);
	key = keyseq_key(&s);
	FUZZ_ASSERT(key == -1 || (key & KEYF) || key == '\t' || key == 27);
	if (keyseq_lone_esc(&s))
		FUZZ_ASSERT(s.n == 1);
	strbuf_free(&name);
	return 0;
}
