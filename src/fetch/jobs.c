/* jobs.c: what each fetch job does on the wire, on the fetch thread's one api session. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "api/ops.h"
#include "api/resolve.h"
#include "api/values.h"
#include "common/dates.h"
#include "common/i18n.h"
#include "common/strbuf.h"
#include "common/trace.h"
#include "fetch/jobs.h"
#include "fetch/lookup.h"
#include "fetch/runner.h"
#include "fetch/share.h"
#include "model/model.h"

/*
 * Request budget (the account allows 60 reads a minute): a review is 3 to 6
 * requests (review.c says which).  A refresh is one changelog search, plus
 * one appointment get and one route get, in flight together, only for the
 * classes that changed and only for the records the thread could not
 * rebuild from the changes' notes (lookups.c, jobs_kept_changes).  More requests are spent only when a day has over
 * 1000 routes, stops or customers (gets of the ids a page left out,
 * through api/resolve.h).
 *
 * The changelog baseline is the newest changeID changed since the "look
 * day": the day before the earlier of the local date and the first review's
 * date (changelog/search dateChanged >= LOOK_DAY, ids only, the highest
 * one: on the service ids grow with time).  The day before, because the
 * office's date may be behind the client's (time zones; a sandbox whose
 * --today is behind the clock).  Every refresh then asks for
 * changelogIDs > SINCE and dateChanged >= LOOK_DAY: the date condition
 * costs nothing and keeps out changes of a history whose ids are not in
 * date order (the sandbox's generated one).  No change since the look day
 * gives a baseline of 0, and a refresh from 0 asks for the date condition
 * alone instead of changelogIDs > 0, which on a real account would be its
 * whole history.
 *
 * The session's pacing, retries and quota checks apply to every request;
 * every function here runs on the fetch thread only, and starts each step
 * with an idle session (api_search_all and api_get_all require it).
 */


/* ------------------------------------------------------------- helpers */

void fetch_result_keep_err(struct fetch_result *r, struct api_error *e)
{
	if (r->err.kind == API_OK && e->kind != API_OK)
		api_error_move(&r->err, e);
	else
		api_error_clear(e);
}

void fetch_ids_add(struct fetch_ids *v, long long id)
{
	if (v->n == v->cap) {
		v->cap = v->cap ? v->cap * 2 : 64;
		v->v = xrealloc(v->v, v->cap * sizeof(*v->v));
	}
	v->v[v->n++] = id;
}

static int cmp_ll(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return (x > y) - (x < y);
}

void fetch_ids_sort(struct fetch_ids *v)
{
	size_t k = 0;

	if (!v->n)
		return;
	qsort(v->v, v->n, sizeof(*v->v), cmp_ll);
	for (size_t i = 1; i < v->n; i++)
		if (v->v[i] != v->v[k])
			v->v[++k] = v->v[i];
	v->n = k + 1;
}

int fetch_ids_has(const struct fetch_ids *v, long long id)
{
	return v->n && bsearch(&id, v->v, v->n, sizeof(*v->v), cmp_ll) != NULL;
}

void fetch_ids_free(struct fetch_ids *v)
{
	free(v->v);
	memset(v, 0, sizeof(*v));
}

/* Keeps the page's records as text (unless ROUTEDESK_ROWS_TREE=1): rows.c
 * decodes them one record at a time. */
void jobs_want_text(const struct state *st, struct api_call *c, enum api_raw which)
{
	if (!st->tree)
		c->raw = which;
}

/* Submits calls[0..n) (NULL ones skipped) together and drives the session
 * until every one is back; the outcomes stay in the calls. */
void jobs_run_calls(struct state *st, struct api_call **calls, size_t n)
{
	size_t left = 0;

	for (size_t i = 0; i < n; i++) {
		if (calls[i]) {
			api_submit(st->s, calls[i]);
			left++;
		}
	}
	while (left && api_wait(st->s))
		left--;
}

long long jobs_max_id(const long long *ids, size_t n, long long floor)
{
	for (size_t i = 0; i < n; i++)
		if (ids[i] > floor)
			floor = ids[i];
	return floor;
}

/* A finished includeData search page c of r (asked with filters): its
 * records into rs, the ids it left out through gets, and, when the page is
 * as full as the search cap, the rest past its last id.  0 or -1. */
int jobs_take_page(struct state *st, const struct resource *r, const struct api_form *filters,
                   struct api_call *c, struct fetch_rows *rs, struct api_error *err)
{
	struct api_sink sink = fetch_rows_sink(rs, st->tree);
	long cap = api_session_search_cap(st->s);
	int rc = 0;

	if (c->err.kind != API_OK) {
		api_error_move(err, &c->err);
		return -1;
	}
	if (api_answer_search(&c->answer, 1, err) < 0)
		return -1;
	if (fetch_rows_answer(rs, &c->answer) < 0) {
		fetch_rows_error(rs, "search", err);
		return -1;
	}
	if (c->answer.n_no_data)
		rc = api_get_all(st->s, r, c->answer.no_data, c->answer.n_no_data, NULL, &sink,
		                 NULL, err);
	if (rc < 0 && fetch_rows_error(rs, "get", err))
		return -1;
	if (rc == 0 && cap > 0 && c->answer.n_ids >= (size_t)cap) {
		struct api_form more = API_FORM_INIT;

		if (filters)
			api_form_copy(&more, filters);
		api_form_add_cmp_int(&more, r->id_name, API_Q_GT,
		                     jobs_max_id(c->answer.ids, c->answer.n_ids, 0));
		rc = api_search_all(st->s, r, &more, &sink, NULL, err);
		api_form_free(&more);
		if (rc < 0)
			fetch_rows_error(rs, "search", err);
	}
	return rc;
}

/* Gets of several resources' ids, every chunk of 1000 in flight at once
 * (the session keeps to its connection limit).  The rows land in each
 * batch's rows.  0, or -1 with the first error (other chunks still land). */
struct get_batch {
	const struct resource *r;
	const long long *ids;
	size_t n;
	struct fetch_rows *rows;
};

static int run_gets(struct state *st, const struct get_batch *b, size_t nb,
                    struct api_error *err)
{
	struct api_call **calls;
	size_t n = 0, k = 0;
	int rc = 0;

	for (size_t i = 0; i < nb; i++)
		n += (b[i].n + GET_CHUNK - 1) / GET_CHUNK;
	if (!n)
		return 0;
	calls = xcalloc(n, sizeof(*calls));
	for (size_t i = 0; i < nb; i++) {
		for (size_t at = 0; at < b[i].n; at += GET_CHUNK) {
			size_t len = b[i].n - at < GET_CHUNK ? b[i].n - at : GET_CHUNK;

			calls[k] = api_get_call(b[i].r, b[i].ids + at, len, NULL);
			calls[k]->user = b[i].rows;
			jobs_want_text(st, calls[k], API_RAW_PROPERTY);
			k++;
		}
	}
	jobs_run_calls(st, calls, n);
	for (size_t i = 0; i < n; i++) {
		struct api_error e = API_ERROR_INIT;
		struct api_call *c = calls[i];

		if (c->err.kind != API_OK)
			api_error_move(&e, &c->err);
		else if (api_answer_get(&c->answer, &e) == 0 &&
		         fetch_rows_answer(c->user, &c->answer) < 0)
			fetch_rows_error(c->user, "get", &e);
		if (e.kind != API_OK) {
			if (rc == 0)
				api_error_move(err, &e);
			api_error_clear(&e);
			rc = -1;
		}
		api_call_free(c);
	}
	free(calls);
	return rc;
}

/* The day before the earlier of today and date (may be NULL) into buf. */
void jobs_look_day(const char *date, char *buf)
{
	struct rd_date d, r;

	date_today(&d);
	if (date && date_parse(date, &r) == 0 && date_to_days(&r) < date_to_days(&d))
		d = r;
	date_from_days(date_to_days(&d) - 1, &d);
	date_format(&d, buf);
}

/* ----------------------------------------------------- list, rows, record */

/* One search: every id it matches (paging past the cap), rows for the first
 * page; from the customer index when it can answer. */
static void run_search(struct state *st, const struct fetch_job *job, const struct api_form *form,
                       struct fetch_result *r)
{
	const struct resource *res = job->res;
	struct api_call *c;
	struct api_error e = API_ERROR_INIT;
	struct fetch_rows rs = { res->name, NULL, NULL, 0, 0, 0, NULL };
	long cap = api_session_search_cap(st->s);
	long long base = st->newest;
	size_t page;

	/* A search only the index can answer (accents folded): never
	 * sent, and, with no index built, nobody found at no read. */
	if (lookup_form_local(form)) {
		if (!st->lk || !jobs_index_search(st, job, form, r))
			trace_event("lookup", "/%s/folded not answered (no index)", res->name);
		return;
	}
	if (jobs_index_search(st, job, form, r))
		return;
	c = api_search_call(res, form, 1);

	/* The first page's 1000 records and its ids read from its text (the
	 * ids of a full page are 50,000 tree nodes otherwise); the job's
	 * resource was checked to have a search (job.c). */
	jobs_want_text(st, c, API_RAW_DATA);
	if (api_perform(st->s, c) < 0)
		api_error_move(&e, &c->err);
	else if (api_answer_search(&c->answer, 1, &e) == 0 &&
	         fetch_rows_answer(&rs, &c->answer) < 0)
		fetch_rows_error(&rs, "search", &e);
	else if (e.kind == API_OK)
		jobs_index_seed(st, job, form, &c->answer, base);
	if (e.kind != API_OK) {
		fetch_result_keep_err(r, &e);
		api_call_free(c);
		return;
	}
	r->rows = rs.v;
	r->n_rows = rs.n;
	r->ids = c->answer.ids;
	r->n_ids = page = c->answer.n_ids;
	c->answer.ids = NULL;
	api_call_free(c);
	while (cap > 0 && page >= (size_t)cap) {
		struct api_form more = API_FORM_INIT;
		struct api_answer b = API_ANSWER_INIT;

		if (api_search_cannot_page(res, form, page, cap, &e)) {
			fetch_result_keep_err(r, &e);
			return;
		}
		api_form_copy(&more, form);
		api_form_add_cmp_int(&more, res->id_name, API_Q_GT, jobs_max_id(r->ids, r->n_ids, 0));
		if (api_search_page(st->s, res, &more, 0, &b, &e) < 0) {
			fetch_result_keep_err(r, &e);
			page = 0;
		} else {
			page = b.n_ids;
			if (page) {
				r->ids = xrealloc(r->ids, (r->n_ids + page) * sizeof(*r->ids));
				memcpy(r->ids + r->n_ids, b.ids, page * sizeof(*b.ids));
				r->n_ids += page;
			}
		}
		api_form_free(&more);
		api_answer_free(&b);
	}
}

/* The search, and each alternative joined into it (fetch_job_list_any),
 * or only until one finds anything (first_found). */
static void run_list(struct state *st, const struct fetch_job *job, struct fetch_result *r)
{
	run_search(st, job, &job->form, r);
	for (size_t i = 0; i < job->n_alts && r->err.kind == API_OK; i++) {
		if (job->first_found && r->n_ids)
			break;
		struct fetch_result more;

		memset(&more, 0, sizeof(more));
		more.resource = r->resource;
		run_search(st, job, &job->alts[i], &more);
		fetch_result_join(r, &more, (unsigned)i + 1);
		fetch_result_keep_err(r, &more.err);
		free(more.ids);
		free(more.found);
	}
}

static void run_rows(struct state *st, const struct fetch_job *job, struct fetch_result *r)
{
	struct fetch_rows rs = { job->res->name, NULL, NULL, 0, 0, 0, NULL };
	struct api_sink sink = fetch_rows_sink(&rs, st->tree);
	struct api_error e = API_ERROR_INIT;

	if (jobs_index_rows(st, job, r))
		return;
	if (job->n_ids &&
	    api_get_all(st->s, job->res, job->ids, job->n_ids, NULL, &sink, NULL, &e) < 0) {
		fetch_rows_error(&rs, "get", &e);
		fetch_result_keep_err(r, &e);
	}
	r->rows = rs.v;
	r->n_rows = rs.n;
}

static void run_record(struct state *st, const struct fetch_job *job, struct fetch_result *r)
{
	struct api_answer a = API_ANSWER_INIT;
	struct api_error e = API_ERROR_INIT;

	if (api_byid(st->s, job->res, job->id, job->form.n ? &job->form : NULL, &a, &e) < 0)
		fetch_result_keep_err(r, &e);
	else
		r->record = cJSON_DetachItemViaPointer(a.root, (cJSON *)a.record);
	api_answer_free(&a);
}

/* --------------------------------------------------------------- refresh */

struct changes {
	struct fetch_result *r;
	long long newest;
};

/* A change's notes as JSON text (an object the service sends as one, or
 * as a string holding it), or NULL. */
static char *change_notes(const cJSON *rec)
{
	const cJSON *n = cJSON_GetObjectItemCaseSensitive(rec, "notes");
	struct strbuf sb = STRBUF_INIT;

	if (!cJSON_IsString(n) && !cJSON_IsObject(n))
		return NULL;
	api_value_text(n, &sb);
	return strbuf_detach(&sb, NULL);
}

static int changes_each(void *ctx, const cJSON *records)
{
	struct changes *ch = ctx;
	struct fetch_result *r = ch->r;
	const cJSON *rec;

	cJSON_ArrayForEach(rec, records) {
		long long id = 0, cls = 0, ref = 0;

		if (api_field_int(rec, "changeID", &id) != API_V_OK)
			continue;
		if (id > ch->newest)
			ch->newest = id;
		api_field_int(rec, "classID", &cls);
		api_field_int(rec, "referenceID", &ref);
		fetch_result_add_change(r, (int)cls, ref,
		                        cls == CLASS_CUSTOMER || cls == CLASS_APPOINTMENT ||
		                        cls == CLASS_ROUTE ? change_notes(rec) : NULL);
	}
	return 0;
}

/* The ticks the share's ticker published since job->since, as this tick's
 * result: 1, or 0 when they do not reach back that far (ask the service). */
/* The review's customers a change's notes rebuild (a balance after a
 * completed stop), as rows for the refresh, with no read.  One the notes
 * cannot rebuild waits for the next review: a third read on every busy
 * tick is not worth a balance. */
static void kept_customers(struct state *st, struct fetch_result *r)
{
	struct fetch_ids ids = { NULL, 0, 0 };
	struct fetch_rows rc = { "customer", NULL, NULL, 0, 0, 0, NULL };

	jobs_kept_changes(st->cust_lk, CLASS_CUSTOMER, r, &ids, &rc);
	r->customers = rc.v;
	r->n_customers = rc.n;
	fetch_ids_free(&ids);
}

static int from_share(struct state *st, const struct fetch_job *job, struct fetch_result *r)
{
	struct fetch_result *t = xcalloc(1, sizeof(*t));

	if (!fetch_share_read(job->share, job->since, job->share_stale, t)) {
		fetch_result_free(t);
		return 0;
	}
	r->last_change = t->last_change;
	r->changes = t->changes;
	r->n_changes = t->n_changes;
	r->appts = t->appts;
	r->n_appts = t->n_appts;
	r->routes = t->routes;
	r->n_routes = t->n_routes;
	r->gone_appts = t->gone_appts;
	r->n_gone_appts = t->n_gone_appts;
	r->gone_routes = t->gone_routes;
	r->n_gone_routes = t->n_gone_routes;
	t->changes = NULL;
	t->appts = t->routes = NULL;
	t->gone_appts = t->gone_routes = NULL;
	t->n_changes = t->n_appts = t->n_routes = t->n_gone_appts = t->n_gone_routes = 0;
	fetch_result_free(t);
	r->budget_shared = fetch_share_budget(job->share, job->share_stale, &r->budget) == 0;
	jobs_kept_follow(st, r);
	kept_customers(st, r);
	if (r->last_change > st->newest)
		st->newest = r->last_change;
	st->have_baseline = 1;
	return 1;
}

int jobs_changes(struct state *st, long long since, int class_id, struct fetch_result *r,
                 struct api_error *err)
{
	struct api_form f = API_FORM_INIT;
	struct changes ch = { r, since };
	struct api_sink sink = { changes_each, &ch, NULL, NULL, NULL };
	int rc;

	if (!st->look_day[0])
		jobs_look_day(NULL, st->look_day);
	if (class_id)
		api_form_add_int(&f, "classID", class_id);
	if (since > 0)
		api_form_add_cmp_int(&f, st->changelog->id_name, API_Q_GT, since);
	api_form_add_cmp_str(&f, "dateChanged", API_Q_GE, st->look_day);
	rc = api_search_all(st->s, st->changelog, &f, &sink, NULL, err);
	api_form_free(&f);
	r->last_change = rc == 0 ? ch.newest : since;
	return rc;
}

static void run_refresh_ticks(struct state *st, const struct fetch_job *job,
                              struct fetch_result *r)
{
	struct api_error e = API_ERROR_INIT;
	long long newest;
	struct fetch_ids appts = { NULL, 0, 0 }, routes = { NULL, 0, 0 };
	struct fetch_rows ra = { "appointment", NULL, NULL, 0, 0, 0, NULL };
	struct fetch_rows rr = { "route", NULL, NULL, 0, 0, 0, NULL };
	struct get_batch b[2];
	size_t nb = 0;

	r->last_change = job->since;
	if (job->date) {
		/* A warm start: the day's baseline comes from before. */
		char day[11];

		jobs_look_day(job->date, day);
		if (!st->look_day[0] || strcmp(day, st->look_day) < 0)
			memcpy(st->look_day, day, sizeof(st->look_day));
		if (job->since > st->newest)
			st->newest = job->since;
		st->have_baseline = 1;
	}
	if (!st->look_day[0])
		jobs_look_day(NULL, st->look_day);
	/* On a share, one console asks; the others read what it learnt. */
	if (job->share && !fetch_share_ticker(job->share) && from_share(st, job, r))
		return;
	if (jobs_changes(st, job->since, 0, r, &e) < 0) {
		/* last_change stays at since: the next tick asks again. */
		fetch_result_keep_err(r, &e);
		return;
	}
	newest = r->last_change;
	r->last_change = job->since;
	/* The changelog said something changed: the answers kept for the
	 * minute go now, not once the gets below succeed (st->newest stays
	 * behind when they fail, and a record kept before the change was
	 * given again beside a list that showed the change). */
	if (newest > st->newest)
		fetch_recent_forget(st->recent);
	/* Stops and routes the thread holds are rebuilt from the changes'
	 * notes where those say everything; only the rest are read. */
	jobs_kept_changes(st->appt_lk, CLASS_APPOINTMENT, r, &appts, &ra);
	jobs_kept_changes(st->route_lk, CLASS_ROUTE, r, &routes, &rr);
	ra.keep = st->appt_lk;
	rr.keep = st->route_lk;
	if (appts.n)
		b[nb++] = (struct get_batch){ st->appt, appts.v, appts.n, &ra };
	if (routes.n)
		b[nb++] = (struct get_batch){ st->route, routes.v, routes.n, &rr };
	if (run_gets(st, b, nb, &e) < 0) {
		fetch_result_keep_err(r, &e);
	} else {
		jobs_kept_got(st->appt_lk, &appts, &ra, &r->gone_appts, &r->n_gone_appts);
		jobs_kept_got(st->route_lk, &routes, &rr, &r->gone_routes, &r->n_gone_routes);
		r->last_change = newest;
		if (newest > st->newest)
			st->newest = newest;
	}
	r->appts = ra.v;
	r->n_appts = ra.n;
	r->routes = rr.v;
	r->n_routes = rr.n;
	kept_customers(st, r);
	free(appts.v);
	free(routes.v);
	if (job->share) {
		/* The budget its answers left, for the tick to carry (the job's
		 * own is set when it ends). */
		api_session_budget(st->s, &r->budget);
		fetch_share_publish(job->share, job->since, r);
	}
}

static void run_refresh(struct state *st, const struct fetch_job *job, struct fetch_result *r)
{
	run_refresh_ticks(st, job, r);
	jobs_index_changes(st, job, r);
	/* Ticker or not: what the others wrote is in the share, not in the
	 * changelog (a note is in neither the changelog nor a tick). */
	fetch_share_read_written(job->share, r);
}

/* ---------------------------------------------------------------- runner */

static void *jobs_open(const struct api_options *o, struct api_error *err)
{
	struct state *st = xcalloc(1, sizeof(*st));
	struct api_options mine = *o;
	struct api_session *s;

	/* Before the share's flight hooks, if any: see recent.h. */
	st->recent = fetch_recent_new(&mine, &st->newest);
	s = api_session_new(&mine, err);
	if (!s) {
		fetch_recent_free(st->recent);
		free(st);
		return NULL;
	}
	st->s = s;
	/* The path before issue 12, kept so that tests and bench/console can
	 * compare the two (as ROUTEDESK_ALL_TREE does for routedesk api). */
	st->tree = getenv("ROUTEDESK_ROWS_TREE") &&
	           strcmp(getenv("ROUTEDESK_ROWS_TREE"), "1") == 0;
	st->route = res_find("route");
	st->appt = res_find("appointment");
	st->customer = res_find("customer");
	st->employee = res_find("employee");
	st->stype = res_find("serviceType");
	st->changelog = res_find("changelog");
	st->appt_lk = lookup_new("appointment");
	st->route_lk = lookup_new("route");
	st->cust_lk = lookup_new("customer");
	if (!st->route || !st->appt || !st->customer || !st->employee || !st->stype ||
	    !st->changelog)
		abort(); /* the resource table lost a resource the review needs */
	return st;
}

static void jobs_run(void *state, const struct fetch_job *job, struct fetch_result *r)
{
	struct state *st = state;
	long before = api_session_requests(st->s);

	if (job->res)
		r->resource = job->res->name;
	/* The user's lists, rows and records may take an identical read's
	 * answer of the last seconds; a review and a tick read anew. */
	fetch_recent_allow(st->recent, !job->fresh && (job->kind == FETCH_LIST ||
	                                               job->kind == FETCH_ROWS ||
	                                               job->kind == FETCH_RECORD));
	if (job->kind == FETCH_WRITE)
		fetch_recent_forget(st->recent);
	if (job->bad) {
		api_error_set(&r->err, API_ERR_USAGE, 0, NULL, "%s", job->bad);
	} else {
		switch (job->kind) {
		case FETCH_REVIEW:
			jobs_run_review(st, job, r);
			break;
		case FETCH_LIST:
			run_list(st, job, r);
			break;
		case FETCH_ROWS:
			run_rows(st, job, r);
			break;
		case FETCH_RECORD:
			run_record(st, job, r);
			break;
		case FETCH_REFRESH:
			run_refresh(st, job, r);
			break;
		case FETCH_WRITE:
			fetch_write_run(st->s, job, r);
			/* Its read back is kept: nothing read before it is. */
			fetch_recent_forget(st->recent);
			break;
		}
	}
	r->requests = api_session_requests(st->s) - before;
	/* The ticker's budget when this job read nothing itself: this
	 * session's last answer may be a quarter of an hour old. */
	if (r->requests > 0 || !r->budget_shared) {
		r->budget_shared = 0;
		api_session_budget(st->s, &r->budget);
	}
}

static void jobs_drop(void *state, struct fetch_result *r)
{
	struct state *st = state;

	if (r->employees && !st->employees) {
		st->employees = r->employees;
		r->employees = NULL;
	}
	if (r->service_types && !st->service_types) {
		st->service_types = r->service_types;
		r->service_types = NULL;
	}
}

static void jobs_close(void *state)
{
	struct state *st = state;

	api_session_free(st->s);
	fetch_recent_free(st->recent);
	jobs_index_free(st);
	lookup_free(st->appt_lk);
	lookup_free(st->route_lk);
	lookup_free(st->cust_lk);
	fetch_ids_free(&st->known_employees);
	fetch_ids_free(&st->known_types);
	m_table_free(st->employees);
	m_table_free(st->service_types);
	free(st);
}

static void jobs_wake(void *state)
{
	struct state *st = state;

	api_session_wakeup(st->s);
}

const struct fetch_runner jobs_runner = {
	jobs_open, jobs_run, jobs_drop, jobs_close, jobs_wake,
};
