/* review.c: the day's route review: one summary line per route, and a route's stops in order. */
#include "config.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "common/strbuf.h"
#include "model/model.h"

/*
 * Rules of a review line (what the Routes pane promises a dispatcher):
 * - counts: every stop of the route is in total; each known status also in
 *   its own count (an unknown status only in total, never as pending).
 * - window: earliest start and latest end of the stops that will still be
 *   on the route, i.e. not cancelled or rescheduled away; "" when none.
 * - balance due: each customer with a stop on the route counted once
 *   (two stops at one house are one debt), customers not in the review's
 *   table skipped rather than guessed; a sum past what cents hold stops at
 *   LLONG_MAX or LLONG_MIN.
 * - technician: the route's assignedTech; when that is 0, the one
 *   technician named by every still-scheduled stop, if there is exactly one
 *   and no such stop is left without one (a stop's "0" means "the route's").
 *   UNASSIGNED exactly when the result is 0.
 * - CHANGED: the route's or a stop's dateUpdated is later than
 *   changed_since; both are "YYYY-MM-DD HH:MM:SS", so strcmp orders them.
 */

struct m_review *m_review_new(const char *date)
{
	struct m_review *rv = xcalloc(1, sizeof(*rv));

	if (date) {
		strncpy(rv->date, date, sizeof(rv->date) - 1);
		rv->date[sizeof(rv->date) - 1] = '\0';
	}
	rv->routes = m_table_new(m_row_free_fn("route"));
	rv->appts = m_table_new(m_row_free_fn("appointment"));
	rv->customers = m_table_new(m_row_free_fn("customer"));
	return rv;
}

void m_review_free(struct m_review *rv)
{
	if (!rv)
		return;
	m_table_free(rv->routes);
	m_table_free(rv->appts);
	m_table_free(rv->customers);
	free(rv);
}

/* The rows of a table as typed pointer arrays (typed, so the comparators
 * below read the elements as what they are), filled through m_table_each. */
struct route_list {
	const struct m_route **v;
	size_t n, cap;
};

struct stop_list {
	const struct m_appt **v;
	size_t n, cap;
	long long route_id; /* only this route's stops ... */
	int all;            /* ... unless all is set */
};

static size_t grown(size_t cap)
{
	return cap ? cap * 2 : 32;
}

static void collect_route(void *row, void *ctx)
{
	struct route_list *l = ctx;

	if (l->n == l->cap) {
		l->cap = grown(l->cap);
		l->v = xrealloc(l->v, l->cap * sizeof(*l->v));
	}
	l->v[l->n++] = row;
}

static void collect_stop(void *row, void *ctx)
{
	struct stop_list *l = ctx;
	const struct m_appt *a = row;

	if (!l->all && a->route_id != l->route_id)
		return;
	if (l->n == l->cap) {
		l->cap = grown(l->cap);
		l->v = xrealloc(l->v, l->cap * sizeof(*l->v));
	}
	l->v[l->n++] = a;
}

static int cmp_route(const void *a, const void *b)
{
	const struct m_route *x = *(const struct m_route *const *)a;
	const struct m_route *y = *(const struct m_route *const *)b;
	int c = strcmp(x->title ? x->title : "", y->title ? y->title : "");

	if (c)
		return c;
	return (x->id > y->id) - (x->id < y->id);
}

/* Where each route's line is, by route id, for the pass over the stops. */
struct route_pos {
	long long id;
	size_t pos;
};

static int cmp_route_pos(const void *a, const void *b)
{
	const struct route_pos *x = a, *y = b;

	return (x->id > y->id) - (x->id < y->id);
}

/* A (line, customer) pair: sorted, equal neighbours are one customer. */
struct debtor {
	size_t pos;
	long long customer_id;
};

static int cmp_debtor(const void *a, const void *b)
{
	const struct debtor *x = a, *y = b;

	if (x->pos != y->pos)
		return (x->pos > y->pos) - (x->pos < y->pos);
	return (x->customer_id > y->customer_id) - (x->customer_id < y->customer_id);
}

/* sum + v held at the ends of long long: balances are the wire's amounts,
 * each up to LLONG_MAX cents (m_parse_cents), and two of them on one route
 * overflowed the sum (undefined behaviour; a wrapped debt shows as a
 * credit).  Past the ends, the side of the debt is what is still true. */
static long long add_cents(long long sum, long long v)
{
	if (v > 0 && sum > LLONG_MAX - v)
		return LLONG_MAX;
	if (v < 0 && sum < LLONG_MIN - v)
		return LLONG_MIN;
	return sum + v;
}

/* What the stops tell about a line beyond its counts. */
struct tally {
	long long stop_tech; /* the one tech the scheduled stops name, 0 none yet */
	int tech_mixed;      /* scheduled stops name several, or one names none */
	int scheduled;       /* stops not cancelled or rescheduled */
	int stop_changed;
};

static void count_status(struct m_review_row *row, int status)
{
	row->total++;
	switch (status) {
	case M_COMPLETED: row->done++; break;
	case M_PENDING: row->pending++; break;
	case M_NOSHOW: row->noshow++; break;
	case M_CANCELLED: row->cancelled++; break;
	case M_RESCHEDULED: row->rescheduled++; break;
	default: break;
	}
}

static void widen_window(struct m_review_row *row, const struct m_appt *a)
{
	if (a->start[0] && (!row->first_start[0] || strcmp(a->start, row->first_start) < 0))
		memcpy(row->first_start, a->start, sizeof(row->first_start));
	if (a->end[0] && (!row->last_end[0] || strcmp(a->end, row->last_end) > 0))
		memcpy(row->last_end, a->end, sizeof(row->last_end));
}

static void add_stop(struct m_review_row *row, struct tally *t, const struct m_appt *a,
                     const char *since)
{
	count_status(row, a->status);
	if (since && a->updated[0] && strcmp(a->updated, since) > 0)
		t->stop_changed = 1;
	if (a->status == M_CANCELLED || a->status == M_RESCHEDULED)
		return;
	t->scheduled++;
	widen_window(row, a);
	if (a->tech_id == 0 || (t->stop_tech && t->stop_tech != a->tech_id))
		t->tech_mixed = 1;
	else
		t->stop_tech = a->tech_id;
}

static void finish_row(struct m_review_row *row, const struct tally *t, const char *since)
{
	const struct m_route *r = row->route;

	row->tech_id = r->tech_id;
	if (!row->tech_id && t->scheduled && !t->tech_mixed)
		row->tech_id = t->stop_tech;
	if (!row->tech_id)
		row->flags |= M_FLAG_UNASSIGNED;
	if (r->locked)
		row->flags |= M_FLAG_LOCKED;
	if (r->day_alert && r->day_alert[0])
		row->flags |= M_FLAG_ALERT;
	if (r->day_notes && r->day_notes[0])
		row->flags |= M_FLAG_NOTES;
	if (t->stop_changed || (since && r->updated[0] && strcmp(r->updated, since) > 0))
		row->flags |= M_FLAG_CHANGED;
}

size_t m_review_rows(const struct m_review *rv, const char *changed_since,
                     struct m_review_row **rows)
{
	struct route_list routes = { 0 };
	struct stop_list stops = { 0 };
	struct route_pos *index;
	struct debtor *debtors;
	struct tally *tallies;
	struct m_review_row *out;
	size_t n, n_debtors = 0;

	*rows = NULL;
	if (!rv)
		return 0;
	if (changed_since && !changed_since[0])
		changed_since = NULL;
	m_table_each(rv->routes, collect_route, &routes);
	n = routes.n;
	if (!n)
		return 0;
	qsort(routes.v, n, sizeof(*routes.v), cmp_route);

	out = xcalloc(n, sizeof(*out));
	tallies = xcalloc(n, sizeof(*tallies));
	index = xmalloc(n * sizeof(*index));
	for (size_t i = 0; i < n; i++) {
		out[i].route = routes.v[i];
		index[i].id = out[i].route->id;
		index[i].pos = i;
	}
	qsort(index, n, sizeof(*index), cmp_route_pos);

	stops.all = 1;
	m_table_each(rv->appts, collect_stop, &stops);
	debtors = xmalloc((stops.n ? stops.n : 1) * sizeof(*debtors));
	for (size_t i = 0; i < stops.n; i++) {
		const struct m_appt *a = stops.v[i];
		struct route_pos key = { a->route_id, 0 };
		const struct route_pos *hit = bsearch(&key, index, n, sizeof(*index), cmp_route_pos);

		if (!hit)
			continue; /* a stop of a route the review does not hold */
		add_stop(&out[hit->pos], &tallies[hit->pos], a, changed_since);
		debtors[n_debtors].pos = hit->pos;
		debtors[n_debtors].customer_id = a->customer_id;
		n_debtors++;
	}

	qsort(debtors, n_debtors, sizeof(*debtors), cmp_debtor);
	for (size_t i = 0; i < n_debtors; i++) {
		const struct m_customer *c;

		if (i && cmp_debtor(&debtors[i - 1], &debtors[i]) == 0)
			continue;
		c = m_table_get(rv->customers, debtors[i].customer_id);
		if (c)
			out[debtors[i].pos].balance_due =
				add_cents(out[debtors[i].pos].balance_due, c->balance);
	}

	for (size_t i = 0; i < n; i++)
		finish_row(&out[i], &tallies[i], changed_since);

	free(debtors);
	free(stops.v);
	free(index);
	free(tallies);
	free(routes.v);
	*rows = out;
	return n;
}

/* Stops in the order the technician drives them; an unset start after a
 * set one, then the id, so equal sequences still have one order. */
static int cmp_stop(const void *a, const void *b)
{
	const struct m_appt *x = *(const struct m_appt *const *)a;
	const struct m_appt *y = *(const struct m_appt *const *)b;
	int c;

	if (x->sequence != y->sequence)
		return (x->sequence > y->sequence) - (x->sequence < y->sequence);
	if (!x->start[0] != !y->start[0])
		return x->start[0] ? -1 : 1;
	c = strcmp(x->start, y->start);
	if (c)
		return c;
	return (x->id > y->id) - (x->id < y->id);
}

size_t m_review_stops(const struct m_review *rv, long long route_id,
                      const struct m_appt ***out)
{
	struct stop_list l = { 0 };

	*out = NULL;
	if (!rv)
		return 0;
	l.route_id = route_id;
	m_table_each(rv->appts, collect_stop, &l);
	if (l.n)
		qsort(l.v, l.n, sizeof(*l.v), cmp_stop);
	*out = l.v;
	return l.n;
}
