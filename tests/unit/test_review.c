/* test_review.c: the route review lines (counts, window, balance, flags, order) and stop order. */
#include "config.h"

#include <limits.h>
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

static char *dup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

static void add_route(struct m_review *rv, long long id, const char *title, long long tech,
                      int locked, const char *notes, const char *alert, const char *updated)
{
	struct m_route *r = xcalloc(1, sizeof(*r));

	r->id = id;
	r->title = xstrdup(title);
	r->group_title = xstrdup("");
	r->tech_id = tech;
	r->locked = locked;
	r->day_notes = dup_or_null(notes);
	r->day_alert = dup_or_null(alert);
	snprintf(r->date, sizeof(r->date), "%s", rv->date);
	snprintf(r->updated, sizeof(r->updated), "%s", updated);
	m_table_put(rv->routes, r);
}

static void add_stop(struct m_review *rv, long long id, long long route, long long customer,
                     int status, int sequence, const char *start, const char *end,
                     long long tech, const char *updated)
{
	struct m_appt *a = xcalloc(1, sizeof(*a));

	a->id = id;
	a->route_id = route;
	a->customer_id = customer;
	a->status = status;
	a->sequence = sequence;
	a->tech_id = tech;
	a->notes = xstrdup("gate code 1234");
	snprintf(a->start, sizeof(a->start), "%s", start);
	snprintf(a->end, sizeof(a->end), "%s", end);
	snprintf(a->updated, sizeof(a->updated), "%s", updated);
	m_table_put(rv->appts, a);
}

static void add_customer(struct m_review *rv, long long id, long long balance)
{
	struct m_customer *c = xcalloc(1, sizeof(*c));

	c->id = id;
	c->fname = xstrdup("Ann");
	c->lname = xstrdup("Lee");
	c->balance = balance;
	m_table_put(rv->customers, c);
}

/*
 * The day of the tests:
 *   Alpha (30)   tech 10005, locked, alert; six stops of every status
 *   Bravo (10)   no tech; one stop with a tech, one without; notes
 *   Alpha (20)   no tech, no stops
 *   Charlie (40) no tech; every scheduled stop names 10009
 *   bravo (5)    tech 10001, one stop
 * and a stop of a route the review does not hold.
 */
static struct m_review *day(void)
{
	struct m_review *rv = m_review_new("2026-11-20");

	add_route(rv, 30, "Alpha", 10005, 1, NULL, "Road closed", "2026-11-20 08:00:00");
	add_route(rv, 10, "Bravo", 0, 0, "Bring bait", "", "2026-11-19 08:00:00");
	add_route(rv, 20, "Alpha", 0, 0, "", NULL, "2026-11-18 08:00:00");
	add_route(rv, 40, "Charlie", 0, 0, NULL, NULL, "");
	add_route(rv, 5, "bravo", 10001, 0, NULL, NULL, "2026-11-01 00:00:00");

	add_stop(rv, 301, 30, 100, M_COMPLETED, 2, "09:00", "09:30", 0, "2026-11-20 09:30:00");
	add_stop(rv, 302, 30, 101, M_PENDING, 1, "08:00", "08:20", 0, "2026-11-13 12:00:00");
	add_stop(rv, 303, 30, 100, M_NOSHOW, 3, "10:00", "11:00", 0, "2026-11-20 08:00:00");
	/* Cancelled and rescheduled stops leave the window, not the money. */
	add_stop(rv, 304, 30, 102, M_CANCELLED, 4, "07:00", "12:00", 0, "");
	add_stop(rv, 305, 30, 999, M_RESCHEDULED, 4, "06:30", "10:45", 0, "");
	add_stop(rv, 306, 30, 101, INT_MIN, 5, "", "", 0, "");

	add_stop(rv, 101, 10, 100, M_PENDING, 1, "13:00", "13:30", 10006, "2026-11-19 07:00:00");
	add_stop(rv, 102, 10, 103, M_PENDING, 2, "14:00", "14:45", 0, "2026-11-19 07:00:00");

	add_stop(rv, 401, 40, 104, M_COMPLETED, 1, "", "", 10009, "");
	add_stop(rv, 403, 40, 104, M_PENDING, 1, "09:00", "09:30", 10009, "");
	add_stop(rv, 402, 40, 105, M_CANCELLED, 1, "09:00", "17:00", 0, "");

	add_stop(rv, 501, 5, 105, M_PENDING, 1, "15:00", "15:10", 0, "");

	add_stop(rv, 901, 999, 100, M_PENDING, 1, "05:00", "23:00", 0, "2026-12-01 00:00:00");

	add_customer(rv, 100, 100000);
	add_customer(rv, 101, 25000);
	add_customer(rv, 102, -5000); /* a credit */
	add_customer(rv, 103, 1);
	add_customer(rv, 104, 777);
	/* 105 and 999 are not in the review: skipped, not guessed. */
	return rv;
}

static void test_order(void **state)
{
	struct m_review *rv = day();
	struct m_review_row *rows;
	size_t n = m_review_rows(rv, NULL, &rows);
	static const long long want[] = { 20, 30, 10, 40, 5 };

	(void)state;
	assert_int_equal(n, 5);
	/* Title, then id for equal titles; bytes order ("bravo" after "Charlie"). */
	for (size_t i = 0; i < n; i++)
		assert_int_equal(rows[i].route->id, want[i]);
	assert_string_equal(rv->date, "2026-11-20");
	free(rows);
	m_review_free(rv);
}

static const struct m_review_row *row_of(const struct m_review_row *rows, size_t n, long long id)
{
	for (size_t i = 0; i < n; i++)
		if (rows[i].route->id == id)
			return &rows[i];
	fail_msg("no review line for route %lld", id);
	return NULL;
}

static void test_counts_window_balance(void **state)
{
	struct m_review *rv = day();
	struct m_review_row *rows;
	size_t n = m_review_rows(rv, NULL, &rows);
	const struct m_review_row *r;

	(void)state;
	r = row_of(rows, n, 30);
	assert_int_equal(r->total, 6);
	assert_int_equal(r->done, 1);
	assert_int_equal(r->pending, 1); /* the unknown status is not pending */
	assert_int_equal(r->noshow, 1);
	assert_int_equal(r->cancelled, 1);
	assert_int_equal(r->rescheduled, 1);
	assert_string_equal(r->first_start, "08:00");
	assert_string_equal(r->last_end, "11:00");
	/* 100 once (two stops), 101 once, 102's credit; 999 unknown. */
	assert_int_equal(r->balance_due, 100000 + 25000 - 5000);

	r = row_of(rows, n, 10);
	assert_int_equal(r->total, 2);
	assert_int_equal(r->pending, 2);
	assert_string_equal(r->first_start, "13:00");
	assert_string_equal(r->last_end, "14:45");
	assert_int_equal(r->balance_due, 100000 + 1); /* 100 counts on each of its routes */

	r = row_of(rows, n, 20);
	assert_int_equal(r->total, 0);
	assert_int_equal(r->done + r->pending + r->noshow + r->cancelled + r->rescheduled, 0);
	assert_string_equal(r->first_start, "");
	assert_string_equal(r->last_end, "");
	assert_int_equal(r->balance_due, 0);

	r = row_of(rows, n, 40);
	assert_int_equal(r->total, 3);
	assert_int_equal(r->done, 1);
	assert_int_equal(r->pending, 1);
	assert_int_equal(r->cancelled, 1);
	assert_string_equal(r->first_start, "09:00");
	assert_string_equal(r->last_end, "09:30");
	assert_int_equal(r->balance_due, 777);

	r = row_of(rows, n, 5);
	assert_int_equal(r->total, 1);
	assert_int_equal(r->balance_due, 0);
	free(rows);
	m_review_free(rv);
}

static void test_flags_and_tech(void **state)
{
	struct m_review *rv = day();
	struct m_review_row *rows;
	size_t n = m_review_rows(rv, "", &rows);
	const struct m_review_row *r;

	(void)state;
	r = row_of(rows, n, 30);
	assert_int_equal(r->tech_id, 10005); /* stops' "0" is the route's tech */
	assert_int_equal(r->flags, M_FLAG_LOCKED | M_FLAG_ALERT);
	r = row_of(rows, n, 10);
	assert_int_equal(r->tech_id, 0);
	assert_int_equal(r->flags, M_FLAG_NOTES | M_FLAG_UNASSIGNED); /* "" alert is none */
	r = row_of(rows, n, 20);
	assert_int_equal(r->tech_id, 0);
	assert_int_equal(r->flags, M_FLAG_UNASSIGNED); /* "" notes is none */
	r = row_of(rows, n, 40);
	assert_int_equal(r->tech_id, 10009); /* the cancelled stop needs nobody */
	assert_int_equal(r->flags, 0);
	r = row_of(rows, n, 5);
	assert_int_equal(r->tech_id, 10001);
	assert_int_equal(r->flags, 0);
	free(rows);
	m_review_free(rv);
}

static unsigned changed(const char *since, long long route)
{
	struct m_review *rv = day();
	struct m_review_row *rows;
	size_t n = m_review_rows(rv, since, &rows);
	unsigned f = row_of(rows, n, route)->flags & M_FLAG_CHANGED;

	free(rows);
	m_review_free(rv);
	return f;
}

static void test_changed(void **state)
{
	(void)state;
	/* None asked for. */
	assert_int_equal(changed(NULL, 30), 0);
	assert_int_equal(changed("", 5), 0);
	/* The route itself is newer. */
	assert_int_equal(changed("2026-11-20 07:59:59", 30), M_FLAG_CHANGED);
	/* Only a stop is newer (09:30 > 09:00; the route's 08:00 is not). */
	assert_int_equal(changed("2026-11-20 09:00:00", 30), M_FLAG_CHANGED);
	/* Equal is not later. */
	assert_int_equal(changed("2026-11-20 09:30:00", 30), 0);
	assert_int_equal(changed("2026-11-19 08:00:00", 10), 0);
	assert_int_equal(changed("2026-11-19 06:59:59", 10), M_FLAG_CHANGED);
	/* An unset dateUpdated is never "later". */
	assert_int_equal(changed("2000-01-01 00:00:00", 40), 0);
	assert_int_equal(changed("2000-01-01 00:00:00", 5), M_FLAG_CHANGED);
	/* A stop of a route not in the review marks nothing. */
	assert_int_equal(changed("2026-11-30 00:00:00", 30), 0);
}

static void test_stops(void **state)
{
	struct m_review *rv = day();
	const struct m_appt **stops;
	size_t n;
	static const long long alpha[] = { 302, 301, 303, 304, 305, 306 };

	(void)state;
	n = m_review_stops(rv, 30, &stops);
	assert_int_equal(n, 6);
	/* 304 (07:00) and 305 (06:30) share sequence 4: the earlier start leads. */
	assert_int_equal(stops[0]->id, alpha[0]);
	assert_int_equal(stops[1]->id, alpha[1]);
	assert_int_equal(stops[2]->id, alpha[2]);
	assert_int_equal(stops[3]->id, 305);
	assert_int_equal(stops[4]->id, 304);
	assert_int_equal(stops[5]->id, alpha[5]);
	/* The pointers are the review's own rows. */
	assert_ptr_equal(stops[0], m_table_get(rv->appts, 302));
	free(stops);

	/* Equal sequence and start: by id; an unset start after a set one. */
	n = m_review_stops(rv, 40, &stops);
	assert_int_equal(n, 3);
	assert_int_equal(stops[0]->id, 402);
	assert_int_equal(stops[1]->id, 403);
	assert_int_equal(stops[2]->id, 401);
	free(stops);

	n = m_review_stops(rv, 20, &stops);
	assert_int_equal(n, 0);
	assert_null(stops);
	n = m_review_stops(rv, 12345, &stops);
	assert_int_equal(n, 0);
	assert_null(stops);
	m_review_free(rv);
}

static void test_empty_and_refresh(void **state)
{
	struct m_review *rv = m_review_new(NULL);
	struct m_review_row *rows = (void *)1;
	const struct m_appt **stops = (void *)1;

	(void)state;
	assert_string_equal(rv->date, "");
	assert_int_equal(m_review_rows(rv, NULL, &rows), 0);
	assert_null(rows);
	assert_int_equal(m_review_stops(rv, 1, &stops), 0);
	assert_null(stops);
	assert_int_equal(m_review_rows(NULL, NULL, &rows), 0);
	m_review_free(rv);
	m_review_free(NULL);

	/* A refresh replaces a stop by id: the line follows the new status. */
	rv = day();
	add_stop(rv, 302, 30, 101, M_COMPLETED, 1, "08:00", "08:20", 0, "2026-11-20 10:00:00");
	assert_int_equal(m_review_rows(rv, NULL, &rows), 5);
	assert_int_equal(row_of(rows, 5, 30)->done, 2);
	assert_int_equal(row_of(rows, 5, 30)->pending, 0);
	assert_int_equal(row_of(rows, 5, 30)->total, 6);
	free(rows);
	/* A stop moved to another route leaves the first one's money. */
	add_stop(rv, 102, 30, 103, M_PENDING, 9, "16:00", "16:30", 0, "");
	assert_int_equal(m_review_rows(rv, NULL, &rows), 5);
	assert_int_equal(row_of(rows, 5, 10)->balance_due, 100000);
	assert_int_equal(row_of(rows, 5, 10)->tech_id, 10006);
	assert_int_equal(row_of(rows, 5, 10)->flags & M_FLAG_UNASSIGNED, 0);
	assert_int_equal(row_of(rows, 5, 30)->balance_due, 100000 + 25000 - 5000 + 1);
	assert_string_equal(row_of(rows, 5, 30)->last_end, "16:30");
	free(rows);
	m_review_free(rv);
}

/* Rows decoded from records captured from the sandbox make a review line. */
static void test_decoded_records(void **state)
{
	static const char json[] =
		"{\"routeID\":\"5488\",\"title\":\"Route 01\",\"officeID\":\"1\",\"groupTitle\":"
		"\"Residential\",\"date\":\"2026-11-20\",\"groupID\":\"1\",\"dayNotes\":\"Bring "
		"extra bait stations.\",\"dayAlert\":\"Road closure on Baseline.\",\"additionalTechs\""
		":null,\"assignedTech\":\"0\",\"dateUpdated\":\"2026-11-20 08:00:00\",\"lockedRoute\":"
		"\"0\"}";
	static const char *const appts[] = {
		"{\"appointmentID\":\"16898\",\"customerID\":\"10404\",\"routeID\":\"5488\",\"start\":"
		"\"07:46:00\",\"end\":\"08:11:00\",\"status\":\"1\",\"assignedTech\":\"10006\","
		"\"sequence\":\"1\",\"timeIn\":\"2026-11-20 07:55:00\",\"dateUpdated\":"
		"\"2026-11-20 08:20:00\"}",
		"{\"appointmentID\":\"16902\",\"customerID\":\"10004\",\"routeID\":\"5488\",\"start\":"
		"\"10:09:00\",\"end\":\"10:40:00\",\"status\":\"0\",\"assignedTech\":\"0\","
		"\"sequence\":\"5\",\"dateUpdated\":\"2026-11-13 12:00:00\"}",
	};
	struct m_review *rv = m_review_new("2026-11-20");
	struct m_review_row *rows;
	cJSON *v = cJSON_Parse(json);

	(void)state;
	m_table_put(rv->routes, m_row_decode("route", v));
	cJSON_Delete(v);
	for (size_t i = 0; i < 2; i++) {
		v = cJSON_Parse(appts[i]);
		m_table_put(rv->appts, m_row_decode("appointment", v));
		cJSON_Delete(v);
	}
	v = cJSON_Parse("{\"customerID\":\"10004\",\"balance\":\"516.32\"}");
	m_table_put(rv->customers, m_row_decode("customer", v));
	cJSON_Delete(v);

	assert_int_equal(m_review_rows(rv, "2026-11-20 08:00:00", &rows), 1);
	assert_string_equal(rows[0].route->title, "Route 01");
	assert_int_equal(rows[0].total, 2);
	assert_int_equal(rows[0].done, 1);
	assert_int_equal(rows[0].pending, 1);
	assert_string_equal(rows[0].first_start, "07:46");
	assert_string_equal(rows[0].last_end, "10:40");
	assert_int_equal(rows[0].balance_due, 51632);
	assert_int_equal(rows[0].tech_id, 0);
	assert_int_equal(rows[0].flags, M_FLAG_ALERT | M_FLAG_NOTES | M_FLAG_UNASSIGNED |
	                                M_FLAG_CHANGED);
	free(rows);
	m_review_free(rv);
}

/* Balances as large as the wire's amounts read (m_parse_cents takes up to
 * LLONG_MAX cents): a route's sum stops at the ends of long long rather
 * than overflowing (UBSan: signed integer overflow), and the sign of the
 * debt is kept. */
static void test_balance_saturates(void **state)
{
	static const char *const customers[] = {
		"{\"customerID\":\"1\",\"balance\":\"92233720368547758.07\"}",
		"{\"customerID\":\"2\",\"balance\":\"0.01\"}",
		"{\"customerID\":\"3\",\"balance\":\"-92233720368547758.07\"}",
		"{\"customerID\":\"4\",\"balance\":\"-0.02\"}",
	};
	struct m_review *rv = m_review_new("2026-11-20");
	struct m_review_row *rows;

	(void)state;
	add_route(rv, 1, "Debts", 7, 0, NULL, NULL, "");
	add_route(rv, 2, "Credits", 7, 0, NULL, NULL, "");
	add_stop(rv, 11, 1, 1, M_PENDING, 1, "08:00", "08:30", 0, "");
	add_stop(rv, 12, 1, 2, M_PENDING, 2, "09:00", "09:30", 0, "");
	add_stop(rv, 21, 2, 3, M_PENDING, 1, "08:00", "08:30", 0, "");
	add_stop(rv, 22, 2, 4, M_PENDING, 2, "09:00", "09:30", 0, "");
	for (size_t i = 0; i < 4; i++) {
		cJSON *v = cJSON_Parse(customers[i]);

		m_table_put(rv->customers, m_row_decode("customer", v));
		cJSON_Delete(v);
	}
	assert_int_equal(m_review_rows(rv, NULL, &rows), 2);
	assert_true(row_of(rows, 2, 1)->balance_due == LLONG_MAX);
	assert_true(row_of(rows, 2, 2)->balance_due == LLONG_MIN);
	free(rows);
	m_review_free(rv);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_order),
		cmocka_unit_test(test_counts_window_balance),
		cmocka_unit_test(test_flags_and_tech),
		cmocka_unit_test(test_changed),
		cmocka_unit_test(test_stops),
		cmocka_unit_test(test_empty_and_refresh),
		cmocka_unit_test(test_decoded_records),
		cmocka_unit_test(test_balance_saturates),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
