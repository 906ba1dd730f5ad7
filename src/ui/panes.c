/* panes.c: the six panes: their names, their root views, showing, popping and resetting them. */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/i18n.h"
#include "common/strbuf.h"
#include "common/utf8.h"
#include "ui/app.h"
#include "ui/base/list.h"

static const struct {
	const char *name;
	const char *title;
} pane_table[PANE_COUNT] = {
	[PANE_ROUTES] = { "routes", N_("Routes") },
	[PANE_STOPS] = { "stops", N_("Stops") },
	[PANE_CUSTOMERS] = { "customers", N_("Customers") },
	[PANE_SUBSCRIPTIONS] = { "subscriptions", N_("Subscriptions") },
	[PANE_TICKETS] = { "tickets", N_("Tickets") },
	[PANE_TIMELINE] = { "timeline", N_("Timeline") },
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

int app_pop(struct ui *ui)
{
	struct frame *f = ui->panes[ui->cur];

	if (!f || !f->below)
		return -1;
	ui->panes[ui->cur] = f->below;
	app_frame_free(f);
	app_mark(ui, DIRTY_ALL);
	return 0;
}

void app_reset_pane(struct ui *ui, int pane)
{
	while (ui->panes[pane]) {
		struct frame *f = ui->panes[pane];

		ui->panes[pane] = f->below;
		app_frame_free(f);
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

/* The root view of a pane, made by the loop's constructors. */
static struct view *make_root(struct ui *ui, int pane, long long route)
{
	static const enum ui_view_kind kinds[PANE_COUNT] = {
		[PANE_ROUTES] = UI_VIEW_ROUTES,
		[PANE_STOPS] = UI_VIEW_STOPS,
		[PANE_CUSTOMERS] = UI_VIEW_CUSTOMERS,
		[PANE_SUBSCRIPTIONS] = UI_VIEW_SUBSCRIPTIONS,
		[PANE_TICKETS] = UI_VIEW_TICKETS,
		[PANE_TIMELINE] = UI_VIEW_TIMELINE,
	};
	struct ui_view_args args = { route, NULL, NULL };

	if (pane < 0 || pane >= PANE_COUNT || !ui->hooks.make_view)
		return NULL;
	return ui->hooks.make_view(kinds[pane], &args);
}

/* The same list in two panes (a route's stops drilled into from Routes, and
 * the Stops pane of that route) keeps one selection: the pane shown takes
 * the record selected in the pane left. */
static void follow_selection(struct ui *ui, int from, int to)
{
	struct frame *a = from >= 0 && from < PANE_COUNT ? ui->panes[from] : NULL;
	struct frame *b = ui->panes[to];
	long long id;

	if (a && b && a != b && a->v->scope && a->v->ops == b->v->ops &&
	    a->v->scope == b->v->scope && list_selected(a->list, NULL, &id))
		list_select_id(b->list, id);
}

/* open: 0 leaves a new pane's first fetch to the caller (see
 * app_show_pane_unopened). */
static void show_pane(struct ui *ui, int pane, int open)
{
	long long route = 0;
	int from = ui->cur;

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
		f = app_frame_new(ui, v);
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
		if (open)
			app_frame_open(ui, f);
	}
	follow_selection(ui, from, pane);
	ui->cur = pane;
	app_mark(ui, DIRTY_ALL);
}

void app_show_pane(struct ui *ui, int pane)
{
	show_pane(ui, pane, 1);
}

void app_show_pane_unopened(struct ui *ui, int pane)
{
	show_pane(ui, pane, 0);
}
