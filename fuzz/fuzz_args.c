/* fuzz_args.c: `routedesk api`'s NAME=VALUE and NAME:=JSON arguments (src/cli/args.c) and their form encoding. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "api/encode.h"
#include "cli/args.h"
#include "common/strbuf.h"
#include "fuzz/fuzz.h"

/*
 * The input is a command line's items, one a line.  Each goes through the
 * parser `routedesk api` uses; a refused item must say why and add
 * nothing.  The form is then encoded as it would be sent, and every pair
 * must come out percent-encoded (nothing outside the unreserved set, '%',
 * '=', '&' and the name's brackets).
 */

static int encoded_ok(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];

		if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
		      (c && strchr("-._~%=&[]", c))))
			return 0;
	}
	return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_text(data, size), *line = text;
	struct api_form f = API_FORM_INIT;
	struct strbuf out = STRBUF_INIT;

	while (line) {
		char *nl = strchr(line, '\n');
		struct strbuf msg = STRBUF_INIT;
		size_t before = f.n;

		if (nl)
			*nl = '\0';
		/* NAME@FILE tests a path with access(2); nothing is read. */
		if (cli_args_add(&f, line, &msg) < 0)
			FUZZ_ASSERT(msg.len > 0 && f.n == before);
		else
			FUZZ_ASSERT(msg.len == 0);
		strbuf_free(&msg);
		line = nl ? nl + 1 : NULL;
	}
	api_form_encode(&f, "key", "token", &out);
	FUZZ_ASSERT(encoded_ok(strbuf_str(&out), out.len));
	strbuf_free(&out);
	api_form_free(&f);
	free(text);
	return 0;
}
