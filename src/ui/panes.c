/* panes.c: the five panes' stacks of frames, and ui.h's services to views. */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/i18n.h"
#include "common/strbuf.h"
#include "common/utf8.h"
#include "ui/app.h"
#include "ui/views/list.h"

static const struct {
	const char *name;
	const char *title;
} pane_table[PANE_COUNT] = {
	[PANE_ROUTES] = { "routes", N_("Routes") },
	[PANE_STOPS] = { "stops", N_("Stops") },
	[PANE_CUSTOMERS] = { "customers", N_("Customers") },
	[PANE_SUBSCRIPTIONS] = { "subscriptions", N_("Subscriptions") },
	[PANE_TICKETS] = { "tickets", N_("Tickets") },
};

int app_pane_of(const char *name)
{
	for (int i = 0; i < PANE_COUNT; i++)
		if (strcmp(pane_table[i].name, name) == 0)
			return i;
	return -1;
}

const char *app_pane_name(int pane)
{
	return pane >= 0 && pane < PANE_COUNT ? pane_table[pane].name : "";
}

const char *app_pane_title(int pane)
{
	return pane >= 0 && pane < PANE_COUNT ? _(pane_table[pane].title) : "";
}

void app_mark(struct ui *ui, unsigned dirty)
{
	ui->dirty |= dirty;
}

struct view *ui_view_new(const struct view_ops *ops, void *priv)
{
	struct view *v = xcalloc(1, sizeof(*v));

	v->ops = ops;
	v->priv = priv;
	return v;
}

static struct frame *frame_new(struct ui *ui, struct view *v)
{
	struct frame *f = xcalloc(1, sizeof(*f));

	f->v = v;
	/* Slots are never reused, so a result for a closed view finds no
	 * frame and is dropped. */
	v->slot = ui->next_slot++;
	f->list = list_new(v);
	return f;
}

static void frame_free(struct frame *f)
{
	list_free(f->list);
	if (f->v->ops->destroy)
		f->v->ops->destroy(f->v);
	free(f->v);
	free(f);
}

static void frame_open(struct ui *ui, struct frame *f)
{
	if (f->opened)
		return;
	f->opened = 1;
	if (f->v->ops->open)
		f->v->ops->open(f->v, ui);
}

struct frame *app_top(const struct ui *ui)
{
	return ui->panes[ui->cur];
}

void ui_push(struct ui *ui, struct view *v)
{
	struct frame *f;

	if (!v)
		return;
	f = frame_new(ui, v);
	f->below = ui->panes[ui->cur];
	ui->panes[ui->cur] = f;
	frame_open(ui, f);
	app_mark(ui, DIRTY_ALL);
}

int app_pop(struct ui *ui)
{
	struct frame *f = ui->panes[ui->cur];

	if (!f || !f->below)
		return -1;
	ui->panes[ui->cur] = f->below;
	frame_free(f);
	app_mark(ui, DIRTY_ALL);
	return 0;
}

void app_reset_pane(struct ui *ui, int pane)
{
	while (ui->panes[pane]) {
		struct frame *f = ui->panes[pane];

		ui->panes[pane] = f->below;
		frame_free(f);
	}
	if (pane == PANE_STOPS)
		ui->stops_route = 0;
	app_mark(ui, DIRTY_ALL);
}

void app_free_panes(struct ui *ui)
{
	for (int p = 0; p < PANE_COUNT; p++)
		app_reset_pane(ui, p);
}

long long app_selected_route(struct ui *ui)
{
	struct frame *f = ui->panes[PANE_ROUTES];
	long long id = 0;

	while (f && f->below)
		f = f->below;
	if (!f || !list_selected(f->list, NULL, &id))
		return 0;
	return id;
}

static struct view *make_root(struct ui *ui, int pane, long long route)
{
	switch (pane) {
	case PANE_ROUTES:
		return view_routes_new();
	case PANE_STOPS:
		return view_stops_new(route);
	case PANE_CUSTOMERS:
		return view_customers_new(NULL);
	case PANE_SUBSCRIPTIONS:
		return view_subscriptions_new(0, NULL);
	case PANE_TICKETS:
		return view_tickets_new(0, NULL);
	}
	(void)ui;
	return NULL;
}

void app_show_pane(struct ui *ui, int pane)
{
	long long route = 0;

	if (pane < 0 || pane >= PANE_COUNT)
		return;
	if (pane == PANE_STOPS) {
		route = app_selected_route(ui);
		if (!route) {
			ui_message(ui, "%s", _("No route selected: pick one on the Routes pane (1) first"));
			return;
		}
		if (ui->panes[PANE_STOPS] && ui->stops_route != route)
			app_reset_pane(ui, PANE_STOPS);
	}
	if (!ui->panes[pane]) {
		struct view *v = make_root(ui, pane, route);
		struct frame *f;

		if (!v) {
			ui_error(ui, _("The %s pane could not be opened"), app_pane_title(pane));
			return;
		}
		f = frame_new(ui, v);
		ui->panes[pane] = f;
		if (pane == PANE_STOPS)
			ui->stops_route = route;
		/* The filter of the last session comes back once. */
		if (pane < 8 && ui->saved.filters[pane]) {
			list_set_filter(f->list, ui->saved.filters[pane]);
			free(ui->saved.filters[pane]);
			ui->saved.filters[pane] = NULL;
		}
		ui->cur = pane;
		frame_open(ui, f);
	}
	ui->cur = pane;
	app_mark(ui, DIRTY_ALL);
}

void app_each_frame(struct ui *ui, void (*fn)(struct ui *ui, struct frame *f, void *ctx),
                    void *ctx)
{
	struct frame *all[256];
	size_t n = 0;

	/* Collected first: fn may push frames. */
	for (int p = 0; p < PANE_COUNT; p++)
		for (struct frame *f = ui->panes[p]; f && n < 256; f = f->below)
			all[n++] = f;
	for (size_t i = 0; i < n; i++)
		fn(ui, all[i], ctx);
}

struct frame *app_frame_of_slot(struct ui *ui, int slot)
{
	for (int p = 0; p < PANE_COUNT; p++)
		for (struct frame *f = ui->panes[p]; f; f = f->below)
			if (f->v->slot == slot)
				return f;
	return NULL;
}

void ui_refresh(struct ui *ui)
{
	app_refresh_tick(ui, 1);
}

unsigned long ui_submit(struct ui *ui, struct view *v, struct fetch_job *job)
{
	unsigned long gen;

	if (!job)
		return 0;
	if (!ui->fetch) {
		fetch_job_free(job);
		return 0;
	}
	gen = fetch_submit(ui->fetch, job);
	if (v)
		v->waiting = gen;
	app_mark(ui, DIRTY_HEADER);
	return gen;
}

static void set_message(struct ui *ui, int error, const char *fmt, va_list ap)
	__attribute__((format(printf, 3, 0)));

static void set_message(struct ui *ui, int error, const char *fmt, va_list ap)
{
	strbuf_reset(&ui->msg);
	strbuf_vaddf(&ui->msg, fmt, ap);
	ui->msg_error = error;
	app_mark(ui, DIRTY_MESSAGE);
	/* A scripted run has no screen to read: errors go to stderr too,
	 * escaped like the screen's copy (the server's text may hold
	 * control characters that would drive the reader's terminal). */
	if (error && ui->script) {
		struct strbuf esc = STRBUF_INIT;

		utf8_escape_controls(&esc, ui->msg.buf ? ui->msg.buf : "", ui->msg.len);
		fprintf(stderr, "routedesk: %s\n", strbuf_str(&esc));
		strbuf_free(&esc);
	}
}

void ui_message(struct ui *ui, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	set_message(ui, 0, fmt, ap);
	va_end(ap);
}

void ui_error(struct ui *ui, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	set_message(ui, 1, fmt, ap);
	va_end(ap);
}

void ui_dirty(struct ui *ui, struct view *v)
{
	for (int p = 0; p < PANE_COUNT; p++)
		for (struct frame *f = ui->panes[p]; f; f = f->below)
			if (f->v == v)
				list_changed(f->list);
	app_mark(ui, DIRTY_BODY | DIRTY_STATUS);
}

const char *ui_date(const struct ui *ui)
{
	return ui->date;
}

const struct m_review *ui_review(const struct ui *ui)
{
	return ui->review;
}

const struct m_employee *ui_employee(const struct ui *ui, long long id)
{
	return ui->employees ? m_table_get(ui->employees, id) : NULL;
}

const struct m_service_type *ui_service_type(const struct ui *ui, long long id)
{
	return ui->service_types ? m_table_get(ui->service_types, id) : NULL;
}

int ui_readonly(const struct ui *ui)
{
	return ui->readonly;
}

int ui_ascii(const struct ui *ui)
{
	return ui->ascii;
}
