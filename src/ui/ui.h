/* ui.h: the console's services to views (fetching, navigation, messages, caches). */
#ifndef ROUTEDESK_UI_H
#define ROUTEDESK_UI_H

#include <stddef.h>

#include "fetch/fetch.h"
#include "model/model.h"
#include "ui/view.h"

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

/* Views (src/ui/view_*.c), each a constructor. */
struct view *view_routes_new(void);                 /* the review (home) */
struct view *view_stops_new(long long route_id);    /* a route's stops + preview */
struct view *view_customers_new(const char *query); /* NULL: all; else a :cust query */
struct view *view_subscriptions_new(long long customer_id, const char *query); /* 0: all */
struct view *view_tickets_new(long long customer_id, const char *query);       /* 0: all */
struct view *view_notes_new(long long customer_id);
/* Every field of one record, fetched by-id. */
struct view *view_detail_new(const char *resource, long long id);

#endif
