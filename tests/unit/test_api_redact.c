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

#include "api/envelope.h"
#include "api/error.h"
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
	api_redact_text(&sb, "key=abcd&token=wxyz&key=abcd", "abcd", "wxyz");
	assert_string_equal(sb.buf, "key=REDACTED&token=REDACTED&key=REDACTED");
	strbuf_reset(&sb);
	/* Too short to search for inside text (it would mangle everything). */
	api_redact_text(&sb, "a t in text", "t", NULL);
	assert_string_equal(sb.buf, "a t in text");
	/* One credential the other's prefix: the longer goes whole, no tail
	 * of it left (the key matched first left "efgh" of the token). */
	strbuf_reset(&sb);
	api_redact_text(&sb, "x abcdefgh y abcd", "abcd", "abcdefgh");
	assert_string_equal(sb.buf, "x REDACTED y REDACTED");
	strbuf_reset(&sb);
	api_redact_text(&sb, "x abcdefgh y abcd", "abcdefgh", "abcd");
	assert_string_equal(sb.buf, "x REDACTED y REDACTED");
	strbuf_free(&sb);
	redact_answer(NULL, "abcd", "wxyz");
}

/* An unreadable answer is quoted by its first 40 bytes: a token that
 * the cut splits must not leave its head in the message (a PHP warning
 * echoing the request showed 9 of a token's characters). */
static void test_cut_credential(void **state)
{
	const char *token = "0123456789abcdef0123456789abcdef";
	const char *body = "<b>Warning</b> bad input token=0123456789abcdef0123456789abcdef";
	struct api_answer a;
	struct api_error err = API_ERROR_INIT;
	struct strbuf sb = STRBUF_INIT;

	(void)state;
	assert_int_equal(api_envelope_parse(body, strlen(body), 200, &a, &err), -1);
	api_error_redact(&err, "k3ykey99", token);
	assert_non_null(strstr(api_error_text(&err), "token=REDACTED..."));
	assert_null(strstr(api_error_text(&err), "01234"));
	api_answer_free(&a);
	api_error_clear(&err);
	/* In a message a credential's head goes only where an ellipsis cut
	 * it; in a record's text "..." is text and nothing is cut. */
	api_error_set(&err, API_ERR_API, 200, "x 0123 y 01... z", "x 0123 y 01... z");
	api_error_redact(&err, "k3ykey99", token);
	assert_string_equal(err.message, "x 0123 y REDACTED... z");
	assert_string_equal(err.server_message, "x 0123 y REDACTED... z");
	api_error_clear(&err);
	/* Nor inside a word: a message's own ellipsis after a letter the
	 * token starts with. */
	api_error_set(&err, API_ERR_API, 200, "Loadin0... z", "Loadin0... z");
	api_error_redact(&err, "k3ykey99", token);
	assert_string_equal(err.message, "Loadin0... z");
	api_error_clear(&err);
	api_redact_text(&sb, "Ted 01... z", "k3ykey99", token);
	assert_string_equal(sb.buf, "Ted 01... z");
	strbuf_free(&sb);
}

/* redact_print must give exactly what redact_answer then cJSON_Print did
 * (the CLI's output format), with the indent of a record in an array. */
static void check_print(const char *json, const char *key, const char *token)
{
	cJSON *a = cJSON_Parse(json), *b = cJSON_Parse(json);
	struct strbuf sb = STRBUF_INIT, want = STRBUF_INIT;
	char *text;

	assert_non_null(a);
	redact_print(&sb, a, 0, key, token);
	redact_answer(b, key, token);
	text = cJSON_Print(b);
	assert_string_equal(sb.buf, text);
	/* The input tree is left alone. */
	assert_null(strstr(json, REDACTED));
	if (strstr(json, key)) {
		char *again = cJSON_PrintUnformatted(a);

		assert_non_null(strstr(again, key));
		cJSON_free(again);
	}
	/* Depth 1: a tab after every newline, as inside the --all array. */
	for (const char *t = text; *t; t++) {
		strbuf_addc(&want, *t);
		if (*t == '\n')
			strbuf_addc(&want, '\t');
	}
	strbuf_reset(&sb);
	redact_print(&sb, a, 1, key, token);
	assert_string_equal(sb.buf, want.buf);
	cJSON_free(text);
	strbuf_free(&sb);
	strbuf_free(&want);
	cJSON_Delete(a);
	cJSON_Delete(b);
}

static void test_print_as_cjson(void **state)
{
	(void)state;
	check_print("{\"params\":{\"lname\":\"Smith\",\"authenticationKey\":\"kkkk1234\","
	            "\"authenticationToken\":[\"x\",\"y\"],\"authenticationKey\":\"again\"},"
	            "\"success\":true,\"no\":false,\"none\":null,\"params\":{\"authenticationKey\":1}}",
	            "kkkk1234", "tttt5678");
	check_print("{\"a\":\"esc \\\" \\\\ \\/ \\b\\f\\n\\r\\t \\u0001 \\u001f \\u00e9 \\u2603 \\ud83d\\ude00\","
	            "\"n\":[0,-1,7,2147483647,2147483648,-2147483648,-2147483649,1e300,-0.0,"
	            "0.1,1.5,3.141592653589793,1e-7,123456789012345678,-1.25e-300,"
	            "999999999999999,1000000000000000,-999999999999999.0,12345678901234.5],"
	            "\"o\":{},\"e\":[],\"deep\":[{\"x\":[{},[],{\"y\":{\"z\":[1,{\"w\":\"v\"}]}}]}],"
	            "\"kkkk1234 name\":\"a kkkk1234 b tttt5678\",\"t\":[\"tttt5678\",\"kkk\"],"
	            "\"\":\"\"}",
	            "kkkk1234", "tttt5678");
	/* Short credentials are not searched for; a missing one is fine. */
	check_print("{\"a\":\"t t\",\"params\":[1]}", "t", NULL);
	check_print("[{\"a\":1},{}]", "kkkk1234", "tttt5678");
	{
		/* A bare string is redacted too (redact_answer walks members only). */
		cJSON *str = cJSON_CreateString("plain kkkk1234");
		struct strbuf sb = STRBUF_INIT;

		redact_print(&sb, str, 0, "kkkk1234", "tttt5678");
		assert_string_equal(sb.buf, "\"plain REDACTED\"");
		strbuf_free(&sb);
		cJSON_Delete(str);
	}
}

/* DEL and the C1 controls (U+0080..U+009F) from the service never reach
 * the terminal raw, as the tree printed or as text passed through; the
 * rest of Latin-1 (U+00A0.., also led by 0xC2) stays as it is. */
static void test_print_escapes_del_and_c1(void **state)
{
	static const char json[] =
		"[{\"a\":\"Del\x7f C1\xc2\x9b \xc2\x80 end\",\"b\":\"\\u007f\\u009b\","
		"\"c\":\"nbsp\xc2\xa0 deg\xc2\xb0 \xc3\x82\",\"d\":\"\xc2\"}]";
	static const char want[] =
		"[\n\t{\n\t\t\"a\":\t\"Del\\u007f C1\\u009b \\u0080 end\",\n"
		"\t\t\"b\":\t\"\\u007f\\u009b\",\n"
		"\t\t\"c\":\t\"nbsp\xc2\xa0 deg\xc2\xb0 \xc3\x82\",\n"
		"\t\t\"d\":\t\"\xc2\"\n\t}";
	cJSON *tree = cJSON_Parse(json);
	struct strbuf text = STRBUF_INIT, printed = STRBUF_INIT;
	long count = 0;

	(void)state;
	assert_non_null(tree);
	assert_int_equal(redact_print_records(&text, json, strlen(json), &count, "kkkk1234", NULL), 0);
	assert_int_equal(count, 1);
	assert_string_equal(text.buf, want);
	strbuf_add(&printed, "[\n\t", 3);
	redact_print(&printed, cJSON_GetArrayItem(tree, 0), 1, "kkkk1234", NULL);
	assert_string_equal(printed.buf, want);
	assert_null(memchr(text.buf, 0x7f, text.len));
	assert_null(strstr(text.buf, "\xc2\x9b"));
	strbuf_free(&text);
	strbuf_free(&printed);
	cJSON_Delete(tree);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_params_echo),
		cmocka_unit_test(test_anywhere_else),
		cmocka_unit_test(test_text),
		cmocka_unit_test(test_cut_credential),
		cmocka_unit_test(test_print_as_cjson),
		cmocka_unit_test(test_print_escapes_del_and_c1),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
