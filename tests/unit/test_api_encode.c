/* test_api_encode.c: form encoding (brackets, JSON text, auth last, escapes) and query objects. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <cjson/cJSON.h>

#include "api/encode.h"
#include "common/strbuf.h"

/* Encodes f with test credentials; the caller frees. */
static char *encoded(const struct api_form *f, const char *key, const char *token)
{
	struct strbuf sb = STRBUF_INIT;

	api_form_encode(f, key, token, &sb);
	return strbuf_detach(&sb, NULL);
}

static void add_json(struct api_form *f, const char *name, const char *json)
{
	cJSON *v = cJSON_Parse(json);

	assert_non_null(v);
	api_form_add_json(f, name, v);
	cJSON_Delete(v);
}

static void test_auth_last(void **state)
{
	struct api_form f = API_FORM_INIT;
	char *s;

	(void)state;
	api_form_add(&f, "lname", "Smith");
	api_form_add_int(&f, "officeIDs", 1);
	s = encoded(&f, "k3y", "t0k");
	assert_string_equal(s, "lname=Smith&officeIDs=1&authenticationKey=k3y&authenticationToken=t0k");
	free(s);
	/* Even a form built after the credentials were known ends with them. */
	api_form_add(&f, "z", "1");
	s = encoded(&f, "k", "t");
	assert_non_null(strstr(s, "&z=1&authenticationKey=k&authenticationToken=t"));
	assert_int_equal(strlen(strstr(s, "authenticationToken=t")), strlen("authenticationToken=t"));
	free(s);
	api_form_free(&f);
}

static void test_no_credentials(void **state)
{
	struct api_form f = API_FORM_INIT;
	char *s;

	(void)state;
	s = encoded(&f, NULL, NULL);
	assert_string_equal(s, "");
	free(s);
	api_form_add(&f, "a", "");
	s = encoded(&f, NULL, NULL);
	assert_string_equal(s, "a=");
	free(s);
	api_form_free(&f);
}

static void test_percent_encoding(void **state)
{
	struct api_form f = API_FORM_INIT;
	char *s;

	(void)state;
	/* Reserved characters of a form: & = + % # ? / and space. */
	api_form_add(&f, "notes", "a&b=c+d%e#f?g/h i");
	/* UTF-8: é (C3 A9) and the euro sign (E2 82 AC). */
	api_form_add(&f, "name", "Ren\xc3\xa9 \xe2\x82\xac");
	/* Unreserved characters pass as they are. */
	api_form_add(&f, "x", "AZaz09-._~");
	/* Control characters and brackets in a value are escaped. */
	api_form_add(&f, "y", "\n\t[]");
	s = encoded(&f, NULL, NULL);
	assert_string_equal(s, "notes=a%26b%3Dc%2Bd%25e%23f%3Fg%2Fh%20i"
	                       "&name=Ren%C3%A9%20%E2%82%AC"
	                       "&x=AZaz09-._~"
	                       "&y=%0A%09%5B%5D");
	free(s);
	api_form_free(&f);
}

static void test_bytes_with_nul(void **state)
{
	struct api_form f = API_FORM_INIT;
	char *s;

	(void)state;
	api_form_add_len(&f, "b", "a\0b", 3);
	s = encoded(&f, NULL, NULL);
	assert_string_equal(s, "b=a%00b");
	free(s);
	api_form_free(&f);
}

static void test_brackets_for_arrays(void **state)
{
	struct api_form f = API_FORM_INIT;
	char *s;

	(void)state;
	add_json(&f, "customerIDs", "[1,2,30]");
	s = encoded(&f, "k", "t");
	assert_string_equal(s, "customerIDs[]=1&customerIDs[]=2&customerIDs[]=30"
	                       "&authenticationKey=k&authenticationToken=t");
	free(s);
	api_form_free(&f);

	/* Arrays of objects: indexed brackets, as PHP reads addons[0][amount]. */
	add_json(&f, "addons", "[{\"description\":\"Bait\",\"amount\":12.5,\"taxable\":1},"
	                       "{\"description\":\"Trap & lure\",\"amount\":3}]");
	s = encoded(&f, NULL, NULL);
	assert_string_equal(s, "addons[0][description]=Bait&addons[0][amount]=12.5"
	                       "&addons[0][taxable]=1"
	                       "&addons[1][description]=Trap%20%26%20lure&addons[1][amount]=3");
	free(s);
	api_form_free(&f);
}

static void test_json_scalars(void **state)
{
	struct api_form f = API_FORM_INIT;
	char *s;

	(void)state;
	add_json(&f, "n", "42");
	add_json(&f, "big", "9007199254740991");
	add_json(&f, "neg", "-7");
	add_json(&f, "d", "0.1");
	add_json(&f, "t", "true");
	add_json(&f, "f", "false");
	add_json(&f, "z", "null");
	add_json(&f, "s", "\"x y\"");
	s = encoded(&f, NULL, NULL);
	assert_string_equal(s, "n=42&big=9007199254740991&neg=-7&d=0.1&t=1&f=0&z=&s=x%20y");
	free(s);
	api_form_free(&f);
	/* A number goes as exactly the double it is, in the fewest digits:
	 * cJSON's printer sent the first two as 1 and 0.3. */
	add_json(&f, "a", "1.0000000000000002");
	add_json(&f, "b", "0.30000000000000004");
	add_json(&f, "c", "-2.5e-300");
	add_json(&f, "d", "123456.789");
	add_json(&f, "e", "1e300");
	s = encoded(&f, NULL, NULL);
	assert_string_equal(s, "a=1.0000000000000002&b=0.30000000000000004&c=-2.5e-300&d=123456.789&"
	                       "e=1e%2B300");
	free(s);
	api_form_free(&f);
}

static void test_json_text_where_brackets_cannot(void **state)
{
	struct api_form f = API_FORM_INIT;
	char *s;

	(void)state;
	/* An empty array has no bracket form: it travels as JSON text. */
	add_json(&f, "addons", "[]");
	/* A query object is one parameter of JSON text. */
	add_json(&f, "date", "{\"operator\":\"BETWEEN\",\"value\":[\"2026-11-01\",\"2026-11-30\"]}");
	/* Any other object travels in brackets. */
	add_json(&f, "o", "{\"a\":1,\"b\":\"x\"}");
	s = encoded(&f, NULL, NULL);
	assert_string_equal(s, "addons=%5B%5D"
	                       "&date=%7B%22operator%22%3A%22BETWEEN%22%2C%22value%22%3A%5B%222026-11-01"
	                       "%22%2C%222026-11-30%22%5D%7D"
	                       "&o[a]=1&o[b]=x");
	free(s);
	api_form_free(&f);
}

static void test_ids_are_one_variable(void **state)
{
	struct api_form f = API_FORM_INIT;
	long long ids[1000];

	(void)state;
	for (int i = 0; i < 1000; i++)
		ids[i] = 10000 + i;
	api_form_add_ids(&f, "customerIDs", ids, 1000);
	/* 1000 ids plus two credentials stay under the 1000-variable cut. */
	assert_int_equal(f.n, 1);
	assert_true(f.n + 2 <= API_MAX_VARS);
	assert_true(strncmp(api_form_get(&f, "customerIDs"), "[10000,10001,", 13) == 0);
	assert_non_null(strstr(api_form_get(&f, "customerIDs"), ",10999]"));
	api_form_free(&f);
}

static void test_remove_has_get_copy(void **state)
{
	struct api_form f = API_FORM_INIT, g = API_FORM_INIT;

	(void)state;
	add_json(&f, "ids", "[1,2]");
	api_form_add(&f, "idsx", "keep");
	api_form_add(&f, "includeData", "0");
	api_form_add(&f, "includeData", "1");
	assert_true(api_form_has(&f, "ids"));
	assert_false(api_form_has(&f, "id"));
	assert_string_equal(api_form_get(&f, "includeData"), "1");
	assert_null(api_form_get(&f, "ids"));
	api_form_copy(&g, &f);
	assert_int_equal(api_form_remove(&f, "ids"), 2);
	assert_int_equal(api_form_remove(&f, "includeData"), 2);
	assert_int_equal(f.n, 1);
	assert_string_equal(f.pairs[0].name, "idsx");
	assert_int_equal(g.n, 5); /* the copy is deep */
	api_form_add_file(&g, "uploadFile", "/tmp/x");
	assert_true(api_form_has_file(&g));
	assert_false(api_form_has_file(&f));
	api_form_free(&f);
	api_form_free(&g);
}

static void test_operators(void **state)
{
	static const char *const ops[] = {
		"=", "!=", ">", "<", ">=", "<=", "IN", "BETWEEN", "LIKE", "STARTSWITH",
		"ENDSWITH", "CONTAINS",
	};
	enum api_qop op;

	(void)state;
	for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
		assert_int_equal(api_qop_parse(ops[i], &op), 0);
		assert_int_equal(op, (int)i);
		assert_string_equal(api_qop_text(op), ops[i]);
	}
	/* Operators are case-insensitive on the wire. */
	assert_int_equal(api_qop_parse("between", &op), 0);
	assert_int_equal(op, API_Q_BETWEEN);
	assert_int_equal(api_qop_parse("Contains", &op), 0);
	assert_int_equal(op, API_Q_CONTAINS);
	assert_int_equal(api_qop_parse("=>", &op), -1);
	assert_int_equal(api_qop_parse("", &op), -1);
}

static void test_query_objects(void **state)
{
	struct api_form f = API_FORM_INIT;
	long long ids[] = { 3, 5 };
	const char *strs[] = { "a\"b", "c" };

	(void)state;
	assert_int_equal(api_form_add_cmp_int(&f, "customerIDs", API_Q_GT, 12345), 0);
	assert_string_equal(f.pairs[0].value, "{\"operator\":\">\",\"value\":12345}");
	assert_int_equal(api_form_add_cmp_str(&f, "dateUpdated", API_Q_GE, "2026-11-20 10:00:00"), 0);
	assert_string_equal(f.pairs[1].value,
	                    "{\"operator\":\">=\",\"value\":\"2026-11-20 10:00:00\"}");
	api_form_add_between_str(&f, "date", "2026-11-01", "2026-11-30");
	assert_string_equal(f.pairs[2].value,
	                    "{\"operator\":\"BETWEEN\",\"value\":[\"2026-11-01\",\"2026-11-30\"]}");
	api_form_add_between_int(&f, "routeIDs", 1, 9);
	assert_string_equal(f.pairs[3].value, "{\"operator\":\"BETWEEN\",\"value\":[1,9]}");
	assert_int_equal(api_form_add_in_int(&f, "officeIDs", ids, 2), 0);
	assert_string_equal(f.pairs[4].value, "{\"operator\":\"IN\",\"value\":[3,5]}");
	assert_int_equal(api_form_add_in_str(&f, "lname", strs, 2), 0);
	assert_string_equal(f.pairs[5].value, "{\"operator\":\"IN\",\"value\":[\"a\\\"b\",\"c\"]}");
	assert_int_equal(api_form_add_cmp_str(&f, "lname", API_Q_CONTAINS, "mi"), 0);
	assert_string_equal(f.pairs[6].value, "{\"operator\":\"CONTAINS\",\"value\":\"mi\"}");
	assert_int_equal(api_form_add_cmp_str(&f, "lname", API_Q_LIKE, "S%"), 0);
	assert_int_equal(api_form_add_cmp_str(&f, "lname", API_Q_STARTSWITH, "S"), 0);
	assert_int_equal(api_form_add_cmp_str(&f, "lname", API_Q_ENDSWITH, "h"), 0);
	assert_int_equal(api_form_add_cmp_int(&f, "active", API_Q_NE, 0), 0);
	assert_int_equal(api_form_add_cmp_int(&f, "active", API_Q_EQ, 1), 0);
	assert_int_equal(api_form_add_cmp_int(&f, "active", API_Q_LT, 2), 0);
	assert_int_equal(api_form_add_cmp_int(&f, "active", API_Q_LE, 2), 0);
	assert_string_equal(f.pairs[13].value, "{\"operator\":\"<=\",\"value\":2}");
	assert_int_equal(f.n, 14);
	/* Shapes that do not fit the operator add nothing. */
	assert_int_equal(api_form_add_cmp_int(&f, "x", API_Q_IN, 1), -1);
	assert_int_equal(api_form_add_cmp_str(&f, "x", API_Q_BETWEEN, "a"), -1);
	assert_int_equal(api_form_add_in_int(&f, "x", ids, 0), -1);
	assert_int_equal(f.n, 14);
	api_form_free(&f);
}

static void test_query_shapes(void **state)
{
	cJSON *two = cJSON_Parse("[1,2]"), *three = cJSON_Parse("[1,2,3]");
	cJSON *empty = cJSON_Parse("[]"), *nested = cJSON_Parse("[[1],2]");
	cJSON *scalar = cJSON_Parse("5"), *obj = cJSON_Parse("{\"a\":1}");
	char *t;

	(void)state;
	t = api_query_text(API_Q_BETWEEN, two);
	assert_string_equal(t, "{\"operator\":\"BETWEEN\",\"value\":[1,2]}");
	free(t);
	assert_null(api_query_text(API_Q_BETWEEN, three));
	assert_null(api_query_text(API_Q_BETWEEN, scalar));
	assert_null(api_query_text(API_Q_IN, empty));
	assert_null(api_query_text(API_Q_IN, nested));
	assert_null(api_query_text(API_Q_IN, scalar));
	assert_null(api_query_text(API_Q_GT, two));
	assert_null(api_query_text(API_Q_EQ, obj));
	assert_null(api_query_text(API_Q_EQ, NULL));
	t = api_query_text(API_Q_IN, three);
	assert_string_equal(t, "{\"operator\":\"IN\",\"value\":[1,2,3]}");
	free(t);
	cJSON_Delete(two);
	cJSON_Delete(three);
	cJSON_Delete(empty);
	cJSON_Delete(nested);
	cJSON_Delete(scalar);
	cJSON_Delete(obj);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_auth_last),
		cmocka_unit_test(test_no_credentials),
		cmocka_unit_test(test_percent_encoding),
		cmocka_unit_test(test_bytes_with_nul),
		cmocka_unit_test(test_brackets_for_arrays),
		cmocka_unit_test(test_json_scalars),
		cmocka_unit_test(test_json_text_where_brackets_cannot),
		cmocka_unit_test(test_ids_are_one_variable),
		cmocka_unit_test(test_remove_has_get_copy),
		cmocka_unit_test(test_operators),
		cmocka_unit_test(test_query_objects),
		cmocka_unit_test(test_query_shapes),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
