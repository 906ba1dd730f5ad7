/* views.h: the views' constructors, which only the loop (and tests) call. */
#ifndef ROUTEDESK_VIEWS_H
#define ROUTEDESK_VIEWS_H

#include "ui/base/ui.h"

struct view *view_routes_new(void);                 /* the review (home) */
struct view *view_stops_new(long long route_id);    /* a route's stops + preview */
struct view *view_customers_new(const char *query); /* NULL: all; else a :cust query */
struct view *view_subscriptions_new(long long customer_id, const char *query); /* 0: all */
struct view *view_tickets_new(long long customer_id, const char *query);       /* 0: all */
struct view *view_notes_new(long long customer_id);
/* The day's stops as lanes per route over the hours (the review's). */
struct view *view_timeline_new(void);
/* Every field of one record, fetched by-id. */
struct view *view_detail_new(const char *resource, long long id);
/* A long value read whole, one wrapped line a row, under title (the
 * field and its record). */
struct view *view_text_new(const char *title, const char *text);
struct strbuf;
/* The record a detail view stands on, loaded or not: its resource
 * ("customer") and id, and (name not NULL) what names it once loaded
 * ("Nelson, Aaron", a company).  0, or -1 when v is no detail view. */
int view_detail_record(const struct view *v, const char **resource, long long *id,
                       struct strbuf *name);

/* The Routes and Stops panes' legends (view_ops.legend), for the help. */
extern const char *const view_routes_legend[];
extern const char *const view_stops_legend[];

/* Any of them by kind (ui.h): what app.c installs as ui_hooks.make_view. */
struct view *views_make(enum ui_view_kind kind, const struct ui_view_args *args);

#endif
