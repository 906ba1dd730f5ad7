/* fuzz_config.c: the config file's INI lines (src/common/ini.c) and account sections (src/api/account.c). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "api/account.h"
#include "common/ini.h"
#include "common/strbuf.h"
#include "fuzz/fuzz.h"

/*
 * The input is a config file.  The INI splitter's promises are checked on
 * every line it hands out; the account reader then runs with no --account,
 * with --account default and with --account acme, as the client does.
 * Nothing here reads a file or runs token_command.
 */

static int check_line(const struct ini_line *l, void *ctx)
{
	int *last = ctx;

	FUZZ_ASSERT(l->lineno > *last);
	*last = l->lineno;
	switch (l->kind) {
	case INI_SECTION:
		FUZZ_ASSERT(l->name && l->rest && !l->value);
		break;
	case INI_PAIR:
		FUZZ_ASSERT(l->name && l->value && !l->rest);
		/* Trimmed: no white space at either end of a name. */
		FUZZ_ASSERT(!*l->name || (l->name[0] != ' ' && l->name[strlen(l->name) - 1] != ' '));
		FUZZ_ASSERT(!strchr(l->name, '\n') && !strchr(l->value, '\n'));
		break;
	case INI_NO_CLOSE:
	case INI_NO_EQUALS:
		break;
	default:
		abort();
	}
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const accounts[] = { NULL, "default", "acme" };
	char *text = fuzz_text(data, size), *copy = xstrdup(text);
	int last = 0;

	FUZZ_ASSERT(ini_parse(copy, check_line, &last) == 0);
	free(copy);
	for (size_t i = 0; i < sizeof(accounts) / sizeof(accounts[0]); i++) {
		struct api_account a;
		struct api_error err = API_ERROR_INIT;

		api_account_init(&a);
		if (api_config_parse(text, "fuzz.config", accounts[i], &a, &err) < 0)
			FUZZ_ASSERT(err.kind == API_ERR_USAGE && err.message);
		else
			FUZZ_ASSERT(!(a.token && a.token_command));
		api_account_free(&a);
		api_error_clear(&err);
	}
	free(text);
	return 0;
}
