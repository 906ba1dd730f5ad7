/* ui.h: the console's services to views (fetching, navigation, messages, caches). */
#ifndef ROUTEDESK_UI_H
#define ROUTEDESK_UI_H

#include <stddef.h>

#include "fetch/fetch.h"
#include "model/model.h"
#include "ui/base/view.h"

struct ui;

/* Submits job for v (the job's slot is v's); returns the generation and
 * records it as what v waits for (its loading mark shows until it lands). */
unsigned long ui_submit(struct ui *ui, struct view *v, struct fetch_job *job);
/* Pushes v as a drill-down above the current view (ownership taken);
 * `-`/Esc pops it and destroys it. */
void ui_push(struct ui *ui, struct view *v);
/* A new view of ops with priv (ownership of priv taken). */
struct view *ui_view_new(const struct view_ops *ops, void *priv);
/* The message line: errors and notices, never ending the program.  The
 * text is escaped when drawn.  printf-like. */
void ui_message(struct ui *ui, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void ui_error(struct ui *ui, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Marks v for redraw (its rows changed). */
void ui_dirty(struct ui *ui, struct view *v);
/* r: the refresh tick now (as :refresh), even when auto-refresh is
 * paused: one read asks what changed since the last sync, the day's review
 * takes its part, and every view's result op is then handed the
 * FETCH_REFRESH result with the changed (class, id) pairs, to fetch again
 * the loaded rows among them.  Nothing when a tick or the review is on its
 * way already. */
void ui_refresh(struct ui *ui);

/* The review date "YYYY-MM-DD" and the day's review (NULL until loaded). */
const char *ui_date(const struct ui *ui);
const struct m_review *ui_review(const struct ui *ui);
/* Cached lookups (NULL until loaded or when unknown). */
const struct m_employee *ui_employee(const struct ui *ui, long long id);
const struct m_service_type *ui_service_type(const struct ui *ui, long long id);
/* 1 when started with --readonly (views hide write actions). */
int ui_readonly(const struct ui *ui);
/* Minutes since midnight on the local clock when the day under review is
 * today, else -1: what a stop's lateness and the Timeline's "now" line are
 * measured against.  A service, not each view's look at the clock, so the
 * views' tests set the time of day. */
int ui_minutes_now(const struct ui *ui);

/* Opening a view from a view: views never call each other's constructors;
 * they name the kind and the loop's constructors (ui_hooks) make it. */
enum ui_view_kind {
	UI_VIEW_ROUTES,        /* the review (home) */
	UI_VIEW_STOPS,         /* id: the route */
	UI_VIEW_CUSTOMERS,     /* query: NULL all, else a :cust query */
	UI_VIEW_SUBSCRIPTIONS, /* id: the customer, 0 all; query */
	UI_VIEW_TICKETS,       /* id: the customer, 0 all; query */
	UI_VIEW_NOTES,         /* id: the customer */
	UI_VIEW_DETAIL,        /* resource and id: every field of one record */
	UI_VIEW_TIMELINE,      /* the day's stops by route and hour */
	UI_VIEW_TEXT,          /* query: a long value read whole; resource: its title */
	UI_VIEW_COUNT,
};

struct ui_view_args {
	long long id;
	const char *resource;
	const char *query;
};

/* Pushes a new view of kind above the current one (ui_push); nothing when
 * it cannot be made. */
void ui_open(struct ui *ui, enum ui_view_kind kind, const struct ui_view_args *args);
/* Hands key to the loop as if typed now (a form's held keys, once it
 * closed). */
void ui_replay_key(struct ui *ui, int key);

#endif
