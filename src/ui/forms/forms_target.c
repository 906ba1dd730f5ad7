/* forms_target.c: what a form is about: the record of the detail shown or the selected row of a pane. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "common/i18n.h"
#include "common/strbuf.h"
#include "ui/base/console.h"
#include "ui/base/list.h"
#include "ui/forms/forms_int.h"
#include "ui/views/view_common.h"
#include "ui/views/view_pane.h"
#include "ui/views/views.h"

/* The record a detail view stands on, when a form writes to its kind. */
static int detail_target(const struct view *v, struct target *t)
{
	static const char *const kinds[] = { "customer", "subscription", "ticket", "appointment",
		                             "note" };
	const char *resource;
	long long id;

	/* The view's own record, not a row of it: the customer's summary
	 * has no customerID row (only its raw view has), and A from it said
	 * "still loading" for good. */
	struct strbuf name = STRBUF_INIT;

	if (view_detail_record(v, &resource, &id, &name) < 0 || id <= 0) {
		strbuf_free(&name);
		return -1;
	}
	if (strcmp(resource, "customer") == 0)
		snprintf(t->who, sizeof(t->who), "%s", strbuf_str(&name));
	strbuf_free(&name);
	for (size_t k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
		if (strcmp(resource, kinds[k]) == 0) {
			t->resource = kinds[k];
			t->id = id;
			return 0;
		}
	}
	return -1;
}

int fk_selection(struct ui *ui, struct target *t)
{
	struct frame *fr = app_top(ui);
	const char *name = fr && fr->v->ops->name ? fr->v->ops->name : "";
	const struct m_review *rv = ui_review(ui);
	const struct m_appt *ap;
	size_t row;
	long long id;

	memset(t, 0, sizeof(*t));
	if (fr && strcmp(name, "detail") == 0) {
		if (detail_target(fr->v, t) < 0) {
			ui_error(ui, "%s", _("No form writes to this kind of record: open a customer, "
			                     "stop, subscription or ticket"));
			return -1;
		}
		if (strcmp(t->resource, "customer") == 0)
			t->customer_id = t->id;
		if (strcmp(t->resource, "subscription") == 0)
			t->subscription_id = t->id;
		ap = strcmp(t->resource, "appointment") == 0 && rv ? m_table_get(rv->appts, t->id) : NULL;
		if (ap) {
			t->customer_id = ap->customer_id;
			t->subscription_id = ap->subscription_id > 0 ? ap->subscription_id : 0;
		}
		return 0;
	}
	if (fr && strcmp(name, "notes") == 0 && !list_selected(fr->list, &row, &id)) {
		/* An empty Notes list still names its customer (the pane is
		 * its view's priv): A there writes the customer's first note. */
		const struct vc_pane *p = fr->v->priv;

		if (p && p->customer_id > 0) {
			t->resource = "customer";
			t->id = t->customer_id = p->customer_id;
			return 0;
		}
	}
	if (!fr || !list_selected(fr->list, &row, &id) || id <= 0) {
		ui_error(ui, "%s", _("Nothing selected: select a customer, stop, subscription or ticket"));
		return -1;
	}
	if (!list_row_loaded(fr->list, row)) {
		app_say_row_loading(ui);
		return -1;
	}
	/* A Timeline lane is a route; the form goes on its selected stop, as
	 * on the Stops pane (the view names it through its item op). */
	if (strcmp(name, "timeline") == 0) {
		id = fr->v->ops->item ? fr->v->ops->item(fr->v, row) : 0;
		name = "stops";
		if (id <= 0) {
			ui_error(ui, "%s", _("No stop on this lane: select a lane with stops"));
			return -1;
		}
	}
	t->id = id;
	if (strcmp(name, "customers") == 0) {
		const struct vc_pane *p = fr->v->priv;
		const struct m_customer *c = p ? vc_list_row(&p->list, row) : NULL;

		t->resource = "customer";
		t->customer_id = id;
		if (c) {
			struct strbuf sb = STRBUF_INIT;

			vc_customer_name(&sb, c);
			snprintf(t->who, sizeof(t->who), "%s", strbuf_str(&sb));
			strbuf_free(&sb);
		}
	} else if (strcmp(name, "stops") == 0) {
		ap = rv ? m_table_get(rv->appts, id) : NULL;
		if (!ap) {
			ui_message(ui, "%s", _("Still loading this row"));
			return -1;
		}
		t->resource = "appointment";
		t->customer_id = ap->customer_id;
		t->subscription_id = ap->subscription_id > 0 ? ap->subscription_id : 0;
	} else if (strcmp(name, "subscriptions") == 0) {
		t->resource = "subscription";
		t->subscription_id = id;
	} else if (strcmp(name, "tickets") == 0) {
		t->resource = "ticket";
	} else if (strcmp(name, "notes") == 0) {
		const struct vc_pane *p = fr->v->priv;

		t->resource = "note";
		if (p && p->customer_id > 0)
			t->customer_id = p->customer_id;
	} else {
		ui_error(ui, "%s", _("Forms open on a customer, stop, subscription or ticket: select one in its pane"));
		return -1;
	}
	return 0;
}
