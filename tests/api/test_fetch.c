/* test_fetch.c: the console's fetch thread against real sandboxes: review, refresh, supersede, rows, writes, stop. */
#include "config.h"

#include <poll.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <cmocka.h>

#include "api/transport.h"
#include "common/dates.h"
#include "fetch/fetch.h"
#include "model/model.h"
#include "sbtest.h"

/*
 * Three sandboxes: the main one (300 customers, seed 3, no quotas), one
 * answering after 300 ms with a search cap of 100 and a live day (supersede,
 * paging, stops changing), and one answering after 2 s (stop during a
 * request).  The tests of the
 * main one run in order: the first review is the cold one.
 */

#define DAY "2026-11-20"
#define WAIT_MS 60000

static struct sbt_server *srv, *srv_slow, *srv_crawl;
static struct fetch *fm;           /* the main sandbox's fetch thread */
static long long baseline;         /* last_change of the cold review */

/* A fetch thread on s; may_read, when not NULL, asked before each read. */
static struct fetch *start_hooked(struct sbt_server *s, long search_cap,
                                  int (*may_read)(void *, const struct api_budget *, char *,
                                                  size_t))
{
	struct api_options o;
	struct api_error err = API_ERROR_INIT;
	struct fetch *f;

	sbt_use(s);
	api_options_default(&o);
	o.url = sbt_base();
	o.key = sbt_key();
	o.token = sbt_token();
	o.reads_per_minute = o.writes_per_minute = 0;
	o.backoff_base_ms = 20;
	o.backoff_max_ms = 200;
	if (search_cap)
		o.search_cap = search_cap;
	o.may_read = may_read;
	f = fetch_start(&o, &err);
	if (!f)
		fail_msg("fetch_start: %s", api_error_text(&err));
	return f;
}

static struct fetch *start_on(struct sbt_server *s, long search_cap)
{
	return start_hooked(s, search_cap, NULL);
}

/* The result of generation gen; any other result is a failure. */
static struct fetch_result *wait_gen(struct fetch *f, unsigned long gen)
{
	for (;;) {
		struct pollfd p = { fetch_fd(f), POLLIN, 0 };
		struct fetch_result *r;

		assert_int_equal(poll(&p, 1, WAIT_MS), 1);
		while ((r = fetch_take(f))) {
			if (r->gen == gen)
				return r;
			print_error("unexpected result gen %lu kind %d: %s\n", r->gen, r->kind,
			            api_error_text(&r->err));
			fetch_result_free(r);
			fail();
		}
	}
}

static struct fetch_result *run_ok(struct fetch *f, struct fetch_job *job)
{
	struct fetch_result *r = wait_gen(f, fetch_submit(f, job));

	if (r->err.kind != API_OK)
		fail_msg("%s error: %s", api_error_kind_name(r->err.kind), api_error_text(&r->err));
	assert_int_equal(fetch_pending(f), 0);
	return r;
}

static int setup(void **state)
{
	static const char *const args[] = { "--generate", "300", "--seed", "3", "--today", DAY,
		                             "--no-limits", NULL };
	static const char *const slow[] = { "--generate", "300", "--seed", "3", "--today", DAY,
		                             "--no-limits", "--latency", "300",
		                             "--search-cap", "100", "--live", "1", NULL };
	static const char *const crawl[] = { "--generate", "50", "--seed", "3", "--today", DAY,
		                              "--no-limits", "--latency", "2000", NULL };

	(void)state;
	api_global_init();
	srv_slow = sbt_start(slow);
	srv_crawl = sbt_start(crawl);
	srv = sbt_start(args);
	fm = start_on(srv, 0);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	fetch_stop(fm);
	sbt_free(srv);
	sbt_free(srv_slow);
	sbt_free(srv_crawl);
	api_global_cleanup();
	return sbt_test_teardown(NULL);
}

/* The appointment ids of routes, every status, as the sandbox answers. */
static size_t direct_stops(const long long *routes, size_t n, long long **ids)
{
	return sbt_search("appointment", ids, "routeIDs=%s&status=%s",
	                  sbt_enc(sbt_idlist(routes, n)), sbt_qo("IN", "[-2,-1,0,1,2]"));
}

/* The newest changelog id since the day before the earlier of today and
 * the review's day, or 0: the baseline jobs.c documents. */
static long long direct_baseline(void)
{
	struct rd_date d, r;
	char day[11];
	long long *ids, newest = 0;
	size_t n;

	date_today(&d);
	assert_int_equal(date_parse(DAY, &r), 0);
	if (date_to_days(&r) < date_to_days(&d))
		d = r;
	date_from_days(date_to_days(&d) - 1, &d);
	date_format(&d, day);
	n = sbt_search("changelog", &ids, "dateChanged=%s", sbt_qo(">=", sbt_fmt("\"%s\"", day)));
	for (size_t i = 0; i < n; i++)
		if (ids[i] > newest)
			newest = ids[i];
	return newest;
}

static void check_review(const struct m_review *rv)
{
	long long *routes, *stops;
	size_t n_routes, n_stops, n_cust = 0;
	cJSON *recs, *rec;
	long long *cust;

	sbt_use(srv);
	n_routes = sbt_search("route", &routes, "date=%s", DAY);
	assert_true(n_routes > 0);
	assert_int_equal(m_table_count(rv->routes), n_routes);
	for (size_t i = 0; i < n_routes; i++)
		assert_non_null(m_table_get(rv->routes, routes[i]));
	n_stops = direct_stops(routes, n_routes, &stops);
	assert_true(n_stops > 0);
	assert_int_equal(m_table_count(rv->appts), n_stops);
	recs = sbt_get("appointment", "appointmentIDs", stops, n_stops);
	cust = sbt_keep(calloc(n_stops, sizeof(*cust)));
	cJSON_ArrayForEach(rec, recs) {
		long long c = sbt_i(rec, "customerID");
		const struct m_appt *a = m_table_get(rv->appts, sbt_i(rec, "appointmentID"));

		assert_non_null(a);
		assert_int_equal(a->customer_id, c);
		assert_non_null(m_table_get(rv->customers, c));
		if (!sbt_has(cust, n_cust, c))
			cust[n_cust++] = c;
	}
	assert_int_equal(m_table_count(rv->customers), n_cust);
}

static void test_review_cold(void **state)
{
	struct fetch_result *r;
	long long *emps;
	size_t n_emps;

	(void)state;
	r = run_ok(fm, fetch_job_review(FETCH_SLOT_REVIEW, DAY));
	sbt_note("cold review: %ld requests", r->requests);
	assert_true(r->requests <= 6);
	assert_int_equal(r->kind, FETCH_REVIEW);
	assert_non_null(r->review);
	assert_string_equal(r->review->date, DAY);
	check_review(r->review);
	assert_non_null(r->employees);
	assert_non_null(r->service_types);
	assert_true(m_table_count(r->service_types) > 0);
	n_emps = sbt_search("employee", &emps, "active=%s", sbt_qo("IN", "[0,1]"));
	assert_int_equal(m_table_count(r->employees), n_emps);
	assert_true(r->budget.known);
	baseline = r->last_change;
	sbt_note("changelog baseline: %lld", baseline);
	assert_int_equal(baseline, direct_baseline());
	assert_int_equal(fetch_requests(fm), r->requests);
	fetch_result_free(r);
}

static void test_review_warm(void **state)
{
	struct fetch_result *r;

	(void)state;
	r = run_ok(fm, fetch_job_review(FETCH_SLOT_REVIEW, DAY));
	sbt_note("warm review: %ld requests", r->requests);
	assert_int_equal(r->requests, 3);
	assert_null(r->employees);
	assert_null(r->service_types);
	check_review(r->review);
	assert_int_equal(r->last_change, baseline);
	fetch_result_free(r);
}

static void test_review_empty_day(void **state)
{
	struct fetch_result *r;

	(void)state;
	/* No routes: one search, no stops, no customers. */
	r = run_ok(fm, fetch_job_review(FETCH_SLOT_REVIEW, "2031-01-01"));
	assert_int_equal(r->requests, 1);
	assert_int_equal(m_table_count(r->review->routes), 0);
	assert_int_equal(m_table_count(r->review->appts), 0);
	fetch_result_free(r);
}

/* A review of date on f given the reference tables emps and types (either
 * may be NULL), as a console started from a kept day submits it. */
static struct fetch_result *review_with(struct fetch *f, const char *date,
                                        const struct m_table *emps, const struct m_table *types)
{
	struct fetch_job *job = fetch_job_review(FETCH_SLOT_REVIEW, date);

	fetch_job_set_reference(job, emps, types);
	return run_ok(f, job);
}

/* A cold review given a kept day's employees and service types: 4
 * requests (routes, baseline, stops, customers), no table returned, the
 * same review; with one technician or one service type the review names
 * taken out of the tables, that table comes again in the same job (5),
 * and a thread that has its own tables ignores what a job brings. */
static void test_review_reference(void **state)
{
	struct fetch *f0 = start_on(srv, 0), *f;
	struct fetch_result *r = run_ok(f0, fetch_job_review(FETCH_SLOT_REVIEW, DAY));
	struct m_table *emps = r->employees, *types = r->service_types;
	const struct m_review *rv;
	long long tech = 0, type = 0, *routes, *stops;
	size_t n_emps = m_table_count(emps), n_types = m_table_count(types), n_routes, n_stops;

	(void)state;
	r->employees = r->service_types = NULL;
	rv = r->review;
	sbt_use(srv);
	/* A technician a route names, a service type a stop names. */
	n_routes = sbt_search("route", &routes, "date=%s", DAY);
	for (size_t i = 0; i < n_routes && !tech; i++) {
		const struct m_route *rt = m_table_get(rv->routes, routes[i]);

		if (rt && rt->tech_id > 0 && m_table_get(emps, rt->tech_id))
			tech = rt->tech_id;
	}
	n_stops = direct_stops(routes, n_routes, &stops);
	for (size_t i = 0; i < n_stops && !type; i++) {
		const struct m_appt *a = m_table_get(rv->appts, stops[i]);

		if (a && a->service_type_id > 0 && m_table_get(types, a->service_type_id))
			type = a->service_type_id;
	}
	assert_true(tech > 0 && type > 0);
	fetch_result_free(r);
	fetch_stop(f0);

	/* Both tables from before: two searches fewer. */
	f = start_on(srv, 0);
	r = review_with(f, DAY, emps, types);
	sbt_note("cold review with a kept day's tables: %ld requests", r->requests);
	assert_int_equal(r->requests, 4);
	assert_null(r->employees);
	assert_null(r->service_types);
	check_review(r->review);
	assert_true(r->last_change > 0);
	fetch_result_free(r);
	/* The next day stepped to: as warm as ever. */
	r = run_ok(f, fetch_job_review(FETCH_SLOT_REVIEW, DAY));
	assert_int_equal(r->requests, 3);
	assert_null(r->employees);
	fetch_result_free(r);
	fetch_stop(f);

	/* A technician of the day missing (hired after the day was kept). */
	f = start_on(srv, 0);
	m_table_remove(emps, tech);
	r = review_with(f, DAY, emps, types);
	sbt_note("... with a technician missing: %ld requests", r->requests);
	assert_int_equal(r->requests, 5);
	assert_non_null(r->employees);
	assert_null(r->service_types);
	assert_non_null(m_table_get(r->employees, tech));
	assert_int_equal(m_table_count(r->employees), n_emps);
	check_review(r->review);
	fetch_result_free(r);
	/* Known from then on: the next review searches nothing again. */
	r = run_ok(f, fetch_job_review(FETCH_SLOT_REVIEW, DAY));
	assert_int_equal(r->requests, 3);
	assert_null(r->employees);
	fetch_result_free(r);
	fetch_stop(f);

	/* A service type missing: that table alone again. */
	f = start_on(srv, 0);
	r = run_ok(f0 = start_on(srv, 0), fetch_job_review(FETCH_SLOT_REVIEW, DAY));
	m_table_free(emps);
	emps = r->employees;
	r->employees = NULL;
	fetch_result_free(r);
	fetch_stop(f0);
	m_table_remove(types, type);
	r = review_with(f, DAY, emps, types);
	assert_int_equal(r->requests, 5);
	assert_null(r->employees);
	assert_non_null(r->service_types);
	assert_non_null(m_table_get(r->service_types, type));
	assert_int_equal(m_table_count(r->service_types), n_types);
	fetch_result_free(r);
	/* A thread with tables of its own ignores a job's. */
	m_table_remove(emps, tech);
	r = review_with(f, DAY, emps, types);
	assert_int_equal(r->requests, 3);
	fetch_result_free(r);
	fetch_stop(f);
	m_table_free(emps);
	m_table_free(types);
}

/* Another hand gives the day's first route (*route) to another
 * technician than its own (*old_tech); the new one. */
static long long reassign_route(long long *route, long long *old_tech)
{
	long long *routes, *techs, new_tech = 0;
	size_t n_techs;

	sbt_use(srv);
	assert_true(sbt_search("route", &routes, "date=%s", DAY) > 0);
	*route = routes[0];
	*old_tech = sbt_i(sbt_byid("route", *route), "assignedTech");
	n_techs = sbt_search("employee", &techs, "type=1");
	for (size_t i = 0; i < n_techs && !new_tech; i++)
		if (techs[i] != *old_tech)
			new_tech = techs[i];
	assert_true(new_tech > 0);
	sbt_ok(sbt_call("/route/update", "routeID=%lld&assignedTech=%lld", *route, new_tech));
	return new_tech;
}

static void test_refresh_nothing(void **state)
{
	struct fetch_result *r;

	(void)state;
	r = run_ok(fm, fetch_job_refresh(FETCH_SLOT_REFRESH, baseline));
	assert_int_equal(r->requests, 1);
	assert_int_equal(r->n_changes, 0);
	assert_int_equal(r->n_routes, 0);
	assert_int_equal(r->n_appts, 0);
	assert_int_equal(r->last_change, baseline);
	fetch_result_free(r);
}

static void test_refresh_route_change(void **state)
{
	struct fetch_result *r;
	long long route, old_tech, new_tech, since;
	int seen = 0;

	(void)state;
	new_tech = reassign_route(&route, &old_tech);

	r = run_ok(fm, fetch_job_refresh(FETCH_SLOT_REFRESH, baseline));
	assert_int_equal(r->requests, 2);
	assert_true(r->n_changes >= 1);
	for (size_t i = 0; i < r->n_changes; i++)
		seen |= r->changes[i].class_id == 3 && r->changes[i].id == route;
	assert_true(seen);
	assert_true(r->last_change > baseline);
	assert_int_equal(r->n_appts, 0);
	assert_int_equal(r->n_routes, 1);
	assert_int_equal(((struct m_route *)r->routes[0])->id, route);
	assert_int_equal(((struct m_route *)r->routes[0])->tech_id, new_tech);
	since = r->last_change;
	fetch_result_free(r);

	/* Seen once: the next tick is back to one request. */
	r = run_ok(fm, fetch_job_refresh(FETCH_SLOT_REFRESH, since));
	assert_int_equal(r->requests, 1);
	assert_int_equal(r->n_changes, 0);
	assert_int_equal(r->last_change, since);
	fetch_result_free(r);
	baseline = since;
}

static void test_rows_in_three_gets(void **state)
{
	struct fetch_result *r;
	long long *ids;
	size_t n;

	(void)state;
	sbt_use(srv);
	n = sbt_search("appointment", &ids, "status=%s", sbt_qo("IN", "[-2,-1,0,1,2]"));
	assert_true(n >= 2500);
	r = run_ok(fm, fetch_job_rows(40, "appointment", ids, 2500));
	assert_int_equal(r->requests, 3);
	assert_string_equal(r->resource, "appointment");
	assert_int_equal(r->n_rows, 2500);
	/* In the order asked, whatever order the gets finished in. */
	for (size_t i = 0; i < r->n_rows; i++)
		assert_int_equal(((struct m_appt *)r->rows[i])->id, ids[i]);
	fetch_result_free(r);
}

static void test_list(void **state)
{
	struct fetch_result *r;
	struct api_form filters = API_FORM_INIT;
	long long *ids;
	size_t n;

	(void)state;
	sbt_use(srv);
	n = sbt_search("customer", &ids, "officeIDs=1");
	assert_true(n > 0 && n < 300);
	api_form_add(&filters, "officeIDs", "1");
	r = run_ok(fm, fetch_job_list(41, "customer", &filters));
	api_form_free(&filters);
	assert_int_equal(r->requests, 1);
	assert_int_equal(r->n_ids, n);
	assert_int_equal(r->n_rows, n < 1000 ? n : 1000);
	for (size_t i = 0; i < r->n_ids; i++)
		assert_int_equal(r->ids[i], ids[i]);
	for (size_t i = 0; i < r->n_rows; i++)
		assert_int_equal(((struct m_customer *)r->rows[i])->office_id, 1);
	fetch_result_free(r);
}

/* Past the search cap (100 on the slow sandbox) with ">" pages. */
static void test_list_pages_past_cap(void **state)
{
	struct fetch *f;
	struct fetch_result *r;

	(void)state;
	f = start_on(srv_slow, 100);
	r = run_ok(f, fetch_job_list(42, "customer", NULL));
	/* 300 ids: three full pages, and a fourth that says "no more". */
	assert_int_equal(r->n_ids, 300);
	assert_int_equal(r->requests, 4);
	assert_int_equal(r->n_rows, 100);
	for (size_t i = 1; i < r->n_ids; i++)
		assert_true(r->ids[i] > r->ids[i - 1]);
	fetch_result_free(r);
	fetch_stop(f);
}

static void test_record(void **state)
{
	struct fetch_result *r;
	const cJSON *id;

	(void)state;
	r = run_ok(fm, fetch_job_record(43, "customer", 10000, NULL));
	assert_int_equal(r->requests, 1);
	assert_non_null(r->record);
	id = cJSON_GetObjectItemCaseSensitive(r->record, "customerID");
	assert_true(cJSON_IsString(id));
	assert_string_equal(id->valuestring, "10000");
	fetch_result_free(r);
}

/* Reads the may_read hook below lets go before it refuses. */
static int reads_left;

static int may_read_countdown(void *ctx, const struct api_budget *b, char *why, size_t size)
{
	(void)ctx;
	(void)b;
	if (reads_left > 0) {
		reads_left--;
		return 0;
	}
	snprintf(why, size, "the test's reads are spent");
	return -1;
}

/* A record opened again within the minute takes the answer kept (no
 * read); once the changelog says something changed it is read anew, even
 * when the tick's gets then fail (st->newest stayed behind, and the kept
 * customer was given again beside a list that showed the change). */
static void test_record_kept_until_a_change(void **state)
{
	struct fetch_result *r;
	struct fetch *f;
	long long route, old_tech, since;
	const cJSON *v;

	(void)state;
	reads_left = 1000;
	f = start_hooked(srv, 0, may_read_countdown);
	r = run_ok(f, fetch_job_review(FETCH_SLOT_REVIEW, DAY));
	since = r->last_change;
	fetch_result_free(r);
	r = run_ok(f, fetch_job_record(43, "customer", 10001, NULL));
	assert_int_equal(r->requests, 1);
	fetch_result_free(r);
	r = run_ok(f, fetch_job_record(43, "customer", 10001, NULL));
	assert_int_equal(r->requests, 0);
	fetch_result_free(r);
	/* Another hand changes the customer and a route of the day. */
	sbt_ok(sbt_call("/customer/update", "customerID=10001&spouse=Changed%%20Since"));
	reassign_route(&route, &old_tech);
	/* The tick reads the changelog, and its route get is refused. */
	reads_left = 1;
	r = wait_gen(f, fetch_submit(f, fetch_job_refresh(FETCH_SLOT_REFRESH, since)));
	assert_int_not_equal(r->err.kind, API_OK);
	assert_int_equal(reads_left, 0); /* the changelog's read went */
	fetch_result_free(r);
	reads_left = 1000;
	r = run_ok(f, fetch_job_record(43, "customer", 10001, NULL));
	assert_int_equal(r->requests, 1);
	v = cJSON_GetObjectItemCaseSensitive(r->record, "spouse");
	assert_true(cJSON_IsString(v));
	assert_string_equal(v->valuestring, "Changed Since");
	fetch_result_free(r);
	/* Put back for the tests after. */
	sbt_ok(sbt_call("/route/update", "routeID=%lld&assignedTech=%lld", route, old_tech));
	fetch_stop(f);
}

static void test_write_refetch(void **state)
{
	struct fetch_result *r;
	struct api_form form = API_FORM_INIT;
	const struct m_note *note;

	(void)state;
	api_form_add(&form, "customerID", "10000");
	api_form_add(&form, "contactType", "3");
	api_form_add(&form, "notes", "gate code 4411");
	api_form_add(&form, "showOnInvoice", "0");
	r = run_ok(fm, fetch_job_write(FETCH_SLOT_WRITE, "note/create", &form, "note"));
	api_form_free(&form);
	assert_int_equal(r->kind, FETCH_WRITE);
	assert_int_equal(r->requests, 2);
	assert_true(r->written_id > 0);
	assert_non_null(r->record);
	/* The echoed request (with the credentials) is not kept. */
	assert_null(cJSON_GetObjectItemCaseSensitive(r->record, "params"));
	assert_true(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(r->record, "success")));
	assert_string_equal(r->resource, "note");
	note = r->refetched;
	assert_non_null(note);
	assert_int_equal(note->id, r->written_id);
	assert_int_equal(note->customer_id, 10000);
	assert_string_equal(note->text, "gate code 4411");
	fetch_result_free(r);
}

static void test_write_refused(void **state)
{
	struct fetch_result *r;
	struct api_form form = API_FORM_INIT;

	(void)state;
	api_form_add(&form, "customerID", "10000");
	api_form_add(&form, "notes", "no type");
	r = wait_gen(fm, fetch_submit(fm, fetch_job_write(FETCH_SLOT_WRITE, "note/create", &form,
	                                                  "note")));
	api_form_free(&form);
	assert_int_equal(r->err.kind, API_ERR_API);
	assert_non_null(r->err.server_message);
	assert_int_equal(r->requests, 1); /* refused: no read back */
	assert_int_equal(r->written_id, 0);
	assert_null(r->refetched);
	assert_non_null(r->record);
	assert_non_null(cJSON_GetObjectItemCaseSensitive(r->record, "errorMessage"));
	fetch_result_free(r);
}

/* Five reviews of one slot in a row: only the last one answers. */
static void test_supersede(void **state)
{
	struct fetch *f;
	struct fetch_result *r;
	unsigned long gen[5];

	(void)state;
	f = start_on(srv_slow, 100);
	for (int i = 0; i < 5; i++)
		gen[i] = fetch_submit(f, fetch_job_review(FETCH_SLOT_REVIEW, DAY));
	/* The four older reviews each end superseded, with one result that
	 * says so, before the newest lands. */
	r = NULL;
	while (!r) {
		struct pollfd p = { fetch_fd(f), POLLIN, 0 };
		struct fetch_result *x;

		assert_int_equal(poll(&p, 1, WAIT_MS), 1);
		while ((x = fetch_take(f))) {
			int i;

			if (x->gen == gen[4]) {
				r = x;
				break;
			}
			for (i = 0; i < 4 && gen[i] != x->gen; i++)
				;
			assert_true(i < 4);
			assert_int_equal(x->outcome, FETCH_SUPERSEDED);
			assert_null(x->review);
			gen[i] = 0; /* seen once, never again */
			fetch_result_free(x);
		}
	}
	for (int i = 0; i < 4; i++)
		assert_int_equal(gen[i], 0);
	assert_int_equal(r->outcome, FETCH_DONE);
	assert_int_equal(r->err.kind, API_OK);
	assert_true(m_table_count(r->review->routes) > 0);
	/* The cached tables were not lost with the superseded reviews. */
	assert_non_null(r->employees);
	assert_non_null(r->service_types);
	fetch_result_free(r);
	assert_int_equal(fetch_pending(f), 0);
	assert_null(fetch_take(f));
	/* The first review was cut short, three never ran: 18 requests had
	 * every review run to its end. */
	sbt_note("5 superseding reviews: %ld requests", fetch_requests(f));
	assert_true(fetch_requests(f) <= 12);
	fetch_stop(f);
}

/* The live sandbox moves stops on: a refresh brings the changed
 * appointments (and routes) with one get each. */
/* Every field of two stops is the same. */
static void same_appt(const struct m_appt *a, const struct m_appt *b)
{
	assert_int_equal(a->id, b->id);
	assert_int_equal(a->route_id, b->route_id);
	assert_int_equal(a->customer_id, b->customer_id);
	assert_int_equal(a->office_id, b->office_id);
	assert_int_equal(a->subscription_id, b->subscription_id);
	assert_int_equal(a->service_type_id, b->service_type_id);
	assert_int_equal(a->ticket_id, b->ticket_id);
	assert_int_equal(a->tech_id, b->tech_id);
	assert_int_equal(a->serviced_by, b->serviced_by);
	assert_int_equal(a->status, b->status);
	assert_int_equal(a->sequence, b->sequence);
	assert_int_equal(a->duration, b->duration);
	assert_int_equal(a->call_ahead, b->call_ahead);
	assert_int_equal(a->is_initial, b->is_initial);
	assert_string_equal(a->date, b->date);
	assert_string_equal(a->start, b->start);
	assert_string_equal(a->end, b->end);
	assert_string_equal(a->time_in, b->time_in);
	assert_string_equal(a->time_out, b->time_out);
	assert_string_equal(a->time_window ? a->time_window : "", b->time_window ? b->time_window : "");
	assert_string_equal(a->notes ? a->notes : "", b->notes ? b->notes : "");
	assert_string_equal(a->office_notes ? a->office_notes : "",
	                    b->office_notes ? b->office_notes : "");
	assert_string_equal(a->updated, b->updated);
}

/* A review of the live day, then refresh ticks until one has what
 * enough wants; since is the last tick's baseline. */
static struct fetch_result *live_tick_until(struct fetch *f, int (*enough)(const struct fetch_result *r),
                                            long long *since)
{
	struct fetch_result *r = run_ok(f, fetch_job_review(FETCH_SLOT_REVIEW, DAY));
	int ticks = 0;

	*since = r->last_change;
	fetch_result_free(r);
	for (;;) {
		r = run_ok(f, fetch_job_refresh(FETCH_SLOT_REFRESH, *since));
		/* --live's changes carry every new value (dateUpdated among
		 * them) in their notes: the stops, routes and customers the
		 * review read are rebuilt from them, and the tick is its one
		 * changelog read, however many changed. */
		assert_int_equal(r->requests, 1);
		if (enough(r))
			return r;
		*since = r->last_change;
		fetch_result_free(r);
		/* A tick a second; 60 refreshes of 300 ms cover many. */
		assert_true(++ticks < 60);
	}
}

static int has_appts(const struct fetch_result *r)
{
	return r->n_appts > 0;
}

static int has_customers(const struct fetch_result *r)
{
	return r->n_customers > 0;
}

static void test_refresh_live(void **state)
{
	struct fetch *f;
	struct fetch_result *r, *got;
	long long since, *ids;

	(void)state;
	f = start_on(srv_slow, 100);
	r = live_tick_until(f, has_appts, &since);
	assert_true(r->last_change > since);
	ids = calloc(r->n_appts, sizeof(*ids));
	for (size_t i = 0; i < r->n_appts; i++) {
		const struct m_appt *a = r->appts[i];
		int named = 0;

		for (size_t k = 0; k < r->n_changes; k++)
			named |= r->changes[k].class_id == 4 && r->changes[k].id == a->id;
		assert_true(named);
		assert_true(a->status != M_PENDING);
		ids[i] = a->id;
	}
	/* Rebuilt as the service has them: the same stops read now (a
	 * stop --live has moved on from pending is not changed again). */
	got = run_ok(f, fetch_job_rows(45, "appointment", ids, r->n_appts));
	assert_int_equal(got->requests, 1);
	assert_int_equal(got->n_rows, r->n_appts);
	for (size_t i = 0; i < r->n_appts; i++) {
		const struct m_appt *a = r->appts[i], *b = NULL;

		for (size_t k = 0; k < got->n_rows; k++)
			if (((const struct m_appt *)got->rows[k])->id == a->id)
				b = got->rows[k];
		assert_non_null(b);
		same_appt(a, b);
	}
	free(ids);
	fetch_result_free(got);
	fetch_result_free(r);
	fetch_stop(f);
}

/* A completed stop raises its customer's balance; --live's change says
 * the new balance (and dateUpdated) in its notes, so the tick brings the
 * review's customer rebuilt with it, still one read (a dispatcher audit
 * found balances never moving until R). */
static void test_refresh_live_balances(void **state)
{
	struct fetch *f;
	struct fetch_result *r, *got;
	long long since, *ids;

	(void)state;
	f = start_on(srv_slow, 100);
	r = live_tick_until(f, has_customers, &since);
	ids = calloc(r->n_customers, sizeof(*ids));
	for (size_t i = 0; i < r->n_customers; i++) {
		const struct m_customer *c = r->customers[i];
		int named = 0;

		for (size_t k = 0; k < r->n_changes; k++)
			named |= r->changes[k].class_id == 8 && r->changes[k].id == c->id; /* customer */
		assert_true(named);
		ids[i] = c->id;
	}
	/* As the service has them now: the same balances and stamps. */
	got = run_ok(f, fetch_job_rows(45, "customer", ids, r->n_customers));
	assert_int_equal(got->n_rows, r->n_customers);
	for (size_t i = 0; i < r->n_customers; i++) {
		const struct m_customer *a = r->customers[i], *b = NULL;

		for (size_t k = 0; k < got->n_rows; k++)
			if (((const struct m_customer *)got->rows[k])->id == a->id)
				b = got->rows[k];
		assert_non_null(b);
		/* --live may have moved it on again since: never backwards. */
		assert_true(strcmp(a->updated, b->updated) <= 0);
		if (strcmp(a->updated, b->updated) == 0)
			assert_int_equal(a->balance, b->balance);
	}
	free(ids);
	fetch_result_free(got);
	fetch_result_free(r);
	fetch_stop(f);
}

/* Stop while a request takes 2 s: the read is cancelled, stop returns and
 * frees everything (ASan and valgrind check the freeing). */
static void test_stop_during_request(void **state)
{
	struct fetch *f;
	struct timespec ts = { 0, 300 * 1000000L }, t0, t1;

	(void)state;
	f = start_on(srv_crawl, 0);
	fetch_submit(f, fetch_job_review(FETCH_SLOT_REVIEW, DAY));
	fetch_submit(f, fetch_job_list(44, "customer", NULL));
	nanosleep(&ts, NULL); /* let the first request leave */
	assert_true(fetch_pending(f) >= 1);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	fetch_stop(f);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	/* Reported, not asserted. */
	sbt_note("fetch_stop during a 2 s request took %ld ms",
	         (long)((t1.tv_sec - t0.tv_sec) * 1000 + (t1.tv_nsec - t0.tv_nsec) / 1000000));
	sbt_use(srv_crawl);
	sbt_alive();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		SBT_TEST(test_review_cold),
		SBT_TEST(test_review_warm),
		SBT_TEST(test_review_empty_day),
		SBT_TEST(test_review_reference),
		SBT_TEST(test_refresh_nothing),
		SBT_TEST(test_refresh_route_change),
		SBT_TEST(test_rows_in_three_gets),
		SBT_TEST(test_list),
		SBT_TEST(test_list_pages_past_cap),
		SBT_TEST(test_record),
		SBT_TEST(test_record_kept_until_a_change),
		SBT_TEST(test_write_refetch),
		SBT_TEST(test_write_refused),
		SBT_TEST(test_supersede),
		SBT_TEST(test_refresh_live),
		SBT_TEST(test_refresh_live_balances),
		SBT_TEST(test_stop_during_request),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
