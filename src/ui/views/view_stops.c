/* view_stops.c: the Stops pane: one route's stops in order, with a preview of the selected one. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/strbuf.h"
#include "ui/views/view_common.h"
#include "ui/views/views.h"

/*
 * Everything shown comes from the day's review (the stops, their customers,
 * the cached employees and service types): selecting a stop costs no
 * request.  As in the Routes pane, the stop order is rebuilt when the core
 * says the review changed (the result op) or the review is another one, and
 * rows are appointment ids looked up again in the review on every call,
 * because the core replaces review rows when a refresh lands.
 *
 * Marks, as the Timeline and Routes panes make them: a late stop (pending,
 * its window ended, today only: vc_stop_late, the Timeline's rule) says
 * "! late" in the alert style instead of "· pending"; a stop changed by the
 * latest refresh that changed the route (a newer dateUpdated than the
 * route's newest before it, the Routes pane's test) has a '*' before its
 * number, in the changed style.  The mark lasts until the next refresh that
 * changes the route, so the stop completed a minute ago stands out rather
 * than every stop that changed since the route was opened; a first look,
 * or another day, marks nothing.
 */

enum {
	COL_SEQ, COL_WINDOW, COL_CUSTOMER, COL_CITY, COL_SERVICE, COL_STATUS, COL_CALL,
	COL_INOUT, COL_OWED,
};

/* Preferred widths fit the usual text ("Commercial Pest Control"), so a wide
 * terminal cuts none; the windows keep their width (min = width:
 * "07:38-08:0…" says less than a dropped column); money keeps room for
 * 99999.99.  The name is what a dispatcher reads a stop by, so a narrow
 * terminal (80 columns, a thin client) gives up whole columns before it
 * cuts the name (VC_DROP, list_layout): first Call, a rare "yes" that the
 * preview says too; then In-Out, blank on every stop still to do, which
 * are the ones a dispatcher acts on, and whose visits the status already
 * says were done; then City, in the preview's address, and a route's stops
 * lie in a few neighbouring towns anyway.  The service and the status
 * stay: they say what the visit is and where it stands.  The name grows at
 * most to 40 columns (VC_CAP): a wider one puts the figures far from it. */
/* The sequence keeps its three columns (a mark and two digits, "*10"):
 * fitted to its cells, a refresh's mark widened it and moved every column
 * after it. */
static const struct view_column columns[] = {
	[COL_SEQ] = { N_("#"), 3, 3, VC_RIGHT },
	[COL_WINDOW] = { N_("Window"), 14, 14, 0 },
	[COL_CUSTOMER] = { N_("Customer"), 20, 10, VC_FLEX | VC_CAP },
	[COL_CITY] = { N_("City"), 12, 5, VC_GROW | VC_DROP(3) },
	[COL_SERVICE] = { N_("Service"), 23, 5, VC_GROW },
	[COL_STATUS] = { N_("Status"), 13, 11, 0 },
	[COL_CALL] = { N_("Call"), 4, 4, VC_DROP(1) },
	[COL_INOUT] = { N_("In-Out"), 11, 11, VC_DROP(2) },
	[COL_OWED] = { N_("Owed"), 9, 8, VC_RIGHT },
};

struct stops {
	struct ui *ui;
	long long route_id;
	long long *ids; /* appointment ids in route order */
	size_t n;
	const struct m_review *built_from;
	char day[11];     /* the day the marks below belong to */
	char newest[20];  /* the newest dateUpdated of the route's stops */
	char changed[20]; /* newest before the latest refresh that moved it:
	                   * stops updated after it are marked; "" none */
};

static struct stops *priv(const struct view *v)
{
	return v->priv;
}

static const struct m_review *review(const struct stops *p)
{
	return vc_review(p->ui);
}

static void rebuild(struct stops *p)
{
	const struct m_review *rv = review(p);
	const struct m_appt **appts = NULL;
	char newest[20] = "";

	free(p->ids);
	p->ids = NULL;
	p->n = 0;
	p->built_from = rv;
	if (!rv)
		return;
	p->n = m_review_stops(rv, p->route_id, &appts);
	p->ids = xcalloc(p->n ? p->n : 1, sizeof(*p->ids));
	for (size_t i = 0; i < p->n; i++) {
		p->ids[i] = appts[i]->id;
		if (strcmp(appts[i]->updated, newest) > 0)
			memcpy(newest, appts[i]->updated, sizeof(newest));
	}
	free(appts);
	if (strcmp(rv->date, p->day) != 0) {
		snprintf(p->day, sizeof(p->day), "%s", rv->date);
		memcpy(p->newest, newest, sizeof(newest));
		p->changed[0] = '\0';
	} else if (strcmp(newest, p->newest) > 0) {
		memcpy(p->changed, p->newest, sizeof(p->changed));
		memcpy(p->newest, newest, sizeof(newest));
	}
}

/* 1 when the latest refresh that changed the route changed this stop. */
static int changed(const struct stops *p, const struct m_appt *a)
{
	return p->changed[0] && strcmp(a->updated, p->changed) > 0;
}

static const struct m_appt *appt_at(const struct stops *p, size_t row)
{
	const struct m_review *rv = review(p);

	return rv && row < p->n ? m_table_get(rv->appts, p->ids[row]) : NULL;
}

static const struct m_customer *customer_of(const struct stops *p, const struct m_appt *a)
{
	return vc_stop_customer(p->ui, a);
}

static size_t stops_count(const struct view *v)
{
	struct stops *p = priv(v);

	if (review(p) != p->built_from)
		rebuild(p);
	return p->n;
}

static long long stops_row_id(const struct view *v, size_t row)
{
	return row < priv(v)->n ? priv(v)->ids[row] : 0;
}

static int stops_loaded(const struct view *v, size_t row)
{
	return 1;
}

static void window_text(struct strbuf *out, const struct m_appt *a)
{
	vc_span(out, a->start, a->end);
	if (a->time_window && *a->time_window)
		strbuf_addf(out, "%s%s", out->len ? " " : "", a->time_window);
}

static void stops_cell(const struct view *v, size_t row, size_t col, struct strbuf *out,
                       enum view_style *style)
{
	const struct stops *p = priv(v);
	const struct m_appt *a = appt_at(p, row);
	const struct m_customer *c = customer_of(p, a);

	if (!a)
		return;
	switch (col) {
	case COL_SEQ:
		/* The Routes pane's letter for a change, where every row has
		 * room for it. */
		if (changed(p, a)) {
			strbuf_addc(out, '*');
			if (style)
				*style = VS_CHANGED;
		}
		strbuf_addf(out, "%d", a->sequence);
		break;
	case COL_WINDOW:
		window_text(out, a);
		break;
	case COL_CUSTOMER:
		if (c)
			vc_customer_name(out, c);
		else
			strbuf_addf(out, "#%lld", a->customer_id);
		break;
	case COL_CITY:
		if (c && c->city)
			strbuf_adds(out, c->city);
		break;
	case COL_SERVICE:
		vc_service_type(out, p->ui, a->service_type_id);
		break;
	case COL_STATUS:
		vc_stop_status(out, a, ui_minutes_now(p->ui), style);
		break;
	case COL_CALL:
		if (a->call_ahead)
			strbuf_adds(out, _("yes"));
		break;
	case COL_INOUT:
		vc_span(out, a->time_in, a->time_out);
		break;
	case COL_OWED:
		if (c)
			vc_money_due(out, c->balance, style);
		break;
	}
}

/* Status order as a dispatcher reads a route: open work first. */
static int status_rank(int status)
{
	switch (status) {
	case M_PENDING: return 0;
	case M_NOSHOW: return 1;
	case M_COMPLETED: return 2;
	case M_RESCHEDULED: return 3;
	case M_CANCELLED: return 4;
	default: return 5;
	}
}

static int stops_compare(const struct view *v, size_t a, size_t b, size_t col)
{
	const struct stops *p = priv(v);
	const struct m_appt *x = appt_at(p, a), *y = appt_at(p, b);
	const struct m_customer *cx, *cy;
	int c = 0;

	if (!x || !y)
		return vc_cmp_ll(x ? 0 : 1, y ? 0 : 1);
	cx = customer_of(p, x);
	cy = customer_of(p, y);
	switch (col) {
	case COL_SEQ:
		c = vc_cmp_ll(x->sequence, y->sequence);
		break;
	case COL_WINDOW:
		c = strcmp(x->start, y->start);
		if (!c)
			c = strcmp(x->end, y->end);
		break;
	case COL_STATUS: {
		/* A late stop is the most open work of all. */
		int now = ui_minutes_now(p->ui);

		c = vc_cmp_ll(vc_stop_late(x, now) ? -1 : status_rank(x->status),
		              vc_stop_late(y, now) ? -1 : status_rank(y->status));
		break;
	}
	case COL_CALL:
		c = vc_cmp_ll(x->call_ahead, y->call_ahead);
		break;
	case COL_OWED:
		c = vc_cmp_ll(cx ? cx->balance : 0, cy ? cy->balance : 0);
		break;
	default:
		c = vc_cmp_cells(v, a, b, col);
	}
	/* Equal keys keep the route's order. */
	return c ? c : vc_cmp_ll((long long)a, (long long)b);
}

static int stops_match(const struct view *v, size_t row, const char *filter)
{
	const struct stops *p = priv(v);
	const struct m_appt *a = appt_at(p, row);
	const struct m_customer *c = customer_of(p, a);

	if (vc_match_cells(v, row, filter))
		return 1;
	return c && (vc_contains(c->address, filter) || vc_contains(c->phone, filter) ||
	             vc_contains(c->zip, filter));
}

static void line(struct strbuf *out, const char *label, const char *text)
{
	if (text && *text)
		strbuf_addf(out, "%s: %s\n", label, text);
}

/* The customer's column: what every customer has, each on its line,
 * then what some have. */
static void customer_lines(struct strbuf *out, const struct m_customer *c)
{
	vc_customer_lines(out, c);
	if (c->company && *c->company && (*c->lname || *c->fname))
		strbuf_addf(out, "%s: %s %s\n", _("Contact"), c->fname ? c->fname : "",
		            c->lname ? c->lname : "");
	line(out, _("Customer notes"), c->red_notes);
}

/*
 * Two columns (list.h's LIST_PREVIEW_BREAK), the customer and the stop,
 * each with the lines every stop has first, at the same place for every
 * stop, and the ones only some have under them: a row down then rewrites
 * the text that differs, not lines pushed down by a note the last stop
 * had.  The status word is padded to the widest one, so the window after
 * it keeps its column.
 */
static void stops_preview(const struct view *v, size_t row, struct strbuf *out)
{
	const struct stops *p = priv(v);
	const struct m_appt *a = appt_at(p, row);
	const struct m_customer *c = customer_of(p, a);
	const struct m_review *rv = review(p);
	const struct m_route *r = rv ? m_table_get(rv->routes, p->route_id) : NULL;
	struct strbuf t = STRBUF_INIT;
	size_t from;

	if (!a)
		return;
	/* The route's day alert and notes first: the Routes pane shows only
	 * their flags, and an alert (a gate code, a dog) matters at every
	 * stop.  The same lines for every stop cost nothing to redraw. */
	if (r) {
		line(out, _("Day alert"), r->day_alert);
		line(out, _("Day notes"), r->day_notes);
	}
	if (c)
		customer_lines(out, c);
	else
		strbuf_addf(out, "%s #%lld\n", _("Customer"), a->customer_id);
	strbuf_addc(out, LIST_PREVIEW_BREAK);
	from = out->len;
	vc_stop_status(out, a, ui_minutes_now(p->ui), NULL);
	/* Padded from the word, after its glyph and a blank. */
	from += strcspn(out->buf + from, " ") + 1;
	if (a->start[0]) {
		vc_pad(out, from, vc_status_width());
		strbuf_adds(out, " ");
		window_text(out, a);
	}
	if (a->time_in[0]) {
		strbuf_addf(out, " %s %s ", vc_dot(), _("in/out"));
		vc_span(out, a->time_in, a->time_out);
	}
	strbuf_addc(out, '\n');
	vc_service_type(&t, p->ui, a->service_type_id);
	if (a->subscription_id > 0)
		strbuf_addf(out, "%s #%lld %s %s\n", _("Subscription"), a->subscription_id, vc_dot(),
		            strbuf_str(&t));
	else
		strbuf_addf(out, "%s %s %s\n", _("Stand-alone service"), vc_dot(), strbuf_str(&t));
	strbuf_free(&t);
	/* No line when the stop names no technician of its own (the
	 * route's is in the Routes pane): the stops of a route mostly all
	 * name one or none, so the lines under it seldom move. */
	if (a->tech_id > 0) {
		strbuf_addf(out, "%s: ", _("Technician"));
		vc_employee_name(out, p->ui, a->tech_id);
		strbuf_addc(out, '\n');
	}
	/* The Call column is the first a narrow terminal gives up: the
	 * preview says it still, yes or no on every stop, so that the lines
	 * under it stay where they are from stop to stop (a line for the
	 * yes alone moved them, and cost a row down 50 bytes more). */
	strbuf_addf(out, "%s: %s\n", _("Call ahead"), a->call_ahead ? _("yes") : _("no"));
	if (a->ticket_id > 0)
		strbuf_addf(out, "%s #%lld\n", _("Open ticket"), a->ticket_id);
	line(out, _("Appointment notes"), a->notes);
	line(out, _("Office notes"), a->office_notes);
}

/* "Route 03 · 2026-11-20", or "route 12" until the review is there. */
static void set_subtitle(struct view *v)
{
	const struct stops *p = priv(v);
	const struct m_review *rv = review(p);
	const struct m_route *r = rv ? m_table_get(rv->routes, p->route_id) : NULL;

	if (r && r->title && *r->title)
		vc_subtitle(v, "%s %s %s", r->title, vc_dot(), r->date);
	else
		vc_subtitle(v, "%s %lld", _("route"), p->route_id);
}

static void stops_open(struct view *v, struct ui *ui)
{
	struct stops *p = priv(v);

	/* No review yet: the core is fetching the day and tells every view
	 * when it lands; asking again here would spend a second review. */
	p->ui = ui;
	rebuild(p);
	set_subtitle(v);
}

static void stops_want(struct view *v, struct ui *ui, size_t first, size_t last)
{
	/* The stops come with the review. */
}

static int stops_result(struct view *v, struct ui *ui, struct fetch_result *r)
{
	priv(v)->ui = ui;
	if (r->kind != FETCH_REVIEW && r->kind != FETCH_REFRESH)
		return 0;
	if (r->kind == FETCH_REVIEW && vc_result_failed(ui, r))
		return 0;
	rebuild(priv(v));
	set_subtitle(v);
	return 1;
}

static void stops_enter(struct view *v, struct ui *ui, size_t row)
{
	const struct m_appt *a = appt_at(priv(v), row);

	if (a && a->customer_id > 0)
		ui_open(ui, UI_VIEW_DETAIL, &(struct ui_view_args){ a->customer_id, "customer", NULL });
}

static int stops_command(struct view *v, struct ui *ui, const char *name, const char *args)
{
	return 0;
}

static void stops_destroy(struct view *v)
{
	struct stops *p = priv(v);

	if (!p)
		return;
	free(p->ids);
	free(p);
	v->priv = NULL;
}

/* The service's time window codes (another code shows as it comes), and
 * the change mark, a letter only the Routes pane's legend spelt out. */
const char *const view_stops_legend[] = {
	N_("Window: AM morning, PM afternoon, AT any time"),
	N_("* changed by the latest refresh"),
	NULL,
};

static const struct view_ops stops_ops = {
	.name = "stops",
	.title = N_("Stops"),
	.columns = columns,
	.n_columns = sizeof(columns) / sizeof(columns[0]),
	.count = stops_count,
	.row_id = stops_row_id,
	.loaded = stops_loaded,
	.cell = stops_cell,
	.compare = stops_compare,
	.match = stops_match,
	.preview = stops_preview,
	.legend = view_stops_legend,
	.open = stops_open,
	.want = stops_want,
	.result = stops_result,
	.enter = stops_enter,
	/* The stops are the review's: r and R refresh the day, which is the
	 * core's (dispatch.c), never a second review from here. */
	.refresh = NULL,
	.command = stops_command,
	.destroy = stops_destroy,
};

struct view *view_stops_new(long long route_id)
{
	struct stops *p = xcalloc(1, sizeof(*p));
	struct view *v;

	p->route_id = route_id;
	v = ui_view_new(&stops_ops, p);
	v->scope = route_id;
	return v;
}
