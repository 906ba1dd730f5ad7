/* test_write.c: unit tests of the write handlers' validation, encodings and rules. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <cjson/cJSON.h>

#include "common/resources.h"
#include "sandbox/handle_write.h"
#include "sandbox/handlers.h"
#include "sandbox/request.h"

/* ---- write_check_value ---- */

static void test_check_int(void **state)
{
	(void)state;
	assert_null(write_check_value(RT_INT, "0"));
	assert_null(write_check_value(RT_INT, "-12"));
	assert_null(write_check_value(RT_INT, "02134"));
	assert_string_equal(write_check_value(RT_INT, ""), "must be an integer");
	assert_non_null(write_check_value(RT_INT, "1.5"));
	assert_non_null(write_check_value(RT_INT, "12a"));
	assert_non_null(write_check_value(RT_INT, " 1"));
	assert_non_null(write_check_value(RT_INT, "-"));
	assert_non_null(write_check_value(RT_INT, "1234567890123456789")); /* 19 digits */
}

static void test_check_num_bool(void **state)
{
	(void)state;
	assert_null(write_check_value(RT_NUM, "12"));
	assert_null(write_check_value(RT_NUM, "12.5"));
	assert_null(write_check_value(RT_NUM, "-0.75"));
	assert_null(write_check_value(RT_NUM, ".5"));
	assert_string_equal(write_check_value(RT_NUM, "1e3"), "must be a number");
	assert_non_null(write_check_value(RT_NUM, "."));
	assert_non_null(write_check_value(RT_NUM, "12,50"));
	assert_non_null(write_check_value(RT_NUM, "nan"));
	assert_null(write_check_value(RT_BOOL, "1"));
	assert_null(write_check_value(RT_BOOL, "false"));
	assert_null(write_check_value(RT_BOOL, "TRUE"));
	assert_string_equal(write_check_value(RT_BOOL, "2"), "must be 0 or 1");
	assert_non_null(write_check_value(RT_BOOL, "yes"));
}

static void test_check_dates(void **state)
{
	(void)state;
	assert_null(write_check_value(RT_DATE, "2026-11-20"));
	assert_null(write_check_value(RT_DATE, "0000-00-00"));
	assert_non_null(write_check_value(RT_DATE, "2026-02-30"));
	assert_non_null(write_check_value(RT_DATE, "2026-11-20 10:00:00"));
	assert_non_null(write_check_value(RT_DATE, "20/11/2026"));
	assert_null(write_check_value(RT_DATETIME, "2026-11-20 08:30:00"));
	assert_null(write_check_value(RT_DATETIME, "2026-11-20"));
	assert_null(write_check_value(RT_DATETIME, "0000-00-00 00:00:00"));
	assert_non_null(write_check_value(RT_DATETIME, "2026-11-20 25:00:00"));
	assert_null(write_check_value(RT_TIME, "23:59:59"));
	assert_non_null(write_check_value(RT_TIME, "24:00:00"));
	assert_non_null(write_check_value(RT_TIME, "8:00:00"));
}

static void test_check_text_lists(void **state)
{
	char big[70000];
	(void)state;
	assert_null(write_check_value(RT_TEXT, ""));
	assert_null(write_check_value(RT_TEXT, "Caf\xc3\xa9 \xe2\x9c\x93"));
	assert_string_equal(write_check_value(RT_TEXT, "bad \xff byte"), "must be valid UTF-8 text");
	assert_non_null(write_check_value(RT_TEXT, "\xc0\xaf")); /* overlong '/' */
	memset(big, 'a', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	assert_non_null(write_check_value(RT_TEXT, big));
	assert_null(write_check_value(RT_IDLIST, "1,2, 3"));
	assert_null(write_check_value(RT_IDLIST, ""));
	assert_non_null(write_check_value(RT_IDLIST, "1,,2"));
	assert_non_null(write_check_value(RT_IDLIST, "1,x"));
	assert_null(write_check_value(RT_JSON, "[1,{\"a\":2}]"));
	assert_non_null(write_check_value(RT_JSON, "[1,"));
	assert_non_null(write_check_value(RT_JSON, "42"));
	assert_non_null(write_check_value(RT_INT, NULL));
}

/* ---- money ---- */

static void test_money(void **state)
{
	char m[32];
	(void)state;
	assert_int_equal(write_cents("12"), 1200);
	assert_int_equal(write_cents("12.5"), 1250);
	assert_int_equal(write_cents("12.345"), 1235); /* half away from zero */
	assert_int_equal(write_cents("12.344"), 1234);
	assert_int_equal(write_cents("-0.75"), -75);
	assert_int_equal(write_cents(".05"), 5);
	assert_int_equal(write_cents(""), 0);
	assert_int_equal(write_cents(NULL), 0);
	write_money(0, m);
	assert_string_equal(m, "0.00");
	write_money(-5, m);
	assert_string_equal(m, "-0.05");
	write_money(123456, m);
	assert_string_equal(m, "1234.56");
}

/* ---- Base64, filenames, SipHash ---- */

static void expect_b64(const char *in, const char *out)
{
	unsigned char *d;
	size_t n;
	assert_int_equal(write_base64_decode(in, strlen(in), &d, &n), 0);
	assert_int_equal(n, strlen(out));
	assert_memory_equal(d, out, n);
	free(d);
}

static void expect_b64_bad(const char *in)
{
	unsigned char *d = (unsigned char *)"x";
	size_t n = 9;
	assert_int_equal(write_base64_decode(in, strlen(in), &d, &n), -1);
	assert_null(d);
	assert_int_equal(n, 0);
}

static void test_base64(void **state)
{
	(void)state;
	expect_b64("aGVsbG8=", "hello");
	expect_b64("aGVsbA==", "hell");
	expect_b64("aGVs", "hel");
	expect_b64("", "");
	expect_b64("+/8=", "\xfb\xff");
	expect_b64_bad("aGVsbG8");    /* length not a multiple of 4 */
	expect_b64_bad("aGVsbG9=");   /* dropped bits not zero */
	expect_b64_bad("aGVsbB==");   /* likewise with two pads */
	expect_b64_bad("aGV sbG8");   /* whitespace */
	expect_b64_bad("aG=sbG8=");   /* padding in the middle */
	expect_b64_bad("aGVsbG8=aGVs"); /* padding before the end */
	expect_b64_bad("a===");
	expect_b64_bad("aGVs-G8_");   /* URL-safe alphabet is not Base64 */
}

static void expect_name(const char *in, const char *out)
{
	char *s = write_safe_filename(in);
	assert_string_equal(s, out);
	free(s);
}

static void test_safe_filename(void **state)
{
	char *s;
	char big[400];
	(void)state;
	expect_name("report.pdf", "report.pdf");
	expect_name("../../etc/passwd", "passwd");
	expect_name("C:\\Users\\me\\scan.png", "scan.png");
	expect_name("dir/", "upload");
	expect_name("", "upload");
	expect_name(NULL, "upload");
	expect_name(".", "upload");
	expect_name("..", "_.");
	expect_name("a..b.txt", "a_.b.txt");
	expect_name("evil\x1b[31m.txt", "evil_[31m.txt");
	expect_name("tab\there\n.txt", "tab_here_.txt");
	expect_name("\"quoted\".txt", "_quoted_.txt");
	expect_name("caf\xc3\xa9.pdf", "caf\xc3\xa9.pdf");
	expect_name("bad\xff\xfe.pdf", "bad__.pdf");
	expect_name("cut\xe2\x9c", "cut__");
	memset(big, 'x', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	s = write_safe_filename(big);
	assert_int_equal(strlen(s), 200);
	free(s);
}

static void test_siphash_vectors(void **state)
{
	unsigned char key[16], msg[64];
	(void)state;
	for (int i = 0; i < 16; i++)
		key[i] = (unsigned char)i;
	for (int i = 0; i < 64; i++)
		msg[i] = (unsigned char)i;
	/* From the SipHash paper and its reference vectors. */
	assert_true(write_siphash24(key, msg, 0) == 0x726fdb47dd0e0e31ULL);
	assert_true(write_siphash24(key, msg, 15) == 0xa129ca6149be45e5ULL);
	assert_true(write_siphash24(key, msg, 1) == 0x74f839c593dc67fdULL);
	assert_true(write_siphash24(key, msg, 8) == 0x93f5f5799a932462ULL);
}

/* ---- createPaymentProfile's processor rules ---- */

static void test_processor_rules(void **state)
{
	char g[2];
	(void)state;
	/* A (also when unnamed) needs both tokens. */
	assert_null(special_processor_check(NULL, "tok", "id", g));
	assert_string_equal(g, "A");
	assert_string_equal(special_processor_check("", "tok", "", g),
	                    "Missing required parameter: CreditCardTokenID (required by processor A)");
	assert_string_equal(special_processor_check("A", NULL, "id", g),
	                    "Missing required parameter: CreditCardToken (required by processor A)");
	/* B needs only the token id, C only the token. */
	assert_null(special_processor_check("b", "", "id", g));
	assert_string_equal(g, "B");
	assert_string_equal(special_processor_check("B", "tok", "", g),
	                    "Missing required parameter: CreditCardTokenID (required by processor B)");
	assert_null(special_processor_check("C", "tok", NULL, g));
	assert_string_equal(g, "C");
	assert_string_equal(special_processor_check("C", "", "id", g),
	                    "Missing required parameter: CreditCardToken (required by processor C)");
	assert_string_equal(special_processor_check("D", "tok", "id", g),
	                    "Invalid value for gateway: must be A, B or C");
	assert_non_null(special_processor_check("AB", "tok", "id", g));
}

/* ---- write_collect against the real table ---- */

struct fake {
	struct sb_req req;
	struct sb_answer ans;
	cJSON *obj;
};

static void fake_start(struct fake *f, const char *json_params)
{
	memset(f, 0, sizeof *f);
	f->req.params = cJSON_Parse(json_params);
	assert_non_null(f->req.params);
	f->obj = cJSON_CreateObject();
}

static void fake_end(struct fake *f)
{
	cJSON_Delete(f->obj);
	cJSON_Delete(f->ans.members);
	free(f->ans.error);
	req_free(&f->req);
}

/* Collects params of resource res; returns the error or NULL. */
static const char *collect(struct fake *f, const char *res, int is_create)
{
	const struct resource *r = res_find(res);
	assert_non_null(r);
	if (write_collect(&f->req, r, is_create, f->obj, &f->ans) == 0) {
		assert_null(f->ans.error);
		return NULL;
	}
	assert_non_null(f->ans.error);
	return f->ans.error;
}

static void test_collect_required(void **state)
{
	struct fake f;
	(void)state;
	fake_start(&f, "{\"customerID\":\"5\",\"contactType\":\"2\",\"showOnInvoice\":\"1\"}");
	assert_string_equal(collect(&f, "note", 1), "Missing required parameter: notes");
	fake_end(&f);
	/* Empty counts as missing for a required parameter ... */
	fake_start(&f, "{\"customerID\":\"5\",\"contactType\":\"2\",\"notes\":\"\",\"showOnInvoice\":\"1\"}");
	assert_string_equal(collect(&f, "note", 1), "Missing required parameter: notes");
	fake_end(&f);
	/* ... but not on update, where nothing is required. */
	fake_start(&f, "{\"notes\":\"x\"}");
	assert_null(collect(&f, "note", 0));
	assert_string_equal(write_get(f.obj, "notes"), "x");
	fake_end(&f);
}

static void test_collect_types(void **state)
{
	struct fake f;
	(void)state;
	fake_start(&f, "{\"customerID\":\"5\",\"contactType\":\"2\",\"notes\":\"hi\","
	               "\"showOnInvoice\":\"true\",\"showTech\":\"0\",\"referenceID\":\"x\"}");
	assert_string_equal(collect(&f, "note", 1), "Invalid value for referenceID: must be an integer");
	fake_end(&f);

	fake_start(&f, "{\"customerID\":\"5\",\"contactType\":\"2\",\"notes\":\"hi\","
	               "\"showOnInvoice\":\"true\",\"showTech\":\"0\"}");
	assert_null(collect(&f, "note", 1));
	/* The wire name contactType sets the field typeID; booleans become 0/1. */
	assert_string_equal(write_get(f.obj, "typeID"), "2");
	assert_string_equal(write_get(f.obj, "showOnInvoice"), "1");
	assert_string_equal(write_get(f.obj, "showTech"), "0");
	assert_null(cJSON_GetObjectItemCaseSensitive(f.obj, "contactType"));
	fake_end(&f);

	/* Amounts are kept with two decimals; a JSON number is accepted. */
	fake_start(&f, "{\"customerID\":\"5\",\"date\":\"2026-11-20\",\"serviceCharge\":49.5}");
	assert_null(collect(&f, "ticket", 1));
	assert_string_equal(write_get(f.obj, "serviceCharge"), "49.50");
	assert_string_equal(write_get(f.obj, "invoiceDate"), "2026-11-20");
	fake_end(&f);

	fake_start(&f, "{\"customerID\":\"5\",\"date\":\"2026-13-01\",\"serviceCharge\":\"1\"}");
	assert_string_equal(collect(&f, "ticket", 1),
	                    "Invalid value for date: must be a date (YYYY-MM-DD)");
	fake_end(&f);

	/* An array where one value is expected. */
	fake_start(&f, "{\"fname\":[\"a\",\"b\"]}");
	assert_string_equal(collect(&f, "customer", 0), "Invalid value for fname: must be a single value");
	fake_end(&f);
}

static void test_collect_field_rules(void **state)
{
	struct fake f;
	(void)state;
	fake_start(&f, "{\"state\":\"Texas\"}");
	assert_string_equal(collect(&f, "customer", 1),
	                    "Invalid value for state: must be a two-letter state code");
	fake_end(&f);
	fake_start(&f, "{\"state\":\"T1\"}");
	assert_non_null(collect(&f, "customer", 0));
	fake_end(&f);
	fake_start(&f, "{\"state\":\"tx\"}");
	assert_null(collect(&f, "customer", 0));
	assert_string_equal(write_get(f.obj, "state"), "TX");
	fake_end(&f);

	fake_start(&f, "{\"starRating\":\"6\"}");
	assert_string_equal(collect(&f, "review", 0), "Invalid value for starRating: must be 1 to 5");
	fake_end(&f);
	fake_start(&f, "{\"starRating\":\"0\"}");
	assert_non_null(collect(&f, "review", 0));
	fake_end(&f);
	fake_start(&f, "{\"starRating\":\"5\"}");
	assert_null(collect(&f, "review", 0));
	fake_end(&f);

	fake_start(&f, "{\"code\":\"ABCDEFGHIJKLMNOPQRSTUVWXYZ\"}");
	assert_string_equal(collect(&f, "product", 0),
	                    "Invalid value for code: must be at most 25 characters");
	fake_end(&f);
	/* 25 characters of two bytes each are still 25 characters. */
	fake_start(&f, "{\"code\":\"\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
	               "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
	               "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\"}");
	assert_null(collect(&f, "product", 0));
	fake_end(&f);

	fake_start(&f, "{\"appointmentID\":\"1\",\"status\":\"0\"}");
	assert_string_equal(collect(&f, "appointmentReminder", 1),
	                    "Invalid value for status: must be -1, 1, 6 or 9 (0 is not allowed on write)");
	fake_end(&f);
	fake_start(&f, "{\"appointmentID\":\"1\",\"status\":\"6\"}");
	assert_null(collect(&f, "appointmentReminder", 1));
	fake_end(&f);

	fake_start(&f, "{\"customerID\":\"1\",\"paymentMethod\":\"3\"}");
	assert_string_equal(collect(&f, "paymentProfile", 1),
	                    "Invalid value for paymentMethod: must be 1 (card) or 2 (bank transfer)");
	fake_end(&f);

	fake_start(&f, "{\"customerID\":\"5\",\"date\":\"2026-11-20\",\"serviceCharge\":\"1\","
	               "\"status\":\"2\"}");
	assert_string_equal(collect(&f, "ticket", 1), "Invalid value for status: must be 0, 1, -1 or -3");
	fake_end(&f);
}

/* The add-ons of ticket create travel as an object of objects (brackets),
 * an array, JSON text, or "false". */
static void test_collect_addons_forms(void **state)
{
	static const char *const ok[] = {
		"{\"customerID\":\"5\",\"date\":\"2026-11-20\",\"serviceCharge\":\"1\","
		"\"addons\":{\"0\":{\"amount\":\"5\",\"taxable\":\"1\"}}}",
		"{\"customerID\":\"5\",\"date\":\"2026-11-20\",\"serviceCharge\":\"1\","
		"\"addons\":\"[{\\\"amount\\\":5,\\\"taxable\\\":0}]\"}",
		"{\"customerID\":\"5\",\"date\":\"2026-11-20\",\"serviceCharge\":\"1\",\"addons\":\"false\"}",
		"{\"customerID\":\"5\",\"date\":\"2026-11-20\",\"serviceCharge\":\"1\",\"addons\":\"\"}",
	};
	struct fake f;
	(void)state;
	for (size_t i = 0; i < sizeof ok / sizeof *ok; i++) {
		fake_start(&f, ok[i]);
		assert_null(collect(&f, "ticket", 1));
		fake_end(&f);
	}
	fake_start(&f, "{\"customerID\":\"5\",\"date\":\"2026-11-20\",\"serviceCharge\":\"1\","
	               "\"addons\":\"nonsense\"}");
	assert_string_equal(collect(&f, "ticket", 1),
	                    "Invalid value for addons: must be a JSON array or object");
	fake_end(&f);
}

/* An add-on object collected with a prefix names its place in messages. */
static void test_collect_object_prefix(void **state)
{
	const struct resource *ir = res_find("ticketItem");
	struct fake f;
	cJSON *src = cJSON_Parse("{\"amount\":\"abc\",\"taxable\":\"1\"}");
	(void)state;
	assert_non_null(ir);
	fake_start(&f, "{}");
	assert_int_equal(write_collect_params(&f.req, src, "addons[2]", ir->name, ir->params,
	                                      ir->n_params, RP_UPDATE, f.obj, &f.ans), -1);
	assert_string_equal(f.ans.error, "Invalid value for addons[2][amount]: must be a number");
	fake_end(&f);
	cJSON_Delete(src);
	src = cJSON_Parse("{\"amount\":\"1\",\"taxable\":\"2\"}");
	fake_start(&f, "{}");
	assert_int_equal(write_collect_params(&f.req, src, "addons[0]", ir->name, ir->params,
	                                      ir->n_params, RP_UPDATE, f.obj, &f.ans), -1);
	assert_string_equal(f.ans.error, "Invalid value for addons[0][taxable]: must be 0 or 1");
	fake_end(&f);
	cJSON_Delete(src);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_check_int),
		cmocka_unit_test(test_check_num_bool),
		cmocka_unit_test(test_check_dates),
		cmocka_unit_test(test_check_text_lists),
		cmocka_unit_test(test_money),
		cmocka_unit_test(test_base64),
		cmocka_unit_test(test_safe_filename),
		cmocka_unit_test(test_siphash_vectors),
		cmocka_unit_test(test_processor_rules),
		cmocka_unit_test(test_collect_required),
		cmocka_unit_test(test_collect_types),
		cmocka_unit_test(test_collect_field_rules),
		cmocka_unit_test(test_collect_addons_forms),
		cmocka_unit_test(test_collect_object_prefix),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
