/* lookups.c: the runner's side of the kept records: the customer index (built once, shared, asked first) and the stops and routes a tick rebuilds. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <fcntl.h>

#include <cjson/cJSON.h>

#include "api/ops.h"
#include "api/resolve.h"
#include "common/strbuf.h"
#include "common/trace.h"
#include "fetch/lookup.h"
#include "fetch/runner.h"
#include "fetch/share.h"
#include "fetch/share_fs.h"

/*
 * When (issue 11): a customer look-up (a search with filters) of a job
 * that allows it (fetch_job_set_index), once the thread knows a changelog
 * id (a review or a refresh ran: changes after it are what keeps the
 * index current); the whole list is answered from an index that exists,
 * never builds one (the pane's first page would wait for every page).  The
 * index comes from the office's share when a console published one (or,
 * with no share, from the user's own file a run before saved), else it is
 * built: one includeData search of every customer and gets of the
 * ids past its first page, ceil(N / 1000) reads, only when N is at most
 * the job's limit (above it every search goes to the service, as before).
 *
 * Before each answer the index is brought up to the thread's newest
 * changelog id: from the share's ticks when they reach back, else one
 * changelog search of the customer class; then the stale records come
 * again in one get.  Both cost nothing on a quiet day.  When reads were
 * spent so, the index is published again for the office.  An index built
 * over 12 hours ago is built again (lookup_is_old).
 */

#define LOOKUP_FILE "lookup/customer.json"
#define LOOKUP_MAX_BYTES (256L << 20)
/* Seconds before a build is tried again after one failed. */
#define LOOKUP_RETRY_S 600

/* A sink's each_raw into the index. */
static int take_raw(void *ctx, const char *json, size_t len, size_t n)
{
	(void)n;
	return lookup_take_text(ctx, json, len);
}

static int take_tree(void *ctx, const cJSON *records)
{
	char *t = cJSON_PrintUnformatted(records);
	int rc;

	if (!t)
		abort();
	rc = lookup_take_text(ctx, t, strlen(t));
	cJSON_free(t);
	return rc;
}

static struct api_sink index_sink(struct lookup *lk)
{
	struct api_sink sink = { take_tree, lk, NULL, NULL, take_raw };

	return sink;
}

/* The account's URL the kept index must name: the share's, else the
 * console's (NULL: nowhere to keep it). */
static const char *kept_url(const struct fetch_job *job)
{
	if (job->index_share)
		return fetch_share_url(job->index_share);
	return job->index_file ? job->index_url : NULL;
}

/* The index, kept for the next run: on the office's share, else in the
 * user's own file (0600), so that a console alone does not spend
 * ceil(N / 1000) reads on it at each start either. */
static void publish(struct state *st, const struct fetch_job *job)
{
	struct strbuf text = STRBUF_INIT, err = STRBUF_INIT;
	const char *url = kept_url(job);

	if (!url)
		return;
	lookup_save(st->lk, url, &text);
	/* Quietly nothing when it cannot be written: the others build or
	 * keep their own, and this console builds it again next run. */
	if (job->index_share)
		(void)fetch_share_write(job->index_share, LOOKUP_FILE, text.buf, text.len, &err);
	else
		(void)share_fs_write(AT_FDCWD, job->index_file, SHARE_FS_PRIVATE, text.buf, text.len,
		                     &err);
	strbuf_free(&text);
	strbuf_free(&err);
}

static int load(struct state *st, const struct fetch_job *job)
{
	struct strbuf text = STRBUF_INIT, err = STRBUF_INIT;
	const char *url = kept_url(job);
	struct lookup *lk;
	int rc = -1;

	if (!url)
		goto out;
	if (job->index_share ? fetch_share_read_text(job->index_share, LOOKUP_FILE,
	                                             LOOKUP_MAX_BYTES, &text, &err) < 0
	                     : share_fs_read(AT_FDCWD, job->index_file, SHARE_FS_PRIVATE,
	                                     LOOKUP_MAX_BYTES, &text, &err) < 0)
		goto out;
	lk = lookup_new(st->customer->name);
	if (lookup_load(lk, url, text.buf, text.len) < 0 ||
	    lookup_count(lk) > job->index_max || lookup_is_old(lk, time(NULL))) {
		lookup_free(lk);
		goto out;
	}
	st->lk = lk;
	rc = 0;
out:
	strbuf_free(&text);
	strbuf_free(&err);
	return rc;
}

/* Every customer, when there are at most job->index_max: 0, or -1 (then
 * st->lk_off is set when there are too many, and the error, if any, is
 * dropped: the search goes to the service and says it). */
static int build(struct state *st, const struct fetch_job *job)
{
	struct api_call *c = api_search_call(st->customer, NULL, 1);
	struct lookup *lk = lookup_new(st->customer->name);
	struct api_sink sink = index_sink(lk);
	struct api_error e = API_ERROR_INIT;
	long cap = api_session_search_cap(st->s);
	long long base = st->newest;
	int rc = -1;

	jobs_want_text(st, c, API_RAW_DATA);
	if (api_perform(st->s, c) < 0 || api_answer_search(&c->answer, 1, &e) < 0)
		goto out;
	if (c->answer.n_ids > job->index_max || (cap > 0 && c->answer.n_ids >= (size_t)cap)) {
		st->lk_off = 1;
		goto out;
	}
	if (c->answer.raw_records)
		rc = lookup_take_text(lk, c->answer.raw_records, c->answer.raw_len);
	else
		rc = take_tree(lk, c->answer.records);
	if (rc == 0 && c->answer.n_no_data)
		rc = api_get_all(st->s, st->customer, c->answer.no_data, c->answer.n_no_data, NULL,
		                 &sink, NULL, &e);
	if (rc == 0) {
		/* Changes after base are applied by the ticks to come (again,
		 * when the pages already had them: applying one twice is the
		 * same record). */
		lookup_set_upto(lk, base);
		lookup_set_built(lk, time(NULL));
		st->lk = lk;
		lk = NULL;
	}
out:
	lookup_free(lk);
	api_error_clear(&e);
	api_call_free(c);
	return rc;
}

/* A note's create or delete is logged against its customer, whose record
 * it leaves as it was: marked stale, the customer was read again. */
static void apply_changes(struct lookup *lk, const struct fetch_change *ch, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (ch[i].class_id == CLASS_CUSTOMER && ch[i].id > 0 && !ch[i].note_id)
			lookup_apply(lk, ch[i].id, ch[i].notes);
}

/* The customer class's changes after the index's id, from the share's
 * ticks or one changelog search.  1 when a read was spent, 0 when none,
 * -1 when they could not be had. */
static int catch_up(struct state *st, const struct fetch_job *job)
{
	long long upto = lookup_upto(st->lk);
	struct fetch_result *t;
	struct api_error e = API_ERROR_INIT;
	int rc;

	if (upto >= st->newest)
		return 0;
	t = xcalloc(1, sizeof(*t));
	/* The ticks are history here, not the ticker's pulse: no limit on
	 * how long ago it ticked. */
	if (job->index_share && fetch_share_read(job->index_share, upto, 0x7fffffffL, t) &&
	    t->last_change >= st->newest) {
		apply_changes(st->lk, t->changes, t->n_changes);
		lookup_set_upto(st->lk, t->last_change);
		fetch_result_free(t);
		return 0;
	}
	fetch_result_free(t);
	t = xcalloc(1, sizeof(*t));
	rc = jobs_changes(st, upto, CLASS_CUSTOMER, t, &e);
	if (rc == 0) {
		apply_changes(st->lk, t->changes, t->n_changes);
		lookup_set_upto(st->lk, t->last_change > st->newest ? t->last_change : st->newest);
	}
	api_error_clear(&e);
	fetch_result_free(t);
	return rc < 0 ? -1 : 1;
}

/* The stale records again: 1 when a read was spent, 0 when none was
 * needed, -1 when the get failed. */
static int refetch(struct state *st)
{
	size_t n;
	const long long *stale = lookup_stale(st->lk, &n);
	long long *ids;
	struct api_sink sink = index_sink(st->lk);
	struct api_error e = API_ERROR_INIT;
	int rc;

	if (!n)
		return 0;
	ids = xcalloc(n, sizeof(*ids));
	memcpy(ids, stale, n * sizeof(*ids));
	rc = api_get_all(st->s, st->customer, ids, n, NULL, &sink, NULL, &e);
	if (rc == 0) {
		/* Asked for and not answered: no longer a customer. */
		size_t left;
		const long long *gone = lookup_stale(st->lk, &left);
		long long *copy = xcalloc(left ? left : 1, sizeof(*copy));

		memcpy(copy, gone, left * sizeof(*copy));
		for (size_t i = 0; i < left; i++)
			lookup_drop(st->lk, copy[i]);
		lookup_clear_stale(st->lk, copy, left);
		free(copy);
	}
	api_error_clear(&e);
	free(ids);
	return rc < 0 ? -1 : 1;
}

/* The index, current: 1 when it may answer, else 0. */
static int ready(struct state *st, const struct fetch_job *job)
{
	int spent = 0, rc;

	if (!job->index_max || st->lk_off || !st->have_baseline)
		return 0;
	if (st->lk && lookup_is_old(st->lk, time(NULL)))
		jobs_index_free(st);
	if (!st->lk && load(st, job) < 0) {
		time_t now = time(NULL);

		/* A build that failed (a refused read, the network) is not
		 * tried again at the next look-up: each try may spend up to
		 * ceil(N / 1000) reads before it fails, and look-ups come
		 * every few seconds.  The service answers them meanwhile. */
		if (now < st->lk_retry_at)
			return 0;
		if (build(st, job) < 0) {
			if (!st->lk_off) {
				st->lk_retry_at = now + LOOKUP_RETRY_S;
				trace_event("lookup", "/%s build failed; the service answers look-ups "
				            "for %d s", st->customer->name, LOOKUP_RETRY_S);
			}
			return 0;
		}
		spent = 1;
	}
	rc = catch_up(st, job);
	if (rc < 0)
		return 0;
	spent |= rc;
	rc = refetch(st);
	if (rc < 0)
		return 0;
	spent |= rc;
	if (spent)
		publish(st, job);
	return 1;
}

/* ids[0..n) (ascending) as the result of a search: the rows of the first
 * page, as the service's includeData gives them. */
static void answer_rows(struct state *st, struct fetch_result *r, const long long *ids, size_t n)
{
	struct fetch_rows rs = { st->customer->name, NULL, NULL, 0, 0, 0, NULL };
	struct strbuf text = STRBUF_INIT;

	lookup_rows_text(st->lk, ids, n, &text);
	if (st->tree) {
		cJSON *arr = cJSON_ParseWithLength(text.buf, text.len);

		fetch_rows_each(&rs, arr);
		cJSON_Delete(arr);
	} else {
		(void)fetch_rows_text(&rs, text.buf, text.len, n);
	}
	strbuf_free(&text);
	r->rows = rs.v;
	r->n_rows = rs.n;
}

int jobs_index_search(struct state *st, const struct fetch_job *job, const struct api_form *form,
                      struct fetch_result *r)
{
	long long *ids;
	size_t n;

	/* R promises the wire (fetch_job_set_fresh), the index included. */
	if (job->res != st->customer || !job->index_max || job->fresh)
		return 0;
	if (!st->lk) {
		/* Built by a look-up it can answer (see above). */
		if (!form || !form->n)
			return 0;
		struct lookup *probe = lookup_new(st->customer->name);
		int can = lookup_answer(probe, form, &ids, &n) == 0;

		free(ids);
		lookup_free(probe);
		if (!can)
			return 0;
	}
	if (!ready(st, job) || lookup_answer(st->lk, form, &ids, &n) < 0)
		return 0;
	answer_rows(st, r, ids, n < JOBS_PAGE_ROWS ? n : JOBS_PAGE_ROWS);
	r->ids = ids;
	r->n_ids = n;
	trace_event("lookup", "/%s/search %zu of %zu", st->customer->name, n, lookup_count(st->lk));
	return 1;
}

int jobs_index_rows(struct state *st, const struct fetch_job *job, struct fetch_result *r)
{
	if (job->res != st->customer || !st->lk || !job->index_max || job->fresh ||
	    lookup_upto(st->lk) < st->newest || !lookup_has_all(st->lk, job->ids, job->n_ids))
		return 0;
	answer_rows(st, r, job->ids, job->n_ids);
	trace_event("lookup", "/%s/get %zu", st->customer->name, job->n_ids);
	return 1;
}

void jobs_index_seed(struct state *st, const struct fetch_job *job, const struct api_form *form,
                     const struct api_answer *a, long long base)
{
	long cap = api_session_search_cap(st->s);
	struct lookup *lk;
	int rc;

	/* The Customers pane's list is the build's own search: when its
	 * first page holds every customer, the index is there for the
	 * taking, and the Subscriptions and Tickets panes' gets of their
	 * customers' names, read right after it, cost nothing. */
	if (job->res != st->customer || !job->index_max || st->lk || st->lk_off ||
	    !st->have_baseline || (form && form->n) || a->n_no_data ||
	    a->n_ids > job->index_max || (cap > 0 && a->n_ids >= (size_t)cap))
		return;
	lk = lookup_new(st->customer->name);
	if (a->raw_records)
		rc = lookup_take_text(lk, a->raw_records, a->raw_len);
	else
		rc = a->records ? take_tree(lk, a->records) : -1;
	if (rc < 0 || lookup_count(lk) != a->n_ids) {
		lookup_free(lk);
		return;
	}
	lookup_set_upto(lk, base);
	lookup_set_built(lk, time(NULL));
	st->lk = lk;
	trace_event("lookup", "/%s index from the list's %zu", st->customer->name, a->n_ids);
	publish(st, job);
}

void jobs_index_changes(struct state *st, const struct fetch_job *job,
                        const struct fetch_result *r)
{
	if (!st->lk || r->err.kind != API_OK || job->since > lookup_upto(st->lk))
		return; /* a gap: the next look-up catches up (catch_up) */
	apply_changes(st->lk, r->changes, r->n_changes);
	if (r->last_change > lookup_upto(st->lk))
		lookup_set_upto(st->lk, r->last_change);
}

void jobs_index_free(struct state *st)
{
	lookup_free(st->lk);
	st->lk = NULL;
}

void jobs_kept_changes(struct lookup *lk, int class_id, const struct fetch_result *r,
                       struct fetch_ids *ids, struct fetch_rows *rows)
{
	struct fetch_ids all = { NULL, 0, 0 }, kept = { NULL, 0, 0 };
	struct strbuf text = STRBUF_INIT;

	for (size_t i = 0; i < r->n_changes; i++) {
		const struct fetch_change *c = &r->changes[i];

		if (c->class_id != class_id || c->id <= 0 || c->note_id)
			continue;
		/* In order: a change that cannot be applied marks the record
		 * stale, and no later one is applied over it. */
		if (lk)
			(void)lookup_apply(lk, c->id, c->notes);
		fetch_ids_add(&all, c->id);
	}
	fetch_ids_sort(&all);
	for (size_t i = 0; i < all.n; i++) {
		if (lk && lookup_has_all(lk, &all.v[i], 1))
			fetch_ids_add(&kept, all.v[i]);
		else
			fetch_ids_add(ids, all.v[i]);
	}
	if (kept.n) {
		lookup_rows_text(lk, kept.v, kept.n, &text);
		(void)fetch_rows_text(rows, text.buf, text.len, kept.n);
		trace_event("kept", "/%s %zu rebuilt from the changelog", lookup_resource(lk), kept.n);
	}
	strbuf_free(&text);
	fetch_ids_free(&all);
	fetch_ids_free(&kept);
}

void jobs_kept_got(struct lookup *lk, const struct fetch_ids *ids, const struct fetch_rows *rows,
                   long long **gone, size_t *n_gone)
{
	struct fetch_ids got = { NULL, 0, 0 }, out = { NULL, 0, 0 };

	if (lk)
		lookup_clear_stale(lk, ids->v, ids->n);
	/* A change named them and the get answered nothing: deleted, or out
	 * of the key's sight.  Unless a batch could not be read (then the
	 * missing are unknown, not gone). */
	*gone = NULL;
	*n_gone = 0;
	if (rows->bad)
		return;
	for (size_t i = 0; i < rows->n; i++)
		fetch_ids_add(&got, m_row_id(rows->v[i]));
	fetch_ids_sort(&got);
	for (size_t i = 0; i < ids->n; i++) {
		if (fetch_ids_has(&got, ids->v[i]))
			continue;
		fetch_ids_add(&out, ids->v[i]);
		if (lk)
			lookup_drop(lk, ids->v[i]);
	}
	fetch_ids_free(&got);
	if (out.n) {
		trace_event("gone", "/%s %zu named by a change, not answered", rows->resource, out.n);
		fetch_ids_sort(&out);
	}
	*gone = out.v;
	*n_gone = out.n;
}

void jobs_kept_follow(struct state *st, const struct fetch_result *r)
{
	for (size_t i = 0; i < r->n_changes; i++) {
		const struct fetch_change *c = &r->changes[i];
		struct lookup *lk = c->class_id == CLASS_APPOINTMENT ? st->appt_lk :
		                    c->class_id == CLASS_ROUTE       ? st->route_lk : NULL;

		if (lk && c->id > 0)
			(void)lookup_apply(lk, c->id, c->notes);
	}
	for (size_t i = 0; st->appt_lk && i < r->n_gone_appts; i++)
		lookup_drop(st->appt_lk, r->gone_appts[i]);
	for (size_t i = 0; st->route_lk && i < r->n_gone_routes; i++)
		lookup_drop(st->route_lk, r->gone_routes[i]);
}
