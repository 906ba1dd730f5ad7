/* view_routes.c: the Routes pane, the day's route review (the console's home). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/strbuf.h"
#include "ui/views/view_common.h"
#include "ui/views/views.h"

/*
 * The review belongs to the UI core: it stores the FETCH_REVIEW result,
 * applies refresh changes to it (replacing rows in its tables), and calls
 * every view's result op after each change.  This view rebuilds its lines
 * (m_review_rows, linear in the day's stops) then, and when the review
 * itself is another one, not on every count: a big day has thousands of
 * stops and the list asks for the count many times per key.  Between
 * rebuilds it keeps route ids, never pointers into the review, and looks a
 * route up again when it draws a cell, so a change the core makes without
 * telling can make a line stale but never dangling.
 *
 * "Changed since the last look": when a day's review is first shown, its
 * newest dateUpdated is the mark; a route whose route or stops were updated
 * later carries '*'.  Opening a route (Enter) is a look at that route: its
 * own mark moves to its newest update.
 */

enum { COL_ROUTE, COL_TECH, COL_STOPS, COL_TOTAL, COL_WINDOW, COL_DUE, COL_FLAGS };

/* A route's title stops at twice its width (VC_CAP): at 200 columns it
 * took 115 and the counts stood a hundred blanks from the route they
 * count; the rest of a wide terminal stays blank at the right. */
static const struct view_column columns[] = {
	[COL_ROUTE] = { N_("Route"), 16, 8, VC_FLEX | VC_CAP },
	[COL_TECH] = { N_("Technician"), 18, 10, VC_GROW },
	[COL_STOPS] = { N_("D/P/N/C"), 11, 7, 0 },
	/* Five columns wide: not the pane's title ("Paradas" was cut). */
	/* TRANSLATORS: a 5-column title over each route's number of stops. */
	[COL_TOTAL] = { NC_("column of 5", "Stops"), 5, 3, VC_RIGHT },
	[COL_WINDOW] = { N_("Window"), 11, 11, 0 },
	[COL_DUE] = { N_("Due"), 10, 8, VC_RIGHT },
	[COL_FLAGS] = { N_("Flags"), 5, 4, 0 },
};

struct looked {
	long long route_id;
	char seen[20];
};

struct routes {
	struct ui *ui;
	struct m_review_row *rows; /* route pointers valid only while rebuilding */
	long long *ids;            /* the rows' route ids */
	size_t n;
	char date[11];             /* the day the marks belong to */
	char seen[20];             /* newest update when the day was first shown */
	struct looked *looked;     /* routes opened since */
	size_t n_looked;
	const struct m_review *built_from; /* the review the lines were made of */
};

static struct routes *priv(const struct view *v)
{
	return v->priv;
}

static const struct m_review *review(const struct routes *p)
{
	return vc_review(p->ui);
}

static void newer(char *mark, const char *updated)
{
	if (strcmp(updated, mark) > 0)
		memcpy(mark, updated, 20);
}

struct newest {
	char mark[20];
	int appts;
};

static void newest_of(void *row, void *ctx)
{
	struct newest *n = ctx;

	if (n->appts)
		newer(n->mark, ((const struct m_appt *)row)->updated);
	else
		newer(n->mark, ((const struct m_route *)row)->updated);
}

/* The newest dateUpdated of the whole review. */
static void review_newest(const struct m_review *rv, char mark[20])
{
	struct newest n = { "", 0 };

	m_table_each(rv->routes, newest_of, &n);
	n.appts = 1;
	m_table_each(rv->appts, newest_of, &n);
	/* No dates at all yet: any later update is a change ("" would turn
	 * the test off). */
	memcpy(mark, n.mark[0] ? n.mark : "0000-00-00 00:00:00", 20);
}

/* The newest dateUpdated of one route and its stops. */
static void route_newest(const struct m_review *rv, long long route_id, char mark[20])
{
	const struct m_route *r = m_table_get(rv->routes, route_id);
	const struct m_appt **stops = NULL;
	size_t n = m_review_stops(rv, route_id, &stops);

	mark[0] = '\0';
	if (r)
		newer(mark, r->updated);
	for (size_t i = 0; i < n; i++)
		newer(mark, stops[i]->updated);
	free(stops);
}

static const struct looked *looked_at(const struct routes *p, long long route_id)
{
	for (size_t i = 0; i < p->n_looked; i++)
		if (p->looked[i].route_id == route_id)
			return &p->looked[i];
	return NULL;
}

static void rebuild(struct routes *p)
{
	const struct m_review *rv = review(p);

	free(p->rows);
	free(p->ids);
	p->rows = NULL;
	p->ids = NULL;
	p->n = 0;
	p->built_from = rv;
	if (!rv)
		return;
	if (strcmp(p->date, rv->date) != 0) {
		/* A new day: what is there now is what the dispatcher first sees. */
		memcpy(p->date, rv->date, sizeof(p->date));
		review_newest(rv, p->seen);
		free(p->looked);
		p->looked = NULL;
		p->n_looked = 0;
	}
	p->n = m_review_rows(rv, p->seen, &p->rows);
	p->ids = xcalloc(p->n ? p->n : 1, sizeof(*p->ids));
	for (size_t i = 0; i < p->n; i++) {
		const struct looked *lk;
		char mark[20];

		p->ids[i] = p->rows[i].route->id;
		lk = looked_at(p, p->ids[i]);
		if (!lk || !(p->rows[i].flags & M_FLAG_CHANGED))
			continue;
		route_newest(rv, p->ids[i], mark);
		if (strcmp(mark, lk->seen) <= 0)
			p->rows[i].flags &= ~(unsigned)M_FLAG_CHANGED;
	}
}

static size_t routes_count(const struct view *v)
{
	struct routes *p = priv(v);

	if (review(p) != p->built_from)
		rebuild(p);
	return p->n;
}

static long long routes_row_id(const struct view *v, size_t row)
{
	return row < priv(v)->n ? priv(v)->ids[row] : 0;
}

static int routes_loaded(const struct view *v, size_t row)
{
	return 1;
}

static const struct m_route *route_at(const struct routes *p, size_t row)
{
	const struct m_review *rv = review(p);

	return rv && row < p->n ? m_table_get(rv->routes, p->ids[row]) : NULL;
}

static void route_title(struct strbuf *out, const struct m_route *r, long long id)
{
	if (r && r->title && *r->title)
		strbuf_adds(out, r->title);
	else
		strbuf_addf(out, "#%lld", id);
}

static void tech_name(struct strbuf *out, const struct routes *p, long long tech_id,
                      enum view_style *style)
{
	if (tech_id == 0) {
		strbuf_adds(out, _("UNASSIGNED"));
		if (style)
			*style = VS_UNASSIGNED;
		return;
	}
	vc_employee_name(out, p->ui, tech_id);
}

static void flags_text(struct strbuf *out, unsigned flags, enum view_style *style)
{
	/* Letters, not colours: L locked, ! day alert, N day notes, * changed. */
	if (flags & M_FLAG_LOCKED)
		strbuf_addc(out, 'L');
	if (flags & M_FLAG_ALERT)
		strbuf_addc(out, '!');
	if (flags & M_FLAG_NOTES)
		strbuf_addc(out, 'N');
	if (flags & M_FLAG_CHANGED)
		strbuf_addc(out, '*');
	if (style && (flags & M_FLAG_ALERT))
		*style = VS_ALERT;
	else if (style && (flags & M_FLAG_CHANGED))
		*style = VS_CHANGED;
}

static void routes_cell(const struct view *v, size_t row, size_t col, struct strbuf *out,
                        enum view_style *style)
{
	const struct routes *p = priv(v);
	const struct m_review_row *rr;

	if (row >= p->n)
		return;
	rr = &p->rows[row];
	switch (col) {
	case COL_ROUTE:
		route_title(out, route_at(p, row), p->ids[row]);
		break;
	case COL_TECH:
		tech_name(out, p, rr->tech_id, style);
		break;
	case COL_STOPS:
		/* A stop rescheduled away is no visit today either: in C, so
		 * that the four add up to the Stops column. */
		strbuf_addf(out, "%d/%d/%d/%d", rr->done, rr->pending, rr->noshow,
		            rr->cancelled + rr->rescheduled);
		if (style && rr->total > 0 && rr->pending == 0)
			*style = VS_DONE;
		break;
	case COL_TOTAL:
		strbuf_addf(out, "%d", rr->total);
		break;
	case COL_WINDOW:
		vc_span(out, rr->first_start, rr->last_end);
		break;
	case COL_DUE:
		vc_money_due(out, rr->balance_due, style);
		break;
	case COL_FLAGS:
		flags_text(out, rr->flags, style);
		break;
	}
}

static int routes_compare(const struct view *v, size_t a, size_t b, size_t col)
{
	const struct routes *p = priv(v);
	const struct m_review_row *x, *y;
	int c = 0;

	if (a >= p->n || b >= p->n)
		return vc_cmp_ll((long long)a, (long long)b);
	x = &p->rows[a];
	y = &p->rows[b];
	switch (col) {
	case COL_STOPS:
		/* Most done first reads as progress; then the most still to do. */
		c = vc_cmp_ll(x->done, y->done);
		if (!c)
			c = vc_cmp_ll(x->pending, y->pending);
		break;
	case COL_TOTAL:
		c = vc_cmp_ll(x->total, y->total);
		break;
	case COL_WINDOW:
		c = strcmp(x->first_start, y->first_start);
		if (!c)
			c = strcmp(x->last_end, y->last_end);
		break;
	case COL_DUE:
		c = vc_cmp_ll(x->balance_due, y->balance_due);
		break;
	case COL_FLAGS:
		c = vc_cmp_ll(x->flags, y->flags);
		break;
	default:
		c = vc_cmp_cells(v, a, b, col);
	}
	/* Equal keys keep the review's order (title, then id). */
	return c ? c : vc_cmp_ll((long long)a, (long long)b);
}

static int routes_match(const struct view *v, size_t row, const char *filter)
{
	const struct m_route *r = route_at(priv(v), row);

	if (vc_match_cells(v, row, filter))
		return 1;
	return r && (vc_contains(r->group_title, filter) || vc_contains(r->day_notes, filter) ||
	             vc_contains(r->day_alert, filter));
}

/* "2026-11-20 · 12 routes": the day the rows are of, which may still be
 * the previous one while the next day loads. */
static void set_subtitle(struct view *v)
{
	const struct routes *p = priv(v);
	const struct m_review *rv = review(p);
	struct strbuf sb = STRBUF_INIT;

	if (!rv) {
		v->subtitle[0] = '\0';
		return;
	}
	strbuf_addf(&sb, "%s %s ", rv->date, vc_dot());
	strbuf_addf(&sb, ngettext("%zu route", "%zu routes", p->n), p->n);
	vc_subtitle(v, "%s", strbuf_str(&sb));
	strbuf_free(&sb);
}

static void routes_open(struct view *v, struct ui *ui)
{
	/* No review fetch here: the core's is already on its way when the
	 * pane opens (a second one would cost the day's 3-6 requests again);
	 * its result op rebuilds the rows when it lands. */
	priv(v)->ui = ui;
	rebuild(priv(v));
	set_subtitle(v);
}

static void routes_want(struct view *v, struct ui *ui, size_t first, size_t last)
{
	/* The review is loaded whole. */
}

static int routes_result(struct view *v, struct ui *ui, struct fetch_result *r)
{
	struct routes *p = priv(v);

	p->ui = ui;
	if (r->kind != FETCH_REVIEW && r->kind != FETCH_REFRESH)
		return 0;
	/* The core took the review before this call; a failed refresh is the
	 * core's to report (its own slot). */
	if (r->kind == FETCH_REVIEW && vc_result_failed(ui, r))
		return 0;
	rebuild(p);
	set_subtitle(v);
	return 1;
}

static void routes_enter(struct view *v, struct ui *ui, size_t row)
{
	struct routes *p = priv(v);
	const struct m_review *rv = review(p);
	struct looked *lk;
	long long id;

	if (row >= p->n || !rv)
		return;
	id = p->ids[row];
	lk = (struct looked *)looked_at(p, id);
	if (!lk) {
		p->looked = xrealloc(p->looked, (p->n_looked + 1) * sizeof(*p->looked));
		lk = &p->looked[p->n_looked++];
		lk->route_id = id;
	}
	route_newest(rv, id, lk->seen);
	rebuild(p);
	ui_open(ui, UI_VIEW_STOPS, &(struct ui_view_args){ id, NULL, NULL });
}

static int routes_command(struct view *v, struct ui *ui, const char *name, const char *args)
{
	return 0;
}

static void routes_destroy(struct view *v)
{
	struct routes *p = priv(v);

	if (!p)
		return;
	free(p->rows);
	free(p->ids);
	free(p->looked);
	free(p);
	v->priv = NULL;
}

const char *const view_routes_legend[] = {
	N_("Flags: L locked, ! day alert, N day notes, * changed since you looked"),
	N_("D/P/N/C: done, pending, no-show, cancelled or rescheduled stops"),
	NULL,
};

static const struct view_ops routes_ops = {
	.name = "routes",
	.title = N_("Routes"),
	.columns = columns,
	.n_columns = sizeof(columns) / sizeof(columns[0]),
	.count = routes_count,
	.row_id = routes_row_id,
	.loaded = routes_loaded,
	.cell = routes_cell,
	.compare = routes_compare,
	.match = routes_match,
	/* No preview: the flags column says locked, alert, notes and changed,
	 * and the day's alert and notes head the Stops preview one Enter away.
	 * A preview whose text follows the selection would rewrite its lines
	 * on every j (more than the row itself); without it a move costs the
	 * two rows whose highlight changes. */
	.preview = NULL,
	.legend = view_routes_legend,
	.open = routes_open,
	.want = routes_want,
	.result = routes_result,
	.enter = routes_enter,
	/* r and R on the review panes are the core's (what changed since the
	 * last sync, or the whole day again): no refresh op. */
	.refresh = NULL,
	.command = routes_command,
	.destroy = routes_destroy,
};

struct view *view_routes_new(void)
{
	return ui_view_new(&routes_ops, xcalloc(1, sizeof(struct routes)));
}
