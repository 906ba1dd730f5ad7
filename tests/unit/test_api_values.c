/* test_api_values.c: decoding string values, nulls, lists, zero dates and CUSTOM. */
#include "config.h"

#include <locale.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "api/jscan.h"
#include "api/values.h"
#include "common/resources.h"
#include "common/strbuf.h"

static cJSON *load(const char *name)
{
	struct strbuf path = STRBUF_INIT, sb = STRBUF_INIT;
	char buf[4096];
	size_t n;
	cJSON *v;
	FILE *f;

	strbuf_addf(&path, "%s/%s", API_FIXTURES, name);
	f = fopen(path.buf, "rb");
	if (!f)
		fail_msg("cannot open fixture %s", path.buf);
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		strbuf_add(&sb, buf, n);
	fclose(f);
	v = cJSON_Parse(strbuf_str(&sb));
	assert_non_null(v);
	strbuf_free(&path);
	strbuf_free(&sb);
	return v;
}

static enum api_vstate dec(const char *json, enum res_type t, struct api_value *v)
{
	cJSON *item = cJSON_Parse(json);
	enum api_vstate s;

	assert_non_null(item);
	s = api_value_decode(item, t, v);
	/* Borrowed members would dangle: only ids and numbers are checked
	 * after this returns. */
	v->text = NULL;
	v->json = NULL;
	cJSON_Delete(item);
	return s;
}

static void test_integers(void **state)
{
	struct api_value v;

	(void)state;
	assert_int_equal(dec("\"10000\"", RT_INT, &v), API_V_OK);
	assert_int_equal(v.i, 10000);
	/* "0" is a value, not false and not unset. */
	assert_int_equal(dec("\"0\"", RT_INT, &v), API_V_OK);
	assert_int_equal(v.i, 0);
	assert_int_equal(dec("\"-1\"", RT_INT, &v), API_V_OK);
	assert_int_equal(v.i, -1);
	assert_int_equal(dec("42", RT_INT, &v), API_V_OK);
	assert_int_equal(v.i, 42);
	assert_int_equal(dec("\"9223372036854775807\"", RT_INT, &v), API_V_OK);
	assert_int_equal(dec("\"9223372036854775808\"", RT_INT, &v), API_V_BAD);
	assert_int_equal(dec("\"-9223372036854775808\"", RT_INT, &v), API_V_OK);
	assert_true(v.i < 0);
	assert_int_equal(dec("\"\"", RT_INT, &v), API_V_UNSET);
	assert_int_equal(dec("null", RT_INT, &v), API_V_NULL);
	assert_int_equal(dec("\"CUSTOM\"", RT_INT, &v), API_V_CUSTOM);
	assert_int_equal(dec("\"custom\"", RT_INT, &v), API_V_BAD);
	assert_int_equal(dec("\"12.0\"", RT_INT, &v), API_V_BAD);
	assert_int_equal(dec("12.5", RT_INT, &v), API_V_BAD);
	assert_int_equal(dec("\" 12\"", RT_INT, &v), API_V_BAD);
	assert_int_equal(dec("\"12abc\"", RT_INT, &v), API_V_BAD);
	assert_int_equal(dec("\"-\"", RT_INT, &v), API_V_BAD);
	assert_int_equal(dec("[1]", RT_INT, &v), API_V_BAD);
	assert_int_equal(dec("{}", RT_INT, &v), API_V_BAD);
	assert_int_equal(dec("1e300", RT_INT, &v), API_V_BAD);
	assert_int_equal(api_value_decode(NULL, RT_INT, &v), API_V_MISSING);
	assert_int_equal(dec("\"1\"", RT_BOOL, &v), API_V_OK);
	assert_int_equal(v.i, 1);
	assert_int_equal(dec("true", RT_BOOL, &v), API_V_OK);
	assert_int_equal(v.i, 1);
	assert_int_equal(dec("\"false\"", RT_BOOL, &v), API_V_OK);
	assert_int_equal(v.i, 0);
}

static void test_numbers(void **state)
{
	struct api_value v;

	(void)state;
	assert_int_equal(dec("\"249.00\"", RT_NUM, &v), API_V_OK);
	assert_true(v.num == 249.0);
	assert_int_equal(dec("\"0.1\"", RT_NUM, &v), API_V_OK);
	assert_true(v.num == 0.1);
	assert_int_equal(dec("\"-12.5\"", RT_NUM, &v), API_V_OK);
	assert_true(v.num == -12.5);
	assert_int_equal(dec("\"0.000000\"", RT_NUM, &v), API_V_OK);
	assert_true(v.num == 0.0);
	assert_int_equal(dec("\"1e2\"", RT_NUM, &v), API_V_OK);
	assert_true(v.num == 100.0);
	assert_int_equal(dec("\"5.\"", RT_NUM, &v), API_V_OK);
	assert_true(v.num == 5.0);
	assert_int_equal(dec("4.2", RT_NUM, &v), API_V_OK);
	assert_true(v.num == 4.2);
	assert_int_equal(dec("\"12,50\"", RT_NUM, &v), API_V_BAD);
	assert_int_equal(dec("\"inf\"", RT_NUM, &v), API_V_BAD);
	assert_int_equal(dec("\"nan\"", RT_NUM, &v), API_V_BAD);
	assert_int_equal(dec("\"0x10\"", RT_NUM, &v), API_V_BAD);
	assert_int_equal(dec("\".\"", RT_NUM, &v), API_V_BAD);
	assert_int_equal(dec("\"1e999\"", RT_NUM, &v), API_V_BAD);
	assert_int_equal(dec("\"$5\"", RT_NUM, &v), API_V_BAD);
	assert_int_equal(dec("\"\"", RT_NUM, &v), API_V_UNSET);
}

/* The edges of a decimal with an exponent: a zero is 0 whatever its
 * exponent ("0e400" was bad: it computed 0 x inf), and an unsigned one
 * ("-0" would print "-0.00"); what is too small for a double reads as the
 * 0 it rounds to, whatever its exponent; only what is too large for one
 * (1e400, 1.8e308) is bad. */
static void test_number_edges(void **state)
{
	static const struct {
		const char *s;
		double want;
	} ok[] = {
		{ "\"0e400\"", 0.0 }, { "\"0e-400\"", 0.0 }, { "\"-0e400\"", 0.0 },
		{ "\"0.000e99999999999999999999\"", 0.0 }, { "\"0e401\"", 0.0 },
		{ "\"-0\"", 0.0 }, { "\"-0.00\"", 0.0 }, { "\"+0\"", 0.0 },
		{ "\"1e-400\"", 0.0 }, { "\"-1e-400\"", 0.0 }, { "\"1e-401\"", 0.0 },
		{ "\"1e-99999999999999999999\"", 0.0 },
		{ "\"1e308\"", 1e308 }, { "\"1.7976931348623157e308\"", 1.7976931348623157e308 },
		{ "\"1e-300\"", 1e-300 }, { "\"2.5E+3\"", 2500.0 }, { "\"-1.5e-2\"", -0.015 },
	};
	static const char *const bad[] = {
		"\"1e400\"", "\"-1e400\"", "\"1.8e308\"", "\"1e99999999999999999999\"",
		"\"1e\"", "\"1e+\"", "\"e3\"", "\"1e3.5\"", "\"1e 3\"", "\"1ee3\"",
	};
	struct api_value v;

	(void)state;
	for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		if (dec(ok[i].s, RT_NUM, &v) != API_V_OK)
			fail_msg("%s is %s", ok[i].s, api_vstate_name(v.state));
		if (v.num != ok[i].want || signbit(v.num) != signbit(ok[i].want))
			fail_msg("%s -> %.17g, want %.17g", ok[i].s, v.num, ok[i].want);
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		if (dec(bad[i], RT_NUM, &v) != API_V_BAD)
			fail_msg("%s is %s, not bad", bad[i], api_vstate_name(v.state));
	/* Denormals keep their value, not 0. */
	assert_int_equal(dec("\"1e-320\"", RT_NUM, &v), API_V_OK);
	assert_true(v.num > 0.0 && v.num < 1e-319);
	assert_int_equal(dec("\"100000000000000000e-340\"", RT_NUM, &v), API_V_OK);
	assert_true(v.num > 0.0);
}

/* A comma-decimal locale for LC_NUMERIC: an installed one, else one made
 * with localedef (Debian's locales package, which tools/deps installs)
 * under a directory of the test's own (LOCPATH), so that the check runs on
 * every machine, not only where someone installed de_DE. */
static int comma_locale(char *dir, size_t size)
{
	static const char *const installed[] = { "de_DE.UTF-8", "fr_FR.UTF-8", "de_DE.utf8" };
	char cmd[256];

	dir[0] = '\0';
	for (size_t i = 0; i < sizeof(installed) / sizeof(installed[0]); i++)
		if (setlocale(LC_NUMERIC, installed[i]))
			return 1;
	snprintf(dir, size, "/tmp/test_api_values.XXXXXX");
	if (!mkdtemp(dir))
		return 0;
	snprintf(cmd, sizeof(cmd), "localedef -i de_DE -f UTF-8 '%s/de_DE.UTF-8' >/dev/null 2>&1",
	         dir);
	if (system(cmd) != 0)
		return 0;
	setenv("LOCPATH", dir, 1);
	return setlocale(LC_NUMERIC, "de_DE.UTF-8") != NULL;
}

static void test_numbers_whatever_the_locale(void **state)
{
	struct api_value v;
	char dir[64], cmd[128];
	double d;
	const char *s = "12.5]";

	(void)state;
	assert_true(comma_locale(dir, sizeof(dir)));
	assert_string_equal(localeconv()->decimal_point, ",");
	assert_int_equal(dec("\"249.75\"", RT_NUM, &v), API_V_OK);
	assert_true(v.num == 249.75);
	assert_int_equal(dec("\"249,75\"", RT_NUM, &v), API_V_BAD);
	/* The scanner reads a JSON number as cJSON does in this locale. */
	assert_ptr_equal(api_json_number(s, s + strlen(s), &d), s + 4);
	assert_true(d == 12.5);
	setlocale(LC_NUMERIC, "C");
	if (dir[0]) {
		snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
		assert_int_equal(system(cmd), 0);
	}
}

static void test_dates(void **state)
{
	struct api_value v;

	(void)state;
	assert_int_equal(dec("\"2026-11-20\"", RT_DATE, &v), API_V_OK);
	assert_int_equal(v.date.year, 2026);
	assert_int_equal(v.date.month, 11);
	assert_int_equal(v.date.day, 20);
	assert_int_equal(dec("\"0000-00-00\"", RT_DATE, &v), API_V_UNSET);
	assert_int_equal(dec("\"0000-00-00 00:00:00\"", RT_DATETIME, &v), API_V_UNSET);
	assert_int_equal(dec("\"0000-00-00 00:00:00\"", RT_DATE, &v), API_V_UNSET);
	assert_int_equal(dec("\"2026-11-20 13:45:10\"", RT_DATETIME, &v), API_V_OK);
	assert_int_equal(v.secs, 13 * 3600 + 45 * 60 + 10);
	assert_int_equal(dec("\"2026-11-20\"", RT_DATETIME, &v), API_V_OK);
	assert_int_equal(v.secs, 0);
	assert_int_equal(dec("\"2026-02-29\"", RT_DATE, &v), API_V_BAD);
	assert_int_equal(dec("\"2024-02-29\"", RT_DATE, &v), API_V_OK);
	assert_int_equal(dec("\"2026-11-20T10:00:00\"", RT_DATETIME, &v), API_V_BAD);
	assert_int_equal(dec("\"20/11/2026\"", RT_DATE, &v), API_V_BAD);
	assert_int_equal(dec("1763596800", RT_DATETIME, &v), API_V_BAD);
	assert_int_equal(dec("\"\"", RT_DATE, &v), API_V_UNSET);
	assert_int_equal(dec("null", RT_DATE, &v), API_V_NULL);
	assert_int_equal(dec("\"08:30:00\"", RT_TIME, &v), API_V_OK);
	assert_int_equal(v.secs, 8 * 3600 + 30 * 60);
	assert_int_equal(dec("\"08:30\"", RT_TIME, &v), API_V_OK);
	assert_int_equal(dec("\"00:00:00\"", RT_TIME, &v), API_V_OK);
	assert_int_equal(v.secs, 0);
	assert_int_equal(dec("\"24:00:00\"", RT_TIME, &v), API_V_BAD);
	assert_int_equal(dec("\"8:30\"", RT_TIME, &v), API_V_BAD);
}

static void test_id_lists(void **state)
{
	struct api_value v;

	(void)state;
	assert_int_equal(dec("\"10002,10006,16404\"", RT_IDLIST, &v), API_V_OK);
	assert_int_equal(v.n_ids, 3);
	assert_int_equal(v.ids[2], 16404);
	api_value_free(&v);
	assert_int_equal(dec("\"1, 2 ,3\"", RT_IDLIST, &v), API_V_OK);
	assert_int_equal(v.n_ids, 3);
	api_value_free(&v);
	assert_int_equal(dec("\"7\"", RT_IDLIST, &v), API_V_OK);
	assert_int_equal(v.n_ids, 1);
	api_value_free(&v);
	assert_int_equal(dec("[1,\"2\",3]", RT_IDLIST, &v), API_V_OK);
	assert_int_equal(v.n_ids, 3);
	assert_int_equal(v.ids[1], 2);
	api_value_free(&v);
	assert_int_equal(dec("[]", RT_IDLIST, &v), API_V_OK);
	assert_int_equal(v.n_ids, 0);
	api_value_free(&v);
	assert_int_equal(dec("5", RT_IDLIST, &v), API_V_OK);
	assert_int_equal(v.ids[0], 5);
	api_value_free(&v);
	assert_int_equal(dec("null", RT_IDLIST, &v), API_V_NULL);
	assert_int_equal(v.n_ids, 0);
	assert_int_equal(dec("\"\"", RT_IDLIST, &v), API_V_UNSET);
	assert_int_equal(dec("\"1,,2\"", RT_IDLIST, &v), API_V_BAD);
	assert_null(v.ids);
	assert_int_equal(dec("\"1,x\"", RT_IDLIST, &v), API_V_BAD);
	assert_int_equal(dec("\"1,\"", RT_IDLIST, &v), API_V_BAD);
	assert_int_equal(dec("[1,[2]]", RT_IDLIST, &v), API_V_BAD);
	assert_int_equal(dec("[1.5]", RT_IDLIST, &v), API_V_BAD);
	assert_int_equal(dec("{\"a\":1}", RT_IDLIST, &v), API_V_BAD);
	assert_int_equal(dec("true", RT_IDLIST, &v), API_V_BAD);
}

static void test_text_and_json(void **state)
{
	cJSON *rec = cJSON_Parse("{\"t\":\"Ann\",\"e\":\"\",\"n\":5,\"a\":[1,\"b\",{\"c\":2}],"
	                         "\"o\":{\"x\":null},\"z\":null,\"f\":2.5,\"b\":false}");
	struct strbuf sb = STRBUF_INIT;
	const char *t = NULL;
	struct api_value v;

	(void)state;
	assert_int_equal(api_field_text(rec, "t", &t), API_V_OK);
	assert_string_equal(t, "Ann");
	/* Empty text is still text. */
	assert_int_equal(api_field_text(rec, "e", &t), API_V_OK);
	assert_string_equal(t, "");
	assert_int_equal(api_field_text(rec, "n", &t), API_V_BAD);
	assert_int_equal(api_field_text(rec, "missing", &t), API_V_MISSING);
	assert_int_equal(api_field_text(NULL, "t", &t), API_V_MISSING);
	assert_int_equal(api_value_decode(cJSON_GetObjectItem(rec, "a"), RT_JSON, &v), API_V_OK);
	assert_ptr_equal(v.json, cJSON_GetObjectItem(rec, "a"));
	assert_int_equal(api_value_decode(cJSON_GetObjectItem(rec, "n"), RT_JSON, &v), API_V_BAD);

	api_value_text(cJSON_GetObjectItem(rec, "a"), &sb);
	assert_string_equal(sb.buf, "1, b, {\"c\":2}");
	strbuf_reset(&sb);
	api_value_text(cJSON_GetObjectItem(rec, "o"), &sb);
	assert_string_equal(sb.buf, "{\"x\":null}");
	strbuf_reset(&sb);
	api_value_text(cJSON_GetObjectItem(rec, "z"), &sb);
	api_value_text(cJSON_GetObjectItem(rec, "n"), &sb);
	api_value_text(cJSON_GetObjectItem(rec, "f"), &sb);
	api_value_text(cJSON_GetObjectItem(rec, "b"), &sb);
	assert_string_equal(sb.buf, "52.50");
	strbuf_free(&sb);
	cJSON_Delete(rec);
}

static void test_odd_record(void **state)
{
	cJSON *rec = load("record_odd.json");
	const struct resource *r = res_find("subscription");
	struct api_record d;
	const struct api_value *v;

	(void)state;
	assert_non_null(r);
	assert_int_equal(api_record_decode(r, rec, &d), 0);
	assert_int_equal(d.id, 5001);
#define STATE(name, st) do { v = api_record_get(&d, name); assert_non_null(v); \
		assert_int_equal(v->state, st); } while (0)
	STATE("billToAccountID", API_V_NULL);
	STATE("officeID", API_V_OK);
	assert_int_equal(v->i, 1);
	STATE("dateAdded", API_V_OK);
	assert_int_equal(v->secs, 9 * 3600 + 30 * 60);
	STATE("contractAdded", API_V_UNSET);
	STATE("active", API_V_OK);
	assert_int_equal(v->i, 0);
	STATE("initialQuote", API_V_OK);
	assert_true(v->num == 249.0);
	STATE("initialDiscount", API_V_OK);
	assert_true(v->num == -0.5);
	STATE("yifDiscount", API_V_BAD);
	STATE("recurringCharge", API_V_UNSET);
	STATE("contractValue", API_V_BAD);
	STATE("billingFrequency", API_V_OK);
	assert_int_equal(v->i, -1);
	STATE("frequency", API_V_CUSTOM);
	STATE("followupService", API_V_BAD);
	STATE("agreementLength", API_V_BAD);
	STATE("nextService", API_V_OK);
	assert_int_equal(v->date.month, 12);
	STATE("lastCompleted", API_V_UNSET);
	STATE("serviceID", API_V_BAD);
	STATE("soldBy", API_V_OK);
	STATE("initialStatus", API_V_BAD); /* true is not an integer */
	STATE("dateCancelled", API_V_BAD);
	STATE("dateUpdated", API_V_OK);
	STATE("cxlNotes", API_V_NULL);
	STATE("subscriptionLink", API_V_BAD);
	STATE("appointmentIDs", API_V_OK);
	assert_int_equal(v->n_ids, 3);
	assert_int_equal(v->ids[1], 10006);
	STATE("completedAppointmentIDs", API_V_NULL);
	STATE("addOns", API_V_OK);
	assert_true(cJSON_IsArray(v->json));
	STATE("unitIDs", API_V_OK);
	STATE("nextBillingDate", API_V_OK);
	STATE("preferredStart", API_V_OK);
	STATE("preferredEnd", API_V_BAD);
	STATE("recurringTicket", API_V_OK);
	assert_string_equal(v->text, "{\"a\":1}");
	STATE("onHold", API_V_UNSET);
	STATE("leadID", API_V_MISSING);
#undef STATE
	assert_int_equal(d.n_bad, 9);
	assert_null(api_record_get(&d, "extraField"));
	assert_string_equal(cJSON_GetObjectItem(d.raw, "extraField")->valuestring, "shown anyway");
	api_record_free(&d);
	cJSON_Delete(rec);
}

static void test_records_without_key(void **state)
{
	const struct resource *r = res_find("customer");
	cJSON *a = cJSON_Parse("{\"fname\":\"Ann\"}"), *b = cJSON_Parse("{\"customerID\":\"x\"}");
	cJSON *c = cJSON_Parse("[1]");
	struct api_record d;

	(void)state;
	assert_int_equal(api_record_decode(r, a, &d), -1);
	api_record_free(&d);
	assert_int_equal(api_record_decode(r, b, &d), -1);
	assert_true(d.n_bad >= 1);
	api_record_free(&d);
	assert_int_equal(api_record_decode(r, c, &d), -1);
	api_record_free(&d);
	assert_int_equal(api_record_decode(r, NULL, &d), -1);
	api_record_free(&d);
	cJSON_Delete(a);
	cJSON_Delete(b);
	cJSON_Delete(c);
}

/* Every field of every resource fed every odd value: never a crash, never
 * a state outside the enum, ids only on OK. */
static void test_every_field_every_oddity(void **state)
{
	static const char *const odd[] = {
		"null", "\"\"", "\"x\"", "[]", "{}", "1.5", "true", "\"0000-00-00\"",
		"\"CUSTOM\"", "\"1,2\"", "-0", "\"\\u0000\"", "\"\\u001b[31m\"", "[null]",
		"\"99999999999999999999999\"", "\"2026-13-01\"",
	};

	(void)state;
	for (size_t k = 0; k < sizeof(odd) / sizeof(odd[0]); k++) {
		for (size_t i = 0; i < res_count; i++) {
			const struct resource *r = &res_table[i];
			struct strbuf sb = STRBUF_INIT;
			struct api_record d;
			cJSON *rec;

			strbuf_addc(&sb, '{');
			for (size_t f = 0; f < r->n_fields; f++)
				strbuf_addf(&sb, "%s\"%s\":%s", f ? "," : "", r->fields[f].name, odd[k]);
			strbuf_addc(&sb, '}');
			rec = cJSON_Parse(sb.buf);
			assert_non_null(rec);
			api_record_decode(r, rec, &d);
			for (size_t f = 0; f < r->n_fields; f++) {
				assert_true(d.values[f].state <= API_V_BAD);
				if (d.values[f].state != API_V_OK)
					assert_null(d.values[f].ids);
			}
			api_record_free(&d);
			cJSON_Delete(rec);
			strbuf_free(&sb);
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_integers),
		cmocka_unit_test(test_numbers),
		cmocka_unit_test(test_number_edges),
		cmocka_unit_test(test_numbers_whatever_the_locale),
		cmocka_unit_test(test_dates),
		cmocka_unit_test(test_id_lists),
		cmocka_unit_test(test_text_and_json),
		cmocka_unit_test(test_odd_record),
		cmocka_unit_test(test_records_without_key),
		cmocka_unit_test(test_every_field_every_oddity),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
