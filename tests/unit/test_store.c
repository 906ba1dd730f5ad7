/* test_store.c: the sandbox's SQLite store over small literal resources and over the real table. */
#include "config.h"

#include <pthread.h>
#include <setjmp.h>
#include <stdatomic.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "common/resources.h"
#include "common/strbuf.h"
#include "sandbox/generate/generate.h"
#include "sandbox/store/store.h"
#include "sandbox/store/store_internal.h"

/* ------------------------------------------------------------ literals */

static const struct res_field widget_fields[] = {
	{ "widgetID", RT_INT, 0 }, { "officeID", RT_INT, 0 }, { "name", RT_TEXT, 0 },
	{ "price", RT_NUM, 0 }, { "made", RT_DATE, 0 }, { "dateUpdated", RT_DATETIME, 0 },
	{ "partIDs", RT_IDLIST, 0 }, { "spec", RT_JSON, 0 }, { "secret", RT_TEXT, RF_HIDDEN },
	{ "detail", RT_TEXT, RF_BYID }, { "count", RT_INT, 0 }, { "size", RT_NUM, 0 },
};
enum { W_ID, W_OFFICE, W_NAME, W_PRICE, W_MADE, W_UPDATED, W_PARTS, W_SPEC,
       W_SECRET, W_DETAIL, W_COUNT, W_SIZE, W_N };

static const struct res_filter widget_filters[] = {
	{ "officeIDs", "officeID", RT_INT, 0, NULL },
	{ "name", "name", RT_TEXT, 0, NULL },
	{ "dateUpdated", "dateUpdated", RT_DATETIME, 0, NULL },
};

static const struct res_field customer_fields[] = {
	{ "customerID", RT_INT, 0 },
	{ "officeID", RT_INT, 0 },
	{ "fname", RT_TEXT, 0 },
	{ "subscriptionIDs", RT_IDLIST, RF_DERIVED },
	{ "appointmentIDs", RT_IDLIST, RF_DERIVED },
	{ "ticketIDs", RT_IDLIST, RF_DERIVED }, /* no ticket table here: null */
	{ "paymentIDs", RT_IDLIST, RF_DERIVED }, /* derived nowhere: null */
};
static const struct res_field subscription_fields[] = {
	{ "subscriptionID", RT_INT, 0 }, { "customerID", RT_INT, 0 },
	{ "appointmentIDs", RT_IDLIST, RF_DERIVED },
	{ "completedAppointmentIDs", RT_IDLIST, RF_DERIVED },
	{ "addOns", RT_JSON, RF_DERIVED },
};
static const struct res_field appointment_fields[] = {
	{ "appointmentID", RT_INT, 0 }, { "customerID", RT_INT, 0 },
	{ "subscriptionID", RT_INT, 0 }, { "status", RT_INT, 0 },
};
static const struct res_field addon_fields[] = {
	{ "addOnID", RT_INT, 0 }, { "subscriptionID", RT_INT, 0 }, { "amount", RT_NUM, 0 },
};
static const struct res_field changelog_fields[] = {
	{ "changeID", RT_INT, 0 }, { "officeID", RT_INT, 0 }, { "classID", RT_INT, 0 },
	{ "class", RT_TEXT, 0 }, { "dateChanged", RT_DATETIME, 0 },
	{ "employeeID", RT_INT, 0 }, { "notes", RT_JSON, 0 }, { "referenceID", RT_INT, 0 },
};

#define N(a) (sizeof(a) / sizeof((a)[0]))
#define RES(nm, pkn, fl, fi, nfi, cls)                                       \
	{ .name = nm, .plural = nm "s", .singular = nm, .pk = pkn, .id_name = pkn "s", \
	  .property = pkn "s", .get_param = pkn "s", .update_key = pkn,          \
	  .class_id = cls, .fields = fl, .n_fields = N(fl), .filters = fi,       \
	  .n_filters = nfi }

static const struct resource lit[] = {
	RES("widget", "widgetID", widget_fields, widget_filters, N(widget_filters), 0),
	RES("customer", "customerID", customer_fields, NULL, 0, 8),
	RES("subscription", "subscriptionID", subscription_fields, NULL, 0, 7),
	RES("appointment", "appointmentID", appointment_fields, NULL, 0, 4),
	RES("initialAddOn", "addOnID", addon_fields, NULL, 0, 0),
	RES("changelog", "changeID", changelog_fields, NULL, 0, 0),
};
static const struct resource *const widget = &lit[0];

/* ------------------------------------------------------------- helpers */

static struct store *open_lit(const char *path, size_t n_tables)
{
	char *err = NULL;
	struct store *s = store_open_tables(path, lit, n_tables, &err);

	if (!s)
		fail_msg("open: %s", err);
	return s;
}

static long long put(struct store *s, const struct resource *r, const char *const *v)
{
	long long id = -1;
	char *err = NULL;

	if (store_insert_row(s, r, v, &id, &err) != 0)
		fail_msg("insert: %s", err);
	return id;
}

/* A widget row with the given id (NULL for next), name, count, price, date-time. */
static long long put_widget(struct store *s, const char *id, const char *name,
                            const char *count, const char *price, const char *updated)
{
	const char *v[W_N] = { 0 };

	v[W_ID] = id;
	v[W_OFFICE] = "1";
	v[W_NAME] = name;
	v[W_COUNT] = count;
	v[W_PRICE] = price;
	v[W_UPDATED] = updated;
	return put(s, widget, v);
}

static cJSON *get1(struct store *s, const struct resource *r, long long id, int byid)
{
	cJSON *out = cJSON_CreateArray();
	char *err = NULL;

	if (store_get(s, r, &id, 1, byid, out, &err) != 0)
		fail_msg("get: %s", err);
	assert_int_equal(cJSON_GetArraySize(out), 1);
	cJSON *rec = cJSON_DetachItemFromArray(out, 0);
	cJSON_Delete(out);
	return rec;
}

/* 1 when member name of o is a JSON null (it must be there). */
static int is_null(const cJSON *o, const char *name)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, name);

	assert_non_null(v);
	return cJSON_IsNull(v);
}

static const char *str(const cJSON *o, const char *name)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, name);

	assert_non_null(v);
	return cJSON_IsString(v) ? v->valuestring : NULL;
}

/* Ids of one search as "1,2,3", or "ERR:message". */
static char *search(struct store *s, const char *field, enum store_op op,
                    enum res_type type, const char *const *values, size_t n, size_t cap)
{
	struct store_cond c = { field, op, type, values, n };
	struct strbuf sb = STRBUF_INIT;
	long long *ids = NULL;
	size_t n_ids = 0;
	char *err = NULL;

	if (store_search(s, widget, &c, 1, cap, &ids, &n_ids, &err) != 0) {
		strbuf_addf(&sb, "ERR:%s", err);
		free(err);
		return strbuf_detach(&sb, NULL);
	}
	for (size_t i = 0; i < n_ids; i++)
		strbuf_addf(&sb, i ? ",%lld" : "%lld", ids[i]);
	free(ids);
	return strbuf_detach(&sb, NULL);
}

static void check(struct store *s, const char *want, const char *field, enum store_op op,
                  enum res_type type, const char *const *values, size_t n)
{
	char *got = search(s, field, op, type, values, n, 0);

	assert_string_equal(got, want);
	free(got);
}

#define assert_search(s, want, field, op, type, cap, ...)                           \
	do {                                                                        \
		const char *const vals_[] = { __VA_ARGS__ };                        \
		char *got_ = search(s, field, op, type, vals_, N(vals_), cap);      \
		assert_string_equal(got_, want);                                    \
		free(got_);                                                         \
	} while (0)

/* --------------------------------------------------------------- tests */

/* The declared type of table.col, or "" when there is no such column. */
static const char *decl(struct store *s, const char *table, const char *col, int *pk)
{
	const char *type;

	if (sqlite3_table_column_metadata(s->keeper, "main", table, col, &type, NULL, NULL,
	                                  pk, NULL) != SQLITE_OK)
		return "";
	return type;
}

/* Names of the store's secondary indexes, "ix_a ix_b ". */
static char *index_names(sqlite3_stmt *st)
{
	struct strbuf sb = STRBUF_INIT;

	while (sqlite3_step(st) == SQLITE_ROW)
		strbuf_addf(&sb, "%s ", (const char *)sqlite3_column_text(st, 0));
	sqlite3_reset(st);
	return strbuf_detach(&sb, NULL);
}

static void test_schema(void **state)
{
	struct store *s = open_lit(":memory:", N(lit));
	sqlite3_stmt *st;
	char *names, *err = NULL;
	int pk = 0;

	(void)state;
	assert_string_equal(decl(s, "widget", "widgetID", &pk), "INTEGER");
	assert_true(pk);
	assert_string_equal(decl(s, "widget", "price", NULL), "TEXT");
	assert_string_equal(decl(s, "widget", "count", NULL), "INTEGER");
	assert_string_equal(decl(s, "widget", "made", NULL), "TEXT");
	/* Hidden fields are stored; derived ones are not columns. */
	assert_string_equal(decl(s, "widget", "secret", NULL), "TEXT");
	assert_string_equal(decl(s, "customer", "subscriptionIDs", NULL), "");
	assert_string_equal(decl(s, "meta", "value", NULL), "TEXT");
	assert_string_equal(decl(s, "file", "data", NULL), "BLOB");

	/* Filter fields and derived-field keys are indexed; bulk mode drops them. */
	assert_int_equal(sqlite3_prepare_v2(s->keeper, "SELECT name FROM sqlite_master"
	                 " WHERE type = 'index' AND name LIKE 'ix_%' ORDER BY name", -1, &st, NULL), SQLITE_OK);
	names = index_names(st);
	assert_non_null(strstr(names, "ix_widget_officeID "));
	assert_non_null(strstr(names, "ix_widget_name "));
	assert_non_null(strstr(names, "ix_widget_dateUpdated "));
	assert_non_null(strstr(names, "ix_subscription_customerID "));
	assert_non_null(strstr(names, "ix_appointment_subscriptionID "));
	assert_int_equal(store_bulk_begin(s, &err), 0);
	char *during = index_names(st);
	assert_string_equal(during, "");
	assert_int_equal(store_bulk_end(s, &err), 0);
	char *after = index_names(st);
	assert_string_equal(after, names);
	free(names);
	free(during);
	free(after);
	sqlite3_finalize(st);
	assert_int_equal(store_count(s, widget), 0);
	store_close(s);
}

static void test_round_trip(void **state)
{
	struct store *s = open_lit(":memory:", 1);
	const char *v[W_N] = { 0 };
	cJSON *rec;

	(void)state;
	v[W_OFFICE] = "3";
	v[W_NAME] = "'; DROP TABLE widget; -- \"Zoë\" 東京 🐜 100%_\\";
	v[W_PRICE] = "0.00";
	v[W_MADE] = "0000-00-00";
	v[W_UPDATED] = "2026-11-20 08:30:00";
	v[W_PARTS] = "3,4";
	v[W_SPEC] = "{\"a\":[1,2],\"b\":\"x\"}";
	v[W_SECRET] = "hunter2";
	v[W_DETAIL] = "by id only";
	v[W_COUNT] = "-12";
	v[W_SIZE] = "0.000000";
	long long id = put(s, widget, v);
	assert_int_equal(id, 1);
	assert_int_equal(store_count(s, widget), 1);

	rec = get1(s, widget, id, 0);
	assert_string_equal(str(rec, "widgetID"), "1");
	assert_string_equal(str(rec, "officeID"), "3");
	assert_string_equal(str(rec, "name"), v[W_NAME]);
	assert_string_equal(str(rec, "price"), "0.00");
	assert_string_equal(str(rec, "made"), "0000-00-00");
	assert_string_equal(str(rec, "dateUpdated"), "2026-11-20 08:30:00");
	assert_string_equal(str(rec, "partIDs"), "3,4");
	assert_string_equal(str(rec, "count"), "-12");
	assert_string_equal(str(rec, "size"), "0.000000");
	cJSON *spec = cJSON_GetObjectItemCaseSensitive(rec, "spec");
	assert_true(cJSON_IsObject(spec));
	assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(spec, "a")), 2);
	assert_null(cJSON_GetObjectItemCaseSensitive(rec, "secret"));
	assert_null(cJSON_GetObjectItemCaseSensitive(rec, "detail"));
	/* Members in field order. */
	assert_string_equal(rec->child->string, "widgetID");
	assert_string_equal(rec->child->next->string, "officeID");
	cJSON_Delete(rec);

	rec = get1(s, widget, id, 1);
	assert_string_equal(str(rec, "detail"), "by id only");
	assert_null(cJSON_GetObjectItemCaseSensitive(rec, "secret"));
	cJSON_Delete(rec);

	/* NULLs, an array id list, invalid JSON. */
	memset(v, 0, sizeof(v));
	v[W_ID] = "100";
	v[W_PARTS] = "[]";
	v[W_SPEC] = "{not json";
	assert_int_equal(put(s, widget, v), 100);
	rec = get1(s, widget, 100, 0);
	assert_true(is_null(rec, "name"));
	assert_true(cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(rec, "partIDs")));
	assert_true(is_null(rec, "spec"));
	cJSON_Delete(rec);
	/* The next id follows the largest. */
	memset(v, 0, sizeof(v));
	assert_int_equal(put(s, widget, v), 101);

	/* Duplicate ids are refused with SQLite's reason. */
	char *err = NULL;
	v[W_ID] = "100";
	assert_int_equal(store_insert_row(s, widget, v, NULL, &err), -1);
	assert_non_null(strstr(err, "UNIQUE"));
	free(err);
	v[W_ID] = "abc";
	err = NULL;
	assert_int_equal(store_insert_row(s, widget, v, NULL, &err), -1);
	assert_non_null(err);
	free(err);

	/* get: unknown ids skipped, duplicates once, ascending. */
	long long ids[] = { 101, 7, 1, 101, 100 };
	cJSON *out = cJSON_CreateArray();
	assert_int_equal(store_get(s, widget, ids, N(ids), 0, out, NULL), 0);
	assert_int_equal(cJSON_GetArraySize(out), 3);
	assert_string_equal(str(cJSON_GetArrayItem(out, 0), "widgetID"), "1");
	assert_string_equal(str(cJSON_GetArrayItem(out, 2), "widgetID"), "101");
	cJSON_Delete(out);
	store_close(s);
}

static void test_insert_json(void **state)
{
	struct store *s = open_lit(":memory:", 1);
	char *err = NULL;
	long long id = 0;
	cJSON *o = cJSON_Parse("{\"name\":\"a\",\"price\":249,\"size\":1.005,\"count\":7,"
	                       "\"officeID\":true,\"partIDs\":[1,2],\"spec\":{\"k\":null}}");
	cJSON *rec;

	(void)state;
	assert_int_equal(store_insert(s, widget, o, &id, &err), 0);
	cJSON_Delete(o);
	rec = get1(s, widget, id, 1);
	assert_string_equal(str(rec, "price"), "249.00");
	assert_string_equal(str(rec, "size"), "1.005");
	assert_string_equal(str(rec, "count"), "7");
	assert_string_equal(str(rec, "officeID"), "1");
	assert_string_equal(str(rec, "made"), "0000-00-00");
	assert_string_equal(str(rec, "dateUpdated"), "0000-00-00 00:00:00");
	assert_true(is_null(rec, "detail"));
	cJSON *parts = cJSON_GetObjectItemCaseSensitive(rec, "partIDs");
	assert_true(cJSON_IsArray(parts));
	assert_int_equal(cJSON_GetArraySize(parts), 2);
	assert_true(cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(rec, "spec")));
	cJSON_Delete(rec);

	o = cJSON_Parse("{\"name\":\"a\",\"colour\":\"red\"}");
	assert_int_equal(store_insert(s, widget, o, &id, &err), -1);
	assert_non_null(strstr(err, "colour"));
	free(err);
	cJSON_Delete(o);
	assert_int_equal(store_count(s, widget), 1);
	store_close(s);
}

static void test_operators(void **state)
{
	struct store *s = open_lit(":memory:", 1);

	(void)state;
	put_widget(s, NULL, "Alpha", "9", "9.50", "2026-11-19 23:00:00");        /* 1 */
	put_widget(s, NULL, "alpine", "10", "10.00", "2026-11-20 00:00:00");     /* 2 */
	put_widget(s, NULL, "50% off", "2", "100.00", "2026-11-20 23:59:59");    /* 3 */
	put_widget(s, NULL, "500 off", "100", "2.5", "2026-11-21 00:00:00");     /* 4 */
	put_widget(s, NULL, "a_b", "-1", "0.00", "2026-11-20 12:00:00");         /* 5 */
	put_widget(s, NULL, "axb", "0", "-3.25", "0000-00-00 00:00:00");         /* 6 */

	/* Integers compare as numbers: "10" > "9". */
	assert_search(s, "2,4", "count", SO_GT, RT_INT, 0, "9");
	assert_search(s, "2", "count", SO_EQ, RT_INT, 0, "10");
	assert_search(s, "1,3,4,5,6", "count", SO_NE, RT_INT, 0, "10");
	assert_search(s, "3,5,6", "count", SO_LT, RT_INT, 0, "9");
	assert_search(s, "1,3,5,6", "count", SO_LE, RT_INT, 0, "9");
	assert_search(s, "1,2,4", "count", SO_GE, RT_INT, 0, "9");
	assert_search(s, "1,2,3,6", "count", SO_BETWEEN, RT_INT, 0, "0", "10");
	assert_search(s, "ERR:invalid integer for count: \"nine\"", "count", SO_EQ, RT_INT, 0, "nine");
	assert_search(s, "2,4", "widgetID", SO_IN, RT_INT, 0, "4", "2", "77");
	/* An integer comparison on a text column is still numeric. */
	assert_search(s, "3,4", "name", SO_GT, RT_INT, 0, "5");
	/* Amounts compare numerically through the stored text. */
	assert_search(s, "2,3", "price", SO_GT, RT_NUM, 0, "9.5");
	assert_search(s, "4,5,6", "price", SO_LT, RT_NUM, 0, "9");
	assert_search(s, "5", "price", SO_EQ, RT_NUM, 0, "0");
	assert_search(s, "ERR:invalid number for price: \"9,5\"", "price", SO_EQ, RT_NUM, 0, "9,5");
	/* Text equality is exact, case-sensitive. */
	assert_search(s, "1", "name", SO_EQ, RT_TEXT, 0, "Alpha");
	assert_search(s, "", "name", SO_EQ, RT_TEXT, 0, "alpha");
	assert_search(s, "2,5", "name", SO_IN, RT_TEXT, 0, "alpine", "a_b", "ALPINE");
	/* LIKE takes a pattern (ASCII case-insensitive). */
	assert_search(s, "1,2,5,6", "name", SO_LIKE, RT_TEXT, 0, "a%");
	assert_search(s, "5,6", "name", SO_LIKE, RT_TEXT, 0, "a_b");
	/* The others take the value literally: % _ and \ are not wildcards. */
	assert_search(s, "5", "name", SO_CONTAINS, RT_TEXT, 0, "_");
	assert_search(s, "3", "name", SO_STARTS, RT_TEXT, 0, "50%");
	assert_search(s, "4", "name", SO_ENDS, RT_TEXT, 0, "0 off");
	assert_search(s, "3,4", "name", SO_ENDS, RT_TEXT, 0, " off");
	assert_search(s, "3", "name", SO_ENDS, RT_TEXT, 0, "% off");
	assert_search(s, "1,2", "name", SO_STARTS, RT_TEXT, 0, "AL");
	assert_search(s, "", "name", SO_CONTAINS, RT_TEXT, 0, "\\");
	/* Date-times: a bare date as an upper bound covers the whole day. */
	assert_search(s, "1,2,3,5,6", "dateUpdated", SO_LE, RT_DATETIME, 0, "2026-11-20");
	assert_search(s, "2,3,5", "dateUpdated", SO_BETWEEN, RT_DATETIME, 0, "2026-11-20", "2026-11-20");
	assert_search(s, "2,3,5", "dateUpdated", SO_EQ, RT_DATETIME, 0, "2026-11-20");
	assert_search(s, "1,4,6", "dateUpdated", SO_NE, RT_DATETIME, 0, "2026-11-20");
	assert_search(s, "4", "dateUpdated", SO_GT, RT_DATETIME, 0, "2026-11-20");
	assert_search(s, "2,3,4,5", "dateUpdated", SO_GE, RT_DATETIME, 0, "2026-11-20");
	assert_search(s, "1,6", "dateUpdated", SO_LT, RT_DATETIME, 0, "2026-11-20");
	assert_search(s, "3,4", "dateUpdated", SO_GT, RT_DATETIME, 0, "2026-11-20 12:00:00");
	assert_search(s, "2", "dateUpdated", SO_EQ, RT_DATETIME, 0, "2026-11-20 00:00:00");
	/* Cap and order. */
	assert_search(s, "1,2", "count", SO_GE, RT_INT, 2, "-100");
	assert_search(s, "1,2,3,4,5,6", "count", SO_GE, RT_INT, 0, "-100");
	/* Bad conditions are refused. */
	assert_search(s, "ERR:unknown field colour for widget", "colour", SO_EQ, RT_TEXT, 0, "x");
	assert_search(s, "ERR:unknown field detail\" OR 1=1 -- for widget", "detail\" OR 1=1 --",
	              SO_EQ, RT_TEXT, 0, "x");
	assert_search(s, "ERR:wrong number of values for count", "count", SO_BETWEEN, RT_INT, 0, "1");

	/* Long IN lists, numbers and text. */
	const char *many[40];
	char bufs[40][16];
	for (int i = 0; i < 40; i++) {
		snprintf(bufs[i], sizeof(bufs[i]), "%d", 1000 + i);
		many[i] = bufs[i];
	}
	many[0] = "9";
	many[1] = "100";
	many[2] = "-1";
	check(s, "1,4,5", "count", SO_IN, RT_INT, many, 40);
	many[39] = "10";
	check(s, "1,2,4,5", "count", SO_IN, RT_INT, many, 40);
	many[38] = "x\"y";
	check(s, "ERR:invalid integer for count: \"x\"y\"", "count", SO_IN, RT_INT, many, 40);
	many[38] = "a_b";
	check(s, "5", "name", SO_IN, RT_TEXT, many, 40);
	many[38] = "1038";
	/* "10" and "100" against "10.00" and "100.00" */
	check(s, "2,3", "price", SO_IN, RT_NUM, many, 40);

	/* Several conditions together. */
	const char *ge[] = { "0" }, *like[] = { "a%" };
	struct store_cond two[] = {
		{ "count", SO_GE, RT_INT, ge, 1 },
		{ "name", SO_LIKE, RT_TEXT, like, 1 },
	};
	long long *ids;
	size_t n;
	assert_int_equal(store_search(s, widget, two, 2, 0, &ids, &n, NULL), 0);
	assert_int_equal(n, 3);
	assert_int_equal(ids[0], 1);
	assert_int_equal(ids[1], 2);
	assert_int_equal(ids[2], 6);
	free(ids);
	store_close(s);
}

static void test_update_delete(void **state)
{
	struct store *s = open_lit(":memory:", 1);
	char *err = NULL;
	size_t n = 99;
	cJSON *o, *rec;

	(void)state;
	put_widget(s, NULL, "one", "1", "1.00", "2026-01-01 00:00:00");
	put_widget(s, NULL, "two", "2", "2.00", "2026-01-01 00:00:00");
	o = cJSON_Parse("{\"name\":\"uno\",\"price\":3,\"widgetID\":\"55\"}");
	assert_int_equal(store_update(s, widget, 1, o, &err), 0);
	assert_int_equal(store_update(s, widget, 999, o, &err), 1);
	cJSON_Delete(o);
	rec = get1(s, widget, 1, 0);
	assert_string_equal(str(rec, "name"), "uno");
	assert_string_equal(str(rec, "price"), "3.00");
	assert_string_equal(str(rec, "count"), "1");
	assert_string_equal(str(rec, "dateUpdated"), "2026-01-01 00:00:00");
	cJSON_Delete(rec);
	/* Nothing to set: still says whether the record exists. */
	o = cJSON_CreateObject();
	assert_int_equal(store_update(s, widget, 2, o, &err), 0);
	assert_int_equal(store_update(s, widget, 3, o, &err), 1);
	cJSON_Delete(o);
	o = cJSON_Parse("{\"nope\":1}");
	assert_int_equal(store_update(s, widget, 1, o, &err), -1);
	assert_non_null(strstr(err, "nope"));
	free(err);
	cJSON_Delete(o);

	put_widget(s, NULL, "three", "3", "3.00", "2026-01-01 00:00:00");
	const char *v[W_N] = { 0 };
	v[W_OFFICE] = "2";
	put(s, widget, v);
	assert_int_equal(store_delete_where(s, widget, "officeID", 1, &n, NULL), 0);
	assert_int_equal(n, 3);
	assert_int_equal(store_count(s, widget), 1);
	assert_int_equal(store_delete_where(s, widget, "officeID", 1, &n, NULL), 0);
	assert_int_equal(n, 0);
	err = NULL;
	assert_int_equal(store_delete_where(s, widget, "bogus", 1, &n, &err), -1);
	free(err);
	/* Ids of deleted records are never handed out again, as the service. */
	assert_int_equal(store_delete_where(s, widget, "widgetID", 4, &n, NULL), 0);
	assert_int_equal(n, 1);
	assert_int_equal(store_count(s, widget), 0);
	assert_int_equal(put_widget(s, NULL, "four", "4", "4.00", NULL), 5);
	store_close(s);
}

static void test_transactions(void **state)
{
	struct store *s = open_lit(":memory:", 1);
	char *err = NULL;

	(void)state;
	assert_int_equal(store_begin(s, &err), 0);
	assert_int_equal(store_begin(s, &err), -1);
	free(err);
	put_widget(s, NULL, "gone", "1", "1.00", NULL);
	store_rollback(s);
	assert_int_equal(store_count(s, widget), 0);
	assert_int_equal(store_begin(s, NULL), 0);
	put_widget(s, NULL, "kept", "1", "1.00", NULL);
	assert_int_equal(store_commit(s, NULL), 0);
	assert_int_equal(store_count(s, widget), 1);
	err = NULL;
	assert_int_equal(store_commit(s, &err), -1);
	free(err);
	/* Bulk mode works inside a transaction too (the index rebuild with it). */
	assert_int_equal(store_begin(s, NULL), 0);
	assert_int_equal(store_bulk_begin(s, NULL), 0);
	put_widget(s, NULL, "bulk", "1", "1.00", NULL);
	assert_int_equal(store_bulk_end(s, NULL), 0);
	assert_int_equal(store_commit(s, NULL), 0);
	assert_int_equal(store_count(s, widget), 2);
	store_close(s);
}

static void test_derived(void **state)
{
	struct store *s = open_lit(":memory:", N(lit) - 1);
	const char *cust[] = { "5", "2", "Ann", NULL, NULL, NULL, NULL };
	const char *sub_a[] = { "30", "5" }, *sub_b[] = { "20", "5" };
	const char *ap1[] = { "101", "5", "20", "1" }, *ap2[] = { "102", "5", "20", "0" };
	const char *ap3[] = { "103", "5", "-1", "1" };
	const char *add1[] = { "7", "20", "12.50" };
	cJSON *rec;

	(void)state;
	put(s, &lit[1], cust);
	rec = get1(s, &lit[1], 5, 0);
	assert_true(is_null(rec, "subscriptionIDs"));
	cJSON_Delete(rec);
	put(s, &lit[2], sub_a);
	put(s, &lit[2], sub_b);
	put(s, &lit[3], ap2);
	put(s, &lit[3], ap1);
	put(s, &lit[3], ap3);
	put(s, &lit[4], add1);
	rec = get1(s, &lit[1], 5, 0);
	assert_string_equal(str(rec, "subscriptionIDs"), "20,30");
	assert_string_equal(str(rec, "appointmentIDs"), "101,102,103");
	assert_true(is_null(rec, "ticketIDs"));
	assert_true(is_null(rec, "paymentIDs"));
	/* Order of members is the field order, derived ones included. */
	assert_string_equal(cJSON_GetArrayItem(rec, 3)->string, "subscriptionIDs");
	cJSON_Delete(rec);
	rec = get1(s, &lit[2], 20, 1);
	assert_string_equal(str(rec, "appointmentIDs"), "101,102");
	assert_string_equal(str(rec, "completedAppointmentIDs"), "101");
	cJSON *addons = cJSON_GetObjectItemCaseSensitive(rec, "addOns");
	assert_true(cJSON_IsArray(addons));
	assert_int_equal(cJSON_GetArraySize(addons), 1);
	assert_string_equal(str(cJSON_GetArrayItem(addons, 0), "amount"), "12.50");
	cJSON_Delete(rec);
	rec = get1(s, &lit[2], 30, 1);
	assert_true(is_null(rec, "appointmentIDs"));
	assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(rec, "addOns")), 0);
	cJSON_Delete(rec);

	/* One get over several records: each gets its own ids, none, or null. */
	const char *cust6[] = { "6", "2", "Bob", NULL, NULL, NULL, NULL };
	const char *cust8[] = { "8", "2", "Cy", NULL, NULL, NULL, NULL };
	const char *sub_c[] = { "25", "6" }, *sub_d[] = { "40", "8" }, *sub_e[] = { "41", "8" };
	const char *add2[] = { "9", "40", "1.00" }, *add3[] = { "8", "40", "2.00" };
	const char *add4[] = { "10", "41", "3.00" };
	put(s, &lit[1], cust6);
	put(s, &lit[1], cust8);
	put(s, &lit[2], sub_c);
	put(s, &lit[2], sub_d);
	put(s, &lit[2], sub_e);
	put(s, &lit[4], add2);
	put(s, &lit[4], add3);
	put(s, &lit[4], add4);
	long long many[] = { 8, 7, 6, 5, 4 };
	cJSON *out = cJSON_CreateArray();
	assert_int_equal(store_get(s, &lit[1], many, N(many), 0, out, NULL), 0);
	assert_int_equal(cJSON_GetArraySize(out), 3);
	assert_string_equal(str(cJSON_GetArrayItem(out, 0), "subscriptionIDs"), "20,30");
	assert_string_equal(str(cJSON_GetArrayItem(out, 1), "subscriptionIDs"), "25");
	assert_true(cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(out, 1),
	                                                          "appointmentIDs")));
	assert_string_equal(str(cJSON_GetArrayItem(out, 2), "subscriptionIDs"), "40,41");
	cJSON_Delete(out);
	long long subs[] = { 41, 40, 25, 20 };
	out = cJSON_CreateArray();
	assert_int_equal(store_get(s, &lit[2], subs, N(subs), 1, out, NULL), 0);
	assert_int_equal(cJSON_GetArraySize(out), 4);
	addons = cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(out, 1), "addOns");
	assert_int_equal(cJSON_GetArraySize(addons), 0);
	addons = cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(out, 2), "addOns");
	assert_int_equal(cJSON_GetArraySize(addons), 2);
	assert_string_equal(str(cJSON_GetArrayItem(addons, 0), "addOnID"), "8");
	assert_string_equal(str(cJSON_GetArrayItem(addons, 1), "amount"), "1.00");
	addons = cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(out, 3), "addOns");
	assert_int_equal(cJSON_GetArraySize(addons), 1);
	assert_string_equal(str(cJSON_GetArrayItem(addons, 0), "addOnID"), "10");
	cJSON_Delete(out);

	/* This store has no changelog table. */
	char *err = NULL;
	assert_int_equal(store_changelog(s, 8, 5, 1, NULL, &err), -1);
	assert_non_null(strstr(err, "changelog"));
	free(err);
	store_close(s);
}

static void test_changelog(void **state)
{
	struct store *s = open_lit(":memory:", N(lit));
	const char *cust[] = { "5", "2", "Ann", NULL, NULL, NULL, NULL };
	cJSON *notes = cJSON_Parse("{\"fname\":[\"Ann\",\"Anne\"]}");
	char *err = NULL;
	cJSON *rec;

	(void)state;
	put(s, &lit[1], cust);
	assert_int_equal(store_begin(s, NULL), 0);
	assert_int_equal(store_changelog(s, 8, 5, 10001, notes, &err), 0);
	assert_int_equal(store_commit(s, NULL), 0);
	cJSON_Delete(notes);
	rec = get1(s, &lit[5], 1, 0);
	assert_string_equal(str(rec, "classID"), "8");
	assert_string_equal(str(rec, "class"), "Customer");
	assert_string_equal(str(rec, "employeeID"), "10001");
	assert_string_equal(str(rec, "referenceID"), "5");
	assert_string_equal(str(rec, "officeID"), "2");
	assert_int_equal(strlen(str(rec, "dateChanged")), 19);
	assert_int_equal(str(rec, "dateChanged")[10], ' ');
	cJSON *n = cJSON_GetObjectItemCaseSensitive(rec, "notes");
	assert_true(cJSON_IsObject(n));
	assert_string_equal(cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(n, "fname"), 1)->valuestring, "Anne");
	cJSON_Delete(rec);
	store_close(s);
}

static void test_meta_files(void **state)
{
	struct store *s = open_lit(":memory:", 1);
	static const unsigned char bin[] = { 0, 1, 2, 0, 255, 'P', 'D', 'F', 0 };
	char *name = NULL, *v;
	void *data = NULL;
	size_t len = 0;

	(void)state;
	assert_null(store_meta_get(s, "seed"));
	assert_int_equal(store_meta_set(s, "seed", "42", NULL), 0);
	assert_int_equal(store_meta_set(s, "seed", "43", NULL), 0);
	v = store_meta_get(s, "seed");
	assert_string_equal(v, "43");
	free(v);

	assert_int_equal(store_file_get(s, 9, &name, &data, &len, NULL), 1);
	assert_int_equal(store_file_put(s, 9, "../../etc/passwd", bin, sizeof(bin), NULL), 0);
	assert_int_equal(store_file_get(s, 9, &name, &data, &len, NULL), 0);
	assert_string_equal(name, "../../etc/passwd");
	assert_int_equal(len, sizeof(bin));
	assert_memory_equal(data, bin, sizeof(bin));
	free(name);
	free(data);
	assert_int_equal(store_file_put(s, 10, "empty.txt", NULL, 0, NULL), 0);
	assert_int_equal(store_file_get(s, 10, &name, &data, &len, NULL), 0);
	assert_int_equal(len, 0);
	free(name);
	free(data);
	store_close(s);
}

static char *temp_db(void)
{
	char dir[] = "/tmp/rdstoreXXXXXX";
	struct strbuf sb = STRBUF_INIT;

	assert_non_null(mkdtemp(dir));
	strbuf_addf(&sb, "%s/t.db", dir);
	return strbuf_detach(&sb, NULL);
}

static void remove_db(char *path)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addf(&sb, "%s-wal", path);
	unlink(strbuf_str(&sb));
	strbuf_reset(&sb);
	strbuf_addf(&sb, "%s-shm", path);
	unlink(strbuf_str(&sb));
	unlink(path);
	*strrchr(path, '/') = '\0';
	rmdir(path);
	strbuf_free(&sb);
	free(path);
}

static void test_persistence(void **state)
{
	char *path = temp_db();
	struct store *s = open_lit(path, N(lit));
	cJSON *rec;
	char *v;

	(void)state;
	put_widget(s, "42", "saved ☃", "3", "1.50", "2026-11-20 10:00:00");
	assert_int_equal(store_meta_set(s, "today", "2026-11-20", NULL), 0);
	assert_int_equal(store_file_put(s, 1, "a.bin", "x\0y", 3, NULL), 0);
	store_close(s);

	s = open_lit(path, N(lit));
	rec = get1(s, widget, 42, 0);
	assert_string_equal(str(rec, "name"), "saved ☃");
	assert_string_equal(str(rec, "price"), "1.50");
	cJSON_Delete(rec);
	v = store_meta_get(s, "today");
	assert_string_equal(v, "2026-11-20");
	free(v);
	void *data;
	size_t len;
	assert_int_equal(store_file_get(s, 1, NULL, &data, &len, NULL), 0);
	assert_int_equal(len, 3);
	assert_memory_equal(data, "x\0y", 3);
	free(data);
	assert_int_equal(put_widget(s, NULL, "next", "1", "1", NULL), 43);
	store_close(s);
	remove_db(path);
}

/* Readers check that every answer is whole: a widget's two writes land in
 * one transaction, so a reader sees both or neither. */
struct reader {
	struct store *s;
	atomic_int *stop;
	atomic_int rounds;
	int errors;
};

static void *reader_main(void *p)
{
	struct reader *rd = p;
	const char *ge[] = { "0" };
	struct store_cond c = { "count", SO_GE, RT_INT, ge, 1 };

	while (!*rd->stop) {
		long long *ids = NULL;
		size_t n = 0;
		char *err = NULL;

		if (store_search(rd->s, widget, &c, 1, 0, &ids, &n, &err) != 0) {
			fprintf(stderr, "# reader: %s\n", err);
			free(err);
			rd->errors++;
			continue;
		}
		cJSON *out = cJSON_CreateArray();
		if (store_get(rd->s, widget, ids, n, 0, out, &err) != 0) {
			fprintf(stderr, "# reader get: %s\n", err);
			free(err);
			rd->errors++;
		}
		const cJSON *rec;
		cJSON_ArrayForEach(rec, out) {
			const cJSON *name = cJSON_GetObjectItemCaseSensitive(rec, "name");
			if (!cJSON_IsString(name) || strcmp(name->valuestring, "done") != 0)
				rd->errors++;
		}
		cJSON_Delete(out);
		free(ids);
		rd->rounds++;
	}
	return NULL;
}

static void run_threads(const char *path)
{
	struct store *s = open_lit(path, 1);
	atomic_int stop = 0;
	struct reader rd[2] = { { s, &stop, 0, 0 }, { s, &stop, 0, 0 } };
	pthread_t th[2];
	char *err = NULL;

	for (int i = 0; i < 2; i++)
		assert_int_equal(pthread_create(&th[i], NULL, reader_main, &rd[i]), 0);
	for (int i = 0; i < 300; i++) {
		long long id;
		cJSON *o = cJSON_Parse("{\"name\":\"done\"}");

		if (store_begin(s, &err) != 0)
			fail_msg("begin: %s", err);
		id = put_widget(s, NULL, "half", "1", "1.00", NULL);
		if (store_update(s, widget, id, o, &err) != 0)
			fail_msg("update: %s", err);
		if (store_commit(s, &err) != 0)
			fail_msg("commit: %s", err);
		cJSON_Delete(o);
	}
	while (rd[0].rounds < 5 || rd[1].rounds < 5)
		usleep(1000);
	stop = 1;
	for (int i = 0; i < 2; i++) {
		pthread_join(th[i], NULL);
		assert_int_equal(rd[i].errors, 0);
	}
	assert_int_equal(store_count(s, widget), 300);
	store_close(s);
}

static void test_threads_memory(void **state)
{
	(void)state;
	run_threads(":memory:");
}

static void test_threads_file(void **state)
{
	char *path = temp_db();

	(void)state;
	run_threads(path);
	remove_db(path);
}

/* Two memory stores are separate databases. */
static void test_memory_private(void **state)
{
	struct store *a = open_lit(":memory:", 1), *b = open_lit(":memory:", 1);

	(void)state;
	put_widget(a, NULL, "only in a", "1", "1", NULL);
	assert_int_equal(store_count(a, widget), 1);
	assert_int_equal(store_count(b, widget), 0);
	store_close(a);
	store_close(b);
}

/* The real resource table: every table is created, and a customer reads
 * back with its derived subscription and appointment ids. */
static void test_real_table(void **state)
{
	const struct resource *cust = res_find("customer"), *sub = res_find("subscription");
	const struct resource *appt = res_find("appointment");
	char *err = NULL;
	long long cid = 0, sid1 = 0, sid2 = 0, aid = 0;
	struct store *s;
	cJSON *o, *rec;

	(void)state;
	s = store_open(":memory:", &err);
	if (!s)
		fail_msg("open: %s", err);
	for (size_t i = 0; i < res_count; i++)
		assert_int_equal(store_count(s, &res_table[i]), 0);
	assert_non_null(cust);
	assert_non_null(sub);
	assert_non_null(appt);
	assert_int_equal(store_begin(s, NULL), 0);
	o = cJSON_Parse("{\"customerID\":\"10000\",\"fname\":\"Ann\",\"balance\":\"0.00\"}");
	assert_int_equal(store_insert(s, cust, o, &cid, &err), 0);
	cJSON_Delete(o);
	o = cJSON_Parse("{\"customerID\":\"10000\",\"active\":\"1\"}");
	assert_int_equal(store_insert(s, sub, o, &sid1, &err), 0);
	assert_int_equal(store_insert(s, sub, o, &sid2, &err), 0);
	cJSON_Delete(o);
	o = cJSON_Parse("{\"customerID\":\"10000\",\"subscriptionID\":\"2\",\"status\":\"1\"}");
	assert_int_equal(store_insert(s, appt, o, &aid, &err), 0);
	cJSON_Delete(o);
	assert_int_equal(store_changelog(s, 8, cid, 10001, NULL, &err), 0);
	assert_int_equal(store_commit(s, NULL), 0);

	assert_int_equal(cid, 10000);
	rec = get1(s, cust, cid, 0);
	assert_string_equal(str(rec, "customerID"), "10000");
	assert_string_equal(str(rec, "balance"), "0.00");
	assert_string_equal(str(rec, "dateCancelled"), "0000-00-00 00:00:00");
	assert_string_equal(str(rec, "subscriptionIDs"), "1,2");
	assert_string_equal(str(rec, "appointmentIDs"), "1");
	assert_true(is_null(rec, "ticketIDs"));
	assert_true(is_null(rec, "paymentIDs"));
	cJSON_Delete(rec);
	rec = get1(s, sub, sid2, 1);
	assert_string_equal(str(rec, "completedAppointmentIDs"), "1");
	cJSON_Delete(rec);

	/* A ticket's items are its ticketItem records. */
	const struct resource *ticket = res_find("ticket"), *item = res_find("ticketItem");
	long long tid = 0, iid = 0;
	assert_non_null(ticket);
	assert_non_null(item);
	o = cJSON_Parse("{\"customerID\":\"10000\",\"serviceCharge\":\"49.00\"}");
	assert_int_equal(store_insert(s, ticket, o, &tid, &err), 0);
	cJSON_Delete(o);
	o = cJSON_CreateObject();
	cJSON_AddNumberToObject(o, "ticketID", (double)tid);
	cJSON_AddStringToObject(o, "description", "Bait stations");
	cJSON_AddNumberToObject(o, "amount", 25);
	assert_int_equal(store_insert(s, item, o, &iid, &err), 0);
	cJSON_Delete(o);
	rec = get1(s, ticket, tid, 0);
	cJSON *items = cJSON_GetObjectItemCaseSensitive(rec, "items");
	assert_int_equal(cJSON_GetArraySize(items), 1);
	assert_string_equal(str(cJSON_GetArrayItem(items, 0), "description"), "Bait stations");
	assert_string_equal(str(cJSON_GetArrayItem(items, 0), "amount"), "25.00");
	cJSON_Delete(rec);
	rec = get1(s, cust, cid, 0);
	assert_string_equal(str(rec, "ticketIDs"), "1");
	cJSON_Delete(rec);
	store_close(s);
}

/* ------------------------------------------------ records as text */

/* store_get_text against cJSON_PrintUnformatted of store_get's array for
 * the same ids: byte for byte, the same count, and text that parses.
 * Returns the text (caller frees) for further checks. */
static char *text_same(struct store *s, const struct resource *r, const long long *ids,
                       size_t n, int byid)
{
	cJSON *arr = cJSON_CreateArray(), *back;
	struct strbuf sb = STRBUF_INIT;
	size_t found = 12345, at = 0;
	char *err = NULL, *want;

	if (store_get(s, r, ids, n, byid, arr, &err) != 0)
		fail_msg("store_get %s: %s", r->name, err);
	want = cJSON_PrintUnformatted(arr);
	assert_non_null(want);
	strbuf_adds(&sb, "[");
	if (store_get_text(s, r, ids, n, byid, &sb, &found, &err) != 0)
		fail_msg("store_get_text %s: %s", r->name, err);
	strbuf_adds(&sb, "]");
	assert_int_equal(found, (size_t)cJSON_GetArraySize(arr));
	if (strcmp(strbuf_str(&sb), want) != 0) {
		while (want[at] && want[at] == sb.buf[at])
			at++;
		fail_msg("%s (byid %d): text differs at byte %zu:\n  cJSON: %.120s\n  text:  %.120s",
		         r->name, byid, at, want + (at > 40 ? at - 40 : 0),
		         sb.buf + (at > 40 ? at - 40 : 0));
	}
	/* Parsed back, not compared with arr: cJSON itself prints 1e999 as
	 * null, so even its own output does not always read back equal. */
	back = cJSON_Parse(strbuf_str(&sb));
	assert_non_null(back);
	assert_int_equal(cJSON_GetArraySize(back), found);
	cJSON_Delete(back);
	cJSON_Delete(arr);
	free(want);
	return strbuf_detach(&sb, NULL);
}

/* Sets r.field of record id to a value bound by kind: 't' text of len
 * bytes (NUL bytes included), 'i' the integer in text, 'f' the real in
 * text, 'b' a blob of len bytes, 'n' NULL.  Raw SQL, so the store holds
 * what no write handler would store. */
static void text_set(struct store *s, const struct resource *r, const char *field,
                     long long id, char kind, const char *text, size_t len)
{
	struct store_conn *c = store_conn_get(s, NULL);
	struct strbuf sql = STRBUF_INIT;
	sqlite3_stmt *st;

	assert_non_null(c);
	strbuf_adds(&sql, "UPDATE ");
	store_quote(&sql, r->name);
	strbuf_adds(&sql, " SET ");
	store_quote(&sql, field);
	strbuf_adds(&sql, " = ? WHERE ");
	store_quote(&sql, r->pk);
	strbuf_adds(&sql, " = ?");
	assert_int_equal(sqlite3_prepare_v2(c->db, strbuf_str(&sql), -1, &st, NULL), SQLITE_OK);
	if (kind == 't')
		sqlite3_bind_text(st, 1, text, (int)len, SQLITE_TRANSIENT);
	else if (kind == 'i')
		sqlite3_bind_int64(st, 1, strtoll(text, NULL, 10));
	else if (kind == 'f')
		sqlite3_bind_double(st, 1, strtod(text, NULL));
	else if (kind == 'b')
		sqlite3_bind_blob(st, 1, text, (int)len, SQLITE_TRANSIENT);
	sqlite3_bind_int64(st, 2, id);
	assert_int_equal(sqlite3_step(st), SQLITE_DONE);
	assert_int_equal(sqlite3_changes(c->db), 1);
	sqlite3_finalize(st);
	strbuf_free(&sql);
}

/* Every id of r, ascending. */
static size_t text_all_ids(struct store *s, const struct resource *r, long long **ids)
{
	size_t n = 0;
	char *err = NULL;

	if (store_search(s, r, NULL, 0, 0, ids, &n, &err) != 0)
		fail_msg("search %s: %s", r->name, err);
	return n;
}

/* JSON texts stored in RT_JSON and RT_IDLIST columns: the ones cJSON
 * prints back unchanged (copied by the text path) and every kind it
 * rewrites or rejects (left to cJSON). */
static const char *const text_json_cases[] = {
	"[]", "{}", "[1,2,3]", "[\"1\",\"2\"]", "{\"a\":{\"b\":[null,true,false]}}",
	"[ 1, 2 ]", " [1]", "[1] ", "[1]x", "nullx", "null", "true", "false", "tru",
	"0", "-0", "1.5", "1.50", "1e2", "1E+2", "0.1", "-12.75", "100", "1e-7",
	"0.30000000000000004", "3.14159265358979", "123456789012345678",
	"1.7976931348623157e+308", "1e999", "-", "[-]", "[01]", "[+1]", "[.5]", "[1.]",
	"12345678901234567890123456789012345678901234567890123456789012345",
	"\"str\"", "\"a\\/b\"", "\"\\u00e9\"", "\"\xc3\xa9\"", "\"\\u001f\"", "\"\\u001F\"",
	"\"\\u0000x\"", "\"\\u0008\"", "\"\\u000a\"", "\"\\b\\f\\n\\r\\t\\\"\\\\\"",
	"\"\\ud83d\\ude00\"", "\"\\ud83d\"", "\"raw\ttab\"", "\"\\x\"", "\"\x7f\xff\xfe\"",
	"{\"a\":1,\"a\":2}", "{\"a\" : 1}", "{\"k\\u0001\":[true,false,null]}", "{\"a\":}",
	"[[[[[]]]]]", "\xef\xbb\xbf[1]", "", "[", "[1,]", "[1,2", "{\"a\"}", "{1:2}",
	"[\"unterminated]", "1,2", "7", "[\"\\u00zz\"]",
};

static void test_text_records(void **state)
{
	static const char *const tricky[] = {
		"quote \" and backslash \\ and slash /",
		"tab\there, newline\nthere, cr\r, bell\a, esc\x1b[0m, del\x7f",
		"Ångström, Zoë, François, 日本語, 😀",
		"\xff\xfe invalid UTF-8 \xc3",
		"",
	};
	const struct resource *cust = res_find("customer"), *ticket = res_find("ticket");
	struct strbuf deep = STRBUF_INIT, bytes = STRBUF_INIT, sb = STRBUF_INIT;
	size_t with_rows = 0, found = 7;
	long long *ids, first;
	char *err = NULL, *text;
	struct store *s;
	size_t n;

	(void)state;
	s = store_open(":memory:", &err);
	if (!s)
		fail_msg("open: %s", err);
	if (generate_company(s, 200, 7, "2026-11-20", &err) != 0)
		fail_msg("generate_company: %s", err);
	assert_non_null(cust);
	assert_non_null(ticket);

	/* Awkward values in the last records of every table (the generator's
	 * own awkward customers come first): each text column gets one of the
	 * tricky strings.  The first customer's columns get raw bytes and
	 * storage types no handler writes, and its JSON and id-list columns
	 * go through every JSON case. */
	for (size_t ri = 0; ri < res_count; ri++) {
		const struct resource *r = &res_table[ri];
		size_t m = text_all_ids(s, r, &ids);

		for (size_t k = 0; k < m && k < N(tricky); k++)
			for (size_t i = 0; i < r->n_fields; i++)
				if (r->fields[i].type == RT_TEXT && !(r->fields[i].flags & RF_DERIVED))
					text_set(s, r, r->fields[i].name, ids[m - 1 - k], 't',
					         tricky[k], strlen(tricky[k]));
		free(ids);
	}
	n = text_all_ids(s, cust, &ids);
	assert_true(n >= 200);
	first = ids[0];
	for (int b = 1; b < 256; b++)
		strbuf_addc(&bytes, (char)b);
	text_set(s, cust, "fname", first, 't', strbuf_str(&bytes), bytes.len);
	text_set(s, cust, "lname", first, 't', "before\0after", 12);
	text_set(s, cust, "spouse", first, 'b', "blob\0bytes", 10);
	text_set(s, cust, "email", first, 'n', NULL, 0);
	text_set(s, cust, "officeID", first, 'f', "2.5", 0);
	text_set(s, cust, "status", first, 't', "12abc", 5);
	text_set(s, cust, "notes", first, 'i', "-9223372036854775807", 0);
	text_set(s, cust, "zip", first, 'f', "1e300", 0);
	for (size_t i = 0; i < N(text_json_cases); i++) {
		const char *j = text_json_cases[i];

		text_set(s, cust, "unitIDs", first, 't', j, strlen(j));
		text_set(s, cust, "paymentIDs", first, 't', j, strlen(j));
		free(text_same(s, cust, &first, 1, 0));
	}
	text_set(s, cust, "unitIDs", first, 't', "[1]\0[2]", 7);
	free(text_same(s, cust, &first, 1, 0));
	for (int d = 0; d < 70; d++)
		strbuf_addc(&deep, '[');
	for (int d = 0; d < 70; d++)
		strbuf_addc(&deep, ']');
	text_set(s, cust, "unitIDs", first, 't', deep.buf, deep.len);
	free(text_same(s, cust, &first, 1, 0));
	strbuf_reset(&deep);
	for (int d = 0; d < 1001; d++)
		strbuf_addc(&deep, '[');
	for (int d = 0; d < 1001; d++)
		strbuf_addc(&deep, ']');
	text_set(s, cust, "unitIDs", first, 't', deep.buf, deep.len);
	free(text_same(s, cust, &first, 1, 0));
	text_set(s, cust, "unitIDs", first, 't', "[{\"unit\":\"A \\\"1\\\"\",\"n\":2}]", 27);
	free(ids);

	/* Every resource, every record, as get (ids out of order, repeated,
	 * with some that do not exist) and as by-id. */
	for (size_t ri = 0; ri < res_count; ri++) {
		const struct resource *r = &res_table[ri];
		long long *mixed;

		n = text_all_ids(s, r, &ids);
		if (n == 0)
			continue;
		with_rows++;
		mixed = xmalloc((2 * n + 3) * sizeof(*mixed));
		for (size_t i = 0; i < n; i++) {
			mixed[i] = ids[n - 1 - i];
			mixed[n + i] = ids[i];
		}
		mixed[2 * n] = 0;
		mixed[2 * n + 1] = -5;
		mixed[2 * n + 2] = ids[n - 1] + 1000;
		free(text_same(s, r, mixed, 2 * n + 3, 0));
		free(text_same(s, r, ids, n, 1));
		free(text_same(s, r, &ids[n / 2], 1, 1));
		free(mixed);
		free(ids);
	}
	assert_true(with_rows >= 20);

	/* What the comparison covered: the escape sequence company name, the
	 * derived id lists and a ticket's items. */
	n = text_all_ids(s, cust, &ids);
	text = text_same(s, cust, ids, n, 0);
	assert_non_null(strstr(text, "\\u001b[31mRED\\u001b[0m Rock Cantina"));
	assert_non_null(strstr(text, "\"subscriptionIDs\":\""));
	assert_non_null(strstr(text, "\"fname\":\"\\u0001\\u0002"));
	assert_non_null(strstr(text, "\"lname\":\"before\","));
	free(text);
	free(ids);
	n = text_all_ids(s, ticket, &ids);
	text = text_same(s, ticket, ids, n, 0);
	assert_non_null(strstr(text, "\"items\":[{"));
	free(text);
	free(ids);

	/* Nothing found, nothing asked, an unknown resource. */
	first = -1;
	strbuf_adds(&sb, "kept");
	assert_int_equal(store_get_text(s, cust, &first, 1, 0, &sb, &found, &err), 0);
	assert_int_equal(found, 0);
	assert_int_equal(store_get_text(s, cust, NULL, 0, 0, &sb, &found, &err), 0);
	assert_int_equal(store_get_text(s, &lit[0], &first, 1, 0, &sb, &found, &err), -1);
	assert_non_null(err);
	free(err);
	assert_string_equal(strbuf_str(&sb), "kept");

	strbuf_free(&sb);
	strbuf_free(&deep);
	strbuf_free(&bytes);
	store_close(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_schema),
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_insert_json),
		cmocka_unit_test(test_operators),
		cmocka_unit_test(test_update_delete),
		cmocka_unit_test(test_transactions),
		cmocka_unit_test(test_derived),
		cmocka_unit_test(test_changelog),
		cmocka_unit_test(test_meta_files),
		cmocka_unit_test(test_persistence),
		cmocka_unit_test(test_threads_memory),
		cmocka_unit_test(test_threads_file),
		cmocka_unit_test(test_memory_private),
		cmocka_unit_test(test_real_table),
		cmocka_unit_test(test_text_records),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
