/* view_timeline.c: the Timeline pane: a lane per route over the day's hours, each stop a block at its window. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/strbuf.h"
#include "common/utf8.h"
#include "ui/base/list.h"
#include "ui/views/timeline_layout.h"
#include "ui/views/view_common.h"
#include "ui/views/views.h"

/*
 * Everything comes from the day's review the core holds (routes, stops,
 * their customers, the cached employees): opening the pane costs no
 * request.  The list widget keeps the lanes (rows keyed by route id, so a
 * refresh keeps the selection), filters them with / and moves between
 * them; this view paints the day column itself (view_ops.paint) and keeps
 * the stop selected inside a lane: sel_appt, and sel_min, its time, so
 * Up/Down land on the stop nearest in time in the next lane.
 *
 * Status is told by shape as well as colour: the block's first column is
 * the status glyph (! when late) and the rest is the customer's name, when
 * it fits, then a fill of its own per status.
 */

enum { COL_LANE, COL_DAY };

/* The day column takes what the lane's label leaves (a preferred width no
 * terminal has, cut toward its minimum); not VC_FLEX, so the selection
 * bar stops at the label and a lane move rewrites little. */
static const struct view_column columns[] = {
	[COL_LANE] = { N_("Technician / route"), 22, 22, 0 },
	[COL_DAY] = { N_("Day"), 2000, 30, VC_PAINT | VC_NOSORT },
};

struct lane {
	long long route_id, tech_id;
	struct timeline_block *b; /* in time order (timeline_order) */
	size_t n;
};

struct timeline {
	struct ui *ui;
	struct lane *lanes;
	size_t n;
	int first, last;          /* the day's earliest start, latest end; -1 none */
	long long sel_appt;       /* the stop last chosen with Left/Right, 0 none */
	int sel_min;              /* its start, -1 none */
	const struct m_review *built_from;
};

static struct timeline *priv(const struct view *v)
{
	return v->priv;
}

static const struct m_review *review(const struct timeline *p)
{
	return vc_review(p->ui);
}

static void free_lanes(struct timeline *p)
{
	for (size_t i = 0; i < p->n; i++)
		free(p->lanes[i].b);
	free(p->lanes);
	p->lanes = NULL;
	p->n = 0;
}

static int cmp_lane(const void *a, const void *b, void *arg)
{
	const struct lane *x = a, *y = b;
	const struct m_review *rv = arg;
	const struct m_route *rx = m_table_get(rv->routes, x->route_id);
	const struct m_route *ry = m_table_get(rv->routes, y->route_id);

	return timeline_lane_cmp(x->tech_id, rx ? rx->title : NULL, x->route_id, y->tech_id,
	                         ry ? ry->title : NULL, y->route_id);
}

static void rebuild(struct timeline *p)
{
	const struct m_review *rv = review(p);
	struct m_review_row *rows = NULL;
	size_t n;

	free_lanes(p);
	p->first = p->last = -1;
	p->built_from = rv;
	if (!rv)
		return;
	n = m_review_rows(rv, NULL, &rows);
	p->lanes = xcalloc(n ? n : 1, sizeof(*p->lanes));
	for (size_t i = 0; i < n; i++) {
		struct lane *l = &p->lanes[p->n++];
		const struct m_appt **appts = NULL;

		l->route_id = rows[i].route->id;
		l->tech_id = rows[i].tech_id;
		l->n = m_review_stops(rv, l->route_id, &appts);
		l->b = xcalloc(l->n ? l->n : 1, sizeof(*l->b));
		for (size_t k = 0; k < l->n; k++) {
			struct timeline_block *b = &l->b[k];

			b->id = appts[k]->id;
			b->sequence = appts[k]->sequence;
			b->start = timeline_minutes(appts[k]->start);
			/* The end lateness is measured from too (view_common.c),
			 * so a block and the Stops pane agree on what is late. */
			b->end = vc_stop_end(appts[k]);
			if (b->start >= 0 && (p->first < 0 || b->start < p->first))
				p->first = b->start;
			if (b->end > p->last)
				p->last = b->end;
			if (b->start > p->last)
				p->last = b->start;
		}
		timeline_order(l->b, l->n);
		free(appts);
	}
	free(rows);
	qsort_r(p->lanes, p->n, sizeof(*p->lanes), cmp_lane, (void *)rv);
}

static const struct lane *lane_at(const struct timeline *p, size_t row)
{
	return row < p->n ? &p->lanes[row] : NULL;
}

/* The lane's selected stop: the one chosen last when it is in this lane,
 * else the one nearest in time to it (the first with none); -1 for an
 * empty lane. */
static long current(const struct timeline *p, const struct lane *l)
{
	long best = -1;
	int dist = 0;

	if (!l || l->n == 0)
		return -1;
	for (size_t i = 0; i < l->n; i++)
		if (l->b[i].id == p->sel_appt)
			return (long)i;
	if (p->sel_min < 0)
		return 0;
	for (size_t i = 0; i < l->n; i++) {
		int d;

		if (l->b[i].start < 0)
			continue;
		d = abs(l->b[i].start - p->sel_min);
		if (best < 0 || d < dist) {
			best = (long)i;
			dist = d;
		}
	}
	return best < 0 ? 0 : best;
}

static const struct m_appt *appt_of(const struct timeline *p, long long id)
{
	const struct m_review *rv = review(p);

	return rv ? m_table_get(rv->appts, id) : NULL;
}

static const struct m_customer *customer_of(const struct timeline *p, const struct m_appt *a)
{
	return vc_stop_customer(p->ui, a);
}

static size_t tl_count(const struct view *v)
{
	struct timeline *p = priv(v);

	if (review(p) != p->built_from)
		rebuild(p);
	return p->n;
}

static long long tl_row_id(const struct view *v, size_t row)
{
	return row < priv(v)->n ? priv(v)->lanes[row].route_id : 0;
}

static int tl_loaded(const struct view *v, size_t row)
{
	return 1;
}

/* "Amanda Morris · Route 03"; with fit (the column's width), a label
 * longer than that names the technician by initial ("A. Morris · Route
 * 03"): cut at 22 columns, two lanes of one technician both read "Amanda
 * Morris · Route…", the route that tells them apart cut off.  The filter
 * reads the whole name. */
static void lane_label(const struct timeline *p, const struct lane *l, struct strbuf *out,
                       enum view_style *style, int fit)
{
	const struct m_review *rv = review(p);
	const struct m_route *r = rv ? m_table_get(rv->routes, l->route_id) : NULL;
	const struct m_employee *e = l->tech_id > 0 ? ui_employee(p->ui, l->tech_id) : NULL;
	size_t start = out->len;

	if (fit > 0 && e && e->fname && *e->fname && e->lname && *e->lname && r && r->title &&
	    *r->title) {
		vc_employee_name(out, p->ui, l->tech_id);
		strbuf_addf(out, " %s %s", vc_dot(), r->title);
		if (utf8_width(out->buf + start, out->len - start) <= (size_t)fit)
			return;
		strbuf_setlen(out, start);
		/* The first character, whole (the name is not yet escaped). */
		strbuf_add(out, e->fname, strnlen(e->fname, list_char_len(e->fname)));
		strbuf_addf(out, ". %s %s %s", e->lname, vc_dot(), r->title);
		return;
	}
	if (l->tech_id > 0) {
		vc_employee_name(out, p->ui, l->tech_id);
	} else {
		strbuf_adds(out, _("UNASSIGNED"));
		if (style)
			*style = VS_UNASSIGNED;
	}
	if (r && r->title && *r->title)
		strbuf_addf(out, " %s %s", vc_dot(), r->title);
}

static void tl_cell(const struct view *v, size_t row, size_t col, struct strbuf *out,
                    enum view_style *style)
{
	const struct timeline *p = priv(v);
	const struct lane *l = lane_at(p, row);
	size_t done = 0;

	if (!l)
		return;
	if (col == COL_LANE) {
		lane_label(p, l, out, style, columns[COL_LANE].width);
		return;
	}
	/* What copying the row and the default filter read. */
	for (size_t i = 0; i < l->n; i++) {
		const struct m_appt *a = appt_of(p, l->b[i].id);

		done += a && a->status == M_COMPLETED;
	}
	strbuf_addf(out, ngettext("%zu stop", "%zu stops", l->n), l->n);
	strbuf_addf(out, ", %zu %s", done, vc_status_text(M_COMPLETED));
}

static int tl_match(const struct view *v, size_t row, const char *filter)
{
	const struct timeline *p = priv(v);
	const struct lane *l = lane_at(p, row);
	struct strbuf sb = STRBUF_INIT;
	int hit;

	if (!l)
		return 0;
	lane_label(p, l, &sb, NULL, 0);
	hit = vc_contains(strbuf_str(&sb), filter);
	for (size_t i = 0; !hit && i < l->n; i++) {
		const struct m_customer *c = customer_of(p, appt_of(p, l->b[i].id));

		if (!c)
			continue;
		strbuf_reset(&sb);
		vc_customer_name(&sb, c);
		hit = vc_contains(strbuf_str(&sb), filter);
	}
	strbuf_free(&sb);
	return hit;
}

/* Minutes since midnight now when the day under review is today, else -1:
 * the "now" line and lateness exist only on today (ui_minutes_now, which
 * the Stops pane's late mark reads too). */
static int now_minutes(const struct timeline *p)
{
	return p->ui ? ui_minutes_now(p->ui) : -1;
}

static void put_text(struct view_paint *out, int width, int at, const char *s, int style)
{
	if (at >= 0 && at < width) {
		snprintf(out[at].text, sizeof(out[at].text), "%s", s);
		out[at].style = (unsigned char)style;
	}
}

/* Fitted text into columns [at, at + room): one cell per display column,
 * a wide character's second column left empty.  Returns columns used. */
static int put_fitted(struct view_paint *out, int width, int at, const char *s, int room,
                      int style, int ascii, int utf8)
{
	struct strbuf fit = STRBUF_INIT;
	int used = 0, w;

	w = (int)utf8_width(s, strlen(s));
	list_fit(&fit, s, strlen(s), w < room ? w : room, 0, ascii, utf8);
	for (size_t i = 0; i < fit.len && used < room;) {
		size_t n = list_char_len(fit.buf + i);
		int cw = utf8 ? (int)utf8_width(fit.buf + i, n) : 1;
		char ch[8];

		if (n >= sizeof(ch) || used + cw > room)
			break;
		memcpy(ch, fit.buf + i, n);
		ch[n] = '\0';
		put_text(out, width, at + used, ch, style);
		for (int k = 1; k < cw; k++)
			put_text(out, width, at + used + k, "", style);
		used += cw > 0 ? cw : 1;
		i += n;
	}
	strbuf_free(&fit);
	return used;
}

/* A block's fill after its name: its own per status, so status reads
 * without colour. */
static const char *fill_of(int status, int ascii)
{
	switch (status) {
	case M_COMPLETED: return ascii ? "#" : "\xe2\x96\x88";   /* █ */
	case M_PENDING: return ascii ? "-" : "\xe2\x96\x91";     /* ░ */
	case M_NOSHOW: return ascii ? "x" : "\xe2\x95\xb3";      /* ╳ */
	case M_CANCELLED: return ascii ? "/" : "\xe2\x95\x8c";   /* ╌ */
	default: return "~";
	}
}

/* Where the day column's parts go for a width. */
static void split_width(int width, int *axis_w, int *nt_w)
{
	*nt_w = width >= 100 ? 10 : width >= 40 ? 8 : 2;
	*axis_w = width - *nt_w - 1;
	if (*axis_w < 1)
		*axis_w = 1;
}

static void paint_title(const struct timeline *p, const struct timeline_axis *ax, int width,
                        int nt_w, int now, int ascii, int utf8, struct view_paint *out)
{
	int next = 0, at = -1;
	char hh[12];

	/* The now mark first: an hour's label that would cover it gives way. */
	if (now >= ax->from && now < ax->to) {
		at = timeline_col(ax, now);
		put_text(out, width, at, ascii ? "v" : "\xe2\x96\xbc", VS_NORMAL);
	}
	for (int h = (ax->from + 59) / 60; h * 60 < ax->to; h++) {
		int c = timeline_col(ax, h * 60);

		if (c < next || c + 2 > ax->width || at == c || at == c + 1)
			continue;
		snprintf(hh, sizeof(hh), "%02d", h);
		put_fitted(out, width, c, hh, 2, VS_NORMAL, ascii, utf8);
		next = c + 3;
	}
	put_text(out, width, ax->width, ascii ? "|" : "\xe2\x94\x82", VS_NORMAL);
	put_fitted(out, width, ax->width + 1, _("no time"), nt_w, VS_NORMAL, ascii, utf8);
}

static void paint_block(const struct timeline *p, const struct timeline_block *b, int now,
                        int selected, int width, int ascii, int utf8, struct view_paint *out)
{
	const struct m_appt *a = appt_of(p, b->id);
	const struct m_customer *c = customer_of(p, a);
	int status = a ? a->status : -1, st = vc_status_style(status);
	int late = a && vc_stop_late(a, now);
	int room = b->c1 - b->c0 - 1, used = 0;

	put_text(out, width, b->c0, late ? "!" : vc_status_glyph(status), late ? VS_ALERT : st);
	if (room >= 3 && c) {
		struct strbuf name = STRBUF_INIT;

		vc_customer_name(&name, c);
		used = put_fitted(out, width, b->c0 + 1, strbuf_str(&name), room, st, ascii, utf8);
		strbuf_free(&name);
	}
	for (int k = b->c0 + 1 + used; k < b->c1; k++)
		put_text(out, width, k, fill_of(status, ascii), st);
	for (int k = b->c0; selected && k < b->c1 && k < width; k++)
		out[k].selected = 1;
}

static void tl_paint(const struct view *v, size_t row, size_t col, int width, int selected,
                     int ascii, int utf8, struct view_paint *out, int *cursor)
{
	const struct timeline *p = priv(v);
	const struct lane *l = lane_at(p, row);
	struct timeline_axis ax;
	struct timeline_block *b;
	int axis_w, nt_w, now = now_minutes(p);
	long cur;

	*cursor = -1;
	if (col != COL_DAY || width <= 0)
		return;
	split_width(width, &axis_w, &nt_w);
	timeline_axis_fit(&ax, p->first, p->last, axis_w);
	if (row == VIEW_TITLE_ROW) {
		paint_title(p, &ax, width, nt_w, now, ascii, utf8, out);
		return;
	}
	/* The no-time column's border and the now line (no hour ticks: a
	 * dot would read as the pending glyph). */
	if (now >= ax.from && now < ax.to)
		put_text(out, width, timeline_col(&ax, now), ascii ? ":" : "\xe2\x94\x83", VS_ALERT);
	put_text(out, width, axis_w, ascii ? "|" : "\xe2\x94\x82", VS_DIM);
	if (!l || l->n == 0)
		return;
	b = xcalloc(l->n, sizeof(*b));
	memcpy(b, l->b, l->n * sizeof(*b));
	cur = selected ? current(p, l) : -1;
	timeline_place(b, l->n, &ax, axis_w + 1, nt_w);
	for (size_t i = 0; i < l->n; i++) {
		if (b[i].c0 < 0) {
			/* No room left: a + says there is more than shows. */
			int at = b[i].start >= 0 ? axis_w - 1 : axis_w + nt_w;

			put_text(out, width, at, "+", VS_DIM);
			if ((long)i == cur) {
				out[at].selected = 1;
				*cursor = at;
			}
			continue;
		}
		paint_block(p, &b[i], now, (long)i == cur, width, ascii, utf8, out);
		if ((long)i == cur)
			*cursor = b[i].c0;
	}
	free(b);
}

static int tl_across(struct view *v, struct ui *ui, size_t row, int dir)
{
	struct timeline *p = priv(v);
	const struct lane *l = lane_at(p, row);
	long cur = current(p, l), next = cur + (dir < 0 ? -1 : 1);

	if (cur < 0 || next < 0 || (size_t)next >= l->n)
		return 0;
	p->sel_appt = l->b[next].id;
	if (l->b[next].start >= 0)
		p->sel_min = l->b[next].start;
	return 1;
}

static long long tl_item(const struct view *v, size_t row)
{
	const struct timeline *p = priv(v);
	const struct lane *l = lane_at(p, row);
	long cur = current(p, l);

	return cur < 0 ? 0 : l->b[cur].id;
}

static void tl_open(struct view *v, struct ui *ui)
{
	/* No review yet: the core fetches it and tells every view. */
	priv(v)->ui = ui;
	rebuild(priv(v));
}

static void tl_want(struct view *v, struct ui *ui, size_t first, size_t last)
{
	/* The stops come with the review. */
}

static int tl_result(struct view *v, struct ui *ui, struct fetch_result *r)
{
	priv(v)->ui = ui;
	if (r->kind != FETCH_REVIEW && r->kind != FETCH_REFRESH)
		return 0;
	if (r->kind == FETCH_REVIEW && vc_result_failed(ui, r))
		return 0;
	rebuild(priv(v));
	return 1;
}

static void tl_enter(struct view *v, struct ui *ui, size_t row)
{
	const struct m_appt *a = appt_of(priv(v), tl_item(v, row));

	if (a && a->customer_id > 0)
		ui_open(ui, UI_VIEW_DETAIL, &(struct ui_view_args){ a->customer_id, "customer", NULL });
	else if (!a)
		ui_message(ui, "%s", _("No stop on this lane"));
}

static int tl_command(struct view *v, struct ui *ui, const char *name, const char *args)
{
	return 0;
}

static void tl_destroy(struct view *v)
{
	struct timeline *p = priv(v);

	if (!p)
		return;
	free_lanes(p);
	free(p);
	v->priv = NULL;
}

static const struct view_ops timeline_ops = {
	.name = "timeline",
	.title = N_("Timeline"),
	.columns = columns,
	.n_columns = sizeof(columns) / sizeof(columns[0]),
	.count = tl_count,
	.row_id = tl_row_id,
	.loaded = tl_loaded,
	.cell = tl_cell,
	.compare = NULL,
	.match = tl_match,
	.preview = NULL,
	.paint = tl_paint,
	.across = tl_across,
	.item = tl_item,
	.open = tl_open,
	.want = tl_want,
	.result = tl_result,
	.enter = tl_enter,
	/* The stops are the review's: r and R refresh the day (dispatch.c). */
	.refresh = NULL,
	.command = tl_command,
	.destroy = tl_destroy,
};

struct view *view_timeline_new(void)
{
	struct timeline *p = xcalloc(1, sizeof(*p));

	p->sel_min = -1;
	p->first = p->last = -1;
	return ui_view_new(&timeline_ops, p);
}
