/* test_query.c: search parameters (simple values, query objects, operators) into store conditions. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "sandbox/store/query.h"

static const struct res_filter f_ids = { "customerIDs", "customerID", RT_INT, 0, NULL };
static const struct res_filter f_lname = { "lname", "lname", RT_TEXT, 0, NULL };
static const struct res_filter f_content = { "content", "notes", RT_TEXT, RQ_CONTAINS, NULL };
static const struct res_filter f_start = { "dateStart", "date", RT_DATETIME, RQ_START, NULL };
static const struct res_filter f_end = { "dateEnd", "date", RT_DATETIME, RQ_END, NULL };
static const struct res_filter f_date = { "date", "date", RT_DATE, 0, NULL };
static const struct res_filter f_updated = { "dateUpdated", "dateUpdated", RT_DATETIME, 0, NULL };
static const struct res_filter f_amount = { "amount", "amount", RT_NUM, 0, NULL };
static const struct res_filter f_flag = { "apiCanSchedule", "apiCanSchedule", RT_BOOL, 0, NULL };
static const struct res_filter f_phone = { "phone", "phone1", RT_TEXT, RQ_PHONE, "phone1|phone2" };

/* Adds one string-valued parameter; returns query_add_param's answer. */
static int add_text(struct query *q, const struct res_filter *f, const char *text, char **err)
{
	cJSON *v = cJSON_CreateString(text);
	int rc = query_add_param(q, f, v, err);

	cJSON_Delete(v);
	return rc;
}

/* Asserts the last condition of q. */
static void assert_cond(const struct query *q, const char *field, enum store_op op, size_t n,
                        const char *v0, const char *v1)
{
	const struct store_cond *c;

	assert_true(q->n > 0);
	c = &q->conds[q->n - 1];
	assert_string_equal(c->field, field);
	assert_int_equal(c->op, op);
	assert_int_equal(c->n_values, n);
	if (v0)
		assert_string_equal(c->values[0], v0);
	if (v1)
		assert_string_equal(c->values[1], v1);
}

static void test_operator_names(void **state)
{
	static const struct {
		const char *text;
		enum store_op op;
	} cases[] = {
		{ "=", SO_EQ }, { "!=", SO_NE }, { "<", SO_LT }, { "<=", SO_LE }, { ">", SO_GT },
		{ ">=", SO_GE }, { "IN", SO_IN }, { "in", SO_IN }, { "BETWEEN", SO_BETWEEN },
		{ "between", SO_BETWEEN }, { "Like", SO_LIKE }, { "startsWith", SO_STARTS },
		{ "ENDSWITH", SO_ENDS }, { " contains ", SO_CONTAINS },
	};
	enum store_op op;
	(void)state;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		assert_int_equal(query_op_parse(cases[i].text, &op), 0);
		assert_int_equal(op, cases[i].op);
	}
	assert_int_equal(query_op_parse("NOT IN", &op), -1);
	assert_int_equal(query_op_parse("<>", &op), -1);
	assert_int_equal(query_op_parse("==", &op), -1);
	assert_int_equal(query_op_parse("", &op), -1);
	assert_string_equal(query_op_name(SO_STARTS), "STARTSWITH");
}

/* Every operator through JSON text, on the filter types it suits. */
static void test_each_operator_json(void **state)
{
	struct query q;
	char *err = NULL;
	(void)state;

	query_init(&q);
	assert_int_equal(add_text(&q, &f_ids, "{\"operator\":\">\",\"value\":10000}", &err), 1);
	assert_cond(&q, "customerID", SO_GT, 1, "10000", NULL);
	assert_int_equal(add_text(&q, &f_ids, "{\"operator\":\"<\",\"value\":\"5\"}", &err), 1);
	assert_cond(&q, "customerID", SO_LT, 1, "5", NULL);
	assert_int_equal(add_text(&q, &f_ids, "{\"operator\":\">=\",\"value\":5}", &err), 1);
	assert_cond(&q, "customerID", SO_GE, 1, "5", NULL);
	assert_int_equal(add_text(&q, &f_ids, "{\"operator\":\"<=\",\"value\":5}", &err), 1);
	assert_cond(&q, "customerID", SO_LE, 1, "5", NULL);
	assert_int_equal(add_text(&q, &f_ids, "{\"operator\":\"=\",\"value\":5}", &err), 1);
	assert_cond(&q, "customerID", SO_EQ, 1, "5", NULL);
	assert_int_equal(add_text(&q, &f_ids, "{\"operator\":\"!=\",\"value\":5}", &err), 1);
	assert_cond(&q, "customerID", SO_NE, 1, "5", NULL);
	assert_int_equal(add_text(&q, &f_ids, "{\"operator\":\"in\",\"value\":[1,2,3]}", &err), 1);
	assert_cond(&q, "customerID", SO_IN, 3, "1", "2");
	assert_int_equal(add_text(&q, &f_ids, "{\"operator\":\"IN\",\"value\":\"4,5\"}", &err), 1);
	assert_cond(&q, "customerID", SO_IN, 2, "4", "5");
	assert_int_equal(add_text(&q, &f_date, "{\"operator\":\"BETWEEN\",\"value\":"
	                                       "[\"2026-11-01\",\"2026-11-30\"]}", &err), 1);
	assert_cond(&q, "date", SO_BETWEEN, 2, "2026-11-01", "2026-11-30");
	assert_int_equal(add_text(&q, &f_lname, "{\"operator\":\"LIKE\",\"value\":\"Sm%th\"}", &err), 1);
	assert_cond(&q, "lname", SO_LIKE, 1, "Sm%th", NULL);
	assert_int_equal(add_text(&q, &f_lname, "{\"operator\":\"STARTSWITH\",\"value\":\"Sm\"}", &err), 1);
	assert_cond(&q, "lname", SO_STARTS, 1, "Sm", NULL);
	assert_int_equal(add_text(&q, &f_lname, "{\"operator\":\"endswith\",\"value\":\"th\"}", &err), 1);
	assert_cond(&q, "lname", SO_ENDS, 1, "th", NULL);
	assert_int_equal(add_text(&q, &f_lname, "{\"operator\":\"Contains\",\"value\":\"mit\"}", &err), 1);
	assert_cond(&q, "lname", SO_CONTAINS, 1, "mit", NULL);
	/* Text operators take text even on an integer filter. */
	assert_int_equal(add_text(&q, &f_ids, "{\"operator\":\"STARTSWITH\",\"value\":\"10\"}", &err), 1);
	assert_cond(&q, "customerID", SO_STARTS, 1, "10", NULL);
	assert_null(err);
	assert_int_equal(q.n, 14);
	assert_int_equal(q.conds[0].type, RT_INT);
	query_free(&q);
	assert_int_equal(q.n, 0);
}

/* date[operator]=>&date[value]=... and date[value][]=a&date[value][]=b. */
static void test_bracket_objects(void **state)
{
	struct query q;
	char *err = NULL;
	cJSON *o = cJSON_CreateObject(), *vals;
	(void)state;

	query_init(&q);
	cJSON_AddStringToObject(o, "operator", ">");
	cJSON_AddStringToObject(o, "value", "2026-11-01");
	assert_int_equal(query_add_param(&q, &f_date, o, &err), 1);
	assert_cond(&q, "date", SO_GT, 1, "2026-11-01", NULL);
	cJSON_Delete(o);

	o = cJSON_CreateObject();
	cJSON_AddStringToObject(o, "operator", "between");
	vals = cJSON_AddArrayToObject(o, "value");
	cJSON_AddItemToArray(vals, cJSON_CreateString("2026-11-01"));
	cJSON_AddItemToArray(vals, cJSON_CreateString("2026-11-30"));
	assert_int_equal(query_add_param(&q, &f_date, o, &err), 1);
	assert_cond(&q, "date", SO_BETWEEN, 2, "2026-11-01", "2026-11-30");
	cJSON_Delete(o);

	/* A plain array (a[]=1&a[]=2) means IN. */
	o = cJSON_CreateArray();
	cJSON_AddItemToArray(o, cJSON_CreateString("7"));
	cJSON_AddItemToArray(o, cJSON_CreateString("9"));
	assert_int_equal(query_add_param(&q, &f_ids, o, &err), 1);
	assert_cond(&q, "customerID", SO_IN, 2, "7", "9");
	cJSON_Delete(o);
	query_free(&q);
}

static void test_simple_values(void **state)
{
	struct query q;
	char *err = NULL;
	(void)state;

	query_init(&q);
	assert_int_equal(add_text(&q, &f_ids, "12", &err), 1);
	assert_cond(&q, "customerID", SO_EQ, 1, "12", NULL);
	assert_int_equal(add_text(&q, &f_ids, "12, 14", &err), 1);
	assert_cond(&q, "customerID", SO_IN, 2, "12", "14");
	assert_int_equal(add_text(&q, &f_ids, "[12,14,16]", &err), 1);
	assert_cond(&q, "customerID", SO_IN, 3, "12", "14");
	assert_int_equal(add_text(&q, &f_lname, "Smith, Jr", &err), 1);
	assert_cond(&q, "lname", SO_EQ, 1, "Smith, Jr", NULL);
	assert_int_equal(add_text(&q, &f_lname, "[Draft]", &err), 1);
	assert_cond(&q, "lname", SO_EQ, 1, "[Draft]", NULL);
	assert_int_equal(add_text(&q, &f_content, "gate code", &err), 1);
	assert_cond(&q, "notes", SO_CONTAINS, 1, "gate code", NULL);
	assert_int_equal(add_text(&q, &f_start, "2026-11-01", &err), 1);
	assert_cond(&q, "date", SO_GE, 1, "2026-11-01", NULL);
	assert_int_equal(add_text(&q, &f_end, "2026-11-30", &err), 1);
	assert_cond(&q, "date", SO_LE, 1, "2026-11-30", NULL);
	/* A bare date on a datetime field is that whole day. */
	assert_int_equal(add_text(&q, &f_updated, "2026-11-20", &err), 1);
	assert_cond(&q, "dateUpdated", SO_BETWEEN, 2, "2026-11-20", "2026-11-20");
	assert_int_equal(add_text(&q, &f_updated, "2026-11-20 10:00:00", &err), 1);
	assert_cond(&q, "dateUpdated", SO_EQ, 1, "2026-11-20 10:00:00", NULL);
	assert_int_equal(add_text(&q, &f_amount, "249.00", &err), 1);
	assert_int_equal(add_text(&q, &f_flag, "true", &err), 1);
	assert_cond(&q, "apiCanSchedule", SO_EQ, 1, "1", NULL);
	assert_null(err);
	/* Empty means no filter. */
	assert_int_equal(add_text(&q, &f_ids, "  ", &err), 0);
	assert_int_equal(q.n, 12);

	query_add_in(&q, "status", RT_INT, "0,1");
	assert_cond(&q, "status", SO_IN, 2, "0", "1");
	query_free(&q);
}

/* Each malformed input is refused with a message naming the parameter. */
static void test_malformed(void **state)
{
	static const struct {
		const struct res_filter *f;
		const char *text;
		const char *expect; /* part of the message */
	} cases[] = {
		{ &f_ids, "abc", "expected an integer" },
		{ &f_ids, "1,,2", "empty element" },
		{ &f_ids, "[1,\"x\"]", "expected an integer" },
		{ &f_ids, "[1,{}]", "strings or numbers" },
		{ &f_date, "{\"operator\":\">\",\"value\":\"tomorrow\"}", "expected a date" },
		{ &f_date, "{\"operator\":\">\"", "malformed JSON" },
		{ &f_date, "{\"operator\":\"NOT IN\",\"value\":[1]}", "unknown operator \"NOT IN\"" },
		{ &f_date, "{\"operator\":5,\"value\":1}", "unknown operator" },
		{ &f_date, "{\"value\":\"2026-11-01\"}", "no operator" },
		{ &f_date, "{\"operator\":\">\"}", "no value" },
		{ &f_date, "{\"operator\":\"BETWEEN\",\"value\":[\"2026-11-01\"]}", "two values" },
		{ &f_date, "{\"operator\":\"BETWEEN\",\"value\":\"2026-11-01\"}", "two values" },
		{ &f_ids, "{\"operator\":\"IN\",\"value\":[]}", "at least one" },
		{ &f_ids, "{\"operator\":\"IN\",\"value\":\"\"}", "at least one" },
		{ &f_ids, "{\"operator\":\">\",\"value\":[1,2]}", "takes one value" },
		{ &f_ids, "{\"operator\":\">\",\"value\":null}", "must be a string" },
		{ &f_amount, "12abc", "expected a number" },
		{ &f_flag, "yes", "expected 0 or 1" },
		{ &f_start, "20261101", "expected a date" },
	};
	(void)state;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct query q;
		char *err = NULL;
		query_init(&q);
		assert_int_equal(add_text(&q, cases[i].f, cases[i].text, &err), -1);
		assert_non_null(err);
		if (!strstr(err, cases[i].expect) || !strstr(err, cases[i].f->name))
			fail_msg("case %zu (%s): got \"%s\"", i, cases[i].text, err);
		assert_int_equal(q.n, 0);
		free(err);
		query_free(&q);
	}
}

/* Codes on the wire, text in the records: only listed values change, and
 * only in the conditions from the given index on. */
static void test_translate(void **state)
{
	static const char *const codes[] = { "0", "No", "1", "CC", "2", "ACH", NULL };
	static const struct res_filter f_apay = { "aPay", "aPay", RT_TEXT, 0, NULL };
	struct query q;
	char *err = NULL;
	(void)state;

	query_init(&q);
	assert_int_equal(add_text(&q, &f_apay, "1", &err), 1);
	assert_int_equal(add_text(&q, &f_apay, "{\"operator\":\"IN\",\"value\":[0,2,\"CC\"]}",
	                          &err), 1);
	query_translate(&q, 1, codes);
	assert_string_equal(q.conds[0].values[0], "1");
	assert_cond(&q, "aPay", SO_IN, 3, "No", "ACH");
	assert_string_equal(q.conds[1].values[2], "CC");
	query_free(&q);

	/* An ordering compares the codes, not the texts ("No" sorts after
	 * "CC"): > 0 is card or bank, BETWEEN CC and ACH is 1 to 2, and a
	 * bound that is no code matches nothing. */
	query_init(&q);
	assert_int_equal(add_text(&q, &f_apay, "{\"operator\":\">\",\"value\":0}", &err), 1);
	assert_int_equal(add_text(&q, &f_apay, "{\"operator\":\"BETWEEN\",\"value\":[\"CC\",\"ACH\"]}",
	                          &err), 1);
	assert_int_equal(add_text(&q, &f_apay, "{\"operator\":\"<\",\"value\":\"x\"}", &err), 1);
	query_translate(&q, 0, codes);
	for (int i = 0; i < 2; i++) {
		assert_int_equal(q.conds[i].op, SO_IN);
		assert_int_equal(q.conds[i].n_values, 2);
		assert_string_equal(q.conds[i].values[0], "CC");
		assert_string_equal(q.conds[i].values[1], "ACH");
	}
	assert_cond(&q, "aPay", SO_NONE, 0, NULL, NULL);
	query_free(&q);
}

/* A phone: = or IN of 10 digits over every phone field; anything else
 * matches nothing and is no error (the live service). */
static void test_phone(void **state)
{
	struct query q;
	char *err = NULL;
	(void)state;

	query_init(&q);
	assert_int_equal(add_text(&q, &f_phone, "4805550101", &err), 1);
	assert_cond(&q, "phone1|phone2", SO_EQ, 1, "4805550101", NULL);
	assert_int_equal(add_text(&q, &f_phone, "480555", &err), 1);
	assert_cond(&q, "phone1|phone2", SO_NONE, 0, NULL, NULL);
	assert_int_equal(add_text(&q, &f_phone, "(480) 555-0101", &err), 1);
	assert_cond(&q, "phone1|phone2", SO_NONE, 0, NULL, NULL);
	assert_int_equal(add_text(&q, &f_phone, "{\"operator\":\"CONTAINS\",\"value\":\"4805550101\"}",
	                          &err), 1);
	assert_cond(&q, "phone1|phone2", SO_NONE, 0, NULL, NULL);
	assert_int_equal(add_text(&q, &f_phone, "{\"operator\":\"IN\",\"value\":[\"4805550101\",\"12\",\"6025550199\"]}",
	                          &err), 1);
	assert_cond(&q, "phone1|phone2", SO_IN, 2, "4805550101", "6025550199");
	assert_null(err);
	query_free(&q);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_operator_names),
		cmocka_unit_test(test_each_operator_json),
		cmocka_unit_test(test_bracket_objects),
		cmocka_unit_test(test_simple_values),
		cmocka_unit_test(test_malformed),
		cmocka_unit_test(test_translate),
		cmocka_unit_test(test_phone),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
