/* test_model_stream.c: rows decoded from a page's text one record at a time are the tree path's rows; bad pages take nothing. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "common/strbuf.h"
#include "model/model.h"
#include "tests/lib/rows_tree.h"

/*
 * The console's large loads (issue 12) decode each record of a page from
 * the page's text (m_rows_decode_text) instead of from one cJSON tree of
 * the page.  The rows must be exactly those of the tree path: every test
 * here decodes the same text both ways and compares the rows through
 * m_row_encode (which writes every member a row keeps).  Texts are copied
 * into buffers of their exact length (no NUL after them), so ASan and
 * valgrind catch a read past the end.
 */

static cJSON *fixtures;

static int load_fixtures(void **state)
{
	struct strbuf path = STRBUF_INIT, sb = STRBUF_INIT, err = STRBUF_INIT;

	(void)state;
	strbuf_addf(&path, "%s/records.json", MODEL_FIXTURES);
	if (strbuf_read_file(path.buf, 16 << 20, &sb, &err) < 0)
		fprintf(stderr, "%s\n", strbuf_str(&err));
	else
		fixtures = cJSON_Parse(strbuf_str(&sb));
	strbuf_free(&path);
	strbuf_free(&sb);
	strbuf_free(&err);
	return fixtures ? 0 : -1;
}

static int free_fixtures(void **state)
{
	(void)state;
	cJSON_Delete(fixtures);
	return 0;
}

/* json decoded both ways from an exact-size copy: the same count, the
 * same rows, the same skips.  Returns the count. */
static long both_ways(const char *resource, const char *json, size_t len)
{
	struct rows_taken a = { resource, STRBUF_INIT, 0 }, b = { resource, STRBUF_INIT, 0 };
	char *copy = malloc(len ? len : 1);
	size_t skip_a = 99, skip_b = 99;
	long na, nb;

	memcpy(copy, json, len);
	na = m_rows_decode_text(resource, copy, len, rows_take, &a, &skip_a);
	nb = rows_by_tree(copy, len, &b, &skip_b);
	assert_int_equal(na, nb);
	if (na >= 0) {
		assert_int_equal(skip_a, skip_b);
		assert_int_equal(a.n + skip_a, (size_t)na);
	} else {
		assert_int_equal(a.n, 0); /* nothing taken from a bad page */
	}
	assert_string_equal(strbuf_str(&a.text), strbuf_str(&b.text));
	strbuf_free(&a.text);
	strbuf_free(&b.text);
	free(copy);
	return na;
}

static long both_ways_s(const char *resource, const char *json)
{
	return both_ways(resource, json, strlen(json));
}

/* A page of the fixture records of resource (by fixture name), as the
 * service prints it (formatted) or packed. */
static char *page_of(const char *const *names, size_t n, int formatted)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_adds(&sb, formatted ? "[\n\t" : "[");
	for (size_t i = 0; i < n; i++) {
		const cJSON *r = cJSON_GetObjectItemCaseSensitive(fixtures, names[i]);
		char *s = formatted ? cJSON_Print(r) : cJSON_PrintUnformatted(r);

		assert_non_null(s);
		if (i)
			strbuf_adds(&sb, formatted ? ",\n\t" : ",");
		strbuf_adds(&sb, s);
		free(s);
	}
	strbuf_adds(&sb, formatted ? "\n]" : "]");
	return strbuf_detach(&sb, NULL);
}

/* ------------------------------------------------------------ good pages */

static void test_good_pages(void **state)
{
	static const struct {
		const char *resource;
		const char *names[3];
		size_t n;
	} pages[] = {
		{ "customer", { "customer", "customer", "customer" }, 3 },
		{ "route", { "route" }, 1 },
		{ "appointment", { "appointment_completed", "appointment_pending" }, 2 },
		{ "subscription",
		  { "subscription", "subscription_custom", "subscription_lead" }, 3 },
		{ "ticket", { "ticket" }, 1 },
		{ "note", { "note" }, 1 },
		{ "employee", { "employee" }, 1 },
		{ "serviceType", { "serviceType" }, 1 },
		{ "product", { "product" }, 1 },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(pages) / sizeof(pages[0]); i++) {
		for (int formatted = 0; formatted < 2; formatted++) {
			char *json = page_of(pages[i].names, pages[i].n, formatted);

			assert_int_equal(both_ways_s(pages[i].resource, json), (long)pages[i].n);
			free(json);
		}
	}
	/* Empty pages, whitespace around (bytes up to 32 are whitespace to cJSON). */
	assert_int_equal(both_ways_s("customer", "[]"), 0);
	assert_int_equal(both_ways_s("customer", " \t\r\n[ \n ]\n "), 0);
	assert_int_equal(both_ways_s("customer", "\x01[\x1f{\"customerID\":\"7\"}\x02]\x03"), 1);
}

/* A real customer page: the row is what the tree gave, field by field. */
static void test_customer_fields(void **state)
{
	static const char *const names[] = { "customer" };
	struct rows_taken t = { "customer", STRBUF_INIT, 0 };
	char *json = page_of(names, 1, 1);
	const cJSON *fx = cJSON_GetObjectItemCaseSensitive(fixtures, "customer");
	struct m_customer want;

	(void)state;
	assert_true(m_customer_decode(fx, &want) >= 0);
	assert_int_equal(m_rows_decode_text("customer", json, strlen(json), rows_take, &t, NULL), 1);
	assert_int_equal(t.n, 1);
	{
		char id[32];

		snprintf(id, sizeof(id), "\"customerID\":\"%lld\"", want.id);
		assert_non_null(strstr(strbuf_str(&t.text), id));
	}
	m_customer_free(&want);
	strbuf_free(&t.text);
	free(json);
}

/* --------------------------------------------------- odd records, types */

/* Elements that give no row are skipped and counted, as the tree path
 * skips them; members of the wrong type decode as the tree path decodes
 * them (unknown values), escapes and odd strings the same. */
static void test_odd_records(void **state)
{
	(void)state;
	assert_int_equal(both_ways_s("customer", "[1,\"x\",null,true,[],{},{\"fname\":\"Ann\"}]"),
	                 7);
	assert_int_equal(both_ways_s("customer",
	                             "[{\"customerID\":{}},{\"customerID\":[1]},"
	                             "{\"customerID\":\"abc\"},{\"customerID\":\"12\"}]"),
	                 4);
	/* Wrong member types: numbers for strings, objects, arrays, booleans. */
	assert_int_equal(both_ways_s("customer",
	                             "[{\"customerID\":12,\"fname\":7,\"lname\":{\"a\":1},"
	                             "\"companyName\":[\"x\"],\"balance\":true,\"status\":\"x\","
	                             "\"balanceAge\":\"1e3\",\"city\":null,\"zip\":-0.5,"
	                             "\"dateAdded\":\"0000-00-00 00:00:00\"},"
	                             "{\"customerID\":\"13\",\"balance\":\"12.345\","
	                             "\"phone1\":\"\",\"email\":{}}]"),
	                 2);
	assert_int_equal(both_ways_s("appointment",
	                             "[{\"appointmentID\":\"8\",\"routeID\":\"5488,5489\","
	                             "\"status\":\"done\",\"sequence\":\"99999999999\","
	                             "\"start\":\"25:00:00\",\"notes\":{\"a\":1}}]"),
	                 1);
	/* Escapes, \u0000 (cJSON's strings end there), bad hex, raw control
	 * bytes, UTF-8, duplicate members (cJSON keeps the first it finds). */
	assert_int_equal(both_ways_s("customer",
	                             "[{\"customerID\":\"5\",\"fname\":\"A\\u0000B\","
	                             "\"lname\":\"\\ud83d\\ude00 \\\"q\\\" \\/ \\t\","
	                             "\"city\":\"\\uZZZZx\",\"notes\":\"line\x01\x1b[31m\","
	                             "\"companyName\":\"Caf\xc3\xa9\",\"fname\":\"second\"}]"),
	                 1);
	/* Every other resource with a bad key: nothing, as the tree gives. */
	assert_int_equal(both_ways_s("ticket", "[{\"ticketID\":\"1.5\"},{\"ticketID\":\"3\","
	                                       "\"items\":{\"x\":1}}]"),
	                 2);
	assert_int_equal(both_ways_s("region", "[{\"regionID\":\"1\"}]"), 1);
}

/* ----------------------------------------------------------- bad pages */

static void test_malformed_records(void **state)
{
	static const char *const bad[] = {
		"[{\"customerID\":\"1\"},{\"customerID\":}]", /* a value missing */
		"[{\"customerID\":\"1\"},{\"customerID\" \"2\"}]",
		"[{\"customerID\":\"1\"},{customerID:\"2\"}]",
		"[{\"customerID\":\"1\"},]",                    /* trailing comma */
		"[{\"customerID\":\"1\"} {\"customerID\":\"2\"}]",
		"[{\"customerID\":\"1\"},{\"customerID\":\"2\\x\"}]", /* bad escape */
		"[{\"customerID\":\"1\"},NaN]",
		"[{\"customerID\":\"1\"},tru]",
		"{\"customerID\":\"1\"}",                       /* not an array */
		"\"[]\"",
		"",
		"   ",
		"[] []",                                        /* something after it */
		"[]x",
	};

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct rows_taken t = { "customer", STRBUF_INIT, 0 };

		assert_int_equal(both_ways_s("customer", bad[i]), -1);
		assert_int_equal(
			m_rows_decode_text("customer", bad[i], strlen(bad[i]), rows_take, &t, NULL), -1);
		assert_int_equal(t.n, 0);
		strbuf_free(&t.text);
	}
	{
		/* Nested deeper than cJSON's limit inside one record: refused,
		 * as cJSON refuses the page; one level less is read. */
		struct strbuf sb = STRBUF_INIT;

		for (int depth = 997; depth <= 1000; depth++) {
			strbuf_reset(&sb);
			strbuf_adds(&sb, "[{\"customerID\":\"1\",\"x\":");
			for (int k = 0; k < depth; k++)
				strbuf_addc(&sb, '[');
			for (int k = 0; k < depth; k++)
				strbuf_addc(&sb, ']');
			strbuf_adds(&sb, "}]");
			both_ways("customer", sb.buf, sb.len);
		}
		strbuf_free(&sb);
	}
}

/* Every prefix of a page is refused whole (a page cut off by a dropped
 * connection): nothing taken, nothing read past its end. */
static void test_truncated_pages(void **state)
{
	static const char *const names[] = { "customer", "customer" };
	char *json = page_of(names, 2, 1);
	size_t len = strlen(json);

	(void)state;
	for (size_t cut = 0; cut < len; cut++) {
		struct rows_taken t = { "customer", STRBUF_INIT, 0 };
		char *copy = malloc(cut ? cut : 1);
		long n;

		memcpy(copy, json, cut);
		n = m_rows_decode_text("customer", copy, cut, rows_take, &t, NULL);
		if (n != -1)
			fail_msg("a page cut at %zu of %zu bytes read as %ld records", cut, len, n);
		assert_int_equal(t.n, 0);
		strbuf_free(&t.text);
		free(copy);
	}
	assert_int_equal(both_ways("customer", json, len), 2);
	free(json);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_good_pages),
		cmocka_unit_test(test_customer_fields),
		cmocka_unit_test(test_odd_records),
		cmocka_unit_test(test_malformed_records),
		cmocka_unit_test(test_truncated_pages),
	};

	return cmocka_run_group_tests(tests, load_fixtures, free_fixtures);
}
