/* events.c: notification events: what changed between two looks at the day, and their words. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "common/i18n.h"
#include "common/strbuf.h"
#include "model/model.h"
#include "notify/notify.h"

/* Which [notify] switch governs each kind. */
static const enum notify_class kind_class[NOTIFY_EV_COUNT] = {
	[NOTIFY_EV_STOP_COMPLETED] = NOTIFY_C_STOPS,
	[NOTIFY_EV_STOP_NOSHOW] = NOTIFY_C_STOPS,
	[NOTIFY_EV_STOP_CANCELLED] = NOTIFY_C_STOPS,
	[NOTIFY_EV_STOP_RESCHEDULED] = NOTIFY_C_STOPS,
	[NOTIFY_EV_TECH_LOST] = NOTIFY_C_TECHNICIAN,
	[NOTIFY_EV_TECH_GAINED] = NOTIFY_C_TECHNICIAN,
	[NOTIFY_EV_TECH_CHANGED] = NOTIFY_C_TECHNICIAN,
	[NOTIFY_EV_WRITE_FAILED] = NOTIFY_C_WRITE_FAILED,
	[NOTIFY_EV_CONN_LOST] = NOTIFY_C_CONNECTION,
	[NOTIFY_EV_CONN_BACK] = NOTIFY_C_CONNECTION,
	[NOTIFY_EV_BUDGET_LOW] = NOTIFY_C_BUDGET,
};

/* Titles, marked for xgettext and translated when formatted. */
static const char *const kind_title[NOTIFY_EV_COUNT] = {
	[NOTIFY_EV_STOP_COMPLETED] = N_("Stop completed"),
	[NOTIFY_EV_STOP_NOSHOW] = N_("Stop no-show"),
	[NOTIFY_EV_STOP_CANCELLED] = N_("Stop cancelled"),
	[NOTIFY_EV_STOP_RESCHEDULED] = N_("Stop rescheduled"),
	[NOTIFY_EV_TECH_LOST] = N_("Route lost its technician"),
	[NOTIFY_EV_TECH_GAINED] = N_("Route has a technician"),
	[NOTIFY_EV_TECH_CHANGED] = N_("Route technician changed"),
	[NOTIFY_EV_WRITE_FAILED] = N_("Write failed"),
	[NOTIFY_EV_CONN_LOST] = N_("Connection lost"),
	[NOTIFY_EV_CONN_BACK] = N_("Connection back"),
	[NOTIFY_EV_BUDGET_LOW] = N_("API budget low"),
};

enum notify_class notify_event_class(enum notify_kind kind)
{
	if ((unsigned)kind < NOTIFY_EV_COUNT)
		return kind_class[kind];
	return NOTIFY_C_COUNT; /* no switch: never on */
}

static char *dup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

void notify_events_add(struct notify_events *list, const struct notify_event *ev)
{
	struct notify_event *e;

	if (list->n == list->cap) {
		list->cap = list->cap ? list->cap * 2 : 8;
		list->v = xrealloc(list->v, list->cap * sizeof(*list->v));
	}
	e = &list->v[list->n++];
	*e = *ev;
	e->route = dup_or_null(ev->route);
	e->customer = dup_or_null(ev->customer);
	e->start = dup_or_null(ev->start);
	e->tech = dup_or_null(ev->tech);
	e->old_tech = dup_or_null(ev->old_tech);
	e->detail = dup_or_null(ev->detail);
}

void notify_events_free(struct notify_events *list)
{
	size_t i;

	for (i = 0; i < list->n; i++) {
		free(list->v[i].route);
		free(list->v[i].customer);
		free(list->v[i].start);
		free(list->v[i].tech);
		free(list->v[i].old_tech);
		free(list->v[i].detail);
	}
	free(list->v);
	list->v = NULL;
	list->n = list->cap = 0;
}

/* The route's name, or a stand-in built from its id. */
static void add_route(struct strbuf *out, const struct notify_event *ev)
{
	if (ev->route && ev->route[0])
		strbuf_adds(out, ev->route);
	else if (ev->route_id)
		strbuf_addf(out, _("route %lld"), ev->route_id);
	else
		strbuf_adds(out, _("unknown route"));
}

/* "Route 7: Jane Doe at 09:30" */
static void stop_body(struct strbuf *out, const struct notify_event *ev)
{
	add_route(out, ev);
	strbuf_adds(out, ": ");
	if (ev->customer && ev->customer[0])
		strbuf_adds(out, ev->customer);
	else if (ev->customer_id)
		strbuf_addf(out, _("customer %lld"), ev->customer_id);
	else
		strbuf_adds(out, _("unknown customer"));
	if (ev->start && ev->start[0])
		strbuf_addf(out, _(" at %s"), ev->start);
}

void notify_event_format(const struct notify_event *ev, struct strbuf *title,
                         struct strbuf *body)
{
	if ((unsigned)ev->kind >= NOTIFY_EV_COUNT) {
		strbuf_adds(title, _("Notification"));
		return;
	}
	strbuf_adds(title, _(kind_title[ev->kind]));
	switch (ev->kind) {
	case NOTIFY_EV_STOP_RESCHEDULED:
		stop_body(body, ev);
		if (ev->detail && ev->detail[0])
			strbuf_addf(body, _(", moved to %s"), ev->detail);
		break;
	case NOTIFY_EV_STOP_COMPLETED:
	case NOTIFY_EV_STOP_NOSHOW:
	case NOTIFY_EV_STOP_CANCELLED:
		stop_body(body, ev);
		break;
	case NOTIFY_EV_TECH_LOST:
		add_route(body, ev);
		if (ev->old_tech && ev->old_tech[0])
			strbuf_addf(body, _(": unassigned, was %s"), ev->old_tech);
		else
			strbuf_adds(body, _(": unassigned"));
		break;
	case NOTIFY_EV_TECH_GAINED:
		add_route(body, ev);
		strbuf_addf(body, _(": now %s"), ev->tech && ev->tech[0] ? ev->tech : "?");
		break;
	case NOTIFY_EV_TECH_CHANGED:
		add_route(body, ev);
		strbuf_addf(body, _(": now %s, was %s"), ev->tech && ev->tech[0] ? ev->tech : "?",
		            ev->old_tech && ev->old_tech[0] ? ev->old_tech : "?");
		break;
	case NOTIFY_EV_WRITE_FAILED:
		strbuf_adds(body, ev->detail && ev->detail[0] ? ev->detail
		                                              : _("a write was not saved"));
		break;
	case NOTIFY_EV_CONN_LOST:
		strbuf_adds(body, ev->detail && ev->detail[0] ? ev->detail
		                                              : _("the API does not answer; retrying"));
		break;
	case NOTIFY_EV_CONN_BACK:
		strbuf_adds(body, ev->detail && ev->detail[0] ? ev->detail
		                                              : _("the API answers again"));
		break;
	case NOTIFY_EV_BUDGET_LOW:
		strbuf_adds(body, ev->detail && ev->detail[0] ? ev->detail
		                                              : _("few requests left today"));
		break;
	default:
		break;
	}
}

/* "Jane Doe", the company for a commercial account, or "" when the row
 * has no name (the formatter then uses the id). */
static void customer_name(struct strbuf *out, const struct m_customer *c)
{
	if (!c)
		return;
	if (c->commercial && c->company && c->company[0]) {
		strbuf_adds(out, c->company);
		return;
	}
	if (c->fname && c->fname[0])
		strbuf_adds(out, c->fname);
	if (c->fname && c->fname[0] && c->lname && c->lname[0])
		strbuf_addc(out, ' ');
	if (c->lname && c->lname[0])
		strbuf_adds(out, c->lname);
	if (out->len == 0 && c->company && c->company[0])
		strbuf_adds(out, c->company);
}

size_t notify_diff_appt(const struct m_appt *old, const struct m_appt *cur,
                        const char *date, const struct m_route *route,
                        const struct m_customer *cust, struct notify_events *out)
{
	struct notify_event ev;
	struct strbuf name = STRBUF_INIT;
	int on_day_before, on_day_now;

	/* A stop seen for the first time has no change to tell. */
	if (!old || !cur)
		return 0;
	memset(&ev, 0, sizeof(ev));
	on_day_before = !date || !date[0] || strcmp(old->date, date) == 0;
	on_day_now = !date || !date[0] || strcmp(cur->date, date) == 0;
	if (on_day_before && !on_day_now && cur->date[0]) {
		ev.kind = NOTIFY_EV_STOP_RESCHEDULED;
		ev.detail = (char *)cur->date;
	} else if (!on_day_now || cur->status == old->status) {
		return 0;
	} else if (cur->status == M_COMPLETED) {
		ev.kind = NOTIFY_EV_STOP_COMPLETED;
	} else if (cur->status == M_NOSHOW) {
		ev.kind = NOTIFY_EV_STOP_NOSHOW;
	} else if (cur->status == M_CANCELLED) {
		ev.kind = NOTIFY_EV_STOP_CANCELLED;
	} else if (cur->status == M_RESCHEDULED) {
		ev.kind = NOTIFY_EV_STOP_RESCHEDULED;
	} else {
		return 0; /* back to pending: an undo, nothing to announce */
	}
	ev.route_id = cur->route_id;
	ev.appt_id = cur->id;
	ev.customer_id = cur->customer_id;
	ev.route = route ? route->title : NULL;
	customer_name(&name, cust);
	ev.customer = name.len ? name.buf : NULL;
	ev.start = cur->start[0] ? (char *)cur->start : NULL;
	notify_events_add(out, &ev);
	strbuf_free(&name);
	return 1;
}

/* A technician's name from the employee table, else "#ID".  Malloc'd. */
static char *tech_name(const struct m_table *employees, long long id)
{
	const struct m_employee *e = employees ? m_table_get(employees, id) : NULL;
	struct strbuf sb = STRBUF_INIT;

	if (e && e->fname && e->fname[0])
		strbuf_adds(&sb, e->fname);
	if (e && e->lname && e->lname[0]) {
		if (sb.len)
			strbuf_addc(&sb, ' ');
		strbuf_adds(&sb, e->lname);
	}
	if (!sb.len)
		strbuf_addf(&sb, "#%lld", id);
	return strbuf_detach(&sb, NULL);
}

size_t notify_diff_route(const struct m_route *old, const struct m_route *cur,
                         const struct m_table *employees, struct notify_events *out)
{
	struct notify_event ev;

	if (!old || !cur || old->tech_id == cur->tech_id)
		return 0;
	memset(&ev, 0, sizeof(ev));
	if (cur->tech_id == 0)
		ev.kind = NOTIFY_EV_TECH_LOST;
	else if (old->tech_id == 0)
		ev.kind = NOTIFY_EV_TECH_GAINED;
	else
		ev.kind = NOTIFY_EV_TECH_CHANGED;
	ev.route_id = cur->id;
	ev.route = cur->title;
	if (cur->tech_id)
		ev.tech = tech_name(employees, cur->tech_id);
	if (old->tech_id)
		ev.old_tech = tech_name(employees, old->tech_id);
	notify_events_add(out, &ev);
	free(ev.tech);
	free(ev.old_tech);
	return 1;
}

/* Stops whose route is not in the review, gathered for a last pass. */
struct strays {
	const struct m_review *rv;
	const struct m_appt **v;
	size_t n, cap;
};

static void collect_stray(void *row, void *ctx)
{
	const struct m_appt *a = row;
	struct strays *s = ctx;

	if (m_table_get(s->rv->routes, a->route_id))
		return;
	if (s->n == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 8;
		s->v = xrealloc(s->v, s->cap * sizeof(*s->v));
	}
	s->v[s->n++] = a;
}

static int cmp_appt_id(const void *a, const void *b)
{
	const struct m_appt *x = *(const struct m_appt *const *)a;
	const struct m_appt *y = *(const struct m_appt *const *)b;

	return (x->id > y->id) - (x->id < y->id);
}

static size_t diff_stop(const struct m_review *old, const struct m_review *cur,
                        const struct m_appt *a, struct notify_events *out)
{
	const struct m_appt *was = m_table_get(old->appts, a->id);
	const struct m_customer *c = m_table_get(cur->customers, a->customer_id);
	const struct m_route *r = m_table_get(cur->routes, a->route_id);

	if (!c)
		c = m_table_get(old->customers, a->customer_id);
	if (!r)
		r = m_table_get(old->routes, a->route_id);
	return notify_diff_appt(was, a, cur->date, r, c, out);
}

size_t notify_diff_review(const struct m_review *old, const struct m_review *cur,
                          const struct m_table *employees, struct notify_events *out)
{
	struct m_review_row *rows = NULL;
	const struct m_appt **stops;
	struct strays strays = { cur, NULL, 0, 0 };
	size_t n_rows, n_stops, i, j, added = 0;

	if (!old || !cur)
		return 0;
	/* m_review_rows gives the routes in title order, which is the order
	 * the dispatcher reads them in on the Routes pane. */
	n_rows = m_review_rows(cur, NULL, &rows);
	for (i = 0; i < n_rows; i++) {
		const struct m_route *r = rows[i].route;

		added += notify_diff_route(m_table_get(old->routes, r->id), r, employees, out);
		n_stops = m_review_stops(cur, r->id, &stops);
		for (j = 0; j < n_stops; j++)
			added += diff_stop(old, cur, stops[j], out);
		free(stops);
	}
	free(rows);
	m_table_each(cur->appts, collect_stray, &strays);
	if (strays.n)
		qsort(strays.v, strays.n, sizeof(*strays.v), cmp_appt_id);
	for (i = 0; i < strays.n; i++)
		added += diff_stop(old, cur, strays.v[i], out);
	free(strays.v);
	return added;
}
