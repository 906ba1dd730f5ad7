/* resolve.c: search pages, includeData, gets of 1000 in flight, ordered delivery. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "api/ops.h"
#include "api/resolve.h"
#include "common/i18n.h"
#include "common/strbuf.h"

#define GET_CHUNK 1000
/* Gets submitted at once: enough to keep every connection busy while a
 * finished one is parsed, few enough that out-of-order answers held for
 * ordered delivery stay a handful of batches. */
#define GETS_IN_FLIGHT 8
/* Gets answered but waiting for an earlier batch, at most: what keeps
 * memory flat when one slow answer holds up the order. */
#define GETS_HELD 8

/* One batch in delivery order: a page's own records, or a get chunk. */
struct slot {
	struct api_call *call;  /* the get (or the page holding its records) */
	long long *ids;         /* a chunk still to be asked for, owned */
	size_t n;
	int ready;
	const cJSON *records;   /* borrowed from call's answer once ready */
	const char *raw;        /* or the records' text (sink->each_raw), in call's body */
	size_t raw_len, raw_n;
	struct slot *next;
};

struct job {
	struct api_session *s;
	const struct resource *r;
	const struct api_sink *sink;
	struct api_resolve_stats st;
	struct api_form filters; /* the caller's, without includeData */
	struct api_form extra;   /* get flags sent along with the gets */
	struct slot *head, *tail;
	int gets_running;
	int gets_out;            /* submitted and not yet delivered */
	size_t n_slots;          /* slots queued */
	size_t older;            /* of them, slots of pages before the latest */
	int page_due;            /* the next page waits for older to reach 0 */
	long long page_after;    /* its paging id */
	struct api_call *page;   /* the search page in flight */
	int ids_only;            /* api_search_ids: no records, collect ids */
	long long *all;
	size_t n_all, cap_all;
	struct api_error err;
	int failed;
	size_t cut;              /* the cap that cut the search (sink->cut), or 0 */
};

static void job_init(struct job *j, struct api_session *s, const struct resource *r,
                     const struct api_sink *sink)
{
	memset(j, 0, sizeof(*j));
	j->s = s;
	j->r = r;
	j->sink = sink;
	api_form_init(&j->filters);
	api_form_init(&j->extra);
}

static void fail(struct job *j, struct api_error *e)
{
	if (!j->failed) {
		api_error_move(&j->err, e);
		j->failed = 1;
	}
	api_error_clear(e);
}

/* As fail, naming the request in a decode error, which speaks only of
 * "the answer": which one matters in a run of a hundred requests. */
static void fail_call(struct job *j, const struct api_call *c, struct api_error *e)
{
	struct strbuf sb = STRBUF_INIT;
	const char *text = api_error_text(e);

	strbuf_addf(&sb, "/%s", c->path);
	if (e->kind == API_ERR_DECODE && !strstr(text, sb.buf)) {
		strbuf_addf(&sb, ": %s", text);
		free(e->message);
		e->message = strbuf_detach(&sb, NULL);
	}
	strbuf_free(&sb);
	fail(j, e);
}

static struct slot *add_slot(struct job *j)
{
	struct slot *sl = xcalloc(1, sizeof(*sl));

	if (j->tail)
		j->tail->next = sl;
	else
		j->head = sl;
	j->tail = sl;
	j->n_slots++;
	return sl;
}

static void add_chunks(struct job *j, const long long *ids, size_t n)
{
	for (size_t i = 0; i < n; i += GET_CHUNK) {
		struct slot *sl = add_slot(j);

		sl->n = n - i < GET_CHUNK ? n - i : GET_CHUNK;
		sl->ids = xmalloc(sl->n * sizeof(*sl->ids));
		memcpy(sl->ids, ids + i, sl->n * sizeof(*sl->ids));
	}
}

static void submit_gets(struct job *j)
{
	for (struct slot *sl = j->head;
	     sl && j->gets_running < GETS_IN_FLIGHT && j->gets_out < GETS_HELD; sl = sl->next) {
		if (sl->call || !sl->ids)
			continue;
		sl->call = api_get_call(j->r, sl->ids, sl->n, &j->extra);
		sl->call->user = sl;
		if (j->sink && j->sink->each_raw)
			sl->call->raw = API_RAW_PROPERTY;
		j->gets_out++;
		free(sl->ids);
		sl->ids = NULL;
		api_submit(j->s, sl->call);
		j->gets_running++;
		j->st.gets++;
	}
}

static void free_slot(struct job *j, struct slot *sl)
{
	if (sl->call && !sl->ready && sl->call != j->page)
		api_withdraw(j->s, sl->call);
	api_call_free(sl->call);
	free(sl->ids);
	free(sl);
}

/* Hands over every ready batch at the head of the order. */
static void deliver(struct job *j)
{
	while (!j->failed && j->head && j->head->ready) {
		struct slot *sl = j->head;
		long n = sl->raw ? (long)sl->raw_n : cJSON_GetArraySize(sl->records);
		int stop = 0;

		if (n > 0 && j->sink)
			stop = sl->raw ? j->sink->each_raw(j->sink->ctx, sl->raw, sl->raw_len, sl->raw_n)
			               : j->sink->each(j->sink->ctx, sl->records);
		if (stop) {
			struct api_error e = API_ERROR_INIT;

			api_error_set(&e, API_ERR_CANCELLED, 0, NULL,
			              _("%s search stopped by its reader"), j->r->name);
			fail(j, &e);
		}
		j->st.records += n;
		if (sl->call && sl->call != j->page && sl->call->user == sl)
			j->gets_out--;
		j->head = sl->next;
		if (!j->head)
			j->tail = NULL;
		j->n_slots--;
		if (j->older)
			j->older--;
		free_slot(j, sl);
	}
}

static void submit_page(struct job *j, long long after, int paging)
{
	struct api_call *c = api_search_call(j->r, &j->filters, !j->ids_only);

	if (paging)
		api_form_add_cmp_int(&c->form, j->r->id_name, API_Q_GT, after);
	if (!j->ids_only && j->sink && j->sink->each_raw)
		c->raw = API_RAW_DATA;
	j->page = c;
	j->st.pages++;
	api_submit(j->s, c);
}

static void collect_ids(struct job *j, const long long *ids, size_t n)
{
	if (j->n_all + n > j->cap_all) {
		j->cap_all = (j->n_all + n) * 2;
		j->all = xrealloc(j->all, j->cap_all * sizeof(*j->all));
	}
	memcpy(j->all + j->n_all, ids, n * sizeof(*ids));
	j->n_all += n;
}

static void handle_page(struct job *j, struct api_call *c)
{
	struct api_error e = API_ERROR_INIT;
	struct api_answer *a = &c->answer;
	struct slot *sl;
	long long last = 0;
	size_t cap = (size_t)api_session_search_cap(j->s);

	j->page = NULL;
	if (c->err.kind != API_OK) {
		fail_call(j, c, &c->err);
		api_call_free(c);
		return;
	}
	if (api_answer_search(a, !j->ids_only, &e) < 0) {
		fail_call(j, c, &e);
		api_call_free(c);
		return;
	}
	if (j->st.pages == 1 && j->sink && j->sink->ignored && cJSON_GetArraySize(a->ignored) > 0)
		j->sink->ignored(j->sink->ctx, a->ignored);
	j->st.ids += (long)a->n_ids;
	if (!a->raw_records)
		strbuf_free(&c->body);
	for (size_t i = 0; i < a->n_ids; i++)
		if (a->ids[i] > last)
			last = a->ids[i];
	if (api_search_cannot_page(j->r, &j->filters, a->n_ids, (long)cap, &e)) {
		/* No page after this one (api_search_cannot_page says why). */
		if (!j->sink || !j->sink->cut) {
			fail(j, &e);
			api_call_free(c);
			return;
		}
		/* A sink that takes a part: this page's records still go
		 * out, and the cut is said at the end, not as this error. */
		api_error_clear(&e);
		j->cut = cap;
	} else if (cap && a->n_ids >= cap) {
		/* Asked before this page's gets, so it is answered early;
		 * but only one page ahead of the batches being printed: pages
		 * that ran ahead would each hold their text and ids until their
		 * turn, and memory would grow with the search. */
		if (j->n_slots == 0 || j->ids_only) {
			submit_page(j, last, 1);
		} else {
			j->page_due = 1;
			j->page_after = last;
		}
	}
	j->older = j->n_slots;
	if (j->ids_only) {
		collect_ids(j, a->ids, a->n_ids);
		api_call_free(c);
		return;
	}
	sl = add_slot(j);
	sl->call = c;
	sl->ready = 1;
	sl->records = a->records;
	sl->raw = a->raw_records;
	sl->raw_len = a->raw_len;
	sl->raw_n = a->raw_n;
	add_chunks(j, a->no_data, a->n_no_data);
	if (a->raw_records) {
		/* The ids are in the slots now, and the records are text: the
		 * page's tree (a node per id, 100,000 of them on a full page)
		 * need not wait for its turn. */
		const char *raw = a->raw_records;
		size_t raw_len = a->raw_len, raw_n = a->raw_n;

		api_answer_free(a);
		sl->records = NULL;
		a->raw_records = raw;
		a->raw_len = raw_len;
		a->raw_n = raw_n;
	}
}

static void handle_get(struct job *j, struct api_call *c)
{
	struct api_error e = API_ERROR_INIT;
	struct slot *sl = c->user;

	j->gets_running--;
	if (c->err.kind != API_OK) {
		fail_call(j, c, &c->err);
		return;
	}
	if (api_answer_get(&c->answer, &e) < 0) {
		fail_call(j, c, &e);
		return;
	}
	/* The parsed tree is all that is needed now; a batch may wait for
	 * earlier ones, so drop its raw text at once, unless the records
	 * are that text. */
	if (!c->answer.raw_records)
		strbuf_free(&c->body);
	sl->ready = 1;
	sl->records = c->answer.records;
	sl->raw = c->answer.raw_records;
	sl->raw_len = c->answer.raw_len;
	sl->raw_n = c->answer.raw_n;
}

/* Runs until everything is delivered or something failed; then takes back
 * whatever is still out. */
static int run_job(struct job *j, struct api_resolve_stats *st, struct api_error *err)
{
	while (!j->failed) {
		struct api_call *c;

		submit_gets(j);
		deliver(j);
		if (!j->failed && j->page_due && j->older == 0) {
			j->page_due = 0;
			submit_page(j, j->page_after, 1);
		}
		if (j->failed || (!j->page && !j->head))
			break;
		c = api_wait(j->s);
		if (!c)
			break; /* nothing out: cannot happen while page or slots wait */
		if (c == j->page)
			handle_page(j, c);
		else
			handle_get(j, c);
	}
	if (j->page) {
		api_withdraw(j->s, j->page);
		api_call_free(j->page);
		j->page = NULL;
	}
	while (j->head) {
		struct slot *sl = j->head;

		j->head = sl->next;
		free_slot(j, sl);
	}
	j->tail = NULL;
	api_form_free(&j->filters);
	api_form_free(&j->extra);
	if (st)
		*st = j->st;
	if (!j->failed && j->cut)
		j->sink->cut(j->sink->ctx, j->cut);
	if (j->failed) {
		api_error_move(err, &j->err);
		return -1;
	}
	return 0;
}

static int busy(struct api_session *s, struct api_error *err)
{
	if (api_outstanding(s) == 0)
		return 0;
	api_error_set(err, API_ERR_USAGE, 0, NULL,
	              _("the session has calls outstanding; resolve a search on an idle session"));
	return 1;
}

/* The caller's filters minus includeData; r's get flags also go to gets. */
static void split_filters(struct job *j, const struct api_form *filters)
{
	if (!filters)
		return;
	api_form_copy(&j->filters, filters);
	api_form_remove(&j->filters, "includeData");
	for (size_t i = 0; i < filters->n; i++) {
		const struct api_pair *p = &filters->pairs[i];

		for (const char *const *g = j->r->get_flags; g && *g; g++)
			if (strcmp(p->name, *g) == 0)
				api_form_add_len(&j->extra, p->name, p->value, p->len);
	}
}

int api_search_all(struct api_session *s, const struct resource *r,
                   const struct api_form *filters, const struct api_sink *sink,
                   struct api_resolve_stats *st, struct api_error *err)
{
	struct job j;

	if (!(r->ops & OP_SEARCH) || !(r->ops & OP_GET)) {
		api_error_set(err, API_ERR_USAGE, 0, NULL, _("%s cannot be searched and fetched"),
		              r->name);
		return -1;
	}
	if (busy(s, err))
		return -1;
	job_init(&j, s, r, sink);
	split_filters(&j, filters);
	submit_page(&j, 0, 0);
	return run_job(&j, st, err);
}

int api_get_all(struct api_session *s, const struct resource *r, const long long *ids,
                size_t n, const struct api_form *extra, const struct api_sink *sink,
                struct api_resolve_stats *st, struct api_error *err)
{
	struct job j;

	if (!(r->ops & OP_GET)) {
		api_error_set(err, API_ERR_USAGE, 0, NULL, _("%s has no get operation"), r->name);
		return -1;
	}
	if (busy(s, err))
		return -1;
	job_init(&j, s, r, sink);
	if (extra)
		api_form_copy(&j.extra, extra);
	j.st.ids = (long)n;
	add_chunks(&j, ids, n);
	return run_job(&j, st, err);
}

int api_search_ids(struct api_session *s, const struct resource *r,
                   const struct api_form *filters, long long **ids, size_t *n,
                   struct api_resolve_stats *st, struct api_error *err)
{
	struct job j;
	int rc;

	*ids = NULL;
	*n = 0;
	if (!(r->ops & OP_SEARCH)) {
		api_error_set(err, API_ERR_USAGE, 0, NULL, _("%s has no search operation"), r->name);
		return -1;
	}
	if (busy(s, err))
		return -1;
	job_init(&j, s, r, NULL);
	j.ids_only = 1;
	split_filters(&j, filters);
	submit_page(&j, 0, 0);
	rc = run_job(&j, st, err);
	if (rc < 0) {
		free(j.all);
		return -1;
	}
	*ids = j.all;
	*n = j.n_all;
	return 0;
}
