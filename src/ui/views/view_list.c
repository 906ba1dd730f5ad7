/* view_list.c: id lists from a search, resolved in chunks as they scroll into view. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "common/resources.h"
#include "common/strbuf.h"
#include "ui/views/view_common.h"

/* Per position of the id list. */
enum {
	ST_NONE,   /* not loaded, not asked for */
	ST_ASKED,  /* in the rows request in flight */
	ST_DONE,   /* loaded */
	ST_STALE,  /* loaded, but changed since: fetched again when in view */
	ST_GONE,   /* the get did not return it: deleted since the search */
};

enum { BUSY_LIST = 1, BUSY_ROWS = 2, BUSY_NAMES = 3 };

static void vc_list_clear(struct vc_list *l);

/* Position of id in the ascending id list, or (size_t)-1. */
static size_t pos_of(const struct vc_list *l, long long id)
{
	size_t lo = 0, hi = l->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (l->ids[mid] < id)
			lo = mid + 1;
		else if (l->ids[mid] > id)
			hi = mid;
		else
			return mid;
	}
	return (size_t)-1;
}

static int hidden(const struct vc_list *l, size_t pos)
{
	const void *row;

	if (l->state[pos] == ST_GONE)
		return 1;
	if (!l->keep)
		return 0;
	row = m_table_get(l->rows, l->ids[pos]);
	return row && !l->keep(row);
}

/* 1 while a position of the search is neither loaded nor gone. */
static int incomplete(const struct vc_list *l)
{
	for (size_t i = 0; i < l->n; i++)
		if (l->state[i] == ST_NONE || l->state[i] == ST_ASKED)
			return 1;
	return 0;
}

/* Recomputes the view rows after states or rows changed. */
static void reshow(struct vc_list *l)
{
	size_t k = 0, i;

	/* A keep() test over part of the rows would count and order what
	 * happened to be loaded: nothing until every row is (or a get failed,
	 * and the ones read are all there will be). */
	if (l->keep && !l->failed && incomplete(l)) {
		free(l->shown);
		l->shown = xmalloc(sizeof(*l->shown));
		l->n_shown = 0;
		return;
	}
	for (i = 0; i < l->n && !hidden(l, i); i++)
		;
	free(l->shown);
	l->shown = NULL;
	l->n_shown = l->n;
	if (i == l->n)
		return;
	l->shown = xmalloc((l->n ? l->n : 1) * sizeof(*l->shown));
	for (i = 0; i < l->n; i++)
		if (!hidden(l, i))
			l->shown[k++] = i;
	l->n_shown = k;
}

void vc_list_init(struct vc_list *l, const char *resource, int (*keep)(const void *row))
{
	const struct resource *res = res_find(resource);

	memset(l, 0, sizeof(*l));
	l->resource = resource;
	l->class_id = res ? res->class_id : 0;
	l->keep = keep;
	api_form_init(&l->filters);
	l->rows = m_table_new(m_row_free_fn(resource));
}

static void forget_alts(struct vc_list *l)
{
	for (size_t i = 0; i < l->n_alts; i++)
		api_form_free(&l->alts[i]);
	free(l->alts);
	l->alts = NULL;
	l->n_alts = 0;
}

void vc_list_free(struct vc_list *l)
{
	api_form_free(&l->filters);
	forget_alts(l);
	vc_list_clear(l);
	free(l->pending_names);
	m_table_free(l->rows);
	m_table_free(l->customers);
	memset(l, 0, sizeof(*l));
}

void vc_list_set_keep(struct vc_list *l, int (*keep)(const void *row))
{
	l->keep = keep;
	reshow(l);
}

/* Puts back the positions of the rows request in flight: it will not answer. */
static void unask(struct vc_list *l)
{
	for (size_t i = 0; i < l->n_asked; i++) {
		size_t pos = pos_of(l, l->asked[i]);

		if (pos != (size_t)-1 && l->state[pos] == ST_ASKED)
			l->state[pos] = m_table_get(l->rows, l->ids[pos]) ? ST_STALE : ST_NONE;
	}
	free(l->asked);
	l->asked = NULL;
	l->n_asked = 0;
}

static void submit_search(struct vc_list *l, struct view *v, struct ui *ui, int hard)
{
	struct fetch_job *job;

	if (l->busy == BUSY_ROWS)
		unask(l);
	/* R: everything shown again comes from the wire (the search is
	 * fresh, and its answer drops the rows kept), but the rows stay on
	 * screen until it answers: a reload waiting a minute for the read
	 * budget, or one that failed, showed "loading" on every row with
	 * nothing on its way.  A failed R stays asked for the next search. */
	if (hard)
		l->hard = 1;
	l->want_again = 0;
	l->failed = 0;
	l->busy = BUSY_LIST;
	if (l->n_alts) {
		struct api_form all[8];

		all[0] = l->filters;
		for (size_t i = 0; i < l->n_alts; i++)
			all[i + 1] = l->alts[i];
		job = fetch_job_list_any(v->slot, l->resource, all, l->n_alts + 1);
		if (l->first_found)
			fetch_job_set_first_found(job);
	} else {
		job = fetch_job_list(v->slot, l->resource, &l->filters);
	}
	/* R promises the wire, not the answer of a moment ago. */
	if (l->hard)
		fetch_job_set_fresh(job);
	l->busy_gen = ui_submit(ui, v, job);
}

/* The searches as one text, to tell one from another. */
static void search_text(const struct api_form *f, const struct api_form *alts, size_t n,
                        struct strbuf *out)
{
	if (f)
		api_form_encode(f, NULL, NULL, out);
	for (size_t i = 0; i < n; i++) {
		strbuf_addc(out, '\n');
		api_form_encode(&alts[i], NULL, NULL, out);
	}
}

/* Forgets the search's ids (the rows loaded stay as a cache): the list
 * shows nothing, loading, until the next search answers.  For a new
 * search, so that what the old one found is neither shown under the new
 * title nor acted on (Enter, A) while it loads. */
static void vc_list_clear(struct vc_list *l)
{
	free(l->ids);
	free(l->state);
	free(l->found);
	free(l->shown);
	free(l->asked);
	l->ids = NULL;
	l->state = NULL;
	l->found = NULL;
	l->shown = NULL;
	l->asked = NULL;
	l->n = l->n_shown = l->n_asked = 0;
	l->listed = 0;
}

void vc_list_search_any(struct vc_list *l, struct view *v, struct ui *ui,
                        const struct api_form *alts, size_t n, int hard)
{
	struct strbuf was = STRBUF_INIT, now = STRBUF_INIT;

	if (n > 8)
		n = 8; /* a job takes at most 8 (fetch_job_list_any) */
	/* Another search (not one that only shows more or fewer of the same
	 * ids, as ":ticket all"): the old rows go at once.  A dispatcher
	 * audit had ":cust smith" show its title over the last list for the
	 * seconds it loaded, and A write to a row of that list. */
	if (l->have_search) {
		search_text(&l->filters, l->alts, l->n_alts, &was);
		search_text(n ? &alts[0] : NULL, n > 1 ? alts + 1 : NULL, n > 1 ? n - 1 : 0, &now);
		if (strcmp(strbuf_str(&was), strbuf_str(&now)) != 0)
			vc_list_clear(l);
		strbuf_free(&was);
		strbuf_free(&now);
	}
	api_form_free(&l->filters);
	api_form_init(&l->filters);
	forget_alts(l);
	if (n)
		api_form_copy(&l->filters, &alts[0]);
	if (n > 1) {
		l->alts = xcalloc(n - 1, sizeof(*l->alts));
		for (size_t i = 1; i < n; i++) {
			api_form_init(&l->alts[i - 1]);
			api_form_copy(&l->alts[i - 1], &alts[i]);
		}
		l->n_alts = n - 1;
	}
	l->have_search = 1;
	submit_search(l, v, ui, hard);
}

void vc_list_refresh(struct vc_list *l, struct view *v, struct ui *ui, int hard)
{
	/* r: the core's tick says which records changed, and refresh_result
	 * fetches the loaded ones again; a second search would fetch every
	 * row in view.  The tick has nothing to give a list the changelog
	 * does not cover, one whose search has not answered, or one whose
	 * last get failed (its rows wait for a search): those search again. */
	if (!hard && l->class_id && l->listed && !l->failed) {
		ui_refresh(ui);
		return;
	}
	submit_search(l, v, ui, hard);
}

size_t vc_list_count(const struct vc_list *l)
{
	return l->n_shown;
}

static size_t position(const struct vc_list *l, size_t row)
{
	if (row >= l->n_shown)
		return (size_t)-1;
	return l->shown ? l->shown[row] : row;
}

unsigned vc_list_found(const struct vc_list *l, size_t row)
{
	size_t pos = position(l, row);

	if (!l->found || pos == (size_t)-1)
		return 0;
	return l->found[pos];
}

long long vc_list_id(const struct vc_list *l, size_t row)
{
	size_t pos = position(l, row);

	return pos == (size_t)-1 ? 0 : l->ids[pos];
}

const void *vc_list_row(const struct vc_list *l, size_t row)
{
	size_t pos = position(l, row);

	return pos == (size_t)-1 ? NULL : m_table_get(l->rows, l->ids[pos]);
}

int vc_list_loaded(const struct vc_list *l, size_t row)
{
	return vc_list_row(l, row) != NULL;
}

static void ask(struct vc_list *l, struct view *v, struct ui *ui, long long *ids, size_t n);

/* The gets the rows not loaded yet take. */
static size_t unread_gets(const struct vc_list *l)
{
	size_t n = 0;

	for (size_t i = 0; i < l->n; i++)
		n += l->state[i] == ST_NONE;
	return (n + VC_CHUNK - 1) / VC_CHUNK;
}

/* Says what reading every row costs, once, before its first get. */
static void say_whole(struct vc_list *l, struct ui *ui)
{
	size_t gets = unread_gets(l);

	if (!gets || l->whole_reads)
		return;
	ui_message(ui, ngettext("Every row is needed for this order or filter: %zu more read",
	                        "Every row is needed for this order or filter: %zu more reads", gets),
	           gets);
}

/* With a sort or a keep() test, the next chunk of rows not loaded yet (not
 * only those in view): 1 when a get went. */
static int want_rest(struct vc_list *l, struct view *v, struct ui *ui)
{
	long long *ids;
	size_t n = 0;

	if ((!l->keep && !l->sorted) || !l->listed || l->busy || l->failed)
		return 0;
	say_whole(l, ui);
	ids = xmalloc(VC_CHUNK * sizeof(*ids));
	for (size_t i = 0; i < l->n && n < VC_CHUNK; i++)
		if (l->state[i] == ST_NONE)
			ids[n++] = l->ids[i];
	if (!n) {
		free(ids);
		l->whole_reads = 0;
		return 0;
	}
	l->whole_reads++;
	ask(l, v, ui, ids, n);
	return 1;
}

/* After an answer: a whole load's next chunk, else the range asked for. */
static void go_on(struct vc_list *l, struct view *v, struct ui *ui)
{
	if (l->busy || l->failed || want_rest(l, v, ui))
		return;
	if (l->want_again) {
		l->want_again = 0;
		vc_list_want(l, v, ui, l->again_first, l->again_last);
	}
}

size_t vc_list_set_whole(struct vc_list *l, struct view *v, struct ui *ui, int on)
{
	size_t gets;

	l->sorted = on != 0;
	gets = l->sorted && l->listed ? unread_gets(l) : 0;
	go_on(l, v, ui);
	return gets;
}

/* Sends one get for ids (ownership taken, n >= 1), marking them asked. */
static void ask(struct vc_list *l, struct view *v, struct ui *ui, long long *ids, size_t n)
{
	qsort(ids, n, sizeof(*ids), vc_cmp_ids);
	for (size_t i = 0; i < n; i++) {
		size_t pos = pos_of(l, ids[i]);

		if (pos != (size_t)-1)
			l->state[pos] = ST_ASKED;
	}
	free(l->asked);
	l->asked = ids;
	l->n_asked = n;
	l->busy = BUSY_ROWS;
	l->busy_gen = ui_submit(ui, v, fetch_job_rows(v->slot, l->resource, ids, n));
}

static int needs(const struct vc_list *l, size_t row)
{
	size_t pos = position(l, row);

	return pos != (size_t)-1 && (l->state[pos] == ST_NONE || l->state[pos] == ST_STALE);
}

void vc_list_want(struct vc_list *l, struct view *v, struct ui *ui, size_t first, size_t last)
{
	long long *ids;
	size_t n = 0, r, need = 0, span;

	if (!l->listed)
		return;
	if (l->busy) {
		/* One request in flight per view: a second would cancel the first. */
		l->want_again = 1;
		l->again_first = first;
		l->again_last = last;
		return;
	}
	if (l->failed)
		return;
	if (last > l->n_shown)
		last = l->n_shown;
	for (r = first; r < last; r++)
		if (needs(l, r) && m_table_get(l->rows, vc_list_id(l, r)) == NULL)
			need++;
	/* Nothing on screen is a placeholder: nothing to spend a read on. */
	if (!need)
		return;
	ids = xmalloc(VC_CHUNK * sizeof(*ids));
	for (r = first; r < last && n < VC_CHUNK; r++)
		if (needs(l, r))
			ids[n++] = vc_list_id(l, r);
	/* Fill the chunk with the neighbours, alternately below and above, so
	 * the next page down (or up) is already there. */
	for (span = 1; n < VC_CHUNK && span <= VC_CHUNK; span++) {
		int inside = 0;

		if (last - 1 + span < l->n_shown) {
			inside = 1;
			if (needs(l, last - 1 + span))
				ids[n++] = vc_list_id(l, last - 1 + span);
		}
		if (n < VC_CHUNK && first >= span) {
			inside = 1;
			if (needs(l, first - span))
				ids[n++] = vc_list_id(l, first - span);
		}
		if (!inside)
			break;
	}
	ask(l, v, ui, ids, n);
}

/* Takes the rows of r that the list holds positions for; returns how many. */
static size_t take_rows(struct vc_list *l, struct fetch_result *r)
{
	size_t taken = 0;

	if (l->names && r->n_rows)
		l->pending_names = xrealloc(l->pending_names, (l->n_pending_names + r->n_rows) *
		                                                  sizeof(*l->pending_names));

	for (size_t i = 0; i < r->n_rows; i++) {
		size_t pos;

		if (!r->rows || !r->rows[i])
			continue;
		pos = pos_of(l, m_row_id(r->rows[i]));
		if (pos == (size_t)-1)
			continue;
		if (l->names) {
			long long cid;

			memcpy(&cid, (const char *)r->rows[i] + l->customer_off, sizeof(cid));
			if (cid > 0 && !m_table_get(l->customers, cid))
				l->pending_names[l->n_pending_names++] = cid;
		}
		m_table_put(l->rows, r->rows[i]);
		r->rows[i] = NULL;
		l->state[pos] = ST_DONE;
		taken++;
	}
	return taken;
}

/* Sends one get for the names of the customers of the rows just taken
 * that neither the review nor the list knows; 1 when it sent one. */
static int ask_names(struct vc_list *l, struct view *v, struct ui *ui)
{
	long long *ids = NULL;
	size_t k = vc_list_names_wanted(l, ui, &ids);

	if (k) {
		l->busy = BUSY_NAMES;
		l->busy_gen = ui_submit(ui, v, fetch_job_rows(v->slot, "customer", ids, k));
	}
	free(ids);
	return k > 0;
}

static int names_result(struct vc_list *l, struct view *v, struct ui *ui,
                        struct fetch_result *r)
{
	size_t taken;

	l->busy = 0;
	taken = vc_list_names_take(l, r);
	go_on(l, v, ui);
	return taken > 0;
}

struct purge {
	const struct vc_list *l;
	long long *drop;
	size_t n, cap;
};

static void purge_visit(void *row, void *ctx)
{
	struct purge *p = ctx;
	long long id = m_row_id(row);

	if (pos_of(p->l, id) != (size_t)-1)
		return;
	if (p->n == p->cap) {
		p->cap = p->cap ? p->cap * 2 : 64;
		p->drop = xrealloc(p->drop, p->cap * sizeof(*p->drop));
	}
	p->drop[p->n++] = id;
}

static int list_result(struct vc_list *l, struct view *v, struct ui *ui, struct fetch_result *r)
{
	struct purge p = { l, NULL, 0, 0 };

	l->busy = 0;
	if (vc_result_failed(ui, r)) {
		/* The rows shown stay, and the next r (or the connection
		 * coming back) searches again rather than ticking: the tick
		 * cannot give a search that never answered. */
		if (r->err.kind != API_ERR_CANCELLED)
			l->failed = 1;
		return 0;
	}
	free(l->ids);
	free(l->state);
	free(l->asked);
	l->asked = NULL;
	l->n_asked = 0;
	free(l->found);
	l->ids = r->ids;
	l->n = r->ids ? r->n_ids : 0;
	l->found = r->found;
	r->ids = NULL;
	r->found = NULL;
	/* Positions are found by bisection: hold the contract (ascending) even
	 * if an answer bent it. */
	for (size_t i = 1; i < l->n; i++)
		if (l->ids[i - 1] >= l->ids[i]) {
			size_t k = 1;

			free(l->found); /* which search found what no longer lines up */
			l->found = NULL;
			qsort(l->ids, l->n, sizeof(*l->ids), vc_cmp_ids);
			for (size_t j = 1; j < l->n; j++)
				if (l->ids[j] != l->ids[k - 1])
					l->ids[k++] = l->ids[j];
			l->n = k;
			break;
		}
	l->state = xcalloc(l->n ? l->n : 1, 1);
	if (l->hard) {
		/* R answered: what it did not bring is read again in view. */
		m_table_free(l->rows);
		l->rows = m_table_new(m_row_free_fn(l->resource));
		l->hard = 0;
	}
	/* Rows of records the search no longer matches go; the others stay on
	 * screen and are fetched again when they next come into view. */
	m_table_each(l->rows, purge_visit, &p);
	for (size_t i = 0; i < p.n; i++)
		m_table_remove(l->rows, p.drop[i]);
	free(p.drop);
	for (size_t i = 0; i < l->n; i++)
		if (m_table_get(l->rows, l->ids[i]))
			l->state[i] = ST_STALE;
	take_rows(l, r);
	l->listed = 1;
	l->failed = 0;
	l->want_again = 0;
	l->whole_reads = 0;
	reshow(l);
	if (!ask_names(l, v, ui))
		go_on(l, v, ui);
	return 1;
}

static int rows_result(struct vc_list *l, struct view *v, struct ui *ui, struct fetch_result *r)
{
	int failed, changed;

	l->busy = 0;
	failed = vc_result_failed(ui, r);
	changed = take_rows(l, r) > 0;
	if (failed) {
		/* Not again on every redraw: r asks again. */
		if (r->err.kind != API_ERR_CANCELLED)
			l->failed = 1;
		unask(l);
	} else {
		for (size_t i = 0; i < l->n_asked; i++) {
			size_t pos = pos_of(l, l->asked[i]);

			if (pos == (size_t)-1 || l->state[pos] != ST_ASKED)
				continue;
			l->state[pos] = ST_GONE;
			m_table_remove(l->rows, l->asked[i]);
			changed = 1;
		}
		free(l->asked);
		l->asked = NULL;
		l->n_asked = 0;
	}
	reshow(l);
	/* Names first: the rows just shown want them; the waiting want
	 * follows their answer. */
	if (!ask_names(l, v, ui))
		go_on(l, v, ui);
	return changed;
}

/* A written record of the list's resource (fetch_result.written, from
 * this console's write or another's on the share): its row is replaced,
 * or it joins the list when the list is its customer's.  1 when the rows
 * changed. */
static int take_written(struct vc_list *l, const struct fetch_result *r)
{
	int changed = 0;

	for (size_t i = 0; i < r->n_written && l->listed; i++) {
		const void *row = r->written[i].row;
		long long id, cid;
		size_t pos;

		if (!row || strcmp(r->written[i].resource, l->resource) != 0)
			continue;
		id = m_row_id(row);
		pos = pos_of(l, id);
		if (pos == (size_t)-1) {
			if (!l->scope_customer ||
			    m_row_ll(l->resource, row, "customerID", &cid) < 0 ||
			    cid != l->scope_customer)
				continue;
			for (pos = 0; pos < l->n && l->ids[pos] < id; pos++)
				;
			l->ids = xrealloc(l->ids, (l->n + 1) * sizeof(*l->ids));
			l->state = xrealloc(l->state, l->n + 1);
			memmove(l->ids + pos + 1, l->ids + pos, (l->n - pos) * sizeof(*l->ids));
			memmove(l->state + pos + 1, l->state + pos, l->n - pos);
			if (l->found) {
				l->found = xrealloc(l->found, l->n + 1);
				memmove(l->found + pos + 1, l->found + pos, l->n - pos);
				l->found[pos] = 1; /* what the list's own search finds */
			}
			l->ids[pos] = id;
			l->n++;
		} else if (l->state[pos] == ST_ASKED) {
			continue; /* its get is in flight and answers the same */
		}
		m_table_put(l->rows, m_row_copy(l->resource, row));
		l->state[pos] = ST_DONE;
		changed = 1;
	}
	if (changed)
		reshow(l);
	return changed;
}

static int written_here(const struct vc_list *l, const struct fetch_result *r, long long id)
{
	for (size_t i = 0; i < r->n_written; i++)
		if (r->written[i].row && m_row_id(r->written[i].row) == id &&
		    strcmp(r->written[i].resource, l->resource) == 0)
			return 1;
	return 0;
}

/* Changed records the list shows are fetched again (one get, only of
 * those), so an auto-refresh tick costs nothing for a list it did not
 * touch; a record written (here or in the office) comes with the tick and
 * costs nothing at all.  1 when the rows changed. */
static int refresh_result(struct vc_list *l, struct view *v, struct ui *ui,
                          const struct fetch_result *r)
{
	long long *ids = NULL;
	size_t n = 0;
	int changed;

	if (r->err.kind != API_OK)
		return 0;
	changed = take_written(l, r);
	for (size_t i = 0; l->class_id && i < r->n_changes; i++) {
		size_t pos;

		/* A note's create or delete, logged against its customer,
		 * changed no customer's row. */
		if (r->changes[i].class_id != l->class_id || r->changes[i].note_id ||
		    written_here(l, r, r->changes[i].id))
			continue;
		pos = pos_of(l, r->changes[i].id);
		if (pos == (size_t)-1 || l->state[pos] != ST_DONE)
			continue;
		l->state[pos] = ST_STALE;
		if (!ids)
			ids = xmalloc(VC_CHUNK * sizeof(*ids));
		if (n < VC_CHUNK)
			ids[n++] = r->changes[i].id;
	}
	if (n && !l->busy && !l->failed)
		ask(l, v, ui, ids, n);
	else
		free(ids);
	return changed;
}

int vc_list_result(struct vc_list *l, struct view *v, struct ui *ui, struct fetch_result *r)
{
	if (r->kind == FETCH_REFRESH)
		return refresh_result(l, v, ui, r);
	if (r->kind != FETCH_LIST && r->kind != FETCH_ROWS)
		return 0;
	/* Only the answer to what is in flight: an older one was superseded. */
	if (!l->busy || r->gen != l->busy_gen || !r->resource)
		return 0;
	if (l->busy == BUSY_NAMES)
		return r->kind == FETCH_ROWS && strcmp(r->resource, "customer") == 0 ?
		       names_result(l, v, ui, r) : 0;
	if (strcmp(r->resource, l->resource) != 0)
		return 0;
	if (r->kind == FETCH_LIST)
		return l->busy == BUSY_LIST ? list_result(l, v, ui, r) : 0;
	return l->busy == BUSY_ROWS ? rows_result(l, v, ui, r) : 0;
}

int vc_list_cmp_unloaded(const struct vc_list *l, size_t a, size_t b, int *cmp)
{
	int la = vc_list_loaded(l, a), lb = vc_list_loaded(l, b);

	if (la && lb)
		return 0;
	if (la != lb)
		*cmp = la ? -1 : 1;
	else
		*cmp = vc_cmp_ll(vc_list_id(l, a), vc_list_id(l, b));
	return 1;
}
