/* test_config_wipe.c: no block the config's parsers free still holds the token (free wrapped by the linker to look). */
#include "config.h"

#include <malloc.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "api/account.h"
#include "api/error.h"
#include "common/strbuf.h"
#include "ui/base/state.h"

/*
 * Linked with -Wl,--wrap=free: every free of the code under test passes
 * here first, and a block that still holds the token is counted.  malloc
 * and realloc are wrapped too, to zero what they hand out: a block is
 * read whole, and under valgrind a strbuf's unwritten room would be
 * uninitialised bytes.  The
 * parser splits its copy of the file at each line (NULs written in
 * place), and a wipe that stopped at the first NUL left every later line,
 * the token's included, in freed memory (a C review's finding).
 */
#define TOKEN "s3cr3t-token-value-4711"

void __real_free(void *p);
void __wrap_free(void *p);
void *__real_malloc(size_t n);
void *__wrap_malloc(size_t n);
void *__real_realloc(void *p, size_t n);
void *__wrap_realloc(void *p, size_t n);

void *__wrap_malloc(size_t n)
{
	void *p = __real_malloc(n);

	if (p)
		memset(p, 0, malloc_usable_size(p));
	return p;
}

void *__wrap_realloc(void *p, size_t n)
{
	size_t old = p ? malloc_usable_size(p) : 0;
	void *q = __real_realloc(p, n);
	size_t now = q ? malloc_usable_size(q) : 0;

	if (now > old)
		memset((char *)q + old, 0, now - old);
	return q;
}

static int holding;

void __wrap_free(void *p)
{
	if (p && memmem(p, malloc_usable_size(p), TOKEN, strlen(TOKEN)))
		holding++;
	__real_free(p);
}

static void test_parse_leaves_no_token(void **state)
{
	static const char text[] = "# the office's\n[account default]\nurl = https://x.example/api\n"
	                           "key = k-1234abcd\ntoken = " TOKEN "\nrate = 30\n";
	struct api_account a;
	struct api_error e = API_ERROR_INIT;

	(void)state;
	holding = 0;
	api_account_init(&a);
	assert_int_equal(api_config_parse(text, "cfg", NULL, &a, &e), 0);
	assert_string_equal(a.token, TOKEN);
	api_account_free(&a);
	assert_int_equal(holding, 0);
}

/* The console reads its [ui], [keys] and [notify] from the same file. */
static void test_console_parse_leaves_no_token(void **state)
{
	static const char text[] = "[account default]\ntoken = " TOKEN "\n[ui]\nrefresh = 60\n";
	struct ui_config c;
	struct strbuf err = STRBUF_INIT;

	(void)state;
	state_config_init(&c);
	holding = 0;
	assert_int_equal(state_config_parse(text, "cfg", &c, &err), 0);
	assert_int_equal(holding, 0);
	state_config_free(&c);
	strbuf_free(&err);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_leaves_no_token),
		cmocka_unit_test(test_console_parse_leaves_no_token),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
