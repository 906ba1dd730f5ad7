/* review.c: the day's route review on the wire: routes, stops, customers, and the reference tables they name. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "api/ops.h"
#include "api/resolve.h"
#include "common/strbuf.h"
#include "common/trace.h"
#include "fetch/jobs.h"
#include "fetch/runner.h"
#include "fetch/share.h"
#include "model/model.h"

/*
 * A review is the day's route search, the employee search, the service
 * type search and the changelog baseline, all four in flight at once, then
 * one appointment search by route ids and one customer get: 6 requests,
 * the first time.  The thread keeps the baseline and what the two tables
 * held; every later review is 3 (routes, stops, customers).  On an office
 * share whose ticker ticks, the baseline is the ticker's newest change id
 * (fetch_share_baseline), and the first review is 5.
 *
 * A console that starts on a day not kept on disk still has a kept day of
 * the account, most mornings (yesterday's, another date looked at): the
 * UI hands its employees and service types to the first review job
 * (fetch_job_set_reference), and that review is 4 (the two searches
 * saved).  Those tables may miss what the service added since: a
 * technician hired this morning and put on a route, a new service type.
 * So, once the routes and their stops are in, any technician or service
 * type id they name that the thread has not seen brings that table again,
 * in the same job, before the customers: one request each, only when a
 * record names an unknown id.  The check runs for every review, seeded or
 * not, so a technician hired while a console stays open all day shows by
 * name on the next day stepped to as well.  What a cache cannot tell is a
 * rename: the UI bounds the age of the tables it hands over for that.
 */

/* The newest id of a finished ids-only changelog search (paging on past
 * the cap): the baseline of refresh. */
static int take_baseline(struct state *st, const struct api_form *filters, struct api_call *c,
                         const char *day, struct api_error *err)
{
	long cap = api_session_search_cap(st->s);
	long long newest;
	size_t page;

	if (c->err.kind != API_OK) {
		api_error_move(err, &c->err);
		return -1;
	}
	if (api_answer_search(&c->answer, 0, err) < 0)
		return -1;
	newest = jobs_max_id(c->answer.ids, c->answer.n_ids, 0);
	page = c->answer.n_ids;
	while (cap > 0 && page >= (size_t)cap) {
		struct api_form more = API_FORM_INIT;
		struct api_answer a = API_ANSWER_INIT;
		int rc;

		api_form_copy(&more, filters);
		api_form_add_cmp_int(&more, st->changelog->id_name, API_Q_GT, newest);
		rc = api_search_page(st->s, st->changelog, &more, 0, &a, err);
		api_form_free(&more);
		page = rc == 0 ? a.n_ids : 0;
		newest = jobs_max_id(a.ids, a.n_ids, newest);
		api_answer_free(&a);
		if (rc < 0)
			return -1;
	}
	if (newest > st->newest)
		st->newest = newest;
	if (!st->look_day[0] || strcmp(day, st->look_day) < 0)
		memcpy(st->look_day, day, sizeof(st->look_day));
	st->have_baseline = 1;
	return 0;
}

/* On an office share whose ticker ticks, the baseline is the newest change
 * it knew: no request.  1 when taken. */
static int share_baseline(struct state *st, const struct fetch_job *job, const char *day)
{
	long long newest;

	if (!fetch_share_baseline(job->share, job->share_stale, &newest))
		return 0;
	if (newest > st->newest)
		st->newest = newest;
	if (!st->look_day[0] || strcmp(day, st->look_day) < 0)
		memcpy(st->look_day, day, sizeof(st->look_day));
	st->have_baseline = 1;
	trace_event("baseline", "%lld from the office's ticker", newest);
	return 1;
}

static void add_row_id(void *row, void *ctx)
{
	fetch_ids_add(ctx, *(const long long *)row);
}

/* known becomes the ids of table t. */
static void know_table(struct fetch_ids *known, const struct m_table *t)
{
	known->n = 0;
	if (t)
		m_table_each(t, add_row_id, known);
	fetch_ids_sort(known);
}

/* A search page of a cached table (employees, service types): the table
 * to lend to the result, and its ids known.  0, or -1 with err set (the
 * cache unchanged). */
static int take_cached(struct state *st, const struct resource *r, const struct api_form *filters,
                       struct api_call *c, struct m_table **slot, struct fetch_ids *known,
                       struct api_error *err)
{
	struct fetch_rows rs = { r->name, m_table_new(m_row_free_fn(r->name)), NULL, 0, 0, 0, NULL };

	if (jobs_take_page(st, r, filters, c, &rs, err) < 0) {
		m_table_free(rs.table);
		return -1;
	}
	m_table_free(*slot);
	*slot = rs.table;
	know_table(known, rs.table);
	return 0;
}

/* Every technician of the account, active or not: the default filter
 * (active 1) would hide those of old routes. */
static void employee_filters(struct api_form *f)
{
	static const long long any_active[] = { 0, 1 };

	api_form_add_in_int(f, "active", any_active, 2);
}

static void know_ids(struct fetch_ids *known, const struct fetch_job_ids *ids)
{
	known->n = 0;
	for (size_t i = 0; i < ids->n; i++)
		fetch_ids_add(known, ids->v[i]);
	fetch_ids_sort(known);
}

/* The tables a review job brought from a kept day, when the thread has
 * none of its own yet: their ids are what the UI shows, no search. */
static void take_reference(struct state *st, const struct fetch_job *job)
{
	if (!st->have_employees && job->ref_employees.set) {
		know_ids(&st->known_employees, &job->ref_employees);
		st->have_employees = 1;
	}
	if (!st->have_service_types && job->ref_service_types.set) {
		know_ids(&st->known_types, &job->ref_service_types);
		st->have_service_types = 1;
	}
}

struct unknown {
	const struct fetch_ids *emp, *types;
	struct fetch_ids *miss_emp, *miss_types;
	unsigned needs;
};

static void need(unsigned *needs, unsigned bit, const struct fetch_ids *known,
                 struct fetch_ids *miss, long long id)
{
	if (id <= 0 || fetch_ids_has(known, id))
		return;
	*needs |= bit;
	if (miss)
		fetch_ids_add(miss, id);
}

static void route_unknown(void *row, void *ctx)
{
	const struct m_route *rt = row;
	struct unknown *u = ctx;

	need(&u->needs, REVIEW_NEEDS_EMPLOYEES, u->emp, u->miss_emp, rt->tech_id);
}

static void appt_unknown(void *row, void *ctx)
{
	const struct m_appt *a = row;
	struct unknown *u = ctx;

	/* What the panes name: the technician (the stop's own, else its
	 * route's) and the service type.  servicedBy is not shown. */
	need(&u->needs, REVIEW_NEEDS_EMPLOYEES, u->emp, u->miss_emp, a->tech_id);
	need(&u->needs, REVIEW_NEEDS_TYPES, u->types, u->miss_types, a->service_type_id);
}

unsigned review_unknown_ids(const struct m_review *rv, const struct fetch_ids *emp,
                            const struct fetch_ids *types, struct fetch_ids *miss_emp,
                            struct fetch_ids *miss_types)
{
	struct unknown u = { emp, types, miss_emp, miss_types, 0 };

	m_table_each(rv->routes, route_unknown, &u);
	m_table_each(rv->appts, appt_unknown, &u);
	if (miss_emp)
		fetch_ids_sort(miss_emp);
	if (miss_types)
		fetch_ids_sort(miss_types);
	return u.needs;
}

/* Ids looked for and not in the table fetched for them: known from now
 * on, so the next review does not ask again for the same hole. */
static void know_missing(struct fetch_ids *known, const struct fetch_ids *miss)
{
	for (size_t i = 0; i < miss->n; i++)
		if (!fetch_ids_has(known, miss->v[i]))
			fetch_ids_add(known, miss->v[i]);
	fetch_ids_sort(known);
}

/* Step 2b: the tables rv names an unknown id of, searched again together
 * (not those the job searched already: fetched, checked).  A failure
 * fails no review (the ids show as numbers, and the next review asks
 * again); cancellation ends the job as any other step's does. */
static void fetch_unknown(struct state *st, const struct m_review *rv, unsigned fetched,
                          struct fetch_result *r)
{
	struct fetch_ids me = { NULL, 0, 0 }, mt = { NULL, 0, 0 };
	struct api_form f_emp = API_FORM_INIT;
	struct api_call *calls[2] = { NULL, NULL };
	unsigned needs = review_unknown_ids(rv, &st->known_employees, &st->known_types, &me, &mt);

	if (needs & fetched & REVIEW_NEEDS_EMPLOYEES)
		know_missing(&st->known_employees, &me);
	if (needs & fetched & REVIEW_NEEDS_TYPES)
		know_missing(&st->known_types, &mt);
	needs &= ~fetched;
	if (needs & REVIEW_NEEDS_EMPLOYEES) {
		employee_filters(&f_emp);
		calls[0] = api_search_call(st->employee, &f_emp, 1);
		jobs_want_text(st, calls[0], API_RAW_DATA);
	}
	if (needs & REVIEW_NEEDS_TYPES) {
		calls[1] = api_search_call(st->stype, NULL, 1);
		jobs_want_text(st, calls[1], API_RAW_DATA);
	}
	jobs_run_calls(st, calls, 2);
	for (int i = 0; i < 2; i++) {
		struct api_error e = API_ERROR_INIT;
		struct fetch_ids *known = i ? &st->known_types : &st->known_employees;

		if (!calls[i])
			continue;
		if (take_cached(st, i ? st->stype : st->employee, i ? NULL : &f_emp, calls[i],
		                i ? &st->service_types : &st->employees, known, &e) == 0)
			know_missing(known, i ? &mt : &me);
		else if (e.kind == API_ERR_CANCELLED)
			fetch_result_keep_err(r, &e);
		api_error_clear(&e);
		api_call_free(calls[i]);
	}
	api_form_free(&f_emp);
	fetch_ids_free(&me);
	fetch_ids_free(&mt);
}

static void add_customer_id(void *row, void *ctx)
{
	const struct m_appt *a = row;

	if (a->customer_id > 0)
		fetch_ids_add(ctx, a->customer_id);
}

void jobs_run_review(struct state *st, const struct fetch_job *job, struct fetch_result *r)
{
	static const long long every_status[] = { -2, -1, 0, 1, 2 };
	struct api_form f_route = API_FORM_INIT, f_emp = API_FORM_INIT, f_log = API_FORM_INIT;
	struct api_call *calls[4] = { NULL, NULL, NULL, NULL };
	struct api_error e = API_ERROR_INIT;
	struct m_review *rv = m_review_new(job->date);
	/* The routes and stops are kept as text too: a tick rebuilds a
	 * changed one from the change's notes (lookups.c). */
	struct fetch_rows rs = { "route", rv->routes, NULL, 0, 0, 0, st->route_lk };
	struct fetch_ids ids = { NULL, 0, 0 };
	unsigned fetched = 0;
	char day[11];
	int routes_ok;

	r->review = rv;
	jobs_look_day(job->date, day);
	take_reference(st, job);
	/* Step 1: the day's routes and whatever is not cached yet, at once. */
	api_form_add(&f_route, "date", job->date);
	calls[0] = api_search_call(st->route, &f_route, 1);
	jobs_want_text(st, calls[0], API_RAW_DATA);
	if (!st->have_employees) {
		employee_filters(&f_emp);
		calls[1] = api_search_call(st->employee, &f_emp, 1);
		jobs_want_text(st, calls[1], API_RAW_DATA);
	}
	if (!st->have_service_types) {
		calls[2] = api_search_call(st->stype, NULL, 1);
		jobs_want_text(st, calls[2], API_RAW_DATA);
	}
	if (!st->have_baseline && !share_baseline(st, job, day)) {
		api_form_add_cmp_str(&f_log, "dateChanged", API_Q_GE, day);
		calls[3] = api_search_call(st->changelog, &f_log, 0);
	}
	jobs_run_calls(st, calls, 4);
	routes_ok = jobs_take_page(st, st->route, &f_route, calls[0], &rs, &e) == 0;
	fetch_result_keep_err(r, &e);
	if (calls[1] && take_cached(st, st->employee, &f_emp, calls[1], &st->employees,
	                            &st->known_employees, &e) == 0) {
		st->have_employees = 1;
		fetched |= REVIEW_NEEDS_EMPLOYEES;
	}
	fetch_result_keep_err(r, &e);
	if (calls[2] && take_cached(st, st->stype, NULL, calls[2], &st->service_types,
	                            &st->known_types, &e) == 0) {
		st->have_service_types = 1;
		fetched |= REVIEW_NEEDS_TYPES;
	}
	fetch_result_keep_err(r, &e);
	if (calls[3] && take_baseline(st, &f_log, calls[3], day, &e) < 0)
		fetch_result_keep_err(r, &e);
	for (size_t i = 0; i < 4; i++)
		api_call_free(calls[i]);
	api_form_free(&f_route);
	api_form_free(&f_emp);
	api_form_free(&f_log);

	/* Step 2: every stop of those routes, whatever its status (the
	 * default filter hides no-shows, cancellations and reschedules). */
	m_table_each(rv->routes, add_row_id, &ids);
	fetch_ids_sort(&ids);
	if (routes_ok && ids.n) {
		struct api_form f = API_FORM_INIT;
		struct fetch_rows ra = { "appointment", rv->appts, NULL, 0, 0, 0, st->appt_lk };
		struct api_sink sink = fetch_rows_sink(&ra, st->tree);

		api_form_add_ids(&f, "routeIDs", ids.v, ids.n);
		api_form_add_in_int(&f, "status", every_status, 5);
		if (api_search_all(st->s, st->appt, &f, &sink, NULL, &e) < 0) {
			fetch_rows_error(&ra, "search", &e);
			fetch_result_keep_err(r, &e);
		}
		api_form_free(&f);
	}
	/* Step 2b: a technician or service type the tables lack. */
	if (r->err.kind == API_OK)
		fetch_unknown(st, rv, fetched, r);
	/* Step 3: the customers of those stops. */
	ids.n = 0;
	m_table_each(rv->appts, add_customer_id, &ids);
	fetch_ids_sort(&ids);
	if (ids.n && r->err.kind != API_ERR_CANCELLED) {
		/* Kept as text too: a balance a refresh's changelog notes
		 * give is then applied with no read (jobs.c, kept_customers). */
		struct fetch_rows rcu = { "customer", rv->customers, NULL, 0, 0, 0, st->cust_lk };
		struct api_sink sink = fetch_rows_sink(&rcu, st->tree);

		if (api_get_all(st->s, st->customer, ids.v, ids.n, NULL, &sink, NULL, &e) < 0) {
			fetch_rows_error(&rcu, "get", &e);
			fetch_result_keep_err(r, &e);
		}
	}
	fetch_ids_free(&ids);

	r->employees = st->employees;
	r->service_types = st->service_types;
	st->employees = st->service_types = NULL;
	r->last_change = st->newest;
}
