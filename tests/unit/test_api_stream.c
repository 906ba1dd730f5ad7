/* test_api_stream.c: records printed from the page's text match the tree's print byte for byte; bad pages fail cleanly. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "api/envelope.h"
#include "api/jscan.h"
#include "cli/redact.h"
#include "common/strbuf.h"

#define KEY "k3yq8w7e6r5t4y3u2i1o0plkjhgf"
#define TOKEN "t0kzmxncbv1029384756qpwoeiru"

/* A get answer around records, the payload before or after propertyName. */
static void get_answer(struct strbuf *sb, const char *records, int name_first)
{
	strbuf_reset(sb);
	strbuf_adds(sb, "{\"params\":{\"authenticationKey\":\"" KEY "\"},\"success\":true,");
	if (name_first)
		strbuf_addf(sb, "\"propertyName\":\"customers\",\"customers\":%s}", records);
	else
		strbuf_addf(sb, "\"count\":2,\"customers\":%s,\"propertyName\":\"customers\"}",
		            records);
}

/* What --all printed from the tree (cmd_api.c's print_batch), or NULL when
 * cJSON reads no records array there. */
static char *print_tree(const char *body, size_t len)
{
	struct api_answer a = API_ANSWER_INIT;
	struct api_error e = API_ERROR_INIT;
	struct strbuf sb = STRBUF_INIT;
	const cJSON *r;
	long n = 0;

	if (api_envelope_parse(body, len, 200, &a, &e) < 0 || api_answer_get(&a, &e) < 0) {
		api_answer_free(&a);
		api_error_clear(&e);
		return NULL;
	}
	cJSON_ArrayForEach(r, a.records) {
		strbuf_adds(&sb, n++ ? ",\n\t" : "[\n\t");
		redact_print(&sb, r, 1, KEY, TOKEN);
	}
	api_answer_free(&a);
	return strbuf_detach(&sb, NULL);
}

/* The same from the text (api_envelope_parse_raw, redact_print_records). */
static char *print_text(const char *body, size_t len, struct api_error *e)
{
	struct api_answer a = API_ANSWER_INIT;
	struct strbuf sb = STRBUF_INIT;
	long n = 0;
	char *out = NULL;

	if (api_envelope_parse_raw(body, len, 200, API_RAW_PROPERTY, &a, e) == 0 &&
	    api_answer_get(&a, e) == 0) {
		if (!a.raw_records) {
			/* Fallen back to the tree: printed from it. */
			const cJSON *r;

			cJSON_ArrayForEach(r, a.records) {
				strbuf_adds(&sb, n++ ? ",\n\t" : "[\n\t");
				redact_print(&sb, r, 1, KEY, TOKEN);
			}
			out = strbuf_detach(&sb, NULL);
		} else if (redact_print_records(&sb, a.raw_records, a.raw_len, &n, KEY, TOKEN) == 0) {
			assert_int_equal((size_t)n, a.raw_n);
			out = strbuf_detach(&sb, NULL);
		} else {
			fail_msg("checked records text not printable");
		}
	}
	strbuf_free(&sb);
	api_answer_free(&a);
	return out;
}

static void same(const char *records)
{
	struct strbuf body = STRBUF_INIT;
	struct api_error e = API_ERROR_INIT;

	for (int first = 0; first < 2; first++) {
		char *tree, *text;

		get_answer(&body, records, first);
		tree = print_tree(body.buf, body.len);
		text = print_text(body.buf, body.len, &e);
		if (!tree || !text)
			fail_msg("%s: tree %s, text %s (%s)", records, tree ? "read" : "refused",
			         text ? "read" : "refused", api_error_text(&e));
		if (strcmp(tree, text) != 0)
			fail_msg("%s:\ntree:\n%s\ntext:\n%s", records, tree, text);
		free(tree);
		free(text);
		api_error_clear(&e);
	}
	strbuf_free(&body);
}

static void test_same_as_tree(void **state)
{
	(void)state;
	same("[]");
	same("[{}]");
	same("[{\"customerID\":\"10000\",\"fname\":\"Ana\",\"balance\":\"0.00\"},"
	     "{\"customerID\":\"10001\",\"fname\":null,\"x\":[],\"y\":{}}]");
	/* Escapes: quotes, backslashes, controls, slashes, \u in all forms. */
	same("[{\"a\":\"q\\\"b\\\\s\\/\\b\\f\\n\\r\\t\",\"b\":\"\\u00e9\\u20ac\\ud83d\\ude00\"}]");
	same("[{\"nul\":\"ab\\u0000cd\",\"badhex\":\"x\\u00zzy\",\"\\u0000name\":1}]");
	same("[{\"raw\":\"tab\tnl\nesc\x1b end\",\"utf8\":\"\xc3\xa9\xe2\x82\xac\",\"bad\":\"\xff\xfe\"}]");
	/* Numbers as cJSON reads and prints them. */
	same("[{\"n\":[0,-0,1,-1,007,123456789012345,1234567890123456,12345678901234567890,"
	     "1.5,-0.25,1e3,1E-7,2.5e+10,0.1,3.141592653589793,1e400,-1e400,5e-324]}]");
	/* Nesting, arrays of anything, records that are not objects. */
	same("[{\"a\":[[1,[2,{\"b\":[{}]}]],{\"c\":{\"d\":{}}}]},\"str\",42,null,true,false,[]]");
	/* Credentials: in values and names anywhere, and a record's own
	 * params (the first only, and only an object). */
	same("[{\"note\":\"key " KEY " and " TOKEN "\",\"" KEY "\":\"x\\n" TOKEN "\"}]");
	/* A credential written with an escape is not in the page's text as
	 * is, but is in the string cJSON decodes: still replaced. */
	same("[{\"note\":\"k3y\\u0071" "8w7e6r5t4y3u2i1o0plkjhgf\"}]");
	same("[{\"params\":{\"authenticationKey\":[1,2],\"authenticationToken\":\"t\","
	     "\"authenticationKey\":\"second\"},\"x\":1}]");
	same("[{\"params\":\"no\",\"params\":{\"authenticationKey\":\"kept\"}}]");
	same("[{\"a\":{\"params\":{\"authenticationToken\":\"kept\"}}}]");
	/* Whitespace of every kind the service or a proxy might leave. */
	same(" [ \n{ \"a\" :\t\"b\" , \"c\":[ 1 , 2 ] } ,\r\n{ } ] ");
}

/* Pages the text path reads differently or not at all: no crash, and the
 * same outcome (an error, or the same records) as the tree path. */
static void refused(const char *body, const char *needle)
{
	struct api_answer a = API_ANSWER_INIT;
	struct api_error e = API_ERROR_INIT;
	int rc;

	rc = api_envelope_parse_raw(body, strlen(body), 200, API_RAW_PROPERTY, &a, &e);
	if (rc == 0)
		rc = api_answer_get(&a, &e);
	if (rc == 0)
		fail_msg("read: %s", body);
	if (!strstr(api_error_text(&e), needle))
		fail_msg("%s: error \"%s\" lacks \"%s\"", body, api_error_text(&e), needle);
	api_answer_free(&a);
	api_error_clear(&e);
}

static void test_bad_pages(void **state)
{
	(void)state;
	/* Malformed: cut in a record, in a string, after an escape; garbage. */
	refused("{\"success\":true,\"customers\":[{\"a\":\"b\"},{\"a\":", "not a JSON object");
	refused("{\"success\":true,\"customers\":[{\"a\":\"b\\", "not a JSON object");
	refused("{\"success\":true,\"customers\":[{\"a\":\"\\ud800\"}],\"propertyName\":\"customers\"}",
	        "not a JSON object");
	refused("{\"success\":true,\"customers\":[{\"a\":01.2.3}],\"propertyName\":\"customers\"}",
	        "not a JSON object");
	refused("{\"success\":true,\"customers\":[],\"propertyName\":\"customers\"}}",
	        "not a JSON object");
	refused("\x1f\x8b\x08\x00garbled gzip", "not a JSON object");
	/* Value types that differ from live's. */
	refused("{\"success\":\"true\",\"customers\":[],\"propertyName\":\"customers\"}",
	        "\"success\"");
	refused("{\"success\":true,\"customers\":[],\"propertyName\":7}", "propertyName");
	refused("{\"success\":true,\"customers\":{\"0\":{}},\"propertyName\":\"customers\"}",
	        "not an array of records");
	refused("{\"success\":true,\"customers\":\"[]\",\"propertyName\":\"customers\"}",
	        "not an array of records");
	refused("{\"success\":true,\"propertyName\":\"customers\"}", "not an array of records");
	/* Too deep for cJSON, too deep here. */
	{
		struct strbuf sb = STRBUF_INIT;

		strbuf_adds(&sb, "{\"success\":true,\"propertyName\":\"customers\",\"customers\":[");
		for (int i = 0; i < 1100; i++)
			strbuf_addc(&sb, '[');
		for (int i = 0; i < 1100; i++)
			strbuf_addc(&sb, ']');
		strbuf_adds(&sb, "]}");
		refused(sb.buf, "not a JSON object");
		strbuf_free(&sb);
	}
}

/* body read as --all reads a search page (text path, includeData): both
 * steps must succeed. */
static void search_raw(const char *body, struct api_answer *a)
{
	struct api_error e = API_ERROR_INIT;

	assert_int_equal(api_envelope_parse_raw(body, strlen(body), 200, API_RAW_DATA, a, &e), 0);
	assert_int_equal(api_answer_search(a, 1, &e), 0);
	api_error_clear(&e);
}

/* A search page with includeData: the records under propertyNameData, the
 * ids as before, whatever the members' order. */
static void test_search_page(void **state)
{
	static const char body[] =
		"{\"success\":true,\"customerIDsNoDataExported\":[3],"
		"\"customers\":[{\"customerID\":\"1\"},{\"customerID\":\"2\"}],"
		"\"customerIDs\":[1,2,3],\"propertyNameData\":\"customers\","
		"\"propertyName\":\"customerIDs\"}";
	struct api_answer a = API_ANSWER_INIT;
	struct strbuf sb = STRBUF_INIT;
	long n = 0;

	(void)state;
	search_raw(body, &a);
	assert_int_equal(a.n_ids, 3);
	assert_int_equal(a.n_no_data, 1);
	assert_true(a.ids_from_text);
	assert_true(a.ids[2] == 3 && a.no_data[0] == 3);
	assert_int_equal(cJSON_GetArraySize(a.records), 0);
	assert_non_null(a.raw_records);
	assert_int_equal(a.raw_n, 2);
	assert_int_equal(redact_print_records(&sb, a.raw_records, a.raw_len, &n, KEY, TOKEN), 0);
	assert_string_equal(sb.buf, "[\n\t{\n\t\t\"customerID\":\t\"1\"\n\t},\n\t{\n\t\t"
	                            "\"customerID\":\t\"2\"\n\t}");
	strbuf_free(&sb);
	api_answer_free(&a);
	/* Ids as strings, or with a leading zero: left to the tree, which
	 * reads them as before. */
	{
		static const char odd[] =
			"{\"success\":true,\"customerIDs\":[\"1\",02],\"customerIDsNoDataExported\":[],"
			"\"customers\":[{}],\"propertyNameData\":\"customers\","
			"\"propertyName\":\"customerIDs\"}";

		search_raw(odd, &a);
		assert_false(a.ids_from_text);
		assert_int_equal(a.n_ids, 2);
		assert_true(a.ids[0] == 1 && a.ids[1] == 2);
		assert_int_equal(a.raw_n, 1);
		api_answer_free(&a);
	}
	/* Records named by a member the envelope reads for itself (the id
	 * list, ignoredParams): left to the tree, never blanked out of the
	 * envelope's sight (the ids read as none, the warning lost). */
	{
		static const char ids[] =
			"{\"success\":true,\"customerIDs\":[1,2],\"customerIDsNoDataExported\":[],"
			"\"propertyName\":\"customerIDs\",\"propertyNameData\":\"customerIDs\"}";
		static const char ign[] =
			"{\"success\":true,\"customerIDs\":[1],\"customerIDsNoDataExported\":[],"
			"\"ignoredParams\":[\"x\"],\"propertyName\":\"customerIDs\","
			"\"propertyNameData\":\"ignoredParams\"}";

		search_raw(ids, &a);
		assert_null(a.raw_records);
		assert_int_equal(a.n_ids, 2);
		assert_int_equal(cJSON_GetArraySize(a.records), 2);
		api_answer_free(&a);
		search_raw(ign, &a);
		assert_null(a.raw_records);
		assert_int_equal(cJSON_GetArraySize(a.ignored), 1);
		api_answer_free(&a);
	}
}

/* The scanner alone: strings and numbers as cJSON reads them. */
static void test_scanner(void **state)
{
	struct strbuf sb = STRBUF_INIT;
	const char *s;
	double d;

	(void)state;
	s = "\"a\\u00e9\\ud83d\\ude00\\u0000zz\" ";
	assert_ptr_equal(api_json_string(s, s + strlen(s), &sb), s + strlen(s) - 1);
	assert_string_equal(sb.buf, "a\xc3\xa9\xf0\x9f\x98\x80");
	s = "\"unterminated";
	assert_null(api_json_string(s, s + strlen(s), &sb));
	s = "\"lone \\udc00\"";
	assert_null(api_json_string(s, s + strlen(s), &sb));
	s = "-12.5e1,";
	assert_ptr_equal(api_json_number(s, s + strlen(s), &d), s + 7);
	assert_true(d == -125.0);
	s = "-x";
	assert_null(api_json_number(s, s + strlen(s), &d));
	s = "[1,[2],{\"a\":3}]x";
	{
		size_t n = 0;

		assert_ptr_equal(api_json_skip(s, s + strlen(s), 0, &n), s + strlen(s) - 1);
		assert_int_equal(n, 3);
	}
	/* Never past end, even in the middle of a literal or an escape. */
	s = "[tru";
	assert_null(api_json_skip(s, s + 4, 0, NULL));
	s = "\"\\u12";
	assert_null(api_json_skip(s, s + 5, 0, NULL));
	/* A number longer than 63 bytes reads as the linked cJSON reads it:
	 * upstream 1.7.15 stops at 63 (and refuses what is left), Debian 12's
	 * patched one reads it all (fuzz_rows found the scanner assuming the
	 * former on 2026-11-26). */
	for (size_t len = 60; len <= 200; len += 7) {
		struct strbuf num = STRBUF_INIT;
		cJSON *tree;

		strbuf_addc(&num, '[');
		for (size_t i = 0; i < len; i++)
			strbuf_addc(&num, i ? '0' : '1');
		strbuf_adds(&num, ".5]");
		tree = cJSON_ParseWithLength(num.buf, num.len);
		assert_int_equal(api_json_skip(num.buf, num.buf + num.len, 0, NULL) != NULL,
		                 tree != NULL);
		cJSON_Delete(tree);
		strbuf_free(&num);
	}
	strbuf_free(&sb);
}

/* The next of a fixed xorshift sequence: the same texts on every run. */
static uint32_t next_rand(uint32_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 17;
	*x ^= *x << 5;
	return *x;
}

/* The 8-byte scans (api_json_plain_end, and the closing quote that
 * api_json_skip finds) against a byte loop, over seeded random text made
 * of the bytes at the edges of their flags: a quote, a backslash or a
 * byte below 32 borrows in the SWAR subtraction and may flag the byte
 * after it falsely; of the bytes from 0x80 only 0xC2 (which leads the C1
 * controls the printer escapes) may flag. */
static void test_swar_scans(void **state)
{
	static const unsigned char edge[] = { 0x01, 0x1f, 0x20, 0x21, 0x22, 0x23, 0x5b, 0x5c,
		                              0x5d, 0x7e, 0x7f, 0x80, 0xa2, 0xc1, 0xc2, 0xc3,
		                              0xdc, 0xff, 'a', '0' };
	static const char escapes[] = "\"\\/nt";
	uint32_t x = 20261126; /* the seed */
	char buf[96];

	(void)state;
	for (int round = 0; round < 100000; round++) {
		size_t n = next_rand(&x) % 40, k = 0;
		const char *want = buf;

		for (size_t i = 0; i < n; i++)
			buf[i] = (char)edge[next_rand(&x) % sizeof(edge)];
		while (want < buf + n && (unsigned char)*want >= 32 && *want != '"' && *want != '\\' &&
		       (unsigned char)*want != 0x7f && (unsigned char)*want != 0xc2)
			want++;
		if (api_json_plain_end(buf, buf + n) != want)
			fail_msg("plain run: round %d, %zu bytes: %td, not %td", round, n,
			         api_json_plain_end(buf, buf + n) - buf, want - buf);

		/* A literal of n bytes (each quote or backslash escaped), then
		 * random bytes that may hold quotes of their own. */
		buf[k++] = '"';
		for (size_t i = 0; i < n; i++) {
			char c = (char)edge[next_rand(&x) % sizeof(edge)];

			if (c == '"' || c == '\\') {
				buf[k++] = '\\';
				c = escapes[next_rand(&x) % (sizeof(escapes) - 1)];
			}
			buf[k++] = c;
		}
		buf[k++] = '"';
		want = buf + k;
		while (k < 60)
			buf[k++] = (char)edge[next_rand(&x) % sizeof(edge)];
		if (api_json_skip(buf, buf + k, 0, NULL) != want)
			fail_msg("literal: round %d: past %td, not %td", round,
			         api_json_skip(buf, buf + k, 0, NULL) - buf, want - buf);
	}
}

static void collect(void *ctx, const char *v, size_t n)
{
	struct strbuf *sb = ctx;

	strbuf_add(sb, v, n);
	strbuf_addc(sb, '|');
}

/* Each element's bytes lent in order; a text that is not one whole array
 * is refused before any element is lent. */
static void test_array_each(void **state)
{
	struct strbuf sb = STRBUF_INIT;
	const char *s;

	(void)state;
	s = " [ {\"a\":[1,2]} , \"x,y\",3 ,null]\n";
	assert_int_equal(api_json_array_each(s, strlen(s), collect, &sb), 4);
	assert_string_equal(sb.buf, "{\"a\":[1,2]}|\"x,y\"|3|null|");
	strbuf_reset(&sb);
	s = "[]";
	assert_int_equal(api_json_array_each(s, strlen(s), collect, &sb), 0);
	s = "[1,2";
	assert_int_equal(api_json_array_each(s, strlen(s), collect, &sb), -1);
	s = "[1,2]x";
	assert_int_equal(api_json_array_each(s, strlen(s), collect, &sb), -1);
	s = "{\"a\":1}";
	assert_int_equal(api_json_array_each(s, strlen(s), collect, &sb), -1);
	s = "[1,,2]";
	assert_int_equal(api_json_array_each(s, strlen(s), collect, &sb), -1);
	assert_int_equal(sb.len, 0);
	strbuf_free(&sb);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_same_as_tree),
		cmocka_unit_test(test_bad_pages),
		cmocka_unit_test(test_search_page),
		cmocka_unit_test(test_scanner),
		cmocka_unit_test(test_swar_scans),
		cmocka_unit_test(test_array_each),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
