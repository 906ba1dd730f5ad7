/* views.c: the one place that knows every view's constructor, for the loop's ui_open hook. */
#include "config.h"

#include <stddef.h>

#include "ui/views/views.h"

struct view *views_make(enum ui_view_kind kind, const struct ui_view_args *a)
{
	static const struct ui_view_args none = { 0, NULL, NULL };

	if (!a)
		a = &none;
	switch (kind) {
	case UI_VIEW_ROUTES: return view_routes_new();
	case UI_VIEW_STOPS: return view_stops_new(a->id);
	case UI_VIEW_CUSTOMERS: return view_customers_new(a->query);
	case UI_VIEW_SUBSCRIPTIONS: return view_subscriptions_new(a->id, a->query);
	case UI_VIEW_TICKETS: return view_tickets_new(a->id, a->query);
	case UI_VIEW_NOTES: return view_notes_new(a->id);
	case UI_VIEW_TIMELINE: return view_timeline_new();
	case UI_VIEW_DETAIL: return a->resource ? view_detail_new(a->resource, a->id) : NULL;
	case UI_VIEW_TEXT: return view_text_new(a->resource ? a->resource : "", a->query);
	case UI_VIEW_COUNT: break;
	}
	return NULL;
}
