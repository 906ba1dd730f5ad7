/* alerts.c: the console's notifications: which results make an event, and moving them to the terminal. */
#include "config.h"

#include <errno.h>
#include <langinfo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "api/error.h"
#include "api/pace.h"
#include "common/dates.h"
#include "common/i18n.h"
#include "common/strbuf.h"
#include "fetch/fetch.h"
#include "model/model.h"
#include "notify/notify.h"
#include "ui/alerts.h"

struct alerts {
	struct notify *n;

	/* The connection, as the results tell it. */
	int answered_once;   /* the service answered at least once */
	int lost;            /* the last word was a network failure */
	int lost_posted;     /* ... and that loss was posted (so "back" is too) */
	int have_lost_at;
	double lost_at;      /* when the last loss was posted */

	/* The budget: the day "budget low" was posted, "" for none yet. */
	char budget_day[11];
};

struct alerts *alerts_new(char *const *names, char *const *values, const int *lines, size_t n,
                          const char *path, const struct notify_env *env, struct strbuf *err)
{
	struct notify_config cfg;
	struct strbuf msg = STRBUF_INIT;
	struct alerts *a;

	notify_config_init(&cfg);
	for (size_t i = 0; i < n; i++) {
		if (notify_config_set(&cfg, names[i], values[i], &msg) < 0) {
			strbuf_addf(err, "%s:%d: %s", path ? path : "config", lines ? lines[i] : 0,
			            strbuf_str(&msg));
			strbuf_free(&msg);
			notify_config_free(&cfg);
			return NULL;
		}
	}
	a = xcalloc(1, sizeof(*a));
#ifdef ENABLE_NLS
	/* The transport's reason is kept for :info, drawn as UTF-8 like the
	 * rest of the screen (term_open): chosen before the screen, in the
	 * locale's charset it read "sin bus de sesi\xf3n" under
	 * es_ES.ISO-8859-1.  The errors above go to standard error as the
	 * locale writes them. */
	bind_textdomain_codeset(PACKAGE, "UTF-8");
#endif
	a->n = notify_new(&cfg, env);
#ifdef ENABLE_NLS
	bind_textdomain_codeset(PACKAGE, nl_langinfo(CODESET));
#endif
	notify_config_free(&cfg);
	return a;
}

void alerts_free(struct alerts *a)
{
	if (!a)
		return;
	notify_free(a->n);
	free(a);
}

int alerts_fd(const struct alerts *a)
{
	return a ? notify_wake_fd(a->n) : -1;
}

static void write_all(int fd, const char *s, size_t len)
{
	while (len) {
		ssize_t w = write(fd, s, len);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return; /* a terminal gone away: the notification with it */
		s += w;
		len -= (size_t)w;
	}
}

int alerts_pump(struct alerts *a, int fd, int settle_ms, struct strbuf *report)
{
	char *bytes, *msg;
	size_t len;

	if (!a)
		return 0;
	if (settle_ms > 0)
		(void)notify_flush(a->n, settle_ms);
	bytes = notify_take_terminal_bytes(a->n, &len);
	if (bytes && fd >= 0)
		write_all(fd, bytes, len);
	free(bytes);
	msg = notify_take_report(a->n);
	if (!msg)
		return 0;
	strbuf_adds(report, msg);
	free(msg);
	return 1;
}

void alerts_describe(struct alerts *a, struct strbuf *out)
{
	if (!a) {
		strbuf_adds(out, _("off"));
		return;
	}
	notify_describe(a->n, out);
}

/* ---------------------------------------------------------- the review */

size_t alerts_review(struct alerts *a, const struct m_review *old, const struct m_review *cur,
                     const struct m_table *employees)
{
	struct notify_events ev = NOTIFY_EVENTS_INIT;
	size_t taken = 0;

	if (!a || !old || !cur || strcmp(old->date, cur->date) != 0)
		return 0;
	if (notify_diff_review(old, cur, employees, &ev))
		taken = notify_post_events(a->n, &ev);
	notify_events_free(&ev);
	return taken;
}

/* One changed row of a refresh, with what orders it. */
struct item {
	int stray;              /* a stop whose route the review does not hold */
	const char *title;      /* the route's title */
	long long route_id;
	int is_stop, sequence;
	long long id;
	const void *row;        /* the new row */
	const void *old;        /* rv's row */
	const struct m_route *route; /* for a stop: the route, new row if any */
};

static int cmp_item(const void *pa, const void *pb)
{
	const struct item *x = pa, *y = pb;
	int c;

	/* As notify_diff_review: strays last, by id. */
	if (x->stray != y->stray)
		return x->stray - y->stray;
	c = x->stray ? 0 : strcmp(x->title, y->title);
	if (c)
		return c;
	if (x->stray)
		return (x->id > y->id) - (x->id < y->id);
	if (x->route_id != y->route_id)
		return (x->route_id > y->route_id) - (x->route_id < y->route_id);
	if (x->is_stop != y->is_stop)
		return x->is_stop - y->is_stop;
	if (x->sequence != y->sequence)
		return (x->sequence > y->sequence) - (x->sequence < y->sequence);
	return (x->id > y->id) - (x->id < y->id);
}

/* The route of a stop: the refresh's new row when it brought one. */
static const struct m_route *route_of(const struct m_review *rv, void *const *routes,
                                      size_t n_routes, long long id)
{
	for (size_t i = 0; i < n_routes; i++)
		if (((const struct m_route *)routes[i])->id == id)
			return routes[i];
	return m_table_get(rv->routes, id);
}

size_t alerts_refresh_events(const struct m_review *rv, void *const *appts, size_t n_appts,
                             void *const *routes, size_t n_routes,
                             const struct m_table *employees, struct notify_events *out)
{
	struct item *items;
	size_t n = 0, added = 0;

	if (!rv || n_appts + n_routes == 0)
		return 0;
	items = xcalloc(n_appts + n_routes, sizeof(*items));
	for (size_t i = 0; i < n_routes; i++) {
		const struct m_route *r = routes[i];
		const struct m_route *was = m_table_get(rv->routes, r->id);

		/* A route that left the day has no technician news for it. */
		if (!was || strcmp(r->date, rv->date) != 0)
			continue;
		items[n++] = (struct item){ 0, r->title ? r->title : "", r->id, 0, 0, r->id, r, was, r };
	}
	for (size_t i = 0; i < n_appts; i++) {
		const struct m_appt *ap = appts[i];
		const struct m_appt *was = m_table_get(rv->appts, ap->id);
		const struct m_route *r;

		if (!was)
			continue; /* new to the day: nothing changed that was seen */
		r = route_of(rv, routes, n_routes, ap->route_id);
		items[n++] = (struct item){ !r, r && r->title ? r->title : "", ap->route_id, 1,
		                            ap->sequence, ap->id, ap, was, r };
	}
	qsort(items, n, sizeof(*items), cmp_item);
	for (size_t i = 0; i < n; i++) {
		if (!items[i].is_stop) {
			added += notify_diff_route(items[i].old, items[i].row, employees, out);
		} else {
			const struct m_appt *ap = items[i].row;

			added += notify_diff_appt(items[i].old, ap, rv->date, items[i].route,
			                          m_table_get(rv->customers, ap->customer_id), out);
		}
	}
	free(items);
	return added;
}

size_t alerts_refresh(struct alerts *a, const struct m_review *rv, void *const *appts,
                      size_t n_appts, void *const *routes, size_t n_routes,
                      const struct m_table *employees)
{
	struct notify_events ev = NOTIFY_EVENTS_INIT;
	size_t taken = 0;

	if (!a)
		return 0;
	if (alerts_refresh_events(rv, appts, n_appts, routes, n_routes, employees, &ev))
		taken = notify_post_events(a->n, &ev);
	notify_events_free(&ev);
	return taken;
}

/* ------------------------------------------- connection, budget, writes */

static int post(struct alerts *a, enum notify_kind kind, const char *detail)
{
	struct notify_event ev;

	memset(&ev, 0, sizeof(ev));
	ev.kind = kind;
	ev.detail = (char *)detail;
	return notify_post_event(a->n, &ev) == 0;
}

int alerts_connection(struct alerts *a, int answered, const char *error, double now)
{
	if (!a)
		return 0;
	if (answered) {
		int was_posted = a->lost && a->lost_posted;

		a->answered_once = 1;
		a->lost = 0;
		a->lost_posted = 0;
		return was_posted ? post(a, NOTIFY_EV_CONN_BACK, NULL) : 0;
	}
	/* Before the first answer the message line says it all; a loss
	 * already told is not told again at every retry. */
	if (!a->answered_once || a->lost)
		return 0;
	a->lost = 1;
	if (a->have_lost_at && now - a->lost_at < ALERTS_CONN_QUIET)
		return 0; /* flapping: the last loss was a moment ago */
	a->lost_posted = 1;
	a->have_lost_at = 1;
	a->lost_at = now;
	return post(a, NOTIFY_EV_CONN_LOST, error);
}

int alerts_budget(struct alerts *a, const struct api_budget *b, const char *day)
{
	struct strbuf detail = STRBUF_INIT;
	long limit;
	int rc;

	if (!a || !b || !b->known || !day)
		return 0;
	limit = b->limits.read_day;
	/* A tenth of the day's limit, the quota the service states; without
	 * a stated limit there is no "low". */
	if (limit <= 0 || b->reads_left_today * 10 >= limit)
		return 0;
	if (strcmp(a->budget_day, day) == 0)
		return 0;
	snprintf(a->budget_day, sizeof(a->budget_day), "%s", day);
	strbuf_addf(&detail, _("%ld of %ld reads left today"), b->reads_left_today, limit);
	rc = post(a, NOTIFY_EV_BUDGET_LOW, detail.buf);
	strbuf_free(&detail);
	return rc;
}

int alerts_write_failed(struct alerts *a, const char *what, const char *error)
{
	struct strbuf detail = STRBUF_INIT;
	int rc;

	if (!a)
		return 0;
	if (what && what[0])
		strbuf_addf(&detail, _("%s write: %s"), what, error ? error : "?");
	else
		strbuf_adds(&detail, error ? error : "?");
	rc = post(a, NOTIFY_EV_WRITE_FAILED, detail.buf);
	strbuf_free(&detail);
	return rc;
}

void alerts_result(struct alerts *a, const struct fetch_result *r, double now)
{
	struct rd_date d;
	char day[11];

	if (!a || !r)
		return;
	switch (r->err.kind) {
	case API_ERR_NETWORK:
		alerts_connection(a, 0, api_error_text(&r->err), now);
		break;
	case API_OK:
	case API_ERR_API:
	case API_ERR_QUOTA:
		/* The service itself spoke, even to say no. */
		alerts_connection(a, 1, NULL, now);
		break;
	default:
		/* HTTP errors may come from a proxy, decode errors from
		 * anything; a cancel or a lost write answer says nothing of
		 * the link. */
		break;
	}
	if (r->kind == FETCH_WRITE && r->err.kind != API_OK && r->err.kind != API_ERR_CANCELLED)
		alerts_write_failed(a, r->resource, api_error_text(&r->err));
	if (r->budget.known) {
		date_today(&d);
		date_format(&d, day);
		alerts_budget(a, &r->budget, day);
	}
}
