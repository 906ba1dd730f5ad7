/* test_api_redact.c: `routedesk api` never prints the key or the token. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <cjson/cJSON.h>

#include "cli/redact.h"
#include "common/strbuf.h"

static void test_params_echo(void **state)
{
	cJSON *a = cJSON_Parse("{\"params\":{\"lname\":\"Smith\",\"authenticationKey\":\"kkkk1234\","
	                       "\"authenticationToken\":[\"x\",\"y\"]},\"success\":true}");
	char *text;

	(void)state;
	redact_answer(a, "kkkk1234", "tttt5678");
	text = cJSON_PrintUnformatted(a);
	assert_string_equal(text, "{\"params\":{\"lname\":\"Smith\",\"authenticationKey\":\"REDACTED\","
	                          "\"authenticationToken\":\"REDACTED\"},\"success\":true}");
	cJSON_free(text);
	cJSON_Delete(a);
}

static void test_anywhere_else(void **state)
{
	cJSON *a = cJSON_Parse("{\"errorMessage\":\"bad key kkkk1234 for tttt5678\","
	                       "\"ignoredParams\":[\"kkkk1234\"],"
	                       "\"params\":{\"kkkk1234\":\"1\"},"
	                       "\"deep\":[{\"x\":[\"a-tttt5678-b\"]}],\"n\":5}");
	char *text;

	(void)state;
	redact_answer(a, "kkkk1234", "tttt5678");
	text = cJSON_PrintUnformatted(a);
	assert_null(strstr(text, "kkkk1234"));
	assert_null(strstr(text, "tttt5678"));
	assert_non_null(strstr(text, "\"bad key REDACTED for REDACTED\""));
	assert_non_null(strstr(text, "\"a-REDACTED-b\""));
	assert_non_null(strstr(text, "\"REDACTED\":\"1\""));
	cJSON_free(text);
	cJSON_Delete(a);
}

static void test_text(void **state)
{
	struct strbuf sb = STRBUF_INIT;

	(void)state;
	redact_text(&sb, "key=abcd&token=wxyz&key=abcd", "abcd", "wxyz");
	assert_string_equal(sb.buf, "key=REDACTED&token=REDACTED&key=REDACTED");
	strbuf_reset(&sb);
	/* Too short to search for inside text (it would mangle everything). */
	redact_text(&sb, "a t in text", "t", NULL);
	assert_string_equal(sb.buf, "a t in text");
	strbuf_free(&sb);
	redact_answer(NULL, "abcd", "wxyz");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_params_echo),
		cmocka_unit_test(test_anywhere_else),
		cmocka_unit_test(test_text),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
