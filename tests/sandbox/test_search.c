/* test_search.c: search operators, includeData, default filters and the search cap. */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../lib/sbtest.h"

static cJSON *customers; /* every customer record, ascending by id */

static int setup(void **state)
{
	sbt_customers_setup(state);
	customers = cJSON_Duplicate(sbt_get("customer", "customerIDs", sbt_cust_ids, sbt_n_cust), 1);
	assert_int_equal(cJSON_GetArraySize(customers), sbt_n_cust);
	sbt_test_teardown(NULL);
	return 0;
}

static int teardown(void **state)
{
	cJSON_Delete(customers);
	return sbt_customers_teardown(state);
}

/* Compares a search answer with the expected list, printing both on a
 * mismatch. */
static void same_ids(const long long *got, size_t n_got, const long long *want, size_t n_want,
                     const char *what)
{
	int same = n_got == n_want;
	for (size_t i = 0; same && i < n_got; i++)
		same = got[i] == want[i];
	if (!same) {
		sbt_note("%s: the search answered %zu ids, the records say %zu", what, n_got, n_want);
		for (size_t i = 0; i < n_got || i < n_want; i++) {
			if (i >= 12) {
				sbt_note("...");
				break;
			}
			sbt_note("  got %-12lld want %lld", i < n_got ? got[i] : -1LL,
			         i < n_want ? want[i] : -1LL);
		}
		fail();
	}
}

typedef int (*keep_fn)(const cJSON *rec, const void *arg);

/* Ids of customers for which keep(rec, arg) is true (arena-owned). */
static size_t customers_where(keep_fn keep, const void *arg, long long **out)
{
	long long *ids = sbt_keep(calloc(sbt_n_cust + 1, sizeof *ids));
	size_t n = 0;
	for (cJSON *rec = customers->child; rec; rec = rec->next)
		if (keep(rec, arg))
			ids[n++] = sbt_i(rec, "customerID");
	*out = ids;
	return n;
}

static void check_search(const char *form, keep_fn keep, const void *arg)
{
	long long *got, *want;
	size_t n_got = sbt_search("customer", &got, "%s", form);
	size_t n_want = customers_where(keep, arg, &want);
	same_ids(got, n_got, want, n_want, form);
}

/* ---- integer operators on customerIDs ---- */

struct intcmp {
	const char *op;
	long long a, b;
};

static int keep_int(const cJSON *rec, const void *arg)
{
	const struct intcmp *c = arg;
	long long v = sbt_i(rec, "customerID");
	if (!strcmp(c->op, ">")) return v > c->a;
	if (!strcmp(c->op, "<")) return v < c->a;
	if (!strcmp(c->op, ">=")) return v >= c->a;
	if (!strcmp(c->op, "<=")) return v <= c->a;
	if (!strcmp(c->op, "=")) return v == c->a;
	if (!strcmp(c->op, "!=")) return v != c->a;
	if (!strcmp(c->op, "IN")) return v == c->a || v == c->b;
	if (!strcmp(c->op, "BETWEEN")) return v >= c->a && v <= c->b;
	return 0;
}

static void test_integer_operators(void **state)
{
	(void)state;
	long long mid = sbt_cust_ids[sbt_n_cust / 2], lo = sbt_cust_ids[20], hi = sbt_cust_ids[60];
	static const char *const ops[] = { ">", "<", ">=", "<=", "=", "!=" };

	for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
		struct intcmp c = { ops[i], mid, 0 };
		check_search(sbt_fmt("customerIDs=%s", sbt_qo(ops[i], sbt_fmt("%lld", mid))),
		             keep_int, &c);
	}
	struct intcmp in = { "IN", lo, hi };
	check_search(sbt_fmt("customerIDs=%s", sbt_qo("IN", sbt_fmt("[%lld,%lld,999999999]", lo, hi))),
	             keep_int, &in);
	struct intcmp btw = { "BETWEEN", lo, hi };
	check_search(sbt_fmt("customerIDs=%s", sbt_qo("BETWEEN", sbt_fmt("[%lld,%lld]", lo, hi))),
	             keep_int, &btw);
	/* A value sent as a JSON string works like a number. */
	struct intcmp gt = { ">", mid, 0 };
	check_search(sbt_fmt("customerIDs=%s", sbt_qo(">", sbt_fmt("\"%lld\"", mid))), keep_int, &gt);
}

/* ---- office: a simple value, != and two filters together ---- */

static long long office_of_first;

static int keep_office_eq(const cJSON *rec, const void *arg)
{
	(void)arg;
	return sbt_i(rec, "officeID") == office_of_first;
}

static int keep_office_ne_and_above(const cJSON *rec, const void *arg)
{
	const long long *above = arg;
	return sbt_i(rec, "officeID") != office_of_first && sbt_i(rec, "customerID") > *above;
}

static void test_simple_value_and_combined(void **state)
{
	(void)state;
	long long mid = sbt_cust_ids[sbt_n_cust / 3];
	office_of_first = sbt_i(customers->child, "officeID");
	check_search(sbt_fmt("officeIDs=%lld", office_of_first), keep_office_eq, NULL);
	check_search(sbt_fmt("officeIDs=%s&customerIDs=%s",
	                     sbt_qo("!=", sbt_fmt("%lld", office_of_first)),
	                     sbt_qo(">", sbt_fmt("%lld", mid))),
	             keep_office_ne_and_above, &mid);
}

/* ---- every id parameter of the specification's search tables ---- */

static void test_search_id_parameters(void **state)
{
	(void)state;
	static const struct {
		const char *entity, *param;
	} cases[] = {
		{ "note", "noteIDs" }, { "ticket", "ticketIDs" }, { "product", "productID" },
		{ "route", "routeIDs" }, { "customer", "customerIDs" }, { "appointment", "appointmentIDs" },
		{ "timeClockCategory", "clockCategoryIDs" }, { "timeClockCategory", "timeClockCategoryIDs" },
		{ "timeClock", "entryIDs" }, { "timeClock", "timeClockIDs" }, { "form", "formIDs" },
		{ "serviceType", "typeIDs" }, { "chemicalUse", "chemicalUseIDs" },
		{ "chemicalUse", "chemicalUseID" }, { "chemical", "chemicalIDs" }, { "region", "regionIDs" },
		{ "applicationMethod", "methodIDs" }, { "applicationMethod", "methodID" },
		{ "applicationMethod", "applicationMethodID" }, { "applicationMethod", "applicationMethodIDs" },
		{ "genericFlagAssignment", "genericFlagAssignmentIDs" }, { "changelog", "changeIDs" },
		{ "changelog", "changelogIDs" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		long long *all, *one;
		size_t n = sbt_search(cases[i].entity, &all, "");
		if (n < 2)
			fail_msg("%s: the generated data have fewer than 2 records", cases[i].entity);
		struct sbt_resp *r = sbt_call(sbt_fmt("/%s/search", cases[i].entity), "%s=%lld",
		                              cases[i].param, all[1]);
		size_t k = sbt_ids(r, &one);
		if (k != 1 || one[0] != all[1] || cJSON_GetArraySize(sbt_m(r->json, "ignoredParams"))) {
			sbt_note("%s/search %s=%lld:", cases[i].entity, cases[i].param, all[1]);
			sbt_dump(r);
			fail();
		}
	}
}

/* ---- active and aPay: integers on the wire, whatever the record holds ---- */

struct valsel {
	const char *field, *value;
};

static int keep_value(const cJSON *rec, const void *arg)
{
	const struct valsel *v = arg;
	return !strcmp(sbt_s(rec, v->field), v->value);
}

static void test_active_and_apay(void **state)
{
	(void)state;
	/* active: 1 active, 0 inactive; the record says it in status. */
	struct valsel on = { "status", "1" }, off = { "status", "0" };
	check_search("active=1", keep_value, &on);
	check_search("active=0", keep_value, &off);

	/* aPay: 0 not on auto pay, 1 by card, 2 by bank transfer (the spec's
	 * integers), whatever text the record carries ("No" on the live
	 * service).  The three searches split the customers, each set sharing
	 * one record value, and most customers are not on auto pay. */
	long long *ids[3];
	size_t n[3], total = 0;
	const char *value[3] = { NULL, NULL, NULL };
	for (int k = 0; k < 3; k++) {
		n[k] = sbt_search("customer", &ids[k], "aPay=%d", k);
		total += n[k];
		for (size_t i = 0; i < n[k]; i++) {
			const char *v = sbt_s(sbt_find(customers, "customerID", ids[k][i]), "aPay");
			if (!value[k])
				value[k] = v;
			else if (strcmp(value[k], v) != 0)
				fail_msg("aPay=%d finds customers with aPay \"%s\" and \"%s\"", k, value[k], v);
		}
	}
	sbt_note("aPay=0: %zu, aPay=1: %zu, aPay=2: %zu of %zu", n[0], n[1], n[2], sbt_n_cust);
	if (total != sbt_n_cust)
		fail_msg("aPay=0, 1 and 2 find %zu customers together, not all %zu", total, sbt_n_cust);
	assert_true(n[0] > sbt_n_cust / 2);
	for (int a = 0; a < 3; a++)
		for (int b = a + 1; b < 3; b++)
			if (value[a] && value[b])
				assert_string_not_equal(value[a], value[b]);
	struct valsel not_on = { "aPay", value[0] };
	check_search("aPay=0", keep_value, &not_on);
}

/* route/search's apiCanSchedule is a boolean in the specification: true and
 * false mean what 1 and 0 do, as for the writes' booleans (showTech=true);
 * they were refused as "expected an integer". */
static void test_route_api_can_schedule_boolean(void **state)
{
	(void)state;
	long long *all, *on, *off, *t, *f;
	size_t n_all = sbt_search("route", &all, "");
	size_t n_on = sbt_search("route", &on, "apiCanSchedule=1");
	size_t n_off = sbt_search("route", &off, "apiCanSchedule=0");
	size_t n_t = sbt_search("route", &t, "apiCanSchedule=true");
	size_t n_f = sbt_search("route", &f, "apiCanSchedule=false");

	assert_true(n_on > 0);
	assert_int_equal(n_on + n_off, n_all);
	same_ids(t, n_t, on, n_on, "apiCanSchedule=true against apiCanSchedule=1");
	same_ids(f, n_f, off, n_off, "apiCanSchedule=false against apiCanSchedule=0");
	sbt_err(sbt_call("/route/search", "apiCanSchedule=2"), 200, "apiCanSchedule");
}

/* The specification types aPay as an integer (0 none, 1 card, 2 bank
 * transfer), and every operator applies to every search parameter: an
 * ordering compares those codes, whatever text the records carry ("No",
 * "CC", "ACH" sort otherwise).  aPay > 0 found nobody. */
static void test_apay_operators(void **state)
{
	(void)state;
	long long *by[3], *got, *want;
	size_t n_by[3];
	const struct {
		const char *op, *value;
		int keep[3];
	} cases[] = {
		{ ">", "0", { 0, 1, 1 } },       { ">=", "1", { 0, 1, 1 } },
		{ "<", "2", { 1, 1, 0 } },       { "<=", "0", { 1, 0, 0 } },
		{ "BETWEEN", "[1,2]", { 0, 1, 1 } }, { "BETWEEN", "[\"0\",\"1\"]", { 1, 1, 0 } },
		{ "!=", "1", { 1, 0, 1 } },      { "IN", "[0,2]", { 1, 0, 1 } },
		{ ">", "2", { 0, 0, 0 } },
	};

	for (int k = 0; k < 3; k++)
		n_by[k] = sbt_search("customer", &by[k], "aPay=%d", k);
	assert_true(n_by[0] > 0 && n_by[1] > 0);
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		const char *form = sbt_fmt("aPay=%s", sbt_qo(cases[i].op, cases[i].value));
		size_t n_got = sbt_search("customer", &got, "%s", form), n_want = 0;
		want = sbt_keep(calloc(sbt_n_cust + 1, sizeof *want));
		for (long long *c = sbt_cust_ids; c < sbt_cust_ids + sbt_n_cust; c++)
			for (int k = 0; k < 3; k++)
				if (cases[i].keep[k] && sbt_has(by[k], n_by[k], *c))
					want[n_want++] = *c;
		same_ids(got, n_got, want, n_want, form);
	}
}

/* An id list travels as brackets, JSON text or a comma list (the service's
 * behaviour notes), aPay's too, an integer in the specification: aPay=1,2
 * was compared as the one text "1,2" and found nobody. */
static void test_apay_comma_list(void **state)
{
	(void)state;
	long long *a, *b, *c;
	size_t na = sbt_search("customer", &a, "aPay=1,2");
	size_t nb = sbt_search("customer", &b, "aPay[]=1&aPay[]=2");
	size_t nc = sbt_search("customer", &c, "aPay=%s", sbt_enc("[1,2]"));

	assert_true(nb > 0);
	same_ids(a, na, b, nb, "aPay=1,2 against aPay[]=1&aPay[]=2");
	same_ids(c, nc, b, nb, "aPay=[1,2] against aPay[]=1&aPay[]=2");
}

static int keep_phone(const cJSON *rec, const void *arg)
{
	const char *p1 = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(rec, "phone1"));
	const char *p2 = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(rec, "phone2"));
	return (p1 && !strcmp(p1, arg)) || (p2 && !strcmp(p2, arg));
}

/* A phone1 or phone2 of 10 digits (which = "phone1" or "phone2"). */
static const char *some_phone(const char *which)
{
	for (cJSON *rec = customers->child; rec; rec = rec->next) {
		cJSON *p = cJSON_GetObjectItemCaseSensitive(rec, which);
		if (cJSON_IsString(p) && strlen(p->valuestring) == 10)
			return p->valuestring;
	}
	fail_msg("no customer has a 10-digit %s", which);
	return NULL;
}

/* Phone search is an exact 10-digit match over phone1 and phone2, as live:
 * any other operator, a part of a number or punctuation finds nothing and
 * is no error. */
static void test_phone_exact(void **state)
{
	(void)state;
	const char *phone = some_phone("phone1"), *second = some_phone("phone2");
	long long *ids;

	check_search(sbt_fmt("phone=%s", phone), keep_phone, phone);
	check_search(sbt_fmt("phone=%s", second), keep_phone, second);
	assert_true(sbt_search("customer", &ids, "phone=%s", second) > 0);
	check_search(sbt_fmt("phone=%s", sbt_qo("=", sbt_fmt("\"%s\"", phone))), keep_phone, phone);
	assert_int_equal(sbt_search("customer", &ids, "phone=%.7s", phone), 0);
	assert_int_equal(sbt_search("customer", &ids, "phone=%s",
	                            sbt_enc(sbt_fmt("(%.3s) %.3s-%s", phone, phone + 3, phone + 6))), 0);
	static const char *const ops[] = { "CONTAINS", "STARTSWITH", "ENDSWITH", "LIKE", "!=", ">" };
	for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
		assert_int_equal(sbt_search("customer", &ids, "phone=%s",
		                            sbt_qo(ops[i], sbt_fmt("\"%.6s\"", phone))), 0);
	/* Nothing ignored: the sandbox read the parameter. */
	struct sbt_resp *r = sbt_call("/customer/search", "phone=%s",
	                              sbt_qo("CONTAINS", sbt_fmt("\"%.6s\"", phone)));
	sbt_ok(r);
	assert_int_equal(cJSON_GetArraySize(sbt_m(r->json, "ignoredParams")), 0);
}

/* ---- text operators on every text filter of customer/search ---- */

enum textop { T_EQ, T_LIKE, T_STARTS, T_ENDS, T_CONTAINS };

struct textcmp {
	const char *field;
	enum textop op;
	const char *v;
	int fold; /* compare case-insensitively */
};

static int ceq(char a, char b, int fold)
{
	return fold ? tolower((unsigned char)a) == tolower((unsigned char)b) : a == b;
}

/* SQL LIKE with % and _ (no escapes). */
static int like(const char *s, const char *p, int fold)
{
	if (!*p)
		return !*s;
	if (*p == '%') {
		for (;; s++) {
			if (like(s, p + 1, fold))
				return 1;
			if (!*s)
				return 0;
		}
	}
	if (!*s)
		return 0;
	if (*p == '_' || ceq(*s, *p, fold))
		return like(s + 1, p + 1, fold);
	return 0;
}

static int text_match(const char *s, const struct textcmp *c)
{
	size_t ls = strlen(s), lv = strlen(c->v);
	switch (c->op) {
	case T_EQ:
		return c->fold ? !strcasecmp(s, c->v) : !strcmp(s, c->v);
	case T_LIKE:
		return like(s, c->v, c->fold);
	case T_STARTS:
		return ls >= lv && (c->fold ? !strncasecmp(s, c->v, lv) : !strncmp(s, c->v, lv));
	case T_ENDS:
		return ls >= lv && (c->fold ? !strcasecmp(s + ls - lv, c->v) : !strcmp(s + ls - lv, c->v));
	case T_CONTAINS:
		return c->fold ? strcasestr(s, c->v) != NULL : strstr(s, c->v) != NULL;
	}
	return 0;
}

static int keep_text(const cJSON *rec, const void *arg)
{
	const struct textcmp *c = arg;
	cJSON *v = cJSON_GetObjectItemCaseSensitive(rec, c->field);
	return cJSON_IsString(v) && text_match(v->valuestring, c);
}

/* 1 when the pattern selects the same customers whether or not case is
 * folded, and selects some but not all: the spec does not say whether text
 * comparisons fold case, so only such patterns prove a filter. */
static int good_pattern(const char *field, enum textop op, const char *v)
{
	struct textcmp a = { field, op, v, 0 }, b = { field, op, v, 1 };
	long long *x, *y;
	size_t nx = customers_where(keep_text, &a, &x), ny = customers_where(keep_text, &b, &y);
	if (nx != ny || nx == 0 || nx == sbt_n_cust)
		return 0;
	return memcmp(x, y, nx * sizeof *x) == 0;
}

/* Patterns are cut at byte offsets: only ASCII names give valid UTF-8. */
static int ascii(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s >= 0x80)
			return 0;
	return 1;
}

/* Finds a pattern for op from the values of field: fn builds a candidate
 * from a value (NULL when it cannot). */
static const char *find_pattern(const char *field, enum textop op, char *(*fn)(const char *name))
{
	for (cJSON *rec = customers->child; rec; rec = rec->next) {
		cJSON *v = cJSON_GetObjectItemCaseSensitive(rec, field);
		if (!cJSON_IsString(v) || strlen(v->valuestring) < 5 || !ascii(v->valuestring))
			continue;
		char *cand = fn(v->valuestring);
		if (cand && good_pattern(field, op, cand))
			return cand;
	}
	fail_msg("no usable %s pattern in the generated data", field);
	return NULL;
}

static char *pat_eq(const char *n) { return sbt_fmt("%s", n); }
static char *pat_starts(const char *n) { return sbt_fmt("%.2s", n); }
static char *pat_ends(const char *n) { return sbt_fmt("%s", n + strlen(n) - 3); }
static char *pat_contains(const char *n) { return sbt_fmt("%.3s", n + 1); }
static char *pat_like(const char *n)
{
	size_t l = strlen(n);
	return sbt_fmt("%c%%%c_", n[0], n[l - 2]);
}

static void test_text_operators(void **state)
{
	(void)state;
	static const struct {
		enum textop op;
		const char *name;
		char *(*fn)(const char *);
	} cases[] = {
		{ T_LIKE, "LIKE", pat_like },
		{ T_STARTS, "STARTSWITH", pat_starts },
		{ T_ENDS, "ENDSWITH", pat_ends },
		{ T_CONTAINS, "CONTAINS", pat_contains },
		{ T_EQ, "=", pat_eq },
	};
	/* Every text filter live honours on customer/search. */
	static const char *const fields[] = { "lname", "fname", "email", "address", "city", "zip",
		"companyName" };
	for (size_t f = 0; f < sizeof fields / sizeof fields[0]; f++) {
		for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
			const char *v = find_pattern(fields[f], cases[i].op, cases[i].fn);
			struct textcmp c = { fields[f], cases[i].op, v, 0 };
			cJSON *js = cJSON_CreateString(v);
			char *vj = cJSON_PrintUnformatted(js);
			cJSON_Delete(js);
			sbt_keep(vj);
			check_search(sbt_fmt("%s=%s", fields[f], sbt_qo(cases[i].name, vj)), keep_text, &c);
			/* A simple value is an exact match. */
			if (cases[i].op == T_EQ)
				check_search(sbt_fmt("%s=%s", fields[f], sbt_enc(v)), keep_text, &c);
		}
		/* Read, so never listed as ignored. */
		struct sbt_resp *r = sbt_call("/customer/search", "%s=x", fields[f]);
		sbt_ok(r);
		assert_int_equal(cJSON_GetArraySize(sbt_m(r->json, "ignoredParams")), 0);
	}
	/* Only LIKE takes wildcards; the other text operators match literally. */
	long long *ids;
	assert_int_equal(sbt_search("customer", &ids, "lname=%s", sbt_qo("STARTSWITH", "\"%\"")), 0);
	assert_int_equal(sbt_search("customer", &ids, "lname=%s", sbt_qo("CONTAINS", "\"_\"")), 0);
	assert_int_equal(sbt_search("customer", &ids, "lname=%s", sbt_qo("ENDSWITH", "\"%\"")), 0);
	struct textcmp any = { "lname", T_LIKE, "%", 0 };
	check_search(sbt_fmt("lname=%s", sbt_qo("LIKE", "\"%\"")), keep_text, &any);
}

/* ---- dates: dateAdded against bare days ---- */

struct datecmp {
	const char *op;
	const char *a, *b;
};

static int keep_date(const cJSON *rec, const void *arg)
{
	const struct datecmp *c = arg;
	char day[11];
	snprintf(day, sizeof day, "%s", sbt_s(rec, "dateAdded"));
	if (!strcmp(c->op, ">=")) return strcmp(day, c->a) >= 0;
	if (!strcmp(c->op, "<")) return strcmp(day, c->a) < 0;
	if (!strcmp(c->op, "<=")) return strcmp(day, c->a) <= 0; /* the whole day */
	if (!strcmp(c->op, "BETWEEN")) return strcmp(day, c->a) >= 0 && strcmp(day, c->b) <= 0;
	return 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void test_date_operators(void **state)
{
	(void)state;
	char **days = sbt_keep(calloc(sbt_n_cust, sizeof *days));
	size_t n = 0;
	for (cJSON *rec = customers->child; rec; rec = rec->next)
		days[n++] = sbt_fmt("%.10s", sbt_s(rec, "dateAdded"));
	qsort(days, n, sizeof *days, cmp_str);
	const char *a = days[n / 4], *b = days[3 * n / 4];
	assert_true(strcmp(a, b) < 0);

	struct datecmp ge = { ">=", a, NULL }, lt = { "<", a, NULL }, le = { "<=", b, NULL };
	struct datecmp btw = { "BETWEEN", a, b };
	check_search(sbt_fmt("dateAdded=%s", sbt_qo(">=", sbt_fmt("\"%s\"", a))), keep_date, &ge);
	check_search(sbt_fmt("dateAdded=%s", sbt_qo("<", sbt_fmt("\"%s\"", a))), keep_date, &lt);
	check_search(sbt_fmt("dateAdded=%s", sbt_qo("<=", sbt_fmt("\"%s\"", b))), keep_date, &le);
	check_search(sbt_fmt("dateAdded=%s", sbt_qo("BETWEEN", sbt_fmt("[\"%s\",\"%s\"]", a, b))),
	             keep_date, &btw);
	/* The same as brackets. */
	check_search(sbt_fmt("dateAdded[operator]=%s&dateAdded[value]=%s", sbt_enc(">="), a), keep_date, &ge);
	check_search(sbt_fmt("dateAdded[operator]=between&dateAdded[value][]=%s&dateAdded[value][]=%s", a, b),
	             keep_date, &btw);
}

/* Route search: dateStart/dateEnd is BETWEEN on date, records prove it. */
static void test_route_date_range(void **state)
{
	(void)state;
	long long *a, *b;
	const char *from = "2026-11-16", *to = "2026-11-20";
	size_t na = sbt_search("route", &a, "dateStart=%s&dateEnd=%s", from, to);
	size_t nb = sbt_search("route", &b, "date=%s", sbt_qo("BETWEEN", sbt_fmt("[\"%s\",\"%s\"]", from, to)));
	assert_true(na > 0);
	same_ids(a, na, b, nb, "route dateStart/dateEnd against date BETWEEN");
	cJSON *recs = sbt_get("route", "routeIDs", a, na);
	assert_int_equal(cJSON_GetArraySize(recs), na);
	for (cJSON *r = recs->child; r; r = r->next) {
		char day[11];
		snprintf(day, sizeof day, "%s", sbt_s(r, "date"));
		assert_true(strcmp(day, from) >= 0 && strcmp(day, to) <= 0);
	}
	/* A single day as a simple value. */
	size_t nt = sbt_search("route", &b, "date=%s", SBT_TODAY);
	assert_true(nt > 0);
	recs = sbt_get("route", "routeIDs", b, nt);
	for (cJSON *r = recs->child; r; r = r->next)
		assert_memory_equal(sbt_s(r, "date"), SBT_TODAY, 10);
}

/* A route search with includeData may use route/get's latitude and
 * longitude (the specification names those two), not its maxDistance: that
 * dropped routes from the records while their ids stayed in the answer,
 * neither resolved nor listed in routeIDsNoDataExported.  maxDistance is a
 * parameter the search does not know: ignoredParams, and every id resolved. */
static void test_route_include_data_max_distance(void **state)
{
	(void)state;
	long long *all;
	size_t n = sbt_search("route", &all, "date=%s", SBT_TODAY);
	struct sbt_resp *r = sbt_call("/route/search", "date=%s&includeData=1&maxDistance=0", SBT_TODAY);
	cJSON *recs = sbt_m(r->json, "routes"), *ign = sbt_m(r->json, "ignoredParams");

	assert_true(n > 1);
	assert_int_equal(sbt_ids(r, &all), n);
	assert_int_equal(cJSON_GetArraySize(sbt_m(r->json, "routeIDsNoDataExported")), 0);
	if ((size_t)cJSON_GetArraySize(recs) != n)
		fail_msg("includeData resolved %d of %zu routes with maxDistance=0",
		         cJSON_GetArraySize(recs), n);
	assert_int_equal(cJSON_GetArraySize(ign), 1);
	assert_string_equal(cJSON_GetArrayItem(ign, 0)->valuestring, "maxDistance");
	/* latitude and longitude are read, and change no record. */
	r = sbt_call("/route/search", "date=%s&includeData=1&latitude=33.45&longitude=-112.07",
	             SBT_TODAY);
	assert_int_equal(cJSON_GetArraySize(sbt_m(r->json, "routes")), n);
	assert_int_equal(cJSON_GetArraySize(sbt_m(r->json, "ignoredParams")), 0);
}

/* dateUpdated compared with a full timestamp, as auto-refresh asks. */
static void test_date_updated_timestamp(void **state)
{
	(void)state;
	long long id = sbt_cust_ids[42], *ids;
	sbt_ok(sbt_call("/customer/update", "customerID=%lld&city=%s", id, sbt_enc("Searchville")));
	const char *stamp = sbt_s(sbt_byid("customer", id), "dateUpdated");
	assert_int_equal(strlen(stamp), 19);
	size_t n = sbt_search("customer", &ids, "dateUpdated=%s", sbt_qo(">=", sbt_fmt("\"%s\"", stamp)));
	assert_true(sbt_has(ids, n, id));
	n = sbt_search("customer", &ids, "dateUpdated=%s", sbt_qo(">", sbt_fmt("\"%s\"", stamp)));
	assert_false(sbt_has(ids, n, id));
}

/* ---- includeData ---- */

static void check_include_data(const char *entity, const char *form, size_t min_ids)
{
	long long *ids;
	struct sbt_resp *r = sbt_call(sbt_fmt("/%s/search", entity), "%s%sincludeData=1",
	                              form, *form ? "&" : "");
	size_t n = sbt_ids(r, &ids);
	assert_true(n >= min_ids);
	const char *prop = sbt_s(r->json, "propertyName");
	const char *data = sbt_s(r->json, "propertyNameData");
	cJSON *recs = sbt_m(r->json, data);
	cJSON *nde = sbt_m(r->json, sbt_fmt("%sNoDataExported", prop));
	size_t want_recs = n > 1000 ? 1000 : n;
	assert_true(cJSON_IsArray(recs) && cJSON_IsArray(nde));
	assert_int_equal(cJSON_GetArraySize(recs), want_recs);
	assert_int_equal(cJSON_GetArraySize(nde), n - want_recs);
	size_t i = 0;
	for (cJSON *e = nde->child; e; e = e->next, i++) {
		assert_true(cJSON_IsNumber(e));
		assert_int_equal((long long)e->valuedouble, ids[1000 + i]);
	}
	/* The records are the first ids, in order (a record starts with its
	 * primary key). */
	i = 0;
	for (cJSON *rec = recs->child; rec; rec = rec->next, i++) {
		cJSON *pk = rec->child;
		if (!cJSON_IsObject(rec) || !cJSON_IsString(pk) ||
		    strtoll(pk->valuestring, NULL, 10) != ids[i]) {
			sbt_note("record %zu of %s does not start with id %lld", i, data, ids[i]);
			fail();
		}
	}
}

static void test_include_data_first_1000(void **state)
{
	(void)state;
	long long *ids;
	/* Customers: everything resolved, nothing left out. */
	check_include_data("customer", "", sbt_n_cust);
	/* A search over 1000: appointments of every status over the generated
	 * range; add notes when the data are too small for that. */
	size_t n = sbt_search("appointment", &ids, "status=%s", sbt_qo("IN", "[-2,-1,0,1,2]"));
	if (n > 1000) {
		check_include_data("appointment", sbt_fmt("status=%s", sbt_qo("IN", "[-2,-1,0,1,2]")), 1001);
		return;
	}
	long long *notes;
	size_t nn = sbt_search("note", &notes, "");
	assert_true(nn > 0);
	cJSON *first = cJSON_GetArrayItem(sbt_get("note", "noteIDs", notes, 1), 0);
	long long type = sbt_i(first, "typeID");
	for (size_t k = nn; k <= 1000; k++)
		sbt_ok(sbt_call("/note/create", "customerID=%lld&contactType=%lld&notes=%s&showOnInvoice=0",
		                sbt_cust_ids[k % sbt_n_cust], type, sbt_enc(sbt_fmt("bulk note %zu", k))));
	check_include_data("note", "", 1001);
}

/* includeData on a search that finds nothing: an empty answer, not a
 * crash (the sanitizer build stopped on ids + 0 with ids NULL), for a
 * resource read through the text path and one through cJSON. */
static void test_include_data_nothing_found(void **state)
{
	static const char *const resources[][2] = {
		{ "customer", "customerIDs" }, { "appointment", "appointmentIDs" },
		{ "ticket", "ticketIDs" }, { "note", "noteIDs" }, { "route", "routeIDs" },
		{ "subscription", "subscriptionIDs" }, { "employee", "employeeIDs" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(resources) / sizeof(resources[0]); i++) {
		struct sbt_resp *r = sbt_call(sbt_fmt("/%s/search", resources[i][0]),
		                              "includeData=1&%s=%s", resources[i][1],
		                              sbt_enc("[999999999]"));
		long long *ids;

		sbt_ok(r);
		assert_int_equal(sbt_ids(r, &ids), 0);
		assert_int_equal(cJSON_GetArraySize(sbt_records(r)), 0);
	}
	sbt_alive();
}

static void test_service_type_property_name(void **state)
{
	(void)state;
	long long *ids;
	struct sbt_resp *r = sbt_call("/serviceType/search", "includeData=1");
	size_t n = sbt_ids(r, &ids);
	assert_true(n > 0);
	assert_string_equal(sbt_s(r->json, "propertyName"), "typeIDs");
	assert_true(cJSON_IsArray(sbt_m(r->json, "typeIDs")));
	assert_true(cJSON_IsArray(sbt_m(r->json, "typeIDsNoDataExported")));
	cJSON *recs = sbt_m(r->json, sbt_s(r->json, "propertyNameData"));
	assert_int_equal(cJSON_GetArraySize(recs), n);
	for (size_t i = 0; i < n; i++)
		assert_non_null(sbt_find(recs, "typeID", ids[i]));
	/* And get takes the same ids as typeIDs. */
	cJSON *got = sbt_get("serviceType", "typeIDs", ids, n);
	assert_int_equal(cJSON_GetArraySize(got), n);
}

/* ---- default filters ---- */

/* a == b as sets of ascending ids; c is disjoint from a. */
static void check_default(const char *entity, const char *field, const char *dflt_in,
                          const char *other_in)
{
	long long *d, *in, *other;
	size_t nd = sbt_search(entity, &d, "");
	size_t ni = sbt_search(entity, &in, "%s=%s", field, sbt_qo("IN", dflt_in));
	size_t no = sbt_search(entity, &other, "%s=%s", field, sbt_qo("IN", other_in));
	same_ids(d, nd, in, ni, sbt_fmt("%s default against %s IN %s", entity, field, dflt_in));
	for (size_t i = 0; i < no; i++)
		if (sbt_has(d, nd, other[i]))
			fail_msg("%s %lld (%s in %s) appears in the default search", entity,
			         other[i], field, other_in);
	sbt_note("%s: %zu by default, %zu outside the default", entity, nd, no);
}

static void test_default_ticket(void **state)
{
	(void)state;
	/* Make sure a template exists. */
	long long id = sbt_result(sbt_call("/ticket/create",
	                                   "customerID=%lld&date=%s&serviceCharge=10.00&status=-1",
	                                   sbt_cust_ids[3], SBT_TODAY));
	cJSON *rec = cJSON_GetArrayItem(sbt_get("ticket", "ticketIDs", &id, 1), 0);
	assert_non_null(rec);
	assert_string_equal(sbt_s(rec, "active"), "-1");
	check_default("ticket", "status", "[0,1]", "[-1]");
	long long *t;
	size_t nt = sbt_search("ticket", &t, "status=-1");
	assert_true(sbt_has(t, nt, id));
}

static void test_default_appointment(void **state)
{
	(void)state;
	check_default("appointment", "status", "[0,1]", "[-2,-1,2]");
	long long *ids;
	size_t n = sbt_search("appointment", &ids, "dateStart=%s&dateEnd=%s", "2026-10-01", SBT_TODAY);
	cJSON *recs = sbt_get("appointment", "appointmentIDs", ids, n);
	for (cJSON *r = recs->child; r; r = r->next) {
		const char *s = sbt_s(r, "status");
		assert_true(!strcmp(s, "0") || !strcmp(s, "1"));
	}
}

static void test_default_subscription(void **state)
{
	(void)state;
	long long *leads, *subs;
	size_t nl = sbt_search("subscription", &leads, "active=-3");
	if (nl == 0) {
		/* No generated lead: make one. */
		sbt_search("subscription", &subs, "");
		sbt_ok(sbt_call("/subscription/updateLeadStage", "subscriptionID=%lld&status=0&stageID=1",
		                subs[0]));
		nl = sbt_search("subscription", &leads, "active=-3");
	}
	assert_true(nl > 0);
	cJSON *recs = sbt_get("subscription", "subscriptionIDs", leads, nl);
	for (cJSON *r = recs->child; r; r = r->next)
		assert_string_equal(sbt_s(r, "active"), "-3");
	check_default("subscription", "active", "[0,1]", "[-3]");
}

static void test_default_employee(void **state)
{
	(void)state;
	long long *ids;
	check_default("employee", "active", "[1]", "[0]");
	size_t n = sbt_search("employee", &ids, "");
	assert_true(n > 0);
	cJSON *recs = sbt_get("employee", "employeeIDs", ids, n);
	for (cJSON *r = recs->child; r; r = r->next)
		assert_string_equal(sbt_s(r, "active"), "1");
}

/* ---- the search cap and > paging ---- */

static void test_search_cap_paging(void **state)
{
	(void)state;
	static const char *const args[] = { "--generate", "300", "--seed", SBT_SEED, "--today",
		SBT_TODAY, "--no-limits", "--search-cap", "100", NULL };
	struct sbt_server *capped = sbt_start(args);
	long long *page, last = 0, prev = -1;
	size_t total = 0, pages = 0, n;

	n = sbt_search("customer", &page, "");
	assert_int_equal(n, 100);
	for (;;) {
		n = pages ? sbt_search("customer", &page, "customerIDs=%s",
		                       sbt_qo(">", sbt_fmt("%lld", last)))
		          : sbt_search("customer", &page, "");
		assert_true(n <= 100);
		for (size_t i = 0; i < n; i++) {
			assert_true(page[i] > prev); /* each exactly once, in order */
			prev = page[i];
		}
		total += n;
		pages++;
		if (n < 100)
			break;
		last = page[n - 1];
		assert_true(pages < 10);
	}
	assert_int_equal(total, 300);
	assert_int_equal(pages, 4);
	/* includeData resolves the capped page only. */
	struct sbt_resp *r = sbt_call("/customer/search", "includeData=1");
	assert_int_equal(sbt_ids(r, &page), 100);
	assert_int_equal(cJSON_GetArraySize(sbt_m(r->json, "customers")), 100);
	sbt_free(capped);
	sbt_use(sbt_cust_srv);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		SBT_TEST(test_integer_operators),
		SBT_TEST(test_simple_value_and_combined),
		SBT_TEST(test_search_id_parameters),
		SBT_TEST(test_active_and_apay),
		SBT_TEST(test_route_api_can_schedule_boolean),
		SBT_TEST(test_apay_operators),
		SBT_TEST(test_apay_comma_list),
		SBT_TEST(test_phone_exact),
		SBT_TEST(test_text_operators),
		SBT_TEST(test_date_operators),
		SBT_TEST(test_route_date_range),
		SBT_TEST(test_route_include_data_max_distance),
		SBT_TEST(test_date_updated_timestamp),
		SBT_TEST(test_include_data_first_1000),
		SBT_TEST(test_include_data_nothing_found),
		SBT_TEST(test_service_type_property_name),
		SBT_TEST(test_default_ticket),
		SBT_TEST(test_default_appointment),
		SBT_TEST(test_default_subscription),
		SBT_TEST(test_default_employee),
		SBT_TEST(test_search_cap_paging),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
