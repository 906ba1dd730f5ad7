/* test_fetch_review.c: which reference tables a review's routes and stops name an unknown id of, and the id lists it keeps. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <cmocka.h>

#include "fetch/runner.h"
#include "model/model.h"

/* A row of resource from a record's JSON text, into t. */
static void put(struct m_table *t, const char *resource, const char *json)
{
	cJSON *rec = cJSON_Parse(json);
	void *row;

	assert_non_null(rec);
	row = m_row_decode(resource, rec);
	cJSON_Delete(rec);
	assert_non_null(row);
	m_table_put(t, row);
}

static void ids_of(struct fetch_ids *v, const long long *ids, size_t n)
{
	for (size_t i = 0; i < n; i++)
		fetch_ids_add(v, ids[i]);
	fetch_ids_sort(v);
}

/* Two routes (one unassigned) and three stops: one with its own
 * technician, one with the route's ("0"), one with no type. */
static struct m_review *day(void)
{
	struct m_review *rv = m_review_new("2026-11-20");

	put(rv->routes, "route", "{\"routeID\":\"1\",\"assignedTech\":\"10001\"}");
	put(rv->routes, "route", "{\"routeID\":\"2\",\"assignedTech\":\"0\"}");
	put(rv->appts, "appointment",
	    "{\"appointmentID\":\"11\",\"routeID\":\"1\",\"assignedTech\":\"10002\",\"type\":\"3\"}");
	put(rv->appts, "appointment",
	    "{\"appointmentID\":\"12\",\"routeID\":\"1\",\"assignedTech\":\"0\",\"type\":\"5\"}");
	put(rv->appts, "appointment",
	    "{\"appointmentID\":\"13\",\"routeID\":\"2\",\"assignedTech\":\"0\",\"type\":\"0\","
	    "\"servicedBy\":\"10099\"}");
	return rv;
}

static void test_all_known(void **state)
{
	static const long long emps[] = { 10001, 10002, 10003 }, types[] = { 3, 5 };
	struct fetch_ids e = { NULL, 0, 0 }, t = { NULL, 0, 0 }, me = { NULL, 0, 0 },
	                 mt = { NULL, 0, 0 };
	struct m_review *rv = day();

	(void)state;
	ids_of(&e, emps, 3);
	ids_of(&t, types, 2);
	/* Unassigned, the route's technician and no type name nothing, and
	 * servicedBy is shown nowhere. */
	assert_int_equal(review_unknown_ids(rv, &e, &t, &me, &mt), 0);
	assert_int_equal(me.n, 0);
	assert_int_equal(mt.n, 0);
	m_review_free(rv);
	fetch_ids_free(&e);
	fetch_ids_free(&t);
}

static void test_route_technician_unknown(void **state)
{
	static const long long emps[] = { 10002 }, types[] = { 3, 5 };
	struct fetch_ids e = { NULL, 0, 0 }, t = { NULL, 0, 0 }, me = { NULL, 0, 0 };
	struct m_review *rv = day();

	(void)state;
	ids_of(&e, emps, 1);
	ids_of(&t, types, 2);
	assert_int_equal(review_unknown_ids(rv, &e, &t, &me, NULL), REVIEW_NEEDS_EMPLOYEES);
	assert_int_equal(me.n, 1);
	assert_int_equal(me.v[0], 10001);
	m_review_free(rv);
	fetch_ids_free(&e);
	fetch_ids_free(&t);
	fetch_ids_free(&me);
}

static void test_stop_technician_and_type_unknown(void **state)
{
	static const long long emps[] = { 10001 }, types[] = { 3 };
	struct fetch_ids e = { NULL, 0, 0 }, t = { NULL, 0, 0 }, me = { NULL, 0, 0 },
	                 mt = { NULL, 0, 0 };
	struct m_review *rv = day();

	(void)state;
	ids_of(&e, emps, 1);
	ids_of(&t, types, 1);
	assert_int_equal(review_unknown_ids(rv, &e, &t, &me, &mt),
	                 REVIEW_NEEDS_EMPLOYEES | REVIEW_NEEDS_TYPES);
	assert_int_equal(me.n, 1);
	assert_int_equal(me.v[0], 10002);
	assert_int_equal(mt.n, 1);
	assert_int_equal(mt.v[0], 5);
	m_review_free(rv);
	fetch_ids_free(&e);
	fetch_ids_free(&t);
	fetch_ids_free(&me);
	fetch_ids_free(&mt);
}

/* Nothing known (an empty table): every id named is missing, once each. */
static void test_empty_tables(void **state)
{
	struct fetch_ids e = { NULL, 0, 0 }, t = { NULL, 0, 0 }, me = { NULL, 0, 0 },
	                 mt = { NULL, 0, 0 };
	struct m_review *rv = day();

	(void)state;
	put(rv->appts, "appointment",
	    "{\"appointmentID\":\"14\",\"routeID\":\"1\",\"assignedTech\":\"10001\",\"type\":\"3\"}");
	assert_int_equal(review_unknown_ids(rv, &e, &t, &me, &mt),
	                 REVIEW_NEEDS_EMPLOYEES | REVIEW_NEEDS_TYPES);
	assert_int_equal(me.n, 2);
	assert_int_equal(me.v[0], 10001);
	assert_int_equal(me.v[1], 10002);
	assert_int_equal(mt.n, 2);
	m_review_free(rv);
	fetch_ids_free(&me);
	fetch_ids_free(&mt);
}

static void test_ids(void **state)
{
	static const long long in[] = { 7, 3, 7, 1, 3, 9 };
	struct fetch_ids v = { NULL, 0, 0 };

	(void)state;
	assert_false(fetch_ids_has(&v, 1));
	ids_of(&v, in, 6);
	assert_int_equal(v.n, 4);
	assert_true(fetch_ids_has(&v, 1) && fetch_ids_has(&v, 3) && fetch_ids_has(&v, 7) &&
	            fetch_ids_has(&v, 9));
	assert_false(fetch_ids_has(&v, 2) || fetch_ids_has(&v, 10) || fetch_ids_has(&v, 0));
	fetch_ids_free(&v);
	assert_null(v.v);
	assert_int_equal(v.n, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_all_known),
		cmocka_unit_test(test_route_technician_unknown),
		cmocka_unit_test(test_stop_technician_and_type_unknown),
		cmocka_unit_test(test_empty_tables),
		cmocka_unit_test(test_ids),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
